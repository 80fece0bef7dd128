/**
 * The desktop bridge: what the Electron preload exposes to the renderer as `window.red7`.
 * One function per capability, nothing else (never ipcRenderer itself). Type-only, so the
 * renderer, the preload and the main process share it without sharing code.
 *
 * Conventions
 * - Every async function rejects with an Error whose message says why (e.g. a bad setting
 *   value, a port in use); nothing is half-applied when it rejects.
 * - In a plain browser there is no `window.red7`; the renderer uses its web implementation.
 */

import type { HandOverAsk, HandOverReport } from './protocol/hand-over';
import type { HandOverFailure } from './protocol/hand-over-failure';
import type { TableState } from './protocol/tables';

export type { HandOverAsk, HandOverFailure, HandOverReport };

/**
 * A hand-over step's outcome. A refusal comes as data, its code for the page to word: an Error thrown
 * across to the page keeps only its (English) message.
 */
export type HandOverOutcome<T> = { ok: true; value: T } | { ok: false; failure: HandOverFailure };

/**
 * A table found on the LAN by mDNS (main/discovery browses them): its ad plus where to connect
 * (`address`: the IPv4 source of the host's answer), a LAN-unique `key`, and the host's protocol version.
 */
export interface DiscoveredTable {
  /** Table id, unique on its host. */
  id: string;
  name: string;
  /** Seated players. */
  players: number;
  seats: number;
  state: TableState;
  /** Unique across the LAN (host + table); the key of `down` events. */
  key: string;
  /** Where to connect: IPv4 preferred, taken from the announcing packet. */
  address: string;
  /** Every address the host answered from recently (several when it sits on several networks). */
  addresses: string[];
  port: number;
  hostName: string;
  /** The host's PROTOCOL_VERSION; a lobby offers its own page in the browser for a table it cannot speak to. */
  protocol: number;
  /** The host's app version (e.g. "0.2.0"); absent from hosts older than the field. */
  appVersion?: string;
  /** Its creator locked it (no new people); absent: not locked. */
  locked?: boolean;
  /** A seat needs the table's four-digit code; absent: no code. */
  hasCode?: boolean;
}

/**
 * Lobby stream. Right after `subscribe`, every table already known arrives as an `up` event,
 * so a subscriber never needs a separate snapshot call.
 */
export type TableEvent = { type: 'up' | 'update'; table: DiscoveredTable } | { type: 'down'; key: string };

/**
 * A host on the LAN that takes tables over now (its person switched "Take over tables" on): found by mDNS
 * (`_red7-takeover._tcp`), with the address it answered from, like a table.
 */
export interface HandOverTarget {
  /** Unique across the LAN; the key of `down` events and what `askHandOver` / `handOver` name. */
  key: string;
  /** The host's display name (e.g. "Bo's computer"). */
  name: string;
  address: string;
  port: number;
  /** The host's PROTOCOL_VERSION. */
  protocol: number;
  /** The host's app version; absent when it announced none. */
  appVersion?: string;
}

/** Hand-over target stream; right after subscribing, every target already known arrives as `up`. */
export type TargetEvent = { type: 'up' | 'update'; target: HandOverTarget } | { type: 'down'; key: string };

export interface HostStartOptions {
  /** Shown to other players in the lobby; default: the saved `hostName` setting or the computer's name. */
  name?: string;
  /** Default 47470; when taken, the host falls back to a free port (see the result). */
  port?: number;
  /** Announce tables on the LAN by mDNS. Default true. */
  advertise?: boolean;
  /** Finished games the host's history keeps (the oldest go first). Default 500. */
  historyGames?: number;
}

export interface HostStarted {
  port: number;
  /** Where the LAN reaches this host, best first (IPv4 first; IPv6 bare, bracket it in a URL), for players who join by address or from a browser. Empty when the machine is on no network. */
  addresses: string[];
}

export type HostStatus =
  | { running: false }
  | {
      running: true;
      port: number;
      addresses: string[];
      name: string;
      advertising: boolean;
      /** It takes tables over from other hosts now (`receiveTables(true)`). */
      receiving: boolean;
    };

/** Persisted user settings (in the app's userData). */
export interface Settings {
  /** The name this player sits down with. '' until chosen. */
  playerName: string;
  /** UI language; 'auto' follows the system. */
  locale: 'auto' | 'en' | 'it' | 'ko';
  /** Name announced when this machine hosts. '' means the computer's name. */
  hostName: string;
  /** Port to host on. */
  hostPort: number;
}
export type SettingKey = keyof Settings;

export interface AppInfo {
  name: string;
  version: string;
  platform: 'win32' | 'darwin' | 'linux' | string;
  /** Runtime versions, for the About box and bug reports. */
  versions: { electron: string; chrome: string; node: string };
  /** The system locale (BCP 47), used when the locale setting is 'auto'. */
  locale: string;
  packaged: boolean;
  /** Where this machine's host saves its tables (inside userData); '' in a browser. */
  dataFolder: string;
}

