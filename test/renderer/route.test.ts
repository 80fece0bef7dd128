import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import { startHost, type Host } from '../../main/host';
import { webBridge } from '../../renderer/src/bridge/web';
import { GameClient } from '../../renderer/src/net/client';
import { hostOfWsUrl, parseRoute, routeHash, sameRoute, type Route } from '../../renderer/src/stores/routes';
import { services, setServices, type Navigation } from '../../renderer/src/services';
import { useConnectionStore } from '../../renderer/src/stores/connection';
import { useRouteStore } from '../../renderer/src/stores/route';
import { useSavedSeatsStore } from '../../renderer/src/stores/savedSeats';
import { useTableStore } from '../../renderer/src/stores/table';
import { MemoryStorage } from './memory-storage';

describe('route parsing', () => {
  it('reads the lobby, a table here and a table on another host', () => {
    expect(parseRoute('')).toEqual({ kind: 'lobby' });
    expect(parseRoute('#/')).toEqual({ kind: 'lobby' });
    expect(parseRoute('#/table/Ab3_x-9')).toEqual({ kind: 'table', tableId: 'Ab3_x-9', host: null });
    expect(parseRoute('#/table/Ab3_x-9/')).toEqual({ kind: 'table', tableId: 'Ab3_x-9', host: null });
    expect(parseRoute('#/table/abcd?host=10.0.0.5%3A47471')).toEqual({
      kind: 'table',
      tableId: 'abcd',
      host: { address: '10.0.0.5', port: 47471 },
    });
    expect(parseRoute('#/table/abcd?host=red.local')).toEqual({
      kind: 'table',
      tableId: 'abcd',
      host: { address: 'red.local', port: 47470 },
    });
    expect(parseRoute('#/table/abcd?host=%5Bfe80%3A%3A1%5D%3A5000')).toEqual({
      kind: 'table',
      tableId: 'abcd',
      host: { address: 'fe80::1', port: 5000 },
    });
  });

  it('is no route for any other hash: the skip link, a bad id, a bad host', () => {
    for (const hash of [
      '#main',
      '#/tables',
      '#/table/',
      '#/table/ab', // too short for a host's id
      '#/table/a b c d',
      '#/table/%E0%A4%A',
      '#/table/abcd/more',
      '#/table/abcd?host=10.0.0.5:99999',
      '#/table/abcd?host=',
    ])
      expect(parseRoute(hash), hash).toBeNull();
  });

  it('writes what it reads, the host only when there is one', () => {
    const routes: Route[] = [
      { kind: 'lobby' },
      { kind: 'table', tableId: 'T4ble-1', host: null },
      { kind: 'table', tableId: 'T4ble-1', host: { address: '192.168.1.20', port: 47470 } },
      { kind: 'table', tableId: 'T4ble-1', host: { address: 'fe80::1', port: 47470 } },
    ];
    for (const r of routes) expect(parseRoute(routeHash(r))).toEqual(r);
    expect(routeHash(routes[1])).toBe('#/table/T4ble-1');
    expect(routeHash(routes[2])).toBe('#/table/T4ble-1?host=192.168.1.20%3A47470');
  });

  it('tells routes apart and finds the host of a ws URL', () => {
    expect(sameRoute({ kind: 'lobby' }, parseRoute(''))).toBe(true);
    expect(sameRoute(parseRoute('#/table/abcd'), parseRoute('#/table/abcd'))).toBe(true);
    expect(sameRoute(parseRoute('#/table/abcd'), parseRoute('#/table/abce'))).toBe(false);
    expect(sameRoute(parseRoute('#/table/abcd'), parseRoute('#/table/abcd?host=1.2.3.4'))).toBe(false);
    expect(sameRoute(null, { kind: 'lobby' })).toBe(false);
    expect(hostOfWsUrl('ws://10.0.0.5:47471/ws')).toEqual({ address: '10.0.0.5', port: 47471 });
    expect(hostOfWsUrl('ws://[fe80::1]:47470/ws')).toEqual({ address: 'fe80::1', port: 47470 });
    expect(hostOfWsUrl('not a url')).toBeNull();
  });
});

