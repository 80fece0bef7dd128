import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import packageJson from '../../package.json';
import { PROTOCOL_VERSION } from '../../shared/protocol';
import type { HandOverAsk, HandOverReport, TableSummary } from '../../shared/protocol';
import { startHandOver } from './hand-over';
import { inlineBrain, workerBrain } from './bot-brain';
import { waitAtMost } from '../common/wait-at-most';
import { Connections } from './connections';
import { httpHandler } from './http';
import { GameArchive } from './history/archive';
import { historyApi } from './history/http-history';
import { HistoryStats } from './history/history-stats';
import { DEFAULT_HISTORY_LIMITS, type HistoryLimits } from './history/limits';
import { Hub } from './hub';
import { systemClock, type Clock } from './clock';
import { loopbackOnly, reachableAddresses, type NetworkInterfaces } from './lan-addresses';
import { ReachWatch } from './reach';
import type { MdnsInterfaceReach, ReachReport } from '../../shared/reach';
import { DEFAULT_LIMITS, type HostLimits } from './limits';
import { FileStore } from './file-store';
import { FrozenTables } from './hand-over/frozen';
import type { TableStore } from './store';

export type { HostLimits } from './limits';
export { DEFAULT_LIMITS } from './limits';

export type { HistoryLimits } from './history/limits';
export { DEFAULT_HISTORY_LIMITS } from './history/limits';

export const DEFAULT_PORT = 47470;

export interface HostOptions {
  /** Default 47470; when taken, a free port is used instead (see `Host.port`). 0: any free port. */
  port?: number;
  /** Default '0.0.0.0' (every interface: the LAN must reach it). */
  bind?: string;
  /** Where tables are saved (Electron passes its userData), and the history of games. */
  dataDir: string;
  /** Where the tables are kept; default: the data folder's `tables/` (a `FileStore`). Tests may keep them in memory. */
  store?: TableStore;
  /** The built renderer, served over HTTP so a browser can join. */
  staticDir?: string;
  /** Shown in `welcome` and /api/info. Default: the computer's name. */
  hostName?: string;
  /** How many finished games (and bytes of them) the history keeps; default 500 games, 64 MiB. */
  history?: Partial<HistoryLimits>;
  /** Bounds and timings; tests shrink them. */
  limits?: Partial<HostLimits>;
  /** Extra WebSocket origins to accept (e.g. the renderer's dev server, 'http://localhost:5173'). */
  allowedOrigins?: string[];
  /** 'worker' (default): bots think in a worker thread; 'inline': in this thread. */
  bots?: 'worker' | 'inline';
  /** This machine's network interfaces (default `os.networkInterfaces`); tests give a LAN a machine lacks. */
  interfaces?: () => NetworkInterfaces;
  /** Damaged files and other problems the host survives. Default: console.warn. */
  onProblem?: (problem: string) => void;
  /**
   * Default true: after a connection's first view, each is sent as a delta when that is smaller.
   * False sends every view whole (the traffic of protocol 1): only to measure what deltas save.
   */
  viewDeltas?: boolean;
  /** Who hosts, for /api/reach's firewall advice: 'app' (the desktop app) or 'command' (default). */
  runtime?: 'app' | 'command';
  /** Where the host reads the time and sets its timers (default: the machine's); tests move theirs by hand. */
  clock?: Clock;
  /** Where new games' shuffle seeds come from (default: random); a test replays the same deal every run. */
  seeds?: () => number;
  /**
   * The protocol this host speaks and announces (`welcome`, /api/info). Default PROTOCOL_VERSION; only a
   * test sets another, to stand for a host of another release (serving a renderer built to match it).
   */
  protocol?: number;
}

export interface Host {
  readonly port: number;
  /** Where the LAN can reach this host, best first (empty: on no network, or bound to loopback). */
  addresses(): string[];
  tables(): TableSummary[];
  onTablesChanged(cb: (tables: TableSummary[]) => void): () => void;
  /** Closes a finished table (its people are told, its files kept); throws, changing nothing, for any other. */
  closeTable(tableId: string): void;
  /** Problems reported since the start (damaged files skipped, …). */
  problems(): string[];
  /** Can the LAN reach this host (also GET /api/reach). */
  reach(): ReachReport;
  /** The publisher's per-interface mDNS state, for reach(); null when discovery stops. */
  watchDiscovery(source: (() => MdnsInterfaceReach[]) | null): void;
  /** Handing every table (and the evening) over to another host on the LAN: docs/host.md "Handing the tables over". */
  handOver: {
    /** Receiving: whether this host takes tables from another now (off by default: a host never takes tables unasked). */
    setReceiving(on: boolean): void;
    receiving(): boolean;
    /**
     * Receiving: a sender asked; the code to show this host's person (6 digits, valid 2 minutes, one at a
     * time). Told again, `withdrawn`, when its sender's person cancels: the code is no longer shown.
     */
    onAsked(cb: (ask: HandOverAsk) => void): () => void;
    /** Receiving: tables taken over (after the commit). */
    onReceived(cb: (r: { from: string; tables: number }) => void): () => void;
    /** Sending step 1: ask the host at `to` for a code (its person sees it). Rejects with a clear Error message. */
    ask(to: { address: string; port: number }): Promise<void>;
    /** Cancel: takes the ask of `to` (of any, when not given) back; the other host stops showing its code. Never rejects. */
    withdraw(to?: { address: string; port: number }): Promise<void>;
    /**
     * Sending step 2: with the code its person read out, hand every table (and the evening) over. Resolves
     * with what moved and what was refused (with reasons); rejects, changing nothing, on a wrong code etc.
     */
    send(to: { address: string; port: number }, code: string): Promise<HandOverReport>;
  };
  /** Stops accepting, closes sockets (code 4002), flushes snapshots and logs. */
  close(opts?: { timeoutMs?: number }): Promise<void>;
}

