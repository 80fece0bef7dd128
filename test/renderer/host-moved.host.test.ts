import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHost, type Host } from '../../main/host';
import type { DesktopApi, DiscoveredTable, TableEvent } from '../../shared/desktop-api';
import { PROTOCOL_VERSION } from '../../shared/protocol';
import { desktopBridge } from '../../renderer/src/bridge/desktop';
import { webBridge } from '../../renderer/src/bridge/web';
import { GameClient } from '../../renderer/src/net/client';
import { movedTableUrl } from '../../renderer/src/net/host-moved';
import { setServices } from '../../renderer/src/services';
import { useConnectionStore } from '../../renderer/src/stores/connection';
import { useFollowHostStore } from '../../renderer/src/stores/followHost';
import { loadSession, savedSeat } from '../../renderer/src/stores/session';
import { useTableStore } from '../../renderer/src/stores/table';
import { MemoryStorage } from './memory-storage';

/*
 * A host that comes back somewhere else (issue 30 §2), with real hosts on 127.0.0.1: a player's host stops and
 * starts again on another port with the same data folder. The desktop app finds the table among those
 * discovery lists (the feed driven here as main's would be) and resumes its seat there by itself; a browser
 * offers to type the new address.
 */

const HOST_NAME = 'Ann’s laptop';
const until = async (what: string, ok: () => boolean, timeoutMs = 8000): Promise<void> => {
  const start = Date.now();
  while (!ok()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

let dataDir: string;
let hosts: Host[];
let session: MemoryStorage;
let local: MemoryStorage;
/** The desktop bridge's table feed: who listens, and a way to "discover" a table. */
let listeners: Set<(e: TableEvent) => void>;

const boot = async (): Promise<Host> => {
  const host = await startHost({
    port: 0,
    bind: '127.0.0.1',
    dataDir,
    hostName: HOST_NAME,
    bots: 'inline',
    limits: { botDelayMs: 0 },
  });
  hosts.push(host);
  return host;
};

const discovered = (id: string, port: number, over: Partial<DiscoveredTable> = {}): DiscoveredTable => ({
  id,
  name: 'Moving table',
  players: 2,
  seats: 2,
  state: 'playing',
  key: `moving (${port})._red7._tcp.local`,
  address: '127.0.0.1',
  addresses: ['127.0.0.1'],
  port,
  hostName: HOST_NAME,
  protocol: PROTOCOL_VERSION,
  ...over,
});

function install(kind: 'desktop' | 'web', port: number): void {
  setActivePinia(createPinia());
  listeners = new Set();
  const desktopApi = {
    tables: {
      subscribe(cb: (e: TableEvent) => void) {
        listeners.add(cb);
        return () => listeners.delete(cb);
      },
    },
  } as unknown as DesktopApi;
  const bridge =
    kind === 'desktop'
      ? desktopBridge(desktopApi)
      : webBridge({
          location: {
            hostname: '127.0.0.1',
            port: String(port),
            protocol: 'http:',
            origin: `http://127.0.0.1:${port}`,
          },
          fetch,
          storage: local,
        });
  setServices({
    bridge,
    createClient: (url) =>
      new GameClient({ url, backoff: { initialMs: 30, maxMs: 200, jitter: 0 }, heartbeatMs: 1000 }),
    session,
    local,
    originWsUrl: kind === 'web' ? `ws://127.0.0.1:${port}/ws` : null,
  });
}

/** Sits Ada at a started two-seat table (a bot the other seat) on `host`. */
async function seated(host: Host) {
  const table = useTableStore();
  table.init();
  useFollowHostStore().init();
  table.createTable(
    `ws://127.0.0.1:${host.port}/ws`,
    'Moving table',
    'Ada',
    { players: 2, mode: 'basic', actionRule: false },
    [1],
  );
  await until('the table', () => table.table !== null);
  table.start();
  await until('the view', () => table.view !== null);
  await until('the host name kept', () => loadSession(session)?.hostName === HOST_NAME);
  return { table, tableId: table.session!.tableId, token: table.session!.token! };
}

beforeEach(() => {
  setActivePinia(createPinia());
  dataDir = mkdtempSync(join(tmpdir(), 'red7-moved-'));
  hosts = [];
  session = new MemoryStorage();
  local = new MemoryStorage();
});

afterEach(async () => {
  useConnectionStore().disconnect();
  for (const h of hosts) await h.close({ timeoutMs: 500 }).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('movedTableUrl', () => {
  const where = { url: 'ws://10.0.0.5:47470/ws', tableId: 'tblA1', hostName: HOST_NAME };
  it('finds the same table of a host of the same name at another address, and nothing else', () => {
    const moved = { ...discovered('tblA1', 47470), address: '10.0.0.9' };
    expect(movedTableUrl(where, [moved])).toBe('ws://10.0.0.9:47470/ws');
    expect(movedTableUrl(where, [{ ...moved, port: 47999, address: '10.0.0.5' }])).toBe(
      'ws://10.0.0.5:47999/ws',
    );
    // Where it already is; another table; another host's table of that id; another protocol.
    expect(movedTableUrl(where, [{ ...moved, address: '10.0.0.5' }])).toBeNull();
    expect(movedTableUrl(where, [{ ...moved, id: 'tblB2' }])).toBeNull();
    expect(movedTableUrl(where, [{ ...moved, hostName: 'Bo' }])).toBeNull();
    expect(movedTableUrl(where, [{ ...moved, protocol: PROTOCOL_VERSION + 1 }])).toBeNull();
    // Never welcomed (no name known): the table id alone.
    expect(movedTableUrl({ url: where.url, tableId: 'tblA1' }, [{ ...moved, hostName: 'Bo' }])).toBe(
      'ws://10.0.0.9:47470/ws',
    );
  });
});

describe('a host that comes back somewhere else', () => {
  it('the desktop app finds the table on the network at the new port and resumes its seat there by itself', async () => {
    const first = await boot();
    install('desktop', first.port);
    const connection = useConnectionStore();
    const follow = useFollowHostStore();
    const { table, tableId, token } = await seated(first);
    const seat = table.seat;
    const moves = table.view!.moveCount;
    expect(follow.looking).toBe(false);
    expect(listeners.size).toBe(0);

    // The host goes, and starts again on another port with the same data folder.
    await first.close({ timeoutMs: 500 });
    await until('reconnecting', () => connection.status.state === 'reconnecting');
    await until('looking on the network', () => follow.looking && listeners.size === 1);
    const second = await boot();
    expect(second.port).not.toBe(first.port);
    const newUrl = `ws://127.0.0.1:${second.port}/ws`;

    // Another host's table of the same id is not it; the old address listed still is where we are.
    for (const cb of listeners)
      cb({ type: 'up', table: discovered(tableId, second.port, { hostName: 'Bo', key: 'bo' }) });
    for (const cb of listeners) cb({ type: 'up', table: discovered(tableId, first.port, { key: 'old' }) });
    expect(connection.url).toBe(`ws://127.0.0.1:${first.port}/ws`);

    for (const cb of listeners) cb({ type: 'up', table: discovered(tableId, second.port) });
    await until(
      'open at the new address',
      () => connection.url === newUrl && connection.status.state === 'open',
    );
    await until('the seat resumed', () => table.view !== null && table.view.moveCount >= moves);
    expect(table.seat).toBe(seat);
    expect(loadSession(session)).toMatchObject({ url: newUrl, tableId, token, hostName: HOST_NAME });
    // The saved seat (for "Rejoin" in the lobby) moved with it.
    expect(savedSeat(local, newUrl, tableId)?.token).toBe(token);
    expect(savedSeat(local, `ws://127.0.0.1:${first.port}/ws`, tableId)).toBeNull();
    await until('no longer looking', () => !follow.looking && listeners.size === 0);
  });

  it('a browser (no mDNS) offers to type the new address after a few attempts, and opens the table there', async () => {
    const first = await boot();
    install('web', first.port);
    const follow = useFollowHostStore();
    const { tableId } = await seated(first);
    expect(follow.askAddress).toBe(false);
    await first.close({ timeoutMs: 500 });
    await until('the address asked', () => follow.askAddress);
    expect(follow.looking).toBe(false);
    const opened: string[] = [];
    expect(follow.openAt('10.0.0.9:47999', (url) => opened.push(url))).toBeNull();
    expect(opened).toEqual([`http://10.0.0.9:47999/#/table/${tableId}`]);
    expect(follow.openAt('not an address!', (url) => opened.push(url))).toBe('invalid');
    expect(follow.openAt('', (url) => opened.push(url))).toBe('empty');
    expect(opened).toHaveLength(1);
  });
});
