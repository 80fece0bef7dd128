/**
 * Hosting from the desktop app: starts the Node host (main/host) in this process with userData as
 * its data folder, and keeps the mDNS ads in step with its tables. Electron-free: the host,
 * publisher and ad sync are passed in, so it is tested with real or fake ones in plain Node.
 */
import * as v from 'valibot';
import type { HostStartOptions, HostStarted, HostStatus } from '../../shared/desktop-api';
import type { HandOverAsk, HandOverReport, TableSummary } from '../../shared/protocol';
import type { MdnsInterfaceReach } from '../../shared/reach';
import type { TargetAd, TargetAdOptions } from '../discovery/takeover';
import type { Publisher, PublisherOptions } from '../discovery/types';
import { HISTORY_GAMES_MAX } from '../host/history/limits';

/** main/host's Host.handOver: taking tables from another host, and handing this one's over. */
export interface HostHandOver {
  setReceiving(on: boolean): void;
  receiving(): boolean;
  onAsked(cb: (ask: HandOverAsk) => void): () => void;
  onReceived(cb: (r: { from: string; tables: number }) => void): () => void;
  ask(to: { address: string; port: number }): Promise<void>;
  withdraw(to?: { address: string; port: number }): Promise<void>;
  send(to: { address: string; port: number }, code: string): Promise<HandOverReport>;
}

/** The slice of main/host's Host the controller uses. */
export interface RunningHost {
  readonly port: number;
  /** Where the LAN reaches it, best first (the same list as its /api/info). */
  addresses(): string[];
  tables(): TableSummary[];
  onTablesChanged(cb: (tables: TableSummary[]) => void): () => void;
  /** Closes a finished table; throws for any other. */
  closeTable(tableId: string): void;
  /** Hands the publisher's mDNS state to the host's /api/reach. */
  watchDiscovery(source: (() => MdnsInterfaceReach[]) | null): void;
  close(opts?: { timeoutMs?: number }): Promise<void>;
  readonly handOver: HostHandOver;
}

export interface HostControllerDeps {
  startHost(opts: {
    port?: number;
    dataDir: string;
    staticDir?: string;
    hostName?: string;
    runtime: 'app';
    history?: { maxGames?: number };
  }): Promise<RunningHost>;
  createPublisher(opts: PublisherOptions): Publisher;
  /** Announces the host as a hand-over target while it takes tables over (main/discovery/takeover.ts). */
  createTargetAd?(opts: TargetAdOptions): TargetAd;
  syncAds(publisher: Publisher, tables: TableSummary[]): void;
  dataDir: string;
  /** The built renderer, served to players who join from a browser. */
  staticDir?: string;
  /** Name and port used when the caller gives none (the settings, then the computer's name). */
  defaults(): { name: string; port: number };
  /** Told whether the host holds a table in play (so the system is kept from sleeping), and false once it closes. */
  inPlay?(playing: boolean): void;
}

export interface HostController {
  start(opts?: unknown): Promise<HostStarted>;
  /** closeHost, then withdrawAds (even when closing failed). */
  stop(opts?: { timeoutMs?: number }): Promise<void>;
  /** Stop accepting players, flush snapshots, close the sockets (the quit sequence's first step). */
  closeHost(timeoutMs: number): Promise<void>;
  /** mDNS goodbyes for every table, so lobbies drop them at once (the second step). */
  withdrawAds(timeoutMs: number): Promise<void>;
  status(): HostStatus;
  /** Closes a finished table of the running host; the id comes from the renderer and is checked here. */
  closeTable(tableId: unknown): void;
  /**
   * Takes tables over (true: starts the host if needed, sets it receiving, announces it as a target while
   * it advertises) or no longer (false: withdraws the announcement). `on` comes from the renderer.
   */
  receiveTables(on: unknown): Promise<void>;
  /** The running host's hand-over; throws when nothing runs or the host cannot hand over. */
  handOver(): HostHandOver;
  /** Told whenever the running host (this one or a later one) is asked for a code, or received tables. */
  onHandOverAsked(cb: (ask: HandOverAsk) => void): () => void;
  onTablesReceived(cb: (r: { from: string; tables: number }) => void): () => void;
}

