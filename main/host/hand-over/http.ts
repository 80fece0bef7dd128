import type { IncomingMessage, ServerResponse } from 'node:http';
import * as v from 'valibot';
import {
  HandOverAskSchema,
  HandOverIdSchema,
  HandOverPrepareSchema,
  HandOverStartSchema,
  HandOverWithdrawSchema,
  HAND_OVER_BUNDLE_BYTES_MAX,
  HAND_OVER_ID,
  HAND_OVER_PROGRESS_MS,
  failureAnswer,
  failureOf,
} from '../../../shared/protocol';
import { send } from '../http';
import { TokenBucket } from '../rate-limit';
import { HandOverRefusal, type HandOverReceiver } from './receiver';
import type { Peer } from './sender';

const SMALL_BYTES_MAX = 4096;

export interface HandOverHttpDeps {
  receiver: HandOverReceiver;
  /** The loopback-only POST /api/hand-over: this host's person (or their script) starts a hand-over. */
  ask(to: Peer): Promise<void>;
  send(to: Peer, code: string): Promise<unknown>;
  /** Takes this host's ask of `to` back (its operator's Cancel). */
  withdraw(to: Peer): Promise<void>;
  now: () => number;
}

/** Reads a JSON body of at most `max` bytes (a longer one is cut off and refused); `arriving` as it comes. */
function readJson(req: IncomingMessage, max: number, arriving = () => {}): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      arriving();
      size += chunk.length;
      if (size > max) {
        reject(new HandOverRefusal(413, { code: 'tooLarge' }, `larger than ${max} bytes`));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reject(new HandOverRefusal(400, { code: 'badRequest' }, 'not JSON'));
      }
    });
    req.on('error', reject);
  });
}

function parsed<T extends v.GenericSchema>(schema: T, data: unknown): v.InferOutput<T> {
  const r = v.safeParse(schema, data);
  if (r.success) return r.output;
  const path = v.getDotPath(r.issues[0]);
  throw new HandOverRefusal(400, { code: 'badRequest' }, `${path ? `${path}: ` : ''}${r.issues[0].message}`);
}

const isLoopback = (a: string | undefined) => a === '127.0.0.1' || a === '::1' || a === '::ffff:127.0.0.1';

/**
 * This host's own page opened on its own computer (http://127.0.0.1:PORT/, localhost or [::1]), where the
 * port is the one the request came in on: the one web page that may start a hand-over (its operator's).
 */
export function isOwnLoopbackPage(req: IncomingMessage): boolean {
  const port = req.socket.localPort;
  const origin = req.headers.origin;
  if (port === undefined || origin === undefined) return false;
  return ['127.0.0.1', 'localhost', '[::1]'].some((name) => origin === `http://${name}:${port}`);
}

/** "ADDRESS", "ADDRESS:PORT", "[V6]:PORT": where to hand the tables over to. */
export function parsePeer(text: string, defaultPort: number): Peer | null {
  const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(text) ?? /^([^:[\]]+)(?::(\d+))?$/.exec(text);
  const address = m?.[1] ?? (text.includes(':') && !text.includes('[') ? text : null);
  const port = m?.[2] === undefined ? defaultPort : Number(m[2]);
  if (!address || !Number.isInteger(port) || port < 1 || port > 65535) return null;
  return { address, port };
}

/**
 * /api/hand-over…: the host-to-host requests (ask, withdraw, prepare, commit, abort, and a hand-over's state), and the
 * loopback-only start. Each address gets a few requests a second; the host answers in JSON. Returns false
 * for any other path.
 */
