/**
 * Streams the tables found on the LAN to every subscribed page. Browsing runs only while some
 * page listens; a page that subscribes gets the tables already known first, as `up` events.
 */
import type { DiscoveredTable, TableEvent } from '../../shared/desktop-api';
import type { BrowseEvent, BrowseOptions, TableBrowser } from '../discovery/types';

export type Browse = (onEvent: (event: BrowseEvent) => void, opts?: BrowseOptions) => TableBrowser;

export interface FeedSink {
  /** Unique per page (webContents.id): subscribing twice does not double the stream. */
  readonly id: number;
  send(event: TableEvent): void;
}

export interface TableFeed {
  subscribe(sink: FeedSink): void;
  unsubscribe(id: number): void;
  /** A table listed now (while some page browses), by its key; null otherwise. */
  find(key: string): DiscoveredTable | null;
  /** Stops browsing (at quit). */
  stop(): Promise<void>;
}

/** A copy with only the agreed fields, to cross to the renderer (nothing a browser adds rides along). */
export function copyForRenderer(t: DiscoveredTable): DiscoveredTable {
  return {
    id: t.id,
    name: t.name,
    players: t.players,
    seats: t.seats,
    state: t.state,
    key: t.key,
    address: t.address,
    addresses: [...t.addresses],
    port: t.port,
    hostName: t.hostName,
    protocol: t.protocol,
    ...(t.appVersion ? { appVersion: t.appVersion } : {}),
    ...(t.locked ? { locked: true } : {}),
    ...(t.hasCode ? { hasCode: true } : {}),
  };
}

function toTableEvent(e: BrowseEvent): TableEvent {
  return e.type === 'down' ? { type: 'down', key: e.key } : { type: e.type, table: copyForRenderer(e.table) };
}

export function createTableFeed(
  browse: Browse,
  opts: BrowseOptions = {},
  log: (message: string) => void = (message) => console.warn(message),
): TableFeed {
  const sinks = new Map<number, FeedSink>();
  let browser: TableBrowser | null = null;
  let stopped: Promise<void> = Promise.resolve();

  const send = (sink: FeedSink, event: TableEvent) => {
    try {
      sink.send(event);
    } catch (error) {
      log(`tables: a page could not be told (${String(error)}); it no longer listens`);
      sinks.delete(sink.id);
    }
  };
  const broadcast = (event: BrowseEvent) => {
    const out = toTableEvent(event);
    for (const sink of [...sinks.values()]) send(sink, out);
  };
  const halt = () => {
    const b = browser;
    browser = null;
    if (b) stopped = b.stop().catch((error) => log(`tables: stopping the browser failed: ${String(error)}`));
    return stopped;
  };

  return {
    subscribe(sink) {
      if (sinks.has(sink.id)) return;
      sinks.set(sink.id, sink);
      if (browser) {
        for (const table of browser.tables()) send(sink, { type: 'up', table: copyForRenderer(table) });
        return;
      }
      try {
        browser = browse(broadcast, opts);
      } catch (error) {
        sinks.delete(sink.id);
        throw new Error(`cannot look for tables on the network: ${(error as Error).message}`, {
          cause: error,
        });
      }
    },
    unsubscribe(id) {
      if (sinks.delete(id) && sinks.size === 0) void halt();
    },
    find(key) {
      const table = browser?.tables().find((t) => t.key === key);
      return table ? copyForRenderer(table) : null;
    },
    stop() {
      sinks.clear();
      return halt();
    },
  };
}
