import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { DiscoveredTable, TableEvent } from '../../../shared/desktop-api';
import { PROTOCOL_VERSION } from '../../../shared/protocol';
import type { BridgeTable, HandedOver } from '../bridge/types';
import { wsUrl } from '../net/address';
import { services } from '../services';
import { useSavedSeatsStore } from './savedSeats';
import { useTableDetailsStore, type TableDetails } from './tableDetails';

/** A table in the lobby list: what discovery found, plus the variant once the host told us. */
export interface LobbyTable extends DiscoveredTable {
  url: string;
  details: TableDetails | null;
  /** This browser holds a seat token for it. */
  mine: boolean;
  /** The host speaks our protocol: this app sits at the table; else its host's own page does, in a browser. */
  compatible: boolean;
}

/** The lobby's two groups: tables to join or watch, then finished games. */
export interface LobbyGroups<T> {
  active: T[];
  finished: T[];
}

/**
 * Splits the list into its groups, each in the order the tables were first found: a table keeps its place
 * as seats are taken and its game starts (nothing moves under a finger about to tap it); only a finished
 * game moves, down into its own group.
 */
export function lobbyGroups<T extends { state: DiscoveredTable['state'] }>(tables: T[]): LobbyGroups<T> {
  return {
    active: tables.filter((t) => t.state !== 'finished'),
    finished: tables.filter((t) => t.state === 'finished'),
  };
}
/** The tables this app can sit at, and those of hosts of another version (played in the browser). */
export interface VersionGroups<T> {
  here: T[];
  inBrowser: T[];
}

/** Splits off the tables whose host speaks another protocol, each group in the order found. */
export function versionGroups<T extends { compatible: boolean }>(tables: T[]): VersionGroups<T> {
  return { here: tables.filter((t) => t.compatible), inBrowser: tables.filter((t) => !t.compatible) };
}

/** Browsing this long with nothing found is "found nothing" (mDNS answers arrive within a second). */
export const NOTHING_FOUND_AFTER_MS = 5000;

/**
 * Tables to join as the bridge finds them: on the LAN (desktop) or listed by the serving host (browser),
 * in the order first found (an update keeps a table's place), in two groups (`lobbyGroups`); tables of
 * hosts of another version apart (`versionGroups`).
 */
export const useLanTablesStore = defineStore('lanTables', () => {
  const details = useTableDetailsStore();
  const seats = useSavedSeatsStore();
  const found = ref(new Map<string, DiscoveredTable>());
  /** Browsing has gone on long enough that an empty list means nothing answered. */
  const searchedAWhile = ref(false);
  let searchTimer: ReturnType<typeof setTimeout> | null = null;
  let unsubscribe: (() => void) | null = null;

  const tables = computed<LobbyTable[]>(() =>
    [...found.value.values()].map((t) => {
      const url = wsUrl(t);
      return {
        ...t,
        url,
        details: t.protocol === PROTOCOL_VERSION ? details.of(t, t.id) : null,
        mine: seats.holds(url, t.id),
        compatible: t.protocol === PROTOCOL_VERSION,
      };
    }),
  );
  const byVersion = computed(() => versionGroups(tables.value));
  const groups = computed(() => lobbyGroups(byVersion.value.here));
  /** Tables of hosts of another version, each offered in the browser (their host's page matches it). */
  const otherVersions = computed(() => byVersion.value.inBrowser);
  /**
   * This page's host handed its tables over (a browser page only): to whom, for the lobby to say where they
   * went and offer that host's page. Null: it did not, or this is the desktop app.
   */
  const handedOver = ref<HandedOver | null>(null);
  let stopHandedOver: (() => void) | null = null;
  /** Why the browser did not open, or ''. */
  const browserError = ref('');

  /** Opens a table of another version at its host's own page, in the system's browser (desktop only). */
  async function openInBrowser(table: { key: string }): Promise<void> {
    try {
      browserError.value = '';
      await services().bridge.api.tables.openInBrowser(table.key);
    } catch (e) {
      browserError.value = e instanceof Error ? e.message : String(e);
    }
  }

  function start(): void {
    if (unsubscribe) return;
    const bridge = services().bridge;
    stopHandedOver = bridge.onHandedOver?.((h) => (handedOver.value = h)) ?? null;
    unsubscribe = bridge.api.tables.subscribe(onTableEvent);
    searchedAWhile.value = false;
    searchTimer = setTimeout(() => (searchedAWhile.value = true), NOTHING_FOUND_AFTER_MS);
  }

  function stop(): void {
    if (searchTimer) clearTimeout(searchTimer);
    searchTimer = null;
    unsubscribe?.();
    unsubscribe = null;
    stopHandedOver?.();
    stopHandedOver = null;
  }

  function onTableEvent(e: TableEvent): void {
    const next = new Map(found.value);
    if (e.type === 'down') next.delete(e.key);
    else {
      const table: BridgeTable = e.table;
      next.set(table.key, table);
      // Another version's summaries may read otherwise: its row says only what the ad says.
      const sameVersion = table.protocol === PROTOCOL_VERSION;
      if (sameVersion && table.summary) details.remember(table, [table.summary]);
      else if (sameVersion) void details.ask(table);
    }
    found.value = next;
  }

  return {
    tables,
    groups,
    otherVersions,
    handedOver,
    browserError,
    openInBrowser,
    searchedAWhile,
    start,
    stop,
  };
});
