import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import packageJson from '../../package.json';
import { parseClientMessage } from '../../shared/protocol';
import type { ClientMessageType, TableSummary } from '../../shared/protocol';
import { CLOSE_CODES } from '../../shared/protocol';
import { inlineBrain, workerBrain } from './bot-brain';
import { httpHandler } from './http';
import { Hub } from './hub';
import { DEFAULT_LIMITS, type HostLimits } from './limits';
import { originAllowed } from './origin';
import { Session } from './session';
import { TableStore } from './store';

export type { HostLimits } from './limits';
export { DEFAULT_LIMITS } from './limits';

export const DEFAULT_PORT = 47470;

export interface HostOptions {
  /** Default 47470; when taken, a free port is used instead (see `Host.port`). 0: any free port. */
  port?: number;
  /** Default '0.0.0.0' (every interface: the LAN must reach it). */
  bind?: string;
  /** Where tables are saved (Electron passes its userData). */
  dataDir: string;
  /** The built renderer, served over HTTP so a browser can join. */
  staticDir?: string;
  /** Shown in `welcome` and /api/info. Default: the computer's name. */
  hostName?: string;
  /** Bounds and timings; tests shrink them. */
  limits?: Partial<HostLimits>;
  /** Extra WebSocket origins to accept (e.g. the renderer's dev server, 'http://localhost:5173'). */
  allowedOrigins?: string[];
  /** 'worker' (default): bots think in a worker thread; 'inline': in this thread. */
  bots?: 'worker' | 'inline';
  /** Damaged files and other problems the host survives. Default: console.warn. */
  onProblem?: (problem: string) => void;
}

export interface Host {
  readonly port: number;
  tables(): TableSummary[];
  onTablesChanged(cb: (tables: TableSummary[]) => void): () => void;
  /** Problems reported since the start (damaged files skipped, …). */
  problems(): string[];
  /** Stops accepting, closes sockets (code 4002), flushes snapshots and logs. */
  close(opts?: { timeoutMs?: number }): Promise<void>;
}

