import { defineStore } from 'pinia';
import { ref, watch } from 'vue';
import type { TableSummary } from '../../../shared/protocol';
import { httpUrl, wsUrl, type HostAddress } from '../net/address';
import { hostOfWsUrl, isAppPath, parseRoute, routeHash, sameRoute, type Route } from './routes';
import { services, type Navigation } from '../services';
import { useSavedSeatsStore } from './savedSeats';
import { useSettingsStore } from './settings';
import { useTableStore } from './table';

/** A table opened by its address that this page is not at: what its host says of it. */
export interface TableDoor {
  url: string;
  tableId: string;
  host: HostAddress;
  /** looking: asking its host; found: `summary` holds it; gone: the host has no such table; unreachable: no answer. */
  status: 'looking' | 'found' | 'gone' | 'unreachable';
  summary: TableSummary | null;
}

/**
 * The page's address and the table it names (docs/renderer.md, "Addresses"). Sitting down or watching
 * puts the table's address in the history; Back to the lobby steps away from the table keeping the seat;
 * Forward, a typed address or a shared link comes back in: the seat this device holds is resumed, else
 * the door offers to join or watch, or says the table is gone.
 */
export const useRouteStore = defineStore('route', () => {
  const table = useTableStore();
  const seats = useSavedSeatsStore();
  const settings = useSettingsStore();
  const door = ref<TableDoor | null>(null);
  /** The history, a replay, "Learn to play" or the room screen, when the address names one (the App shows it instead of the lobby). */
  const page = ref<Extract<Route, { kind: 'history' | 'replay' | 'learn' | 'room' }> | null>(null);
  let nav: Navigation | null = null;
  let asking = 0;

  /** Where a table on `host` is reached from this page (null host: the page's own). */
  function urlOf(host: HostAddress | null): string | null {
    if (host) return wsUrl(host);
    return services().originWsUrl;
  }

  /** The host a route names for a session's url: none when it is the page's own. */
  function hostFor(url: string): HostAddress | null {
    return url === services().originWsUrl ? null : hostOfWsUrl(url);
  }

  /** The route of the table a session sits at: no host when it is the page's own. */
  function routeOf(url: string, tableId: string): Route {
    return { kind: 'table', tableId, host: hostFor(url) };
  }

  function start(): void {
    if (nav) return;
    nav = services().nav ?? null;
    if (!nav) return;
    nav.listen(follow);
    const route = parseRoute(nav.current());
    const s = table.session;
    const elsewhere =
      route?.kind === 'table' ||
      route?.kind === 'history' ||
      route?.kind === 'replay' ||
      route?.kind === 'learn' ||
      route?.kind === 'room';
    // A page opened at a table or a replay (a link, the QR code): the lobby goes under it, so Back stays in the app.
    if (elsewhere && !nav.pushedHere()) {
      const here = nav.current();
      nav.replace(routeHash({ kind: 'lobby' }));
      nav.push(here);
    }
    // A tab that sits at a table (its session survives a reload) resumes there when the address is still
    // the table's (a reload keeps it). Any other address is followed: the host's address alone is the
    // lobby, so a watcher stops watching and a player steps away, the seat kept. Only a hash that is no
    // route at all (none of ours) leaves the table as it was, its address put back.
    if (s && route === null) nav.replace(routeHash(routeOf(s.url, s.tableId)));
    else follow();
    watch(
      () => (table.session ? `${table.session.url}|${table.session.tableId}` : null),
      (now) => {
        if (!nav || !table.session || !now) return;
        const here = routeOf(table.session.url, table.session.tableId);
        door.value = null;
        if (!sameRoute(parseRoute(nav.current()), here)) nav.push(routeHash(here));
      },
    );
    watch(
      () => table.atTable,
      (at, was) => {
        if (at || !was || !nav) return;
        // Left by a button, the host, or a cancelled join: the table's address no longer fits the page.
        // (Stepping away by Back or another address leaves the route at where it now points.)
        const route = parseRoute(nav.current());
        if (route?.kind === 'table' && !door.value) nav.replace(routeHash({ kind: 'lobby' }));
        // Leaving a game for its replay: the address already names the history; stay there.
      },
    );
  }

  /** The address changed (Back, Forward, typed, or at the start): show what it names. */
  function follow(): void {
    if (!nav) return;
    const here = nav.current();
    const known = parseRoute(here);
    // A path this build does not know (an old app opening a newer link): the lobby, and the address says so.
    if (!known && isAppPath(here)) nav.replace(routeHash({ kind: 'lobby' }));
    const route = known ?? (isAppPath(here) ? ({ kind: 'lobby' } as const) : null);
    if (!route) return;
    if (
      route.kind === 'history' ||
      route.kind === 'replay' ||
      route.kind === 'learn' ||
      route.kind === 'room'
    ) {
      door.value = null;
      page.value = route;
      if (table.atTable) table.stepAway();
      return;
    }
    page.value = null;
    if (route.kind === 'lobby') {
      door.value = null;
      if (table.atTable) table.stepAway();
      return;
    }
    const url = urlOf(route.host);
    const s = table.session;
    if (s && url && s.url === url && s.tableId === route.tableId) return;
    if (table.atTable) table.stepAway();
    if (!url) {
      door.value = null;
      nav.replace(routeHash({ kind: 'lobby' }));
      return;
    }
    if (seats.holds(url, route.tableId)) {
      door.value = null;
      table.join(url, route.tableId, settings.playerName);
      return;
    }
    const host = route.host ?? hostOfWsUrl(url);
    if (!host) return;
    door.value = { url, tableId: route.tableId, host, status: 'looking', summary: null };
    void look();
  }

  /** Asks the door's host about its table. */
  async function look(): Promise<void> {
    const d = door.value;
    if (!d) return;
    const mine = ++asking;
    door.value = { ...d, status: 'looking' };
    let next: Pick<TableDoor, 'status' | 'summary'>;
    try {
      const res = await fetch(`${httpUrl(d.host)}api/tables`, { headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const found = ((await res.json()) as TableSummary[]).find((t) => t.id === d.tableId) ?? null;
      next = found ? { status: 'found', summary: found } : { status: 'gone', summary: null };
    } catch {
      next = { status: 'unreachable', summary: null };
    }
    if (mine === asking && door.value?.tableId === d.tableId) door.value = { ...door.value, ...next };
  }

  /** The door's table: join it (an open seat) or watch it. The door stays until the host answers. */
  function join(name: string): void {
    const d = door.value;
    if (d) table.join(d.url, d.tableId, name);
  }

  function watchIt(): void {
    const d = door.value;
    if (d) table.spectate(d.url, d.tableId);
  }

  /** To the lobby from the door (a new history entry: Back returns to the door). */
  function toLobby(): void {
    door.value = null;
    page.value = null;
    nav?.push(routeHash({ kind: 'lobby' }));
  }

  /** Goes to the history or a replay (a new history entry: Back returns to where the player was). */
  function open(route: Route): void {
    if (!nav) return;
    nav.push(routeHash(route));
    follow();
  }

  /** Goes to `route` in place of where the page is (no new history entry: Back does not lead back there). */
  function openInPlace(route: Route): void {
    if (!nav) return;
    nav.replace(routeHash(route));
    follow();
  }

  /** A replay's step changed: the address follows without a new history entry (Back leaves the replay). */
  function replaceStep(step: number): void {
    const p = page.value;
    if (!nav || p?.kind !== 'replay' || p.step === step) return;
    page.value = { ...p, step };
    nav.replace(routeHash(page.value));
  }

  return { door, page, start, follow, look, join, watchIt, toLobby, open, openInPlace, replaceStep, hostFor };
});
