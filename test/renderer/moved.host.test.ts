import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startHost, type Host } from '../../main/host';
import { webBridge } from '../../renderer/src/bridge/web';
import { GameClient } from '../../renderer/src/net/client';
import { setServices, type Navigation } from '../../renderer/src/services';
import { useConnectionStore } from '../../renderer/src/stores/connection';
import { adoptCarriedSeat } from '../../renderer/src/stores/movedTable';
import { useRoomScreenStore } from '../../renderer/src/stores/roomScreen';
import { useRouteStore } from '../../renderer/src/stores/route';
import { useNoticesStore } from '../../renderer/src/stores/notices';
import { savedSeat } from '../../renderer/src/stores/session';
import { useTableStore } from '../../renderer/src/stores/table';
import type { HandOverAsk } from '../../shared/protocol';
import { TestClient } from '../integration/helpers/client';
import { holdAt, holdingProxy } from '../integration/helpers/hand-over';
import { MemoryStorage } from './memory-storage';

/*
 * A table handed over to another host while the app sits at it: the stores follow `moved` by themselves
 * (the desktop app reconnects there with its token; a page the old host served loads the new host's page,
 * the seat in the fragment) and say where the table went.
 */

const until = async (what: string, ok: () => boolean, timeoutMs = 8000): Promise<void> => {
  const start = Date.now();
  while (!ok()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

const dirs: string[] = [];
let a: Host;
let b: Host;
let session: MemoryStorage;
let local: MemoryStorage;

async function boot(name: string): Promise<Host> {
  const dataDir = mkdtempSync(join(tmpdir(), 'red7-moved-'));
  dirs.push(dataDir);
  return startHost({
    port: 0,
    bind: '127.0.0.1',
    dataDir,
    hostName: name,
    bots: 'inline',
    limits: { botDelayMs: 0 },
  });
}

function install(origin: number | null, nav?: Navigation): void {
  setActivePinia(createPinia());
  const port = origin ?? a.port;
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
    createClient: (url) =>
      new GameClient({ url, backoff: { initialMs: 30, maxMs: 200, jitter: 0 }, heartbeatMs: 1000 }),
    session,
    local,
    originWsUrl: origin === null ? null : `ws://127.0.0.1:${origin}/ws`,
    ...(nav ? { nav } : {}),
  });
}

/** Hands every table of `a` over to `b` (through `port`, a proxy in front of it), as the two hosts' people would. */
async function handOver(port = b.port): Promise<void> {
  b.handOver.setReceiving(true);
  const codes: HandOverAsk[] = [];
  b.handOver.onAsked((ask) => codes.push(ask));
  const to = { address: '127.0.0.1', port };
  await a.handOver.ask(to);
  const report = await a.handOver.send(to, codes[0].code);
  expect(report.moved).toHaveLength(1);
}

/** A table at `a` with a bot, begun, the store at it. */
async function seatedAtA() {
  const table = useTableStore();
  table.init();
  table.createTable(
    `ws://127.0.0.1:${a.port}/ws`,
    'Moving table',
    'Ada',
    { players: 2, mode: 'advanced', actionRule: true },
    [1],
  );
  await until('the table', () => table.table !== null);
  table.start();
  await until('our turn', () => table.view?.current === 0 && table.view.legalMoves.length > 0);
  return table;
}

beforeEach(async () => {
  a = await boot('Ann’s laptop');
  b = await boot('Bo’s computer');
  session = new MemoryStorage();
  local = new MemoryStorage();
});

