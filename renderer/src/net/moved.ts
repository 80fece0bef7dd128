import type { MovedTo } from '../../../shared/protocol';
import { httpUrl, type HostAddress } from './address';

/** Where a moved table's host is reached: the first address its old host named (the one it used itself). */
export function movedHost(to: MovedTo): HostAddress | null {
  const address = to.addresses[0];
  return address === undefined ? null : { address, port: to.port };
}

/** A seat carried to the new host's page in the URL fragment (never sent to a server). */
export interface CarriedSeat {
  tableId: string;
  token: string;
  seat: number;
  /** The new host's name, for the notice. */
  from: string;
}

/**
 * The new host's own page at the table, the seat in the fragment: a page served by the old host cannot
 * open a WebSocket to another origin, so a phone follows its table by loading the new host's page.
 */
export function movedPageUrl(host: HostAddress, seat: CarriedSeat): string {
  const q = new URLSearchParams({ moved: seat.from, seat: String(seat.seat), token: seat.token });
  return `${httpUrl(host)}#/table/${encodeURIComponent(seat.tableId)}?${q.toString()}`;
}

/** A carried seat in a page's hash, and the hash without it (null: none carried). */
export function carriedSeat(hash: string): { seat: CarriedSeat; hash: string } | null {
  const m = /^#\/table\/([A-Za-z0-9_-]{4,32})\?(.*)$/.exec(hash);
  if (!m) return null;
  const q = new URLSearchParams(m[2]);
  const token = q.get('token');
  const seat = Number(q.get('seat'));
  if (!token || !/^[A-Za-z0-9_-]{16,128}$/.test(token) || !Number.isInteger(seat) || seat < 0 || seat > 3)
    return null;
  return {
    seat: { tableId: m[1], token, seat, from: (q.get('moved') ?? '').slice(0, 80) },
    hash: `#/table/${m[1]}`,
  };
}
