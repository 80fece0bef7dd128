import { parseAddress, type HostAddress } from './address';

/**
 * The page's address inside the app, in its hash (so it works from app:// in the desktop app and from a
 * host's http page alike, and changing it never loads a page):
 * - `#/` (or no hash): the lobby;
 * - `#/table/<id>`: a table on the host that served the page;
 * - `#/table/<id>?host=<address>:<port>`: a table on another host (the desktop app's page has no host of
 *   its own, so its addresses always name one).
 * Any other hash (the skip link's `#main`) is not a route: it changes nothing.
 */
export type Route = { kind: 'lobby' } | { kind: 'table'; tableId: string; host: HostAddress | null };

/** The host's own ids: anything else in a link is not a table of ours. */
const TABLE_ID = /^[A-Za-z0-9_-]{4,32}$/;

export function parseRoute(hash: string): Route | null {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  if (h === '' || h === '/') return { kind: 'lobby' };
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

/** The hash of a route; `host` only when the table is not on the page's own host. */
export function routeHash(route: Route): string {
  if (route.kind === 'lobby') return '#/';
  const base = `#/table/${route.tableId}`;
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
  return (
    a.tableId === b.tableId &&
    a.host?.address === b.host?.address &&
    (a.host?.port ?? 0) === (b.host?.port ?? 0)
  );
}