const Name = v.pipe(
  v.string('name must be text'),
  v.trim(),
  v.minLength(1, 'name must not be empty'),
  v.maxLength(40, 'name must be at most 40 characters'),
  v.regex(/^[^\p{Cc}]*$/u, 'name must not contain control characters'),
);
const StartOptions = v.optional(
  v.strictObject(
    {
      name: v.optional(Name),
      port: v.optional(
        v.pipe(
          v.number('port must be a number'),
          v.integer('port must be a whole number'),
          v.minValue(1024, 'port must be between 1024 and 65535'),
          v.maxValue(65535, 'port must be between 1024 and 65535'),
        ),
      ),
      advertise: v.optional(v.boolean('advertise must be true or false')),
      historyGames: v.optional(
        v.pipe(
          v.number('historyGames must be a number'),
          v.integer('historyGames must be a whole number'),
          v.minValue(1, `historyGames must be between 1 and ${HISTORY_GAMES_MAX}`),
          v.maxValue(HISTORY_GAMES_MAX, `historyGames must be between 1 and ${HISTORY_GAMES_MAX}`),
        ),
      ),
    },
    (issue) => `unknown option ${String(issue.input === undefined ? issue.expected : issue.received)}`,
  ),
);

/** The host's own table ids (base64url); anything else from the renderer is refused before a lookup. */
const TableId = v.pipe(
  v.string('the table id must be text'),
  v.regex(/^[A-Za-z0-9_-]{4,32}$/, 'that is not a table id'),
);

/** Validates host.start's options, which come from the renderer and are untrusted. */
export function parseHostStartOptions(input: unknown): HostStartOptions {
  const result = v.safeParse(StartOptions, input);
  if (!result.success) throw new Error(`host.start: ${result.issues[0].message}`);
  return result.output ?? {};
}

interface Running {
  host: RunningHost;
  name: string;
  publisher: Publisher | null;
  /** The hand-over target announcement, while receiving and advertising. */
  targetAd: TargetAd | null;
  advertising: boolean;
  unwatch: () => void;
  hostClosed: boolean;
}

