/** The public shapes of LAN discovery. See docs/discovery.md. */
import type { DiscoveredTable } from '../../shared/desktop-api';
import type { TableState } from '../../shared/protocol/tables';
import type { MdnsInterfaceReach } from '../../shared/reach';

/** What the browser finds is what the desktop bridge streams: one type, declared with the bridge. */
export type { DiscoveredTable };

/** mDNS service type: instances are announced as `<instance>._red7._tcp.local`. */
export const SERVICE_TYPE = 'red7';
export const SERVICE_DOMAIN = '_red7._tcp.local';

export type { TableState } from '../../shared/protocol/tables';

/** What a host announces about one table (carried in TXT records). */
export interface TableAd {
  id: string;
  name: string;
  /** Seats taken. */
  players: number;
  seats: number;
  state: TableState;
  /** Its creator locked it: no new people take a seat (TXT `lock=1`). */
  locked?: boolean;
  /** Taking a seat needs its four-digit code (TXT `code=1`: only that there is one, never the code). */
  hasCode?: boolean;
}

export interface Publisher {
  /** Announce a table; publishing a known id updates it instead. */
  publish(ad: TableAd): void;
  /** Change a table's TXT records (and announce the change); an unknown id is published. */
  update(ad: TableAd): void;
  /** Say goodbye for one table; the others stay announced. Unknown ids are ignored. */
  unpublish(id: string): void;
  /** The tables announced now. */
  ads(): TableAd[];
  /** mDNS on each interface: announcing or failing, and when another device last asked for tables. */
  reach(): MdnsInterfaceReach[];
  /** Goodbyes for every table (unpublishAll), then close the sockets; resolves within timeoutMs. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface PublisherOptions {
  /** The host's TCP port (the WebSocket / HTTP server). */
  port: number;
  /** Shown in lobbies as the host's name (TXT `host`); default: this computer's name. */
  hostName?: string;
  /** Protocol version announced in TXT `v`; default PROTOCOL_VERSION. */
  protocol?: number;
  /** App version announced in TXT `app`; default package.json's version. */
  appVersion?: string;
  /** Socket or send errors (a VPN without multicast, a port taken); default: console.warn. */
  onError?: (err: Error) => void;
  /** How often to look for new or vanished network interfaces; default 5000 ms. */
  rescanMs?: number;
}

export type BrowseEvent = { type: 'up' | 'update'; table: DiscoveredTable } | { type: 'down'; key: string };

export interface TableBrowser {
  tables(): DiscoveredTable[];
  /** Stop querying, close the sockets. The list is kept but no longer changes. */
  stop(): Promise<void>;
}

export interface BrowseOptions {
  /** A table not re-answered for this long leaves the list; default 7000 ms (so a dead host is gone within 10 s). */
  expireMs?: number;
  /** How often to ask the LAN again; default expireMs / 3, so two answers may be lost before a table expires. */
  requeryMs?: number;
  /** How often to look for new or vanished network interfaces; default 5000 ms. */
  rescanMs?: number;
  onError?: (err: Error) => void;
}