export function handOverHttp(deps: HandOverHttpDeps) {
  const buckets = new Map<string, TokenBucket>();
  const allowed = (address: string) => {
    const now = deps.now();
    if (buckets.size > 256) buckets.clear();
    let bucket = buckets.get(address);
    if (!bucket) buckets.set(address, (bucket = new TokenBucket(2, 10, now)));
    return bucket.take(now);
  };
  const { receiver } = deps;

  /**
   * Tells the sender, at most every HAND_OVER_PROGRESS_MS, that its bundle is still being read or checked
   * (`102 Processing`): it waits while something happens (sender.ts, upload.ts).
   */
  const progressOf = (res: ServerResponse) => {
    let last = deps.now();
    return () => {
      const now = deps.now();
      if (now - last < HAND_OVER_PROGRESS_MS || res.headersSent || res.destroyed) return;
      last = now;
      res.writeProcessing();
    };
  };

  async function answer(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    address: string,
  ): Promise<unknown> {
    if (req.method === 'GET') {
      const id = path.slice('/api/hand-over/'.length);
      if (!HAND_OVER_ID.test(id))
        throw new HandOverRefusal(404, { code: 'unknownHandOver' }, 'no such hand-over');
      return { state: receiver.state(id) };
    }
    if (req.method !== 'POST') throw new HandOverRefusal(405, { code: 'badRequest' }, 'only GET and POST');
    // A browser may not post here by a form or a page of another origin: JSON only, and no page's Origin
    // but, for the start, this host's own page on its own computer (its operator's "Hand over to…").
    if (!/^application\/json\b/.test(req.headers['content-type'] ?? ''))
      throw new HandOverRefusal(415, { code: 'badRequest' }, 'send JSON (Content-Type: application/json)');
    const ownPage = path === '/api/hand-over' && isOwnLoopbackPage(req);
    if (req.headers.origin !== undefined && !ownPage)
      throw new HandOverRefusal(403, { code: 'notAllowed' }, 'not from a web page');
    switch (path) {
      case '/api/hand-over': {
        if (!isLoopback(address))
          throw new HandOverRefusal(
            403,
            { code: 'notAllowed' },
            "only this host's own computer starts a hand-over",
          );
        const body = parsed(HandOverStartSchema, await readJson(req, SMALL_BYTES_MAX));
        const to = parsePeer(body.to, 47470);
        if (!to)
          throw new HandOverRefusal(
            400,
            { code: 'badAddress', address: body.to },
            `"${body.to}" is not ADDRESS or ADDRESS:PORT`,
          );
        if (body.withdraw) {
          await deps.withdraw(to);
          return { withdrawn: true };
        }
        if (body.code === undefined) {
          await deps.ask(to);
          return { asked: true };
        }
        return await deps.send(to, body.code);
      }
      case '/api/hand-over/ask': {
        const body = parsed(HandOverAskSchema, await readJson(req, SMALL_BYTES_MAX));
        receiver.asked(body.from, body.protocol, address, body.ask);
        return { asked: true };
      }
      case '/api/hand-over/withdraw':
        receiver.withdraw(parsed(HandOverWithdrawSchema, await readJson(req, SMALL_BYTES_MAX)).ask, address);
        return { withdrawn: true };
      case '/api/hand-over/prepare': {
        const progress = progressOf(res);
        const body = parsed(HandOverPrepareSchema, await readJson(req, HAND_OVER_BUNDLE_BYTES_MAX, progress));
        return await receiver.prepare(body, address, progress);
      }
      case '/api/hand-over/commit':
        receiver.commit(parsed(HandOverIdSchema, await readJson(req, SMALL_BYTES_MAX)).id);
        return { state: 'committed' };
      case '/api/hand-over/abort':
        receiver.abort(parsed(HandOverIdSchema, await readJson(req, SMALL_BYTES_MAX)).id);
        return { state: 'unknown' };
    }
    throw new HandOverRefusal(404, { code: 'badRequest' }, 'no such API');
  }

  return (req: IncomingMessage, res: ServerResponse, path: string): boolean => {
    if (path !== '/api/hand-over' && !path.startsWith('/api/hand-over/')) return false;
    const address = req.socket.remoteAddress ?? '';
    if (!allowed(address)) {
      const limited = failureAnswer({ code: 'rateLimited', detail: 'too many requests: wait a moment' });
      send(res, 429, limited, { 'Retry-After': '1' });
      req.resume();
      return true;
    }
    answer(req, res, path, address).then(
      (body) => send(res, 200, body),
      (e: Error) => {
        if (res.headersSent) return;
        // A refusal of this host's, or (the loopback start) the sender's failure: its code goes along.
        const status = e instanceof HandOverRefusal ? e.status : 502;
        send(res, status, failureAnswer(failureOf(e)), status === 413 ? { Connection: 'close' } : {});
      },
    );
    return true;
  };
}
