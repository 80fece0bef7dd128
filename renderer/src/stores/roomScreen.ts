import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { EveningInfo, MovedTo, TableSummary } from '../../../shared/protocol';
import { httpUrl, wsUrl, type HostAddress } from '../net/address';
import type { GameClient } from '../net/client';
import { checkHost, joinUrls } from '../net/host-check';
import { movedHost } from '../net/moved';
import { useRouteStore } from './route';
import { hostOfWsUrl } from './routes';
import { services } from '../services';
import { watchTable, type TableWatch } from './watchTable';

/** A 1920×1080 screen read from across a room holds this many tables; more wait for a table to end. */
export const ROOM_TABLES_MAX = 16;

/**
 * What the room screen has to show, in its order: the evening's tables of its latest heat first (A, B, ...),
 * then other tables in play, then finished ones, each group by name as people call them (Table 2 before 10).
 * Tables still taking seats, and an evening's tables of earlier heats or evenings, are left out; the screen
 * shows the first ROOM_TABLES_MAX and counts the rest.
 */
const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
export function roomOrder(
  tables: readonly TableSummary[],
  /** The host's evening and its latest heat (an earlier evening's tables linger, finished, until idle). */
  latest: { evening: string; heat: number } | null = null,
): TableSummary[] {
  const rank = (t: TableSummary): number =>
    t.evening ? 0 : t.state === 'playing' ? 1 : t.state === 'finished' ? 2 : 3;
  return tables
    .filter(
      (t) =>
        t.state !== 'open' &&
        (!t.evening || (t.evening.name === latest?.evening && t.evening.heat === latest.heat)),
    )
    .sort(
      (a, b) =>
        rank(a) - rank(b) ||
        byName.compare(a.evening?.table ?? a.name, b.evening?.table ?? b.name) ||
        a.id.localeCompare(b.id),
    );
}

/**
 * The room screen's picture of one host: its tables as the lobby lists them (one link, in the lobby), and
 * a spectator's link to each table shown (`watchTable`), opened when a table starts and closed when it
 * leaves the list. The screen opens it (`open`) as it comes up and closes it as it goes.
 */
export const useRoomScreenStore = defineStore('roomScreen', () => {
  /** The host's link: the one named, else the page's own (none in the desktop app without `?host=`). */
  const url = ref<string | null>(null);
  /** Where phones join: the host's page on its first LAN address (none for a host on loopback alone). */
  const joinAt = ref<string | null>(null);
  const tables = ref<TableSummary[]>([]);
  /** The host's evening, if it has one (its lobby watchers are told each change). */
  const evening = ref<EveningInfo | null>(null);
  const hostName = ref<string | null>(null);
  const connected = ref(false);
  const watches = shallowRef(new Map<string, TableWatch>());
  let lobby: GameClient | null = null;
  /** How the room screen is listed among a table's watchers. */
  let name = '';

  const ordered = computed(() => {
    const e = evening.value;
    const heat = e?.heats.at(-1)?.number;
    return roomOrder(tables.value, e && heat ? { evening: e.settings.name, heat } : null);
  });
  const shown = computed(() => ordered.value.slice(0, ROOM_TABLES_MAX));
  /** Tables the screen would show but has no room for (an earlier heat's tables are not missed). */
  const hidden = computed(() => ordered.value.length - shown.value.length);

  /**
   * Watches exactly the tables shown (a table that would turn a watcher away is still asked: it says so),
   * but for an evening's: nobody watches those (another table may hold the same cards), the evening's
   * own message says how they stand.
   */
  function follow(): void {
    const at = url.value;
    if (!at) return;
    const want = new Set(shown.value.filter((t) => !t.evening).map((t) => t.id));
    const next = new Map<string, TableWatch>();
    for (const [id, w] of watches.value) {
      if (want.has(id)) next.set(id, w);
      else w.close();
    }
    for (const id of want) if (!next.has(id)) next.set(id, watchTable(at, id, name));
    watches.value = next;
  }

  function connect(target: string): void {
    lobby = services().createClient(target);
    lobby.onWelcome((w) => {
      hostName.value = w.host.name;
      lobby?.send({ type: 'listTables' });
    });
    lobby.onStatus((s) => (connected.value = s.state === 'open'));
    lobby.onMessage((msg) => {
      if (msg.type === 'evening') {
        evening.value = msg.evening;
        follow();
      }
      if (msg.type !== 'tables') return;
      if (msg.handedOverTo) return followHandOver(msg.handedOverTo);
      tables.value = msg.tables;
      follow();
    });
    lobby.connect();
  }

  /**
   * The host handed its tables (and its evening) over to another host: the TV, which nobody sits at, follows
   * them there by itself. A page the old host served loads the new host's own room screen (it cannot open
   * another host's WebSocket); the app names the new host in its address, and the screen opens that.
   */
  function followHandOver(to: MovedTo): void {
    const host = movedHost(to);
    if (!host) return;
    const nav = services().nav;
    if (services().originWsUrl !== null && nav?.load) nav.load(`${httpUrl(host)}#/room`);
    else useRouteStore().openInPlace({ kind: 'room', host });
  }

  /** Links to `host` (null: the page's own host) as `watcherName`, and asks where phones join. */
  function open(host: HostAddress | null, watcherName: string): void {
    close();
    name = watcherName;
    url.value = host ? wsUrl(host) : services().originWsUrl;
    if (!url.value) return;
    connect(url.value);
    void findJoinAt(url.value);
  }

  async function findJoinAt(at: string): Promise<void> {
    const where = hostOfWsUrl(at);
    if (!where) return;
    const check = await checkHost(where);
    if (check.ok && check.info.addresses && url.value === at)
      joinAt.value = joinUrls(check.info.addresses, check.info.port ?? where.port)[0] ?? null;
  }

  function close(): void {
    lobby?.close();
    lobby = null;
    for (const w of watches.value.values()) w.close();
    watches.value = new Map();
    tables.value = [];
    evening.value = null;
    hostName.value = null;
    joinAt.value = null;
    connected.value = false;
  }

  return { url, joinAt, tables, shown, hidden, watches, hostName, connected, evening, open, close };
});
