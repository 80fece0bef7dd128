/** Streams the tables found on the LAN to every subscribed page (page-feed.ts). */
import type { DiscoveredTable, TableEvent } from '../../shared/desktop-api';
import type { BrowseEvent, BrowseOptions, TableBrowser } from '../discovery/types';
import { createPageFeed, type PageFeed, type PageSink } from './page-feed';

export type Browse = (onEvent: (event: BrowseEvent) => void, opts?: BrowseOptions) => TableBrowser;

export type FeedSink = PageSink<TableEvent>;
export type TableFeed = PageFeed<TableEvent, DiscoveredTable>;

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
  log?: (message: string) => void,
): TableFeed {
  return createPageFeed(
    {
      label: 'tables',
      lookingFor: 'tables',
      start(onEvent) {
        const browser = browse(onEvent, opts);
        return { list: () => browser.tables(), stop: () => browser.stop() };
      },
      forPage: toTableEvent,
      copy: copyForRenderer,
      up: (table) => ({ type: 'up', table }),
    },
    log,
  );
}
