import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { CLOSE_CODES, PROTOCOL_VERSION, type ClientMessage } from '../../shared/protocol';
import { GameClient, type ConnectionState } from '../../renderer/src/net/client';

/** A scripted host: answers hello with welcome (unless told otherwise) and records what it got. */
async function scriptedHost(opts: { port?: number; onHello?: (ws: ServerSocket) => void } = {}) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: opts.port ?? 0 });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const received: ClientMessage[] = [];
  const sockets = new Set<ServerSocket>();
  wss.on('connection', (ws) => {
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as ClientMessage;
      received.push(msg);
      if (msg.type === 'ping') ws.send(JSON.stringify({ type: 'pong', id: msg.id }));
      if (msg.type === 'hello') {
        if (opts.onHello) opts.onHello(ws);
        else
          ws.send(
            JSON.stringify({
              type: 'welcome',
              protocol: PROTOCOL_VERSION,
              host: { name: 'test host', version: '0' },
            }),
          );
      }
    });
  });
  const port = (wss.address() as { port: number }).port;
  return {
    port,
    url: `ws://127.0.0.1:${port}/ws`,
    received,
    sockets,
    dropAll: () => sockets.forEach((s) => s.terminate()),
    close: () =>
      new Promise<void>((r) => {
        sockets.forEach((s) => s.terminate());
        wss.close(() => r());
      }),
  };
}

function waitFor(client: GameClient, state: ConnectionState, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (client.status.state === state) return resolve();
    const timer = setTimeout(
      () => reject(new Error(`still ${client.status.state}, wanted ${state}`)),
      timeoutMs,
    );
    const off = client.onStatus((s) => {
      if (s.state !== state) return;
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function client(url: string, extra: Partial<ConstructorParameters<typeof GameClient>[0]> = {}): GameClient {
  const c = new GameClient({
    url,
    clientName: 'test',
    backoff: { initialMs: 20, maxMs: 100, jitter: 0 },
    ...extra,
  });
  cleanups.push(() => c.close());
  return c;
}

describe('GameClient against a real WebSocket server', () => {
  it('says hello with our protocol version and opens on welcome', async () => {
    const host = await scriptedHost();
    cleanups.push(host.close);
    const c = client(host.url);
    const states: ConnectionState[] = [];
    c.onStatus((s) => states.push(s.state));
    expect(c.send({ type: 'listTables' })).toBe(false); // not connected yet: nothing is sent
    c.connect();
    await waitFor(c, 'open');
    expect(host.received[0]).toEqual({ type: 'hello', protocol: PROTOCOL_VERSION, client: 'test' });
    expect(states).toEqual(['connecting', 'open']);
    expect(c.send({ type: 'listTables' })).toBe(true);
  });

  it('reconnects with back-off after the link drops, and welcomes again', async () => {
    const host = await scriptedHost();
    cleanups.push(host.close);
    const c = client(host.url);
    let welcomes = 0;
    c.onWelcome(() => welcomes++);
    c.connect();
    await waitFor(c, 'open');
    host.dropAll();
    await waitFor(c, 'reconnecting');
    expect(c.status.attempt).toBe(1);
    expect(c.status.retryAt).toBeGreaterThan(Date.now() - 1000);
    await waitFor(c, 'open');
    expect(welcomes).toBe(2);
    expect(c.status.attempt).toBe(0);
  });

  it('keeps retrying while the host is down and gets back in when it returns', async () => {
    const first = await scriptedHost();
    const c = client(first.url);
    c.connect();
    await waitFor(c, 'open');
    await first.close();
    await waitFor(c, 'reconnecting');
    await new Promise((r) => setTimeout(r, 250)); // a few failed attempts
    expect(c.status.attempt).toBeGreaterThan(1);
    const again = await scriptedHost({ port: first.port });
    cleanups.push(again.close);
    await waitFor(c, 'open');
  });

  it('gives up after the last attempt and can be told to retry', async () => {
    const host = await scriptedHost();
    const url = host.url;
    await host.close();
    const c = client(url, { backoff: { initialMs: 10, maxMs: 20, jitter: 0, maxAttempts: 3 } });
    c.connect();
    await waitFor(c, 'lost');
    expect(c.status.reason).toBe('unreachable');
    const back = await scriptedHost({ port: Number(new URL(url).port) });
    cleanups.push(back.close);
    c.retryNow();
    await waitFor(c, 'open');
  });

  it('stops for good when the host speaks another protocol', async () => {
    const host = await scriptedHost({
      onHello: (ws) => {
        ws.send(JSON.stringify({ type: 'error', code: 'protocolMismatch', reason: 'old', protocol: 99 }));
        ws.close(CLOSE_CODES.protocolMismatch, 'protocol');
      },
    });
    cleanups.push(host.close);
    const c = client(host.url);
    c.connect();
    await waitFor(c, 'lost');
    expect(c.status.reason).toBe('protocol');
    await new Promise((r) => setTimeout(r, 150));
    expect(host.received.filter((m) => m.type === 'hello')).toHaveLength(1);
  });

  it('treats a silent link as dead and reconnects (browsers hide ws pings)', async () => {
    const host = await scriptedHost();
    cleanups.push(host.close);
    // 200 ms, not less: a loaded machine can hold a pong back past three shorter periods.
    const c = client(host.url, { heartbeatMs: 200 });
    let welcomes = 0;
    c.onWelcome(() => welcomes++);
    c.connect();
    await waitFor(c, 'open');
    // A host that answers pings keeps the link up well past three heartbeat periods.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(c.status.state).toBe('open');
    expect(host.received.filter((m) => m.type === 'ping').length).toBeGreaterThan(2);
    // Now it keeps the socket open but answers nothing, as a frozen peer would.
    for (const s of host.sockets) s.removeAllListeners('message');
    await waitFor(c, 'reconnecting', 5_000);
    await waitFor(c, 'open');
    expect(welcomes).toBe(2);
  });

  it('ignores frames that are not protocol messages', async () => {
    const host = await scriptedHost({
      onHello: (ws) => {
        ws.send('not json');
        ws.send(JSON.stringify({ type: 'nonsense' }));
        ws.send(
          JSON.stringify({ type: 'welcome', protocol: PROTOCOL_VERSION, host: { name: 'h', version: '0' } }),
        );
        ws.send(JSON.stringify({ type: 'tables', tables: [] }));
      },
    });
    cleanups.push(host.close);
    const c = client(host.url);
    const got: string[] = [];
    c.onMessage((m) => got.push(m.type));
    const warn = console.warn;
    console.warn = () => undefined;
    cleanups.push(() => (console.warn = warn));
    c.connect();
    await waitFor(c, 'open');
    await new Promise((r) => setTimeout(r, 50));
    expect(got).toEqual(['tables']);
  });
});
