import type { DesktopApi, DiscoveredTable } from '../../../shared/desktop-api';
import type { MovedTo, TableSummary } from '../../../shared/protocol';

/**
 * What only the desktop app can do, behind one interface. In Electron it is the preload's
 * window.red7; in a browser the web implementation stands in (the serving host is the table
 * source and the place new tables are created).
 */
export interface Bridge {
  kind: 'desktop' | 'web';
  api: DesktopApi;
  /** Where the page came from, in the web build: new tables are created there. */
  origin: { address: string; port: number } | null;
  /**
   * The web build: the serving host handed its tables over (its lobby list's `handedOverTo`), heard while
   * `api.tables.subscribe` runs; the lobby says where they went. The desktop app has none.
   */
  onHandedOver?: (cb: (h: HandedOver) => void) => () => void;
}

/** Where the host that served this page handed its tables: its name (`from`), and the host they went to. */
export interface HandedOver {
  from: string;
  to: MovedTo;
}

/** A table event's table; the web bridge also carries the host's full summary (variant, spectators). */
export interface BridgeTable extends DiscoveredTable {
  summary?: TableSummary;
}
