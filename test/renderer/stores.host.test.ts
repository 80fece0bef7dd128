import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { watch } from 'vue';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHost, type Host } from '../../main/host';
import { webBridge } from '../../renderer/src/bridge/web';
import { GameClient } from '../../renderer/src/net/client';
import { setServices } from '../../renderer/src/services';
import { useConnectionStore } from '../../renderer/src/stores/connection';
import { useLanTablesStore } from '../../renderer/src/stores/lanTables';
import { useNoticesStore } from '../../renderer/src/stores/notices';
import { loadSession, savedSeat } from '../../renderer/src/stores/session';
import { useTableStore } from '../../renderer/src/stores/table';
import { MemoryStorage } from './memory-storage';
import { viewFor, type SeatView } from '../../shared/engine';
import type { ClientMessage, ServerMessage } from '../../shared/protocol';
import { pick, rng } from '../helpers/random';
import { replayGame } from '../integration/helpers/truth';

/*
 * The stores against a real host on 127.0.0.1: create a table with a bot, start, play through the
 * store, survive a host restart by resuming with the seat token. No mocks between store and host.
 */

const until = async (what: string, ok: () => boolean, timeoutMs = 8000): Promise<void> => {
  const start = Date.now();
  while (!ok()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

let dataDir: string;
let host: Host;
let session: MemoryStorage;
let local: MemoryStorage;

async function boot(port = 0): Promise<Host> {
  return startHost({
    port,
    bind: '127.0.0.1',
    dataDir,
    hostName: 'store test host',
    bots: 'inline',
    limits: { botDelayMs: 0 },
  });
}

/** `wrap` lets a test stand between the store and the socket (drop a frame, record what is sent). */
function install(port: number, wrap: (c: GameClient) => GameClient = (c) => c): void {
  setActivePinia(createPinia());
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
      wrap(new GameClient({ url, backoff: { initialMs: 30, maxMs: 200, jitter: 0 }, heartbeatMs: 1000 })),
    session,
    local,
    originWsUrl: `ws://127.0.0.1:${port}/ws`,
  });
}

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'red7-stores-'));
  host = await boot();
  session = new MemoryStorage();
  local = new MemoryStorage();
  install(host.port);
});

