import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HandOverAsk } from '../../../shared/protocol';
import type { Host } from '../../../main/host';

/** Where a test hands tables over to. */
export const peer = (port: number) => ({ address: '127.0.0.1', port });

/** The codes a receiving host shows its person, newest last. */
export function codesOf(host: Host): HandOverAsk[] {
  const codes: HandOverAsk[] = [];
  host.handOver.onAsked((ask) => codes.push(ask));
  return codes;
}

/** Asks `to` for a code as the sending host would, and returns the code its person would read out. */
export async function askCode(from: Host, to: number, codes: HandOverAsk[]): Promise<string> {
  const before = codes.length;
  await from.handOver.ask(peer(to));
  if (codes.length === before) throw new Error('the receiver showed no code');
  return codes.at(-1)!.code;
}

/** A step of the host-to-host exchange the proxy may hold: the request's path, the response not yet given. */
export type Hold = (path: string, phase: 'request' | 'response') => Promise<void> | void;

/**
 * A proxy in front of a receiving host: every request goes through to it, but `hold` may keep a request
 * (or its answer) back until the test lets it go, or throw to cut the connection there.
 */
export async function holdingProxy(
  targetPort: number,
  hold: Hold,
): Promise<{ port: number; server: Server }> {
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      void (async () => {
        // A hold that throws drops the exchange: the connection is cut, as when a host dies.
        if (
          !(await Promise.resolve(hold(path, 'request')).then(
            () => true,
            () => false,
          ))
        )
          return res.destroy();
        const answer = await fetch(`http://127.0.0.1:${targetPort}${path}`, {
          method: req.method,
          headers: req.headers['content-type'] ? { 'Content-Type': req.headers['content-type'] } : {},
          body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
        }).catch(() => null);
        const held = await Promise.resolve(hold(path, 'response')).then(
          () => true,
          () => false,
        );
        if (!answer || !held) return res.destroy();
        res.writeHead(answer.status, { 'Content-Type': 'application/json' });
        res.end(await answer.text());
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, server };
}

/** A gate a test opens: `wait` resolves once `open` is called. */
export function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((r) => (open = r));
  return { wait, open };
}

/**
 * A hold at one step: `reached` resolves when the exchange gets there; it then waits until `pass()` (goes
 * on) or `drop()` (the connection is cut).
 */
export function holdAt(path: string, phase: 'request' | 'response') {
  const reached = gate();
  let settle!: (go: boolean) => void;
  const decided = new Promise<boolean>((r) => (settle = r));
  const hold: Hold = async (p, ph) => {
    if (p !== path || ph !== phase) return;
    reached.open();
    if (!(await decided)) throw new Error('dropped');
  };
  return { hold, reached: reached.wait, pass: () => settle(true), drop: () => settle(false) };
}