export function createHostController(deps: HostControllerDeps): HostController {
  let running: Running | null = null;
  let starting: Promise<HostStarted> | null = null;
  let stopping: Promise<void> | null = null;
  const askedListeners = new Set<(ask: HandOverAsk) => void>();
  const receivedListeners = new Set<(r: { from: string; tables: number }) => void>();
  const tell = <T>(listeners: Set<(value: T) => void>, value: T) => {
    for (const listener of [...listeners]) listener(value);
  };

  const started = (r: Running): HostStarted => ({ port: r.host.port, addresses: r.host.addresses() });

  async function launch(opts: HostStartOptions): Promise<HostStarted> {
    const defaults = deps.defaults();
    const name = opts.name ?? defaults.name;
    const host = await deps.startHost({
      port: opts.port ?? defaults.port,
      dataDir: deps.dataDir,
      staticDir: deps.staticDir,
      hostName: name,
      runtime: 'app',
      ...(opts.historyGames === undefined ? {} : { history: { maxGames: opts.historyGames } }),
    });
    const tellInPlay = (tables: TableSummary[]) => deps.inPlay?.(tables.some((t) => t.state === 'playing'));
    tellInPlay(host.tables());
    const unwatchPlay = host.onTablesChanged(tellInPlay);
    let publisher: Publisher | null = null;
    let unwatchAds = () => {};
    if (opts.advertise !== false) {
      try {
        const ads = deps.createPublisher({ port: host.port, hostName: name });
        deps.syncAds(ads, host.tables());
        unwatchAds = host.onTablesChanged((tables) => deps.syncAds(ads, tables));
        host.watchDiscovery(() => ads.reach());
        publisher = ads;
      } catch (error) {
        // Without ads the host still works for players who join by address; never leave it half-up.
        unwatchPlay();
        deps.inPlay?.(false);
        await host.close({ timeoutMs: 2000 }).catch(() => undefined);
        throw error;
      }
    }
    const unwatchAsked = host.handOver.onAsked((ask) => tell(askedListeners, ask));
    const unwatchReceived = host.handOver.onReceived((r) => tell(receivedListeners, r));
    const unwatch = () => {
      unwatchAds();
      unwatchPlay();
      unwatchAsked();
      unwatchReceived();
    };
    running = {
      host,
      name,
      publisher,
      targetAd: null,
      advertising: publisher !== null,
      unwatch,
      hostClosed: false,
    };
    return started(running);
  }

  async function closeHost(timeoutMs: number): Promise<void> {
    if (starting) await starting.catch(() => undefined);
    const r = running;
    if (!r || r.hostClosed) return;
    r.hostClosed = true;
    r.unwatch();
    deps.inPlay?.(false);
    try {
      await r.host.close({ timeoutMs });
    } finally {
      if (!r.publisher && running === r) running = null;
    }
  }

  async function withdrawAds(timeoutMs: number): Promise<void> {
    const r = running;
    if (!r) return;
    const publisher = r.publisher;
    const targetAd = r.targetAd;
    r.publisher = null;
    r.targetAd = null;
    r.advertising = false;
    r.host.watchDiscovery(null);
    if (r.hostClosed && running === r) running = null;
    await Promise.all([publisher?.stop(timeoutMs), targetAd?.stop(timeoutMs)]);
  }

  function handOverOf(r: Running | null): HostHandOver {
    if (!r || r.hostClosed) throw new Error('this machine is not hosting');
    return r.host.handOver;
  }

  const controller: HostController = {
    async start(input) {
      const opts = parseHostStartOptions(input);
      if (stopping) await stopping;
      if (running) return started(running);
      starting ??= launch(opts).finally(() => {
        starting = null;
      });
      return starting;
    },

    stop({ timeoutMs = 3000 } = {}) {
      stopping ??= (async () => {
        try {
          await closeHost(timeoutMs);
        } finally {
          await withdrawAds(timeoutMs);
        }
      })().finally(() => {
        stopping = null;
      });
      return stopping;
    },

    closeHost,
    withdrawAds,

    closeTable(input) {
      const id = v.safeParse(TableId, input);
      if (!id.success) throw new Error(`host.closeTable: ${id.issues[0].message}`);
      if (!running || running.hostClosed) throw new Error('host.closeTable: this machine is not hosting');
      running.host.closeTable(id.output);
    },

    async receiveTables(input) {
      if (typeof input !== 'boolean') throw new Error('host.receiveTables: expected true or false');
      if (input) await controller.start();
      const r = running;
      if (!r) return;
      handOverOf(r).setReceiving(input);
      if (input && r.advertising && !r.targetAd && deps.createTargetAd) {
        r.targetAd = deps.createTargetAd({ port: r.host.port, hostName: r.name });
      } else if (!input && r.targetAd) {
        const ad = r.targetAd;
        r.targetAd = null;
        await ad.stop(1000);
      }
    },

    handOver: () => handOverOf(running),

    onHandOverAsked(cb) {
      askedListeners.add(cb);
      return () => void askedListeners.delete(cb);
    },
    onTablesReceived(cb) {
      receivedListeners.add(cb);
      return () => void receivedListeners.delete(cb);
    },

    status() {
      if (!running) return { running: false };
      return {
        running: true,
        port: running.host.port,
        addresses: running.host.addresses(),
        name: running.name,
        advertising: running.advertising,
        receiving: running.host.handOver.receiving(),
      };
    },
  };
  return controller;
}