/** Starts a host: HTTP (lobby API, static renderer) and the WebSocket endpoint /ws on one port. */
export async function startHost(opts: HostOptions): Promise<Host> {
  const limits: HostLimits = { ...DEFAULT_LIMITS, ...opts.limits };
  const clock = opts.clock ?? systemClock;
  const problems: string[] = [];
  const report = (p: string) => {
    problems.push(p);
    (opts.onProblem ?? ((m: string) => console.warn(`[host] ${m}`)))(p);
  };
  const info = { name: opts.hostName ?? hostname(), version: packageJson.version };
  let store: TableStore;
  try {
    store = opts.store ?? new FileStore(opts.dataDir, limits.snapshotDelayMs, report, clock);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new Error(`the data folder ${opts.dataDir} cannot be used (${err.code ?? err.message})`, {
      cause: e,
    });
  }
  const archive = new GameArchive(
    opts.dataDir,
    { ...DEFAULT_HISTORY_LIMITS, ...opts.history },
    { name: packageJson.productName, version: packageJson.version },
    report,
    clock,
  );
  try {
    archive.load();
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new Error(`the history folder in ${opts.dataDir} cannot be used (${err.code ?? err.message})`, {
      cause: e,
    });
  }
  const brain = opts.bots === 'inline' ? inlineBrain() : workerBrain(report);
  const protocol = opts.protocol ?? PROTOCOL_VERSION;
  const frozen = new FrozenTables();
  const hub = new Hub(
    info,
    limits,
    frozen.guard(store),
    brain,
    report,
    clock,
    archive,
    opts.viewDeltas ?? true,
    protocol,
    frozen,
    opts.seeds,
  );
  hub.restore();
  const handOver = startHandOver({
    dataDir: opts.dataDir,
    hostName: () => info.name,
    protocol,
    rooms: hub.handOverRooms,
    frozen,
    store,
    now: () => clock.now(),
    report,
    quietMs: limits.handOverQuietMs,
  });

  const bind = opts.bind ?? '0.0.0.0';
  let port = 0;
  const interfaces = opts.interfaces ?? networkInterfaces;
  const addresses = () => reachableAddresses(bind, interfaces());
  /** Bound to loopback: the one reason nobody else gets through, said as such (not as a firewall). */
  const onlyLoopback = loopbackOnly(bind);
  const reachWatch = new ReachWatch(limits.nobodyReachedAfterMs, undefined, () => clock.now());
  const reach = () =>
    reachWatch.report({
      port,
      addresses: addresses(),
      loopbackOnly: onlyLoopback,
      platform: process.platform,
      runtime: opts.runtime ?? 'command',
    });
  const server = createServer(
    httpHandler({
      info: () => ({ ...info, port, addresses: addresses(), loopbackOnly: onlyLoopback }),
      tables: () => hub.summaries(),
      reach,
      history: historyApi(
        archive,
        { perSecond: limits.ratePerSecond, burst: limits.rateBurst },
        () => clock.now(),
        report,
        new HistoryStats(archive),
      ),
      staticDir: opts.staticDir,
      protocol: opts.protocol,
      handOver: handOver.http,
    }),
  );
  // Every TCP connection, HTTP or WebSocket: the first sign that the LAN gets through.
  server.on('connection', (socket) => reachWatch.connected(socket.remoteAddress));
  const connections = new Connections(server, limits, opts.allowedOrigins ?? [], hub, report, clock);

  port = await listen(server, opts.port ?? DEFAULT_PORT, bind);
  // A hand-over a killed process left half done: settled by asking its receiver (the tables wait, frozen).
  void handOver.recoverSending();
  let closed: Promise<void> | null = null;

  return {
    port,
    addresses,
    tables: () => hub.summaries(),
    onTablesChanged: (cb) => hub.onTablesChanged(cb),
    closeTable: (tableId) => hub.closeFinished(tableId),
    problems: () => [...problems],
    reach,
    watchDiscovery: (source) => reachWatch.watchDiscovery(source),
    handOver: handOver.api,
    close({ timeoutMs = 3000 } = {}) {
      closed ??= (async () => {
        handOver.stop();
        const stopped = hub.shutdown();
        connections.closeAll();
        const serverClosed = new Promise<void>((r) => server.close(() => r()));
        // Clients get `timeoutMs` to answer the close handshake; then their sockets are cut.
        const deadline = setTimeout(() => {
          connections.terminateAll();
          server.closeAllConnections();
        }, timeoutMs);
        // Closing never rejects (the app and the command quit either way) nor waits past the timeout for
        // a disk that hangs: what could not be done is reported.
        const saved = (async () => {
          await stopped.catch((e: Error) => report(`stopping: bots did not stop (${e.message})`));
          await store.close().catch((e: Error) => report(`stopping: tables not all saved (${e.message})`));
          await archive.close();
        })();
        if ((await waitAtMost(timeoutMs, saved)) === 'late') {
          report(`stopping: saving took longer than ${timeoutMs} ms; quitting anyway`);
        }
        await serverClosed;
        clearTimeout(deadline);
        connections.close();
      })();
      return closed;
    },
  };
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
