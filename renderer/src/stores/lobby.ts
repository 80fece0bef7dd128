import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { DiscoveredTable, HostStatus, TableEvent } from '../../../shared/desktop-api';
import { PROTOCOL_VERSION, type ServerMessage, type TableSummary } from '../../../shared/protocol';
import { httpUrl, parseAddress, wsUrl, type HostAddress } from '../net/address';
import { checkHost } from '../net/host-check';
import type { BridgeTable } from '../bridge/types';
import { services } from '../services';
import { useConnectionStore } from './connection';
import { loadSeats } from './session';

/** A table in the lobby list: what discovery found, plus the variant once the host told us. */
export interface LobbyTable extends DiscoveredTable {
  url: string;
  details: Pick<TableSummary, 'mode' | 'actionRule' | 'rulesVersion' | 'spectators' | 'match'> | null;
  /** This browser holds a seat token for it. */
  mine: boolean;
  /** The host speaks our protocol. */
  compatible: boolean;
}

const STATE_ORDER = { open: 0, playing: 1, finished: 2 } as const;
const DETAILS_MIN_INTERVAL_MS = 2000;
/** Browsing this long with nothing found is "found nothing" (mDNS answers arrive within a second). */
export const NOTHING_FOUND_AFTER_MS = 5000;

/**
 * Tables to join: found on the LAN (desktop), listed by the serving host (browser), or read from
 * an address the player typed. Also starts hosting on this machine (desktop).
 */