/** A history as a browser keeps one: push drops what was ahead; back and forward fire the listeners. */
class FakeHistory implements Navigation {
  entries = [''];
  pushed = [false];
  at = 0;
  private listeners = new Set<() => void>();
  current = (): string => this.entries[this.at];
  pushedHere = (): boolean => this.pushed[this.at];
  push = (hash: string): void => {
    this.entries = [...this.entries.slice(0, this.at + 1), hash];
    this.pushed = [...this.pushed.slice(0, this.at + 1), true];
    this.at++;
  };
  replace = (hash: string): void => {
    this.entries[this.at] = hash;
  };
  listen = (cb: () => void): (() => void) => {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  };
  /** Typing an address, or opening a link in this tab. */
  go(hash: string): void {
    this.push(hash);
    this.fire();
  }
  back(): void {
    this.at--;
    this.fire();
  }
  forward(): void {
    this.at++;
    this.fire();
  }
  private fire(): void {
    for (const cb of this.listeners) cb();
  }
}

const until = async (what: string, ok: () => boolean, timeoutMs = 8000): Promise<void> => {
  const start = Date.now();
  while (!ok()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('the route store with a real host', () => {
  let dataDir: string;
  let host: Host;
  let local: MemoryStorage;
  let nav: FakeHistory;

  /** A tab of the page the host serves (its own sessionStorage, the browser's localStorage). */
  function openTab(): void {
    setActivePinia(createPinia());
    nav = new FakeHistory();
    const port = host.port;
    setServices({
      bridge: webBridge({
        location: {
          hostname: '127.0.0.1',
          port: String(port),
          protocol: 'http:',
          origin: `http://127.0.0.1:${port}`,
        },
        fetch,
        storage: local,
        pollMs: 100,
      }),
      createClient: (url) => new GameClient({ url, backoff: { initialMs: 30, maxMs: 200, jitter: 0 } }),
      session: new MemoryStorage(),
      local,
      originWsUrl: `ws://127.0.0.1:${port}/ws`,
      nav,
    });
  }

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'red7-route-'));
    host = await startHost({
      port: 0,
      bind: '127.0.0.1',
      dataDir,
      bots: 'inline',
      limits: { botDelayMs: 0 },
    });
    local = new MemoryStorage();
  });
  afterEach(async () => {
    useConnectionStore().disconnect();
    await host.close({ timeoutMs: 500 });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('pushes the table’s address on sitting down; Back keeps the seat, Forward takes it back', async () => {
    openTab();
    const table = useTableStore();
    const route = useRouteStore();
    table.init();
    route.start();
    const url = `ws://127.0.0.1:${host.port}/ws`;
    table.createTable(url, 'Routed', 'Ada', { players: 2, mode: 'basic', actionRule: false }, [1]);
    await until('the table', () => table.table !== null);
    const id = table.table!.id;
    expect(nav.entries).toEqual(['', `#/table/${id}`]);
    const token = table.session!.token;

    nav.back();
    expect(table.atTable).toBe(false);
    expect(useSavedSeatsStore().holds(url, id)).toBe(true);
    await nextTick();
    expect(nav.entries).toEqual(['', `#/table/${id}`]); // stepping away rewrites no address
    nav.forward();
    await until('the seat taken back', () => table.table?.id === id);
    expect(table.session!.token).toBe(token);
    expect(table.seat).toBe(0);
    expect(nav.entries).toEqual(['', `#/table/${id}`]);

    // Leaving by the button: the address goes back to the lobby's, and Back no longer re-enters.
    table.leave();
    await nextTick();
    expect(nav.current()).toBe('#/');
  });

  it('opens a link: resumes the seat this browser holds, else offers the table, or says it is gone', async () => {
    openTab();
    let table = useTableStore();
    table.init();
    useRouteStore().start();
    const url = `ws://127.0.0.1:${host.port}/ws`;
    table.createTable(url, 'Linked', 'Ada', { players: 3, mode: 'basic', actionRule: false }, []);
    await until('the table', () => table.table !== null);
    const id = table.table!.id;
    const token = table.session!.token;
    useConnectionStore().disconnect();

    // Another tab of the same browser opens the link: the seat comes back.
    openTab();
    table = useTableStore();
    table.init();
    nav.replace(`#/table/${id}`);
    useRouteStore().start();
    await until('the seat resumed', () => table.table?.id === id);
    expect(table.session!.token).toBe(token);
    useConnectionStore().disconnect();

    // Another browser: the door, with the table's facts; joining takes an open seat.
    local = new MemoryStorage();
    openTab();
    table = useTableStore();
    table.init();
    nav.replace(`#/table/${id}`);
    let route = useRouteStore();
    route.start();
    await until('the door', () => route.door?.status === 'found');
    expect(route.door!.summary).toMatchObject({ id, name: 'Linked', players: 1, seats: 3, state: 'open' });
    route.join('Bea');
    await until('seated', () => table.table?.id === id && table.seat !== null);
    expect(table.seat).toBe(1);
    expect(route.door).toBeNull();
    // Opened at the table, the page put the lobby under it: Back stays in the app.
    expect(nav.entries).toEqual(['#/', `#/table/${id}`]);
    expect(nav.at).toBe(1);
    useConnectionStore().disconnect();

    // A table that is not there (any more).
    openTab();
    useTableStore().init();
    nav.replace('#/table/NoSuchTable');
    route = useRouteStore();
    route.start();
    await until('the door', () => route.door?.status === 'gone');
    route.toLobby();
    expect(route.door).toBeNull();
    expect(nav.current()).toBe('#/');
  });

  it('a reloaded tab resumes the table it sits at, and its address follows', async () => {
    openTab();
    let table = useTableStore();
    table.init();
    useRouteStore().start();
    const url = `ws://127.0.0.1:${host.port}/ws`;
    table.createTable(url, 'Reloaded', 'Ada', { players: 2, mode: 'basic', actionRule: false }, []);
    await until('the table', () => table.table !== null);
    const id = table.table!.id;
    const session = new MemoryStorage();
    session.setItem('red7.session', JSON.stringify(table.session));
    useConnectionStore().disconnect();

    // The same tab after a reload: the address is still the table's, and it resumes there.
    openTab();
    nav.entries[0] = `#/table/${id}`;
    setServices({ ...services(), session });
    table = useTableStore();
    table.init();
    useRouteStore().start();
    expect(nav.current()).toBe(`#/table/${id}`);
    await until('resumed', () => table.table?.id === id);
  });

  it("the host's address alone opens the lobby, for a watcher and for a player (whose seat stays theirs)", async () => {
    openTab();
    let table = useTableStore();
    table.init();
    useRouteStore().start();
    const url = `ws://127.0.0.1:${host.port}/ws`;
    table.createTable(url, 'Typed', 'Ada', { players: 2, mode: 'basic', actionRule: false }, []);
    await until('the table', () => table.table !== null);
    const id = table.table!.id;
    const playing = new MemoryStorage();
    playing.setItem('red7.session', JSON.stringify(table.session));
    useConnectionStore().disconnect();

    // The player types the host's address in the same tab: the lobby, the seat still this device's.
    openTab();
    setServices({ ...services(), session: playing });
    table = useTableStore();
    table.init();
    useRouteStore().start();
    expect(nav.current()).toBe('');
    expect(table.atTable).toBe(false);
    expect(useSavedSeatsStore().holds(url, id)).toBe(true);

    // A watcher of the table does the same: the lobby, not the table again.
    openTab();
    const watching = new MemoryStorage();
    watching.setItem(
      'red7.session',
      JSON.stringify({ url, tableId: id, token: null, seat: null, spectator: true }),
    );
    setServices({ ...services(), session: watching });
    table = useTableStore();
    table.init();
    useRouteStore().start();
    await new Promise((r) => setTimeout(r, 200));
    expect(nav.current()).toBe('');
    expect(table.atTable).toBe(false);
    expect(table.table).toBeNull();
    expect(watching.getItem('red7.session')).toBeNull();
  });

  it('leaves a hash that is not a route alone (the skip link)', async () => {
    openTab();
    const table = useTableStore();
    table.init();
    useRouteStore().start();
    nav.go('#main');
    expect(nav.current()).toBe('#main');
    expect(table.atTable).toBe(false);
  });

  it('takes an app path it does not know to the lobby, stepping away from a table (its seat kept)', async () => {
    openTab();
    const table = useTableStore();
    table.init();
    useRouteStore().start();
    table.createTable(
      `ws://127.0.0.1:${host.port}/ws`,
      'Unknown',
      'Ann',
      { players: 2, mode: 'basic', actionRule: false },
      [],
    );
    await until('the table', () => table.atTable && table.session !== null);
    const tableId = table.session!.tableId;
    nav.go('#/tutorial/goal');
    expect(nav.current()).toBe('#/');
    expect(table.atTable).toBe(false);
    expect(useSavedSeatsStore().holds(`ws://127.0.0.1:${host.port}/ws`, tableId)).toBe(true);
    nav.go('#/no/such/page');
    expect(nav.current()).toBe('#/');
  });
});