/**
 * Updates from the project's releases (desktop, packaged app only): `off` in development or when the updater
 * cannot load; checked once at start (`checking`, then `current`, `available` or `unreachable` with no
 * internet); downloaded only when asked (`downloading`, `ready`). Never forced, never during a game.
 */
export type UpdateStatus =
  | { state: 'off' | 'idle' | 'checking' | 'current' | 'unreachable' }
  | { state: 'available' | 'ready'; version: string }
  | { state: 'downloading'; version: string; percent: number };

/** A short OS notification: "Your turn" and the table it is at. */
export interface TurnNotice {
  title: string;
  body: string;
}

export interface DesktopApi {
  tables: {
    /** Streams tables found on the LAN. Returns the unsubscribe function. */
    subscribe(cb: (event: TableEvent) => void): () => void;
    /**
     * Opens the page of a table found on the LAN (by its `key`) in the system's browser: its host serves
     * a page of its own version, so a table of another version is still played. Only a table listed now;
     * the address is the one its host answered from. Rejects when the table is no longer found.
     */
    openInBrowser(key: string): Promise<void>;
  };
  host: {
    /** Starts hosting on this machine (idempotent: a running host's details come back). */
    start(opts?: HostStartOptions): Promise<HostStarted>;
    /** Stops accepting players, saves every table, withdraws the mDNS ads. */
    stop(): Promise<void>;
    status(): Promise<HostStatus>;
    /**
     * Closes a finished table of this machine's host: off the lobby list, its players and watchers told,
     * its files kept in the data folder (out of the tables restored at a start). Rejects, changing nothing,
     * when the host is not running or the table is missing or not finished.
     */
    closeTable(tableId: string): Promise<void>;
    /**
     * Opens the room screen of this machine's host (every table live, for a TV) in a window of its own:
     * full screen on another display when there is one, else a window to drag there. A second call
     * brings the open one forward. Rejects when this machine hosts nothing.
     */
    showRoomScreen(): Promise<void>;
    /** Streams the hosts on the LAN that take tables over now. Returns the unsubscribe function. */
    handOverTargets(cb: (event: TargetEvent) => void): () => void;
    /**
     * Asks a target (by its `key` among those listed now) for a code: the target shows it to its person,
     * who reads it out. The address is the one the target answered from, never one the page gives.
     */
    askHandOver(key: string): Promise<HandOverOutcome<null>>;
    /**
     * Cancel: takes this machine's ask back, the one of the target `key` (of any, once that target is no
     * longer listed). An ask still on its way is cut off, and the target stops showing its code. Never fails.
     */
    withdrawHandOver(key: string): Promise<void>;
    /**
     * Hands every table of this machine's host to the target with the code read out there (6 digits).
     * When the target took tables, this machine's host stops, after its players were told where to go.
     * Fails (`ok: false`, with the failure's code) when the target is no longer listed, the code is
     * malformed, the target refused it or could not be reached.
     */
    handOver(key: string, code: string): Promise<HandOverOutcome<HandOverReport>>;
    /**
     * Takes tables over from another host (true) or no longer (false): starts this machine's host if
     * needed, then announces it on the LAN as a hand-over target (withdrawn with false).
     */
    receiveTables(on: boolean): Promise<void>;
    /**
     * Another host asked to hand its tables here: the code to show; told again, `withdrawn`, when its
     * person cancelled. Returns the unsubscribe function.
     */
    onHandOverAsked(cb: (ask: HandOverAsk) => void): () => void;
    /** Tables arrived from another host. Returns the unsubscribe function. */
    onTablesReceived(cb: (received: { from: string; tables: number }) => void): () => void;
  };
  settings: {
    get<K extends SettingKey>(key: K): Promise<Settings[K]>;
    /** Rejects (and stores nothing) when the value does not fit the key. */
    set<K extends SettingKey>(key: K, value: Settings[K]): Promise<void>;
  };
  app: {
    info(): Promise<AppInfo>;
    /** Opens `dataFolder` in the system's file manager (created first if missing); rejects with why not. */
    openDataFolder(): Promise<void>;
    /**
     * Shows an OS notification, only while the app's window is not focused (a player in another
     * window learns it is their turn). Resolves whether one was shown; rejects a malformed notice.
     */
    notify(notice: TurnNotice): Promise<boolean>;
    /**
     * Keeps the display awake (true) while a game is on screen, lets it sleep again (false) when the game
     * ends or the person leaves the table. Asking twice is asking once; a page that closes lets go.
     */
    keepAwake(on: boolean): Promise<void>;
    /** Where updating stands (see UpdateStatus). */
    updateStatus(): Promise<UpdateStatus>;
    /** Downloads the update found; rejects when there is none. The lobby offers it, never a game. */
    downloadUpdate(): Promise<void>;
    /** Restarts into the downloaded update; rejects, changing nothing, while a game is on (hosted or shown). */
    installUpdate(): Promise<void>;
  };
}
