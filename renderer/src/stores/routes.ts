import { isChapterId, type ChapterId } from '../learn/chapter-ids';
import { parseAddress, type HostAddress } from '../net/address';

/**
 * The page's address inside the app, in its hash (so it works from app:// in the desktop app and from a
 * host's http page alike, and changing it never loads a page):
 * - `#/` (or no hash): the lobby;
 * - `#/table/<id>`: a table on the host that served the page;
 * - `#/table/<id>?host=<address>:<port>`: a table on another host (the desktop app's page has no host of
 *   its own, so its addresses always name one).
 * - `#/history`, `#/history/<game id>`, `#/history/<game id>/<step>`: the history, a replay, a replay at a step.
 * - `#/learn`, `#/learn/<chapter>`: "Learn to play", its chapters or one of them (no host: it runs in the page).
 * - `#/room` (`?host=` as for a table): the room screen, every table of a host live for a TV.
 * Any other hash (the skip link's `#main`) is not a route: it changes nothing. An app path that names no
 * route (a mistyped link, one from a newer build) is `isAppPath`: the page goes to the lobby.
 */
export type Route =
  | { kind: 'lobby' }
  | { kind: 'table'; tableId: string; host: HostAddress | null }
  /** `#/history`: a host's finished games (`?host=` as for a table). */
  | { kind: 'history'; host: HostAddress | null }
  /** `#/history/<game id>` and `#/history/<game id>/<step>`: a finished game's replay, at a step (0: its first deal). */
  | { kind: 'replay'; gameId: string; step: number | null; host: HostAddress | null }
  /** `#/learn` (chapter null: the list) and `#/learn/<chapter>`. */
  | { kind: 'learn'; chapter: ChapterId | null }
  /** `#/room`: every table of a host, live, for the room's TV (no controls, public cards only). */
  | { kind: 'room'; host: HostAddress | null };

/** The host's own ids: anything else in a link is not a table of ours. */
const TABLE_ID = /^[A-Za-z0-9_-]{4,32}$/;

/** A finished game's id at a host (`<table id>-<game>`) or in a kept file (shared/record GAME_ID). */
const GAME_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** A replay's step: the record's states number far below this. */
const STEP = /^\d{1,6}$/;

/** `?host=…`: undefined when absent, null when it is no address. */
function hostParam(query: string | undefined): HostAddress | null | undefined {
  const hostText = new URLSearchParams(query ?? '').get('host');
  if (hostText === null) return undefined;
  const parsed = parseAddress(hostText);
  return parsed.ok ? parsed.host : null;
}

function parseHistory(h: string): Route | null {
  const m = /^\/history(?:\/([^/?]+)(?:\/([^/?]+))?)?\/?(?:\?(.*))?$/.exec(h);
  if (!m) return null;
  const host = hostParam(m[3]);
  if (host === null) return null;
  if (m[1] === undefined) return { kind: 'history', host: host ?? null };
  if (!GAME_ID.test(m[1])) return null;
  if (m[2] !== undefined && !STEP.test(m[2])) return null;
  return { kind: 'replay', gameId: m[1], step: m[2] === undefined ? null : Number(m[2]), host: host ?? null };
}

function parseLearn(h: string): Route | null {
  const m = /^\/learn(?:\/([^/?]+))?\/?$/.exec(h);
  if (!m) return null;
  if (m[1] === undefined) return { kind: 'learn', chapter: null };
  return isChapterId(m[1]) ? { kind: 'learn', chapter: m[1] } : null;
}

function parseRoom(h: string): Route | null {
  const m = /^\/room\/?(?:\?(.*))?$/.exec(h);
  if (!m) return null;
  const host = hostParam(m[1]);
  return host === null ? null : { kind: 'room', host: host ?? null };
}

export function parseRoute(hash: string): Route | null {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  if (h === '' || h === '/') return { kind: 'lobby' };
  if (h.startsWith('/history')) return parseHistory(h);
  if (h.startsWith('/learn')) return parseLearn(h);
  if (h.startsWith('/room')) return parseRoom(h);
  const m = /^\/table\/([^/?]+)\/?(?:\?(.*))?$/.exec(h);
  if (!m) return null;
  let tableId: string;
  try {
    tableId = decodeURIComponent(m[1]);
  } catch {
    return null;
  }
  if (!TABLE_ID.test(tableId)) return null;
  const hostText = new URLSearchParams(m[2] ?? '').get('host');
  if (hostText === null) return { kind: 'table', tableId, host: null };
  const parsed = parseAddress(hostText);
  return parsed.ok ? { kind: 'table', tableId, host: parsed.host } : null;
}

/** The hash is a path inside the app (`#/…`), whether or not it names a route this build knows. */
export const isAppPath = (hash: string): boolean => /^#?\//.test(hash);

/** The hash of a route; `host` only when the table is not on the page's own host. */
export function routeHash(route: Route): string {
  if (route.kind === 'lobby') return '#/';
  if (route.kind === 'learn') return route.chapter ? `#/learn/${route.chapter}` : '#/learn';
  const base =
    route.kind === 'table'
      ? `#/table/${route.tableId}`
      : route.kind === 'room'
        ? '#/room'
        : route.kind === 'history'
          ? '#/history'
          : `#/history/${route.gameId}${route.step === null ? '' : `/${route.step}`}`;
  if (!route.host) return base;
  const { address, port } = route.host;
  const where = address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;
  return `${base}?host=${encodeURIComponent(where)}`;
}

/** The host a ws URL (`ws://10.0.0.5:47470/ws`) points at. */
export function hostOfWsUrl(url: string): HostAddress | null {
  try {
    const u = new URL(url);
    const port = Number(u.port) || (u.protocol === 'wss:' ? 443 : 80);
    return { address: u.hostname.replace(/^\[|\]$/g, ''), port };
  } catch {
    return null;
  }
}

/** Two routes name the same place. */
export function sameRoute(a: Route | null, b: Route | null): boolean {
  if (!a || !b || a.kind !== b.kind) return false;
  if (a.kind === 'lobby' || b.kind === 'lobby') return true;
  if (a.kind !== 'table' || b.kind !== 'table') return routeHash(a) === routeHash(b);
  return (
    a.tableId === b.tableId &&
    a.host?.address === b.host?.address &&
    (a.host?.port ?? 0) === (b.host?.port ?? 0)
  );
}