/** Starts a host: HTTP (lobby API, static renderer) and the WebSocket endpoint /ws on one port. */
export async function startHost(opts: HostOptions): Promise<Host> {
  const limits: HostLimits = { ...DEFAULT_LIMITS, ...opts.limits };
  const problems: string[] = [];
  const report = (p: string) => {
    problems.push(p);
    (opts.onProblem ?? ((m: string) => console.warn(`[host] ${m}`)))(p);
  };
  const info = { name: opts.hostName ?? hostname(), version: packageJson.version };
  let store: TableStore;
  try {
    store = new TableStore(opts.dataDir, limits.snapshotDelayMs, report);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new Error(`the data folder ${opts.dataDir} cannot be used (${err.code ?? err.message})`, {
      cause: e,
    });
  }
  const brain = opts.bots === 'inline' ? inlineBrain() : workerBrain(report);
  const hub = new Hub(info, limits, store, brain, report);
  hub.restore();

  const server = createServer(
    httpHandler({ info, tables: () => hub.summaries(), staticDir: opts.staticDir }),
  );
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: limits.maxPayload,
    perMessageDeflate: false,
  });
  let closing = false;
  /** Open WebSockets per remote address. */
  const perAddress = new Map<string, number>();

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/ws') return refuse(socket, 404, 'Not Found');
    if (!originAllowed(req, opts.allowedOrigins ?? [])) return refuse(socket, 403, 'Forbidden');
    if (closing || wss.clients.size >= limits.maxConnections)
      return refuse(socket, 503, 'Service Unavailable');
    const address = req.socket.remoteAddress ?? '';
    if (!OWN_MACHINE.has(address) && (perAddress.get(address) ?? 0) >= limits.maxConnectionsPerAddress)
      return refuse(socket, 429, 'Too Many Requests');
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, address));
  });

  function onConnection(ws: WebSocket, address: string): void {
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    ws.once('close', () => {
      const n = (perAddress.get(address) ?? 1) - 1;
      if (n > 0) perAddress.set(address, n);
      else perAddress.delete(address);
    });
    const session = new Session(ws, limits);
    hub.connected(session);
    const helloTimer = setTimeout(() => {
      if (!session.greeted) session.close(1008, 'no hello');
    }, limits.helloTimeoutMs);
    ws.on('pong', () => (session.alive = true));
    ws.on('error', () => {}); // ws closes the socket itself (e.g. an oversized frame: 1009)
    ws.on('close', () => {
      clearTimeout(helloTimer);
      hub.disconnected(session);
    });
    ws.on('message', (data, isBinary) => {
      session.alive = true;
      if (!session.bucket.take()) {
        session.strikes += 1;
        if (session.strikes > limits.rateStrikes)
          return session.close(CLOSE_CODES.abusive, 'too many messages');
        if (session.strikes % 50 === 1) {
          session.error(
            'rateLimited',
            `more than ${limits.ratePerSecond} messages per second; message dropped`,
          );
        }
        return;
      }
      if (isBinary) return session.error('badMessage', 'binary frames are not part of the protocol');
      const parsed = parseClientMessage(data.toString());
      if (!parsed.ok) {
        const to = parsed.type as ClientMessageType | undefined;
        return session.error('badMessage', parsed.reason, to ? { to } : {});
      }
      try {
        hub.handle(session, parsed.msg); // answers its own unexpected errors, saying whether anything changed
      } catch (e) {
        report(`failed on ${parsed.msg.type}: ${(e as Error).stack ?? String(e)}`);
        session.error('internal', 'the host failed on this request (logged there)', { to: parsed.msg.type });
      }
    });
  }

  const heartbeat = setInterval(() => hub.heartbeat(), limits.heartbeatMs);
  heartbeat.unref();

  const port = await listen(server, opts.port ?? DEFAULT_PORT, opts.bind ?? '0.0.0.0');
  let closed: Promise<void> | null = null;

  return {
    port,
    tables: () => hub.summaries(),
    onTablesChanged: (cb) => hub.onTablesChanged(cb),
    problems: () => [...problems],
    close({ timeoutMs = 3000 } = {}) {
      closed ??= (async () => {
        closing = true;
        clearInterval(heartbeat);
        const serverClosed = new Promise<void>((r) => server.close(() => r()));
        // Clients get `timeoutMs` to answer the close handshake; then their sockets are cut.
        const deadline = setTimeout(() => {
          for (const ws of wss.clients) ws.terminate();
          server.closeAllConnections();
        }, timeoutMs);
        // Closing never rejects (the app and the command quit either way) nor waits past the timeout for
        // a disk that hangs: what could not be done is reported.
        await withinTime(
          (async () => {
            await hub.shutdown().catch((e: Error) => report(`stopping: bots did not stop (${e.message})`));
            await store.close().catch((e: Error) => report(`stopping: tables not all saved (${e.message})`));
          })(),
          timeoutMs,
          () => report(`stopping: saving took longer than ${timeoutMs} ms; quitting anyway`),
        );
        await serverClosed;
        clearTimeout(deadline);
        wss.close();
      })();
      return closed;
    },
  };
}

function withinTime(work: Promise<void>, ms: number, late: () => void): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      late();
      resolve();
    }, ms);
    void work.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The host's own machine (its app, a local benchmark) is not capped per address: only LAN peers are. */
const OWN_MACHINE = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Listens on `port`, or on any free port if that one is taken. */
function listen(server: Server, port: number, bind: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const attempt = (p: number) => {
      const onError = (e: NodeJS.ErrnoException) => {
        server.off('listening', onListening);
        if (e.code === 'EADDRINUSE' && p !== 0) attempt(0);
        else reject(e);
      };
      const onListening = () => {
        server.off('error', onError);
        resolve((server.address() as AddressInfo).port);
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(p, bind);
    };
    attempt(port);
  });
}