export const useLobbyStore = defineStore('lobby', () => {
  const connection = useConnectionStore();
  const found = ref(new Map<string, DiscoveredTable>());
  const details = ref(new Map<string, Map<string, TableSummary>>());
  /** Tables read from a typed address, with where they are. */
  const byAddress = ref<{ host: HostAddress; url: string; tables: TableSummary[] } | null>(null);
  const addressError = ref<'empty' | 'invalid' | 'port' | 'unreachable' | 'notRed7' | 'protocol' | null>(
    null,
  );
  /** With addressError 'protocol': the version that host speaks. */
  const addressProtocol = ref<number | null>(null);
  /** The typed address is being checked (its /api/info). */
  const checking = ref(false);
  /**
   * In a browser, a Red7 host at another address than the page's: this page may only talk to the host that
   * served it (hosts check the Origin), so the player is offered that host's own page instead.
   */
  const elsewhere = ref<string | null>(null);
  let lookUps = 0;
  const hostStatus = ref<HostStatus>({ running: false });
  const hostError = ref<string | null>(null);
  const seatsVersion = ref(0);
  /** The app's system ('darwin', 'win32', …; 'web' in a browser) and the host's data folder ('' in a browser). */
  const platform = ref('');
  const dataFolder = ref('');
  const dataFolderError = ref<string | null>(null);
  /** Browsing has gone on long enough that an empty list means nothing answered. */
  const searchedAWhile = ref(false);
  let searchTimer: ReturnType<typeof setTimeout> | null = null;
  let unsubscribe: (() => void) | null = null;
  let offMessage: (() => void) | null = null;
  let offWelcome: (() => void) | null = null;
  let pendingAddressUrl: string | null = null;
  const detailsFetchedAt = new Map<string, number>();

  const tables = computed<LobbyTable[]>(() => {
    void seatsVersion.value;
    const seats = loadSeats(services().local);
    return [...found.value.values()]
      .map((t) => {
        const url = wsUrl(t);
        const d = details.value.get(hostKey(t))?.get(t.id) ?? null;
        return {
          ...t,
          url,
          details: d && {
            mode: d.mode,
            actionRule: d.actionRule,
            rulesVersion: d.rulesVersion,
            spectators: d.spectators,
            match: d.match,
          },
          mine: `${url}|${t.id}` in seats,
          compatible: t.protocol === PROTOCOL_VERSION,
        };
      })
      .sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state] || a.name.localeCompare(b.name));
  });

  const hostKey = (h: HostAddress): string => `${h.address}:${h.port}`;

  function start(): void {
    if (unsubscribe) return;
    unsubscribe = services().bridge.api.tables.subscribe(onTableEvent);
    offMessage = connection.onMessage(onHostMessage);
    offWelcome = connection.onWelcome(() => {
      if (pendingAddressUrl && connection.url === pendingAddressUrl) connection.send({ type: 'listTables' });
    });
    void refreshHostStatus();
    searchedAWhile.value = false;
    searchTimer = setTimeout(() => (searchedAWhile.value = true), NOTHING_FOUND_AFTER_MS);
    services()
      .bridge.api.app.info()
      .then((info) => {
        platform.value = info.platform;
        dataFolder.value = info.dataFolder;
      })
      .catch(() => undefined);
  }

  function stop(): void {
    if (searchTimer) clearTimeout(searchTimer);
    searchTimer = null;
    unsubscribe?.();
    offMessage?.();
    offWelcome?.();
    unsubscribe = offMessage = offWelcome = null;
  }

  function onTableEvent(e: TableEvent): void {
    const next = new Map(found.value);
    if (e.type === 'down') next.delete(e.key);
    else {
      const table: BridgeTable = e.table;
      next.set(table.key, table);
      if (table.summary) remember(table, [table.summary]);
      else void fetchDetails(table);
    }
    found.value = next;
  }

  function remember(h: HostAddress, list: TableSummary[]): void {
    const next = new Map(details.value);
    const byId = new Map(next.get(hostKey(h)));
    for (const t of list) byId.set(t.id, t);
    next.set(hostKey(h), byId);
    details.value = next;
  }

  /** The variant (mode, Action rule) is not in the mDNS ad: ask the host's HTTP API, at most every 2 s. */
  async function fetchDetails(h: HostAddress): Promise<void> {
    const key = hostKey(h);
    const now = Date.now();
    if (now - (detailsFetchedAt.get(key) ?? 0) < DETAILS_MIN_INTERVAL_MS) return;
    detailsFetchedAt.set(key, now);
    try {
      const address = h.address.includes(':') ? `[${h.address}]` : h.address;
      const res = await fetch(`http://${address}:${h.port}/api/tables`);
      if (res.ok) remember(h, (await res.json()) as TableSummary[]);
    } catch {
      // Details are a nicety; the table stays joinable without them.
    }
  }

  function onHostMessage(msg: ServerMessage): void {
    if (
      msg.type !== 'tables' ||
      !pendingAddressUrl ||
      connection.url !== pendingAddressUrl ||
      !byAddress.value
    )
      return;
    byAddress.value = { ...byAddress.value, tables: msg.tables };
  }

  /**
   * Checks that a Red7 host of our protocol answers at a typed address (its /api/info), then connects and
   * lists its tables. Whatever the answer, the page stays where it is; a problem is said in addressError.
   */
  async function lookUp(text: string): Promise<boolean> {
    const parsed = parseAddress(text);
    const seq = ++lookUps;
    clearLookUp(seq);
    if (!parsed.ok) {
      addressError.value = parsed.reason;
      return false;
    }
    checking.value = true;
    const check = await checkHost(parsed.host);
    if (seq !== lookUps) return false; // another look-up (or a close) came meanwhile
    checking.value = false;
    if (!check.ok) {
      addressError.value = check.reason;
      addressProtocol.value = check.reason === 'protocol' ? check.protocol : null;
      return false;
    }
    const { bridge } = services();
    const origin = bridge.origin;
    if (
      bridge.kind === 'web' &&
      origin &&
      (parsed.host.address !== origin.address || parsed.host.port !== origin.port)
    ) {
      elsewhere.value = httpUrl(parsed.host);
      return true;
    }
    const url = wsUrl(parsed.host);
    pendingAddressUrl = url;
    byAddress.value = { host: parsed.host, url, tables: [] };
    connection.connect(url);
    if (connection.status.state === 'open') connection.send({ type: 'listTables' });
    return true;
  }

  function clearLookUp(seq = ++lookUps): void {
    lookUps = seq;
    byAddress.value = null;
    pendingAddressUrl = null;
    addressError.value = null;
    addressProtocol.value = null;
    checking.value = false;
    elsewhere.value = null;
  }

  async function refreshHostStatus(): Promise<void> {
    hostStatus.value = await services()
      .bridge.api.host.status()
      .catch(() => ({ running: false }) as const);
  }

  /**
   * Where new tables are created: this machine's host (started now if needed) in the desktop app,
   * the serving host in a browser. Returns its ws URL, or null with hostError set.
   */
  async function hostUrl(): Promise<string | null> {
    const { bridge, originWsUrl } = services();
    if (bridge.kind === 'web' && originWsUrl) return originWsUrl;
    try {
      hostError.value = null;
      const started = await bridge.api.host.start();
      await refreshHostStatus();
      return wsUrl({ address: '127.0.0.1', port: started.port });
    } catch (e) {
      hostError.value = e instanceof Error ? e.message : String(e);
      return null;
    }
  }

  async function stopHosting(): Promise<void> {
    try {
      await services().bridge.api.host.stop();
    } catch (e) {
      hostError.value = e instanceof Error ? e.message : String(e);
    }
    await refreshHostStatus();
  }

  async function openDataFolder(): Promise<void> {
    try {
      dataFolderError.value = null;
      await services().bridge.api.app.openDataFolder();
    } catch (e) {
      dataFolderError.value = e instanceof Error ? e.message : String(e);
    }
  }

  /** Saved seats changed (joined or left somewhere): recompute "rejoin" marks. */
  function seatsChanged(): void {
    seatsVersion.value++;
  }

  return {
    tables,
    byAddress,
    addressError,
    addressProtocol,
    checking,
    elsewhere,
    hostStatus,
    hostError,
    platform,
    dataFolder,
    dataFolderError,
    searchedAWhile,
    openDataFolder,
    start,
    stop,
    lookUp,
    clearLookUp,
    hostUrl,
    stopHosting,
    refreshHostStatus,
    seatsChanged,
  };
});
