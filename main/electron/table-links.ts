/**
 * Links to a table, read and written strictly: a table link opened from outside the app (a deep link,
 * `red7://table/<id>?host=<address>:<port>`, or the host's own page, `http://<address>:<port>/#/table/<id>`)
 * and the host page the app opens in the system browser. Only a host address and a table id of the known
 * shape pass; anything else (another scheme, a user name, a path, a query of more) is refused.
 */
import { isIP } from 'node:net';

export const DEEP_LINK_SCHEME = 'red7';

/** The host's own table ids (as main/host/ids.ts makes them and the renderer's routes accept). */
const TABLE_ID = /^[A-Za-z0-9_-]{4,32}$/;
const DEFAULT_PORT = 47470;
/** A link longer than this is no link of ours. */
const LINK_MAX = 400;

export interface TableLink {
  tableId: string;
  address: string;
  port: number;
}

/** A DNS name of letters, digits and hyphens (`alice-pc.local`); digits and dots only must be an IPv4. */
function isHostName(text: string): boolean {
  if (text.length > 253 || /^[\d.]+$/.test(text)) return false;
  return text.split('.').every((label) => /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(label));
}

/** `address[:port]`, `[v6][:port]`: the host part of a link; null for any other shape. */
export function parseHostPort(text: string | null | undefined): { address: string; port: number } | null {
  if (!text) return null;
  const m = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9.-]+))(?::(\d{1,5}))?$/.exec(text);
  if (!m) return null;
  const address = m[1] ?? m[2];
  const shapeOk = m[1] !== undefined ? isIP(address) === 6 : isIP(address) === 4 || isHostName(address);
  const port = m[3] === undefined ? DEFAULT_PORT : Number(m[3]);
  if (!shapeOk || port < 1 || port > 65535) return null;
  return { address, port };
}

const hostText = (address: string, port: number): string =>
  `${address.includes(':') ? `[${address}]` : address}:${port}`;

/** A table link from outside the app, or null when it is not exactly one of the two shapes. */
export function parseTableLink(text: unknown): TableLink | null {
  if (typeof text !== 'string' || text.length > LINK_MAX) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === `${DEEP_LINK_SCHEME}:`) {
    // red7://table/<id>?host=<address>:<port>, and nothing more.
    const id = /^\/([^/]+)\/?$/.exec(url.pathname)?.[1];
    const keys = [...url.searchParams.keys()];
    if (url.hostname !== 'table' || url.port || url.hash || keys.length !== 1 || keys[0] !== 'host')
      return null;
    const host = parseHostPort(url.searchParams.get('host'));
    return id && TABLE_ID.test(id) && host ? { tableId: id, ...host } : null;
  }
  if (url.protocol === 'http:') {
    // http://<address>:<port>/#/table/<id>: the link a host's waiting room shows.
    const id = /^#\/table\/([^/?]+)\/?$/.exec(url.hash)?.[1];
    if (url.pathname !== '/' || url.search) return null;
    const host = parseHostPort(`${url.hostname}:${url.port || '80'}`);
    return id && TABLE_ID.test(id) && host ? { tableId: id, ...host } : null;
  }
  return null;
}

/** The first table link among a launch's arguments (the OS passes the link as one of them). */
export function findTableLink(argv: readonly string[]): TableLink | null {
  for (const arg of argv) {
    const link = parseTableLink(arg);
    if (link) return link;
  }
  return null;
}

/** The app page's address for a link's table (renderer/src/stores/routes.ts reads it). */
export function tableLinkHash(link: TableLink): string {
  return `#/table/${link.tableId}?host=${encodeURIComponent(hostText(link.address, link.port))}`;
}

/**
 * The page a host serves at one of its tables, for the system browser; null unless the address, port and
 * id are each of their shape (they come from the network, as a discovered table's).
 */
export function hostPageUrl(table: { address: string; port: number; id: string }): string | null {
  const host = parseHostPort(hostText(table.address, table.port));
  if (!host || !TABLE_ID.test(table.id) || !Number.isInteger(table.port)) return null;
  return `http://${hostText(host.address, host.port)}/#/table/${table.id}`;
}
