import { request } from 'node:http';
import { HandOverError } from '../../../shared/protocol';

/** Where a request goes: the other host. */
export interface Target {
  address: string;
  port: number;
  /** How the failures name it: ADDRESS:PORT. */
  where: string;
  /** Its host's name, for a transfer that stopped. */
  name: string;
}

/** What the bundle is written in: each piece taken by the network counts as progress. */
const PIECE_BYTES = 64 * 1024;

/**
 * POSTs a large JSON body (the tables' bundle) and gives up only when nothing has happened for `idleMs`:
 * no piece of it taken by the network, no `102 Processing` from the receiver (sent while the bytes arrive
 * and between the tables it checks), no answer. A slow network (a busy Wi-Fi) gets there however long it
 * takes, a dead one fails as fast as before; the receiver bounds the whole (its server's request timeout).
 * Resolves with the answer's status and JSON (null when it is not JSON).
 */
export function postWatched(
  to: Target,
  path: string,
  body: string,
  idleMs: number,
): Promise<{ status: number; data: unknown }> {
  const bytes = Buffer.from(body, 'utf8');
  return new Promise((resolve, reject) => {
    let connected = false;
    /** The receiver answered before it had it all (a refusal): the rest is not sent. */
    let answered = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fail = (e: Error) => {
      clearTimeout(timer);
      req.destroy();
      reject(e);
    };
    const alive = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () =>
          fail(
            connected
              ? new HandOverError(
                  { code: 'stalled', address: to.where, name: to.name },
                  `the transfer to ${to.where} stopped: nothing got through for ${idleMs / 1000} s`,
                )
              : new HandOverError(
                  { code: 'noAnswer', address: to.where },
                  `${to.where} did not answer in ${idleMs / 1000} s`,
                ),
          ),
        idleMs,
      );
    };
    const req = request({
      host: to.address,
      port: to.port,
      path,
      method: 'POST',
      agent: false, // a connection of its own: `connected` is this request's
      headers: { 'Content-Type': 'application/json', 'Content-Length': bytes.length },
    });
    alive();
    req.on('socket', (socket) => socket.once('connect', () => ((connected = true), alive())));
    req.on('information', alive);
    req.on('response', (res) => {
      answered = true;
      alive();
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => (chunks.push(c), alive()));
      res.on('end', () => {
        clearTimeout(timer);
        let data: unknown = null;
        try {
          data = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          // Not JSON: the caller says what answered.
        }
        resolve({ status: res.statusCode ?? 0, data });
      });
      res.on('error', fail);
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (answered) return; // the answer's own end (or its error, or the idle) settles it
      fail(
        new HandOverError(
          connected
            ? { code: 'stalled', address: to.where, name: to.name }
            : { code: 'unreachable', address: to.where },
          connected
            ? `the transfer to ${to.where} broke off (${e.code ?? e.message})`
            : `${to.where} cannot be reached (${e.code ?? e.message})`,
          { cause: e },
        ),
      );
    });
    let at = 0;
    const next = () => {
      if (answered) return;
      if (at >= bytes.length) return void req.end();
      const piece = bytes.subarray(at, at + PIECE_BYTES);
      at += piece.length;
      req.write(piece, (e) => {
        if (e) return;
        alive();
        next();
      });
    };
    next();
  });
}