afterEach(async () => {
  useConnectionStore().disconnect();
  await a.close({ timeoutMs: 500 });
  await b.close({ timeoutMs: 500 });
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('a table that moves to another host', () => {
  it('the desktop app follows it with its token, says so, and its turn refused meanwhile is sent there', async () => {
    install(null);
    const table = await seatedAtA();
    const connection = useConnectionStore();
    const { token, tableId } = table.session!;
    const seen = table.view!;
    const oldUrl = `ws://127.0.0.1:${a.port}/ws`;
    const newUrl = `ws://127.0.0.1:${b.port}/ws`;

    // The prepare waits at a proxy: meanwhile the table is frozen, and our turn is refused as `moving`.
    const step = holdAt('/api/hand-over/prepare', 'request');
    const proxy = await holdingProxy(b.port, step.hold);
    const moving = handOver(proxy.port);
    await step.reached;
    const move = table.view!.legalMoves.find((m) => m.type === 'play' || m.type === 'discard')!;
    table.move(move);
    await until('the refusal', () => !table.awaiting);
    expect(table.view!.moveCount).toBe(seen.moveCount);
    step.pass();
    await moving;
    proxy.server.close();
    await until(
      'the new host',
      () => connection.hostName === 'Bo’s computer' && table.view !== null && table.session?.url === newUrl,
    );
    await until('the view there', () => table.table !== null);
    expect(table.session).toMatchObject({ url: newUrl, tableId, token, seat: 0 });
    // The turn refused while it moved is sent again there, and taken.
    await until('the held turn there', () => table.view!.moveCount > seen.moveCount);
    expect(table.view!.log.some((e) => e.kind === move.type && e.seat === 0)).toBe(true);
    expect(table.previousView).toEqual(seen);
    expect(savedSeat(local, newUrl, tableId)?.token).toBe(token);
    expect(savedSeat(local, oldUrl, tableId)).toBeNull();
    expect(useNoticesStore().items).toEqual([
      expect.objectContaining({ kind: 'error', key: 'errors.moving' }),
      expect.objectContaining({ kind: 'info', key: 'notice.tableMoved', params: { host: 'Bo’s computer' } }),
    ]);
  });

  it('a page the old host served loads the new host’s page, the seat in the fragment; that page keeps it and clears it', async () => {
    const load = vi.fn();
    const nav: Navigation = {
      current: () => '',
      pushedHere: () => false,
      push: () => {},
      replace: () => {},
      listen: () => () => {},
      load,
    };
    install(a.port, nav);
    const table = await seatedAtA();
    const { token, tableId } = table.session!;
    await handOver();
    await until('the page to go', () => load.mock.calls.length > 0);
    const target = new URL(load.mock.calls[0][0] as string);
    expect(`${target.origin}/`).toBe(`http://127.0.0.1:${b.port}/`);
    expect(target.hash.startsWith(`#/table/${tableId}?`)).toBe(true);
    expect(Object.fromEntries(new URLSearchParams(target.hash.split('?')[1]))).toEqual({
      moved: 'Bo’s computer',
      seat: '0',
      token,
    });
    expect(target.search).toBe(''); // the token only in the fragment: never sent to a server

    // The new host's page, opened at that address in the same browser (another origin: its own storage).
    useConnectionStore().disconnect();
    session = new MemoryStorage();
    local = new MemoryStorage();
    let hash = target.hash;
    const replace = vi.fn((h: string) => (hash = h));
    install(b.port, {
      current: () => hash,
      pushedHere: () => false,
      push: () => {},
      replace,
      listen: () => () => {},
    });
    adoptCarriedSeat();
    expect(replace).toHaveBeenCalledWith(`#/table/${tableId}`);
    expect(savedSeat(local, `ws://127.0.0.1:${b.port}/ws`, tableId)?.token).toBe(token);
    expect(useNoticesStore().items[0]).toMatchObject({
      key: 'notice.tableMoved',
      params: { host: 'Bo’s computer' },
    });
    // And the seat is taken back there, as any seat this browser keeps.
    const there = useTableStore();
    there.init();
    there.join(`ws://127.0.0.1:${b.port}/ws`, tableId, 'Ada');
    await until('the seat there', () => there.view !== null && there.session?.token === token);
  });

  it('the desktop app’s room screen follows the tables to the new host, its address naming that host', async () => {
    const at = (port: number) => `#/room?host=${encodeURIComponent(`127.0.0.1:${port}`)}`;
    let hash = at(a.port);
    install(null, {
      current: () => hash,
      pushedHere: () => false,
      push: (next) => (hash = next),
      replace: (next) => (hash = next),
      listen: () => () => {},
    });
    const maker = await TestClient.greeted(a.port);
    maker.send({
      type: 'createTable',
      name: 'Moving table',
      player: 'Ada',
      options: { players: 2, mode: 'basic', actionRule: false },
      bots: [1],
    });
    await maker.next('joined');
    maker.send({ type: 'start' });
    await maker.next('view');
    const route = useRouteStore();
    route.start();
    const host = () => (route.page?.kind === 'room' ? route.page.host : null);
    const room = useRoomScreenStore();
    room.open(host(), 'TV');
    await until(
      'the table on the screen',
      () => room.tables.length === 1 && room.hostName === 'Ann’s laptop',
    );

    await handOver();
    // Nobody sits at a TV: it goes where the tables went by itself (it was left with an empty host).
    await until('the address to name the new host', () => hash === at(b.port));
    expect(host()).toEqual({ address: '127.0.0.1', port: b.port });
    // RoomView opens the screen on the host its address names (room-view.test: a new host reopens it).
    room.open(host(), 'TV');
    await until('the table there', () => room.hostName === 'Bo’s computer' && room.tables.length === 1);
    room.close();
    await maker.close();
  });
});