afterEach(async () => {
  useConnectionStore().disconnect();
  useLanTablesStore().stop();
  await host.close({ timeoutMs: 500 });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('stores with a real host', () => {
  it('creates a table with a bot, starts it and plays a legal move', async () => {
    const table = useTableStore();
    table.init();
    const url = `ws://127.0.0.1:${host.port}/ws`;
    table.createTable(url, 'Store table', 'Ada', { players: 2, mode: 'advanced', actionRule: true }, [1]);
    await until('the table', () => table.table !== null);
    expect(table.seat).toBe(0);
    expect(table.isCreator).toBe(true);
    expect(table.table!.seatList.map((s) => s.bot)).toEqual([false, true]);
    expect(loadSession(session)?.token).toMatch(/^[\w-]{16,}$/);

    table.start();
    table.start(); // a double-click: one start goes out, so no "already started" comes back
    await until('the first view', () => table.view !== null);
    const view = table.view!;
    expect(view.seat).toBe(0);
    expect(view.hand.length).toBeGreaterThanOrEqual(6);
    // Never another hand: the bot's hand is only a size.
    expect(view.handSizes).toHaveLength(2);
    expect('hands' in view).toBe(false);
    expect(JSON.stringify(view)).not.toMatch(/"seed"|"deck"\s*:\s*\[|"hands"/);

    // Wait for our turn (the bot may start), then play the first legal move through the store.
    await until('our turn', () => table.view!.current === 0 && table.view!.legalMoves.length > 0);
    const before = table.view!.moveCount;
    const move = table.view!.legalMoves.find((m) => m.type === 'play' || m.type === 'discard')!;
    table.move(move);
    expect(table.awaiting).toBe(true);
    table.move(move); // a double click sends nothing more
    await until('the answer', () => table.view!.moveCount > before);
    expect(table.awaiting).toBe(false);
    expect(table.view!.log.some((e) => e.kind === move.type && e.seat === 0)).toBe(true);
    expect(useNoticesStore().items).toEqual([]);
  });

  it('resumes its seat by token after the host restarts, showing reconnecting meanwhile', async () => {
    const table = useTableStore();
    const connection = useConnectionStore();
    table.init();
    const port = host.port;
    table.createTable(
      `ws://127.0.0.1:${port}/ws`,
      'Restart table',
      'Ada',
      { players: 2, mode: 'basic', actionRule: false },
      [1],
    );
    await until('the table', () => table.table !== null);
    table.start();
    await until('the view', () => table.view !== null);
    const moves = table.view!.moveCount;
    const states: string[] = [];
    connection.$subscribe(() => states.push(connection.status.state));

    await host.close({ timeoutMs: 500 });
    await until('reconnecting', () => connection.status.state === 'reconnecting');
    host = await boot(port);
    await until('open again', () => connection.status.state === 'open', 10_000);
    await until(
      'the resumed view',
      () => table.view !== null && table.view.moveCount >= moves && table.seat === 0,
    );
    expect(states).toContain('reconnecting');
    expect(table.table?.seatList[0].connected).toBe(true);
  });

  it('reloading the page resumes the same seat from the tab session', async () => {
    const table = useTableStore();
    table.init();
    const url = `ws://127.0.0.1:${host.port}/ws`;
    table.createTable(url, 'Reload table', 'Ada', { players: 2, mode: 'basic', actionRule: false }, []);
    await until('the table', () => table.table !== null);
    const token = loadSession(session)!.token;
    useConnectionStore().disconnect();

    // A "reload": fresh stores, same sessionStorage.
    install(host.port);
    const again = useTableStore();
    again.init();
    await until('the table after reload', () => again.table !== null);
    expect(again.seat).toBe(0);
    expect(loadSession(session)!.token).toBe(token);
    expect(again.table!.seatList[0]).toMatchObject({ name: 'Ada', connected: true });
  });

  it('leaving a game in play keeps the seat: we hang up, then rejoin with the saved token', async () => {
    const table = useTableStore();
    const connection = useConnectionStore();
    table.init();
    const url = `ws://127.0.0.1:${host.port}/ws`;
    table.createTable(url, 'Away table', 'Ada', { players: 2, mode: 'basic', actionRule: false }, [1]);
    await until('the table', () => table.table !== null);
    table.start();
    await until('the view', () => table.view !== null);
    const tableId = table.table!.id;

    table.leave();
    expect(table.session).toBeNull();
    expect(connection.status.state).toBe('idle');
    expect(loadSession(session)).toBeNull();
    expect(savedSeat(local, url, tableId)?.seat).toBe(0);

    table.join(url, tableId, 'Ada');
    await until('the seat again', () => table.view !== null && table.seat === 0);
    expect(table.table!.seatList[0]).toMatchObject({ name: 'Ada', connected: true });
  });

  it('lists the host’s tables in the lobby and marks the one this browser holds a seat at', async () => {
    const lobby = useLanTablesStore();
    const table = useTableStore();
    table.init();
    lobby.start();
    table.createTable(
      `ws://127.0.0.1:${host.port}/ws`,
      'Listed table',
      'Ada',
      { players: 3, mode: 'advanced', actionRule: true },
      [2],
    );
    await until('the table in the lobby', () => lobby.tables.length === 1 && lobby.tables[0].players === 2);
    // The seat this browser took shows at once: the saved seats store tells the list.
    const row = lobby.tables[0];
    expect(row).toMatchObject({
      name: 'Listed table',
      seats: 3,
      state: 'open',
      hostName: 'store test host',
      mine: true,
      compatible: true,
    });
    await until('the variant', () => lobby.tables[0].details !== null);
    expect(lobby.tables[0].details).toMatchObject({
      mode: 'advanced',
      actionRule: true,
      rulesVersion: '1.2',
    });
  });

  it('turns host refusals into notices and loses nothing', async () => {
    const table = useTableStore();
    const notices = useNoticesStore();
    table.init();
    table.join(`ws://127.0.0.1:${host.port}/ws`, 'NoSuchTable', 'Ada');
    await until('a notice', () => notices.items.length > 0);
    expect(notices.items[0]).toMatchObject({ kind: 'error', key: 'errors.noSuchTable' });
    expect(table.session).toBeNull();
    expect(table.intent).toBeNull();
  });

  it('a stale seat token sends the player back to the lobby with a notice', async () => {
    session.setItem(
      'red7.session',
      JSON.stringify({
        url: `ws://127.0.0.1:${host.port}/ws`,
        tableId: 'gone1234',
        token: 'x'.repeat(32),
        seat: 0,
      }),
    );
    const table = useTableStore();
    table.init();
    await until('the notice', () => useNoticesStore().items.length > 0);
    expect(useNoticesStore().items[0].key).toBe('notice.seatGone');
    expect(table.session).toBeNull();
    expect(loadSession(session)).toBeNull();
  });

  it('rebuilds each view from deltas, and after a missed one shows nothing half new and asks for the whole view', async () => {
    const sent: ClientMessage[] = [];
    let drop: ((m: ServerMessage) => boolean) | null = null;
    install(host.port, (c) => {
      const listen = c.onMessage.bind(c);
      c.onMessage = (cb) => listen((m) => (drop?.(m) ? undefined : cb(m)));
      const send = c.send.bind(c);
      c.send = (m) => (sent.push(m), send(m));
      return c;
    });
    const table = useTableStore();
    table.init();
    const url = `ws://127.0.0.1:${host.port}/ws`;
    table.createTable(url, 'Delta table', 'Ada', { players: 2, mode: 'advanced', actionRule: true }, [1]);
    await until('the table', () => table.table !== null);
    const tableId = table.table!.id;
    const truth = (m: number) => replayGame(dataDir, tableId)[m];
    const shown: SeatView[] = [];
    watch(
      () => table.view,
      (v) => v && shown.push(v),
      { flush: 'sync' },
    );
    table.start();
    await until('the first view', () => table.view !== null);

    // Drop one delta after which the bot is to move: its next move's delta then shows the gap.
    let dropped: number | null = null;
    const random = rng(3);
    while (table.view!.moveCount < 16 && !table.view!.gameOver) {
      if (table.view!.moveCount >= 4 && dropped === null) {
        drop = (m) => {
          if (m.type !== 'viewDelta' || dropped !== null || truth(m.to).current !== 1) return false;
          dropped = m.to;
          return true;
        };
      }
      const v = table.view!;
      // Between rounds our yes deals the next round (the bot is always ready).
      if (v.phase === 'roundOver') table.ready();
      else if (v.legalMoves.length > 0 && !table.awaiting) table.move(pick(random, v.legalMoves));
      await until('the next view', () => table.view !== v, 5000);
    }
    expect(dropped).not.toBeNull();
    expect(sent.filter((m) => m.type === 'sync')).toHaveLength(1);
    expect(shown.map((v) => v.moveCount)).not.toContain(dropped);
    // Every view the store ever showed was exactly the host's view for our seat at that move.
    for (const v of shown) expect(v).toEqual(viewFor(truth(v.moveCount), 0));
    expect(shown.length).toBeGreaterThan(10);
  });
});
