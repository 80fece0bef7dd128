import { afterEach, describe, expect, it } from 'vitest';
import type { TableOptions } from '../../shared/protocol';
import { TestClient } from './helpers/client';
import { testHost, type TestHost } from './helpers/host';
import { moveMessage, playRandomly, seatTable, startedTable, viewAt } from './helpers/play';
import { rng } from '../helpers/random';
import { readMoveLog } from './helpers/truth';

let h: TestHost;
afterEach(() => h.stop());

const basic2: TableOptions = { players: 2, mode: 'basic', actionRule: false };

describe('tables and seats', () => {
  it('streams the table list to a lobby as tables open, fill and start', async () => {
    h = await testHost();
    const lobby = await TestClient.greeted(h.port);
    lobby.send({ type: 'listTables' });
    expect((await lobby.next('tables')).tables).toEqual([]);
    const seen: unknown[] = [];
    h.host.onTablesChanged((t) => seen.push(t));
    const { tableId, clients } = await seatTable(h.port, basic2, { name: 'Friday' });
    const full = await lobby.next((m) => m.type === 'tables' && m.tables[0]?.players === 2);
    expect(full.type === 'tables' && full.tables[0]).toMatchObject({
      id: tableId, name: 'Friday', players: 2, seats: 2, state: 'open', mode: 'basic', actionRule: false, rulesVersion: '1.2', spectators: 0,
    }); // prettier-ignore
    clients[0].send({ type: 'start' });
    await lobby.next((m) => m.type === 'tables' && m.tables[0]?.state === 'playing');
    expect(seen.length).toBeGreaterThan(0);
    const res = await fetch(`http://127.0.0.1:${h.port}/api/tables`);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(await res.json()).toEqual(h.host.tables());
    await Promise.all([lobby, ...clients].map((c) => c.close()));
  });

  it('seats people by choice or in order and refuses taken, missing and full seats', async () => {
    h = await testHost();
    const a = await TestClient.greeted(h.port);
    a.send({
      type: 'createTable',
      name: 'T',
      player: 'Ann',
      options: { players: 3, mode: 'basic', actionRule: false },
      seat: 1,
    });
    const { tableId, seat } = await a.next('joined');
    expect(seat).toBe(1);
    const b = await TestClient.greeted(h.port);
    b.send({ type: 'join', tableId, name: 'Bob', seat: 1 });
    expect((await b.next('error')).code).toBe('seatTaken');
    b.send({ type: 'join', tableId, name: 'Bob' });
    expect((await b.next('joined')).seat).toBe(0);
    b.send({ type: 'join', tableId, name: 'Bob again' });
    expect((await b.next('error')).code).toBe('alreadySeated');
    const c = await TestClient.greeted(h.port);
    c.send({ type: 'join', tableId: 'nosuchtable', name: 'Cy' });
    expect((await c.next('error')).code).toBe('noSuchTable');
    c.send({ type: 'join', tableId, name: 'Cy', seat: 3 });
    expect((await c.next('error')).code).toBe('badSeat');
    c.send({ type: 'join', tableId, name: 'Cy' });
    expect((await c.next('joined')).seat).toBe(2);
    const d = await TestClient.greeted(h.port);
    d.send({ type: 'join', tableId, name: 'Di' });
    expect((await d.next('error')).code).toBe('tableFull');
    // Every seated connection sees the same seat list; none sees a token.
    const t = await a.next((m) => m.type === 'table' && m.table.players === 3);
    expect(t.type === 'table' && t.table.seatList.map((s) => [s.name, s.creator, s.connected])).toEqual([
      ['Bob', false, true],
      ['Ann', true, true],
      ['Cy', false, true],
    ]);
    for (const x of [a, b, c])
      for (const f of x.frames) for (const y of [a, b, c]) if (y !== x) expect(f).not.toContain(y.token);
    await Promise.all([a, b, c, d].map((x) => x.close()));
  });

  it('lets only the creator start, and only with every seat taken; bots fill seats', async () => {
    h = await testHost();
    const a = await TestClient.greeted(h.port);
    a.send({
      type: 'createTable',
      name: 'T',
      player: 'Ann',
      options: { players: 3, mode: 'basic', actionRule: false },
    });
    const { tableId } = await a.next('joined');
    const b = await TestClient.greeted(h.port);
    b.send({ type: 'join', tableId, name: 'Bob' });
    await b.next('joined');
    a.send({ type: 'start' });
    expect(await a.next('error')).toMatchObject({ code: 'notReady', to: 'start' });
    b.send({ type: 'setBot', seat: 2, bot: true });
    expect((await b.next('error')).code).toBe('notCreator');
    a.send({ type: 'setBot', seat: 1, bot: true });
    expect((await a.next('error')).code).toBe('seatTaken');
    a.send({ type: 'setBot', seat: 2, bot: true });
    await a.next((m) => m.type === 'table' && m.table.seatList[2].bot);
    a.send({ type: 'setBot', seat: 2, bot: false });
    await a.next((m) => m.type === 'table' && m.table.seatList[2].name === null);
    a.send({ type: 'setBot', seat: 2, bot: true });
    b.send({ type: 'start' });
    expect((await b.next('error')).code).toBe('notCreator');
    a.send({ type: 'start' });
    await Promise.all([viewAt(a, 0), viewAt(b, 0)]);
    a.send({ type: 'start' });
    expect((await a.next('error')).code).toBe('alreadyStarted');
    // The bot (thinking in the host's worker thread) plays its turns: the game reaches its end.
    await playRandomly([a, b], rng(3));
    expect(a.view!.gameOver).toBe(true);
    await Promise.all([a, b].map((x) => x.close()));
  });

  it('frees a seat on leave before the start, passes the creator role on, and removes a deserted table', async () => {
    h = await testHost();
    const { tableId, clients } = await seatTable(h.port, basic2);
    const [a, b] = clients;
    const tokenA = a.token!;
    a.send({ type: 'leave' });
    expect(await a.next('left')).toEqual({ type: 'left', tableId });
    const t = await b.next((m) => m.type === 'table' && m.table.seatList[0].name === null);
    expect(t.type === 'table' && t.table.seatList[1].creator).toBe(true);
    const c = await TestClient.greeted(h.port);
    c.send({ type: 'resume', token: tokenA });
    expect((await c.next('error')).code).toBe('badToken');
    c.send({ type: 'join', tableId, name: 'Cy' });
    expect((await c.next('joined')).seat).toBe(0);
    c.send({ type: 'leave' });
    await c.next('left');
    b.send({ type: 'leave' });
    await b.next('left');
    // Removed with the request that deserted it, before its answer went out.
    expect(h.host.tables()).toEqual([]);
    await Promise.all([a, b, c].map((x) => x.close()));
  });

  it('refuses leaving a game in play, and lets a finished game go', async () => {
    h = await testHost();
    const { clients } = await startedTable(h.port, basic2);
    clients[0].send({ type: 'leave' });
    expect((await clients[0].next('error')).code).toBe('alreadyStarted');
    await playRandomly(clients, rng(1));
    clients[0].send({ type: 'leave' });
    await clients[0].next('left');
    await Promise.all(clients.map((x) => x.close()));
  });

  it('moves a connection between tables: coming to one leaves the one it was at', async () => {
    h = await testHost();
    const first = await seatTable(h.port, basic2, { name: 'First' });
    const creator = await TestClient.greeted(h.port);
    creator.send({ type: 'createTable', name: 'Second', player: 'Ann', options: basic2 });
    const second = { tableId: (await creator.next('joined')).tableId, clients: [creator] };
    const s = await TestClient.greeted(h.port);
    s.send({ type: 'spectate', tableId: first.tableId });
    await s.next('spectating');
    await first.clients[0].next((m) => m.type === 'table' && m.table.spectators === 1);
    // Watching one table, then a seat at another: the first table no longer counts it, the second seats it.
    s.send({ type: 'join', tableId: second.tableId, name: 'Sam' });
    expect((await s.next('joined')).tableId).toBe(second.tableId);
    await first.clients[0].next((m) => m.type === 'table' && m.table.spectators === 0);
    const heardBefore = s.frames.length;
    first.clients[0].send({ type: 'start' });
    await first.clients[1].next('view');
    // A request goes to the table it is at now; the first table's game is no longer sent to it.
    s.send({ type: 'sync' });
    expect((await s.next('error')).code).toBe('notStarted');
    expect(s.frames.slice(heardBefore).some((f) => f.includes(first.tableId))).toBe(false);
    await Promise.all([...first.clients, ...second.clients, s].map((c) => c.close()));
  });

  it('shows spectators the game without any hand, and refuses their moves', async () => {
    h = await testHost();
    const { tableId, clients } = await startedTable(h.port, {
      players: 3,
      mode: 'advanced',
      actionRule: true,
    });
    const s = await TestClient.greeted(h.port);
    s.send({ type: 'spectate', tableId });
    await s.next('spectating');
    const v = (await s.next('view')).view;
    expect(v.seat).toBeNull();
    expect(v.hand).toEqual([]);
    expect(v.legalMoves).toEqual([]);
    expect(v.handSizes).toEqual([7, 7, 7]);
    await clients[0].next((m) => m.type === 'table' && m.table.spectators === 1);
    s.send(moveMessage({ type: 'pass' }, v.moveCount));
    expect((await s.next('error')).code).toBe('notSeated');
    await playRandomly([...clients, s], rng(2), (m) => m >= 5);
    expect(s.view!.moveCount).toBe(clients[0].view!.moveCount);
    await Promise.all([s, ...clients].map((x) => x.close()));
  });

  it('moves between rounds once both are ready; a nextRound move is refused', async () => {
    h = await testHost();
    const { clients } = await startedTable(h.port, { players: 2, mode: 'advanced', actionRule: false });
    const [a, b] = clients;
    await playRandomly(clients, rng(4), () => a.view!.phase === 'roundOver');
    const n = a.view!.moveCount;
    expect(a.view!.legalMoves).toEqual([]);
    a.send({ type: 'turn', steps: [{ type: 'nextRound' }], moveCount: n });
    expect(await a.next('error')).toMatchObject({ code: 'illegalMove', moveCount: n });
    a.send({ type: 'ready' });
    b.send({ type: 'ready' });
    await viewAt(b, n + 1);
    expect(b.view!.round).toBe(2);
    await Promise.all(clients.map((x) => x.close()));
  });

  it('starts a rematch with the same seats after the game; the move log keeps both games', async () => {
    h = await testHost();
    const { tableId, clients } = await startedTable(h.port, basic2);
    clients[1].send({ type: 'rematch' });
    expect((await clients[1].next('error')).code).toBe('gameNotOver');
    await playRandomly(clients, rng(6));
    const first = clients[0].view!.moveCount;
    clients[1].send({ type: 'rematch' });
    await clients[0].next((m) => m.type === 'table' && m.table.rematch.includes(1));
    clients[0].send({ type: 'rematch' });
    // The table message (game 2) comes before the new game's first view.
    const t = await clients[0].next((m) => m.type === 'table' && m.table.game === 2);
    await Promise.all(
      clients.map((c) => c.next((m) => m.type === 'view' && m.view.moveCount === 0 && !m.view.gameOver)),
    );
    expect(t.type === 'table' && t.table.seatList.map((s) => s.name)).toEqual(['Player 1', 'Player 2']);
    await playRandomly(clients, rng(7));
    const log = readMoveLog(h.dataDir, tableId);
    expect(log.filter((l) => 'start' in l).map((l) => l.g)).toEqual([1, 2]);
    expect(log.filter((l) => 'm' in l && l.g === 1)).toHaveLength(first);
    expect(log.filter((l) => 'm' in l && l.g === 2)).toHaveLength(clients[0].view!.moveCount);
    await Promise.all(clients.map((x) => x.close()));
  });
});

describe('bots', () => {
  it(
    'think off the host’s thread: the host answers at once while three bots play',
    { timeout: 75_000 },
    async () => {
      h = await testHost();
      const a = await TestClient.greeted(h.port);
      // Hard bots: each move a search of a few hundred ms, which on the host's thread would hold pings back.
      const options: TableOptions = { players: 4, mode: 'advanced', actionRule: true, botLevel: 'hard' };
      a.send({ type: 'createTable', name: 'T', player: 'Ann', options, bots: [1, 2, 3] });
      await a.next('joined');
      a.send({ type: 'start' });
      await viewAt(a, 0);
      const waits: number[] = [];
      // Moves of the games before the current one (a rematch counts from 0 again).
      let earlier = 0;
      let last = 0;
      const t0 = performance.now();
      // Ann gives each round up at once, so the bots do the playing, until they have made a few moves. Their
      // budgets are counted, not timed: on a busy machine 8 moves took more than 15 s (3 done), so the
      // bound is the moves, and 60 s only stops a host that hangs.
      while (earlier + a.view!.moveCount < 8 && performance.now() - t0 < 60_000) {
        const v = a.view!;
        if (v.moveCount < last) earlier += last;
        last = v.moveCount;
        if (v.gameOver)
          a.send({ type: 'rematch' }); // bots always agree: Ann alone starts it
        else if (v.legalMoves.length > 0)
          a.send(moveMessage(v.legalMoves.find((m) => m.type === 'pass') ?? v.legalMoves[0], v.moveCount));
        const sent = performance.now();
        a.send({ type: 'ping', id: 1 });
        await a.next('pong');
        waits.push(performance.now() - sent);
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(earlier + a.view!.moveCount).toBeGreaterThanOrEqual(8);
      // On the host's thread the same searches hold most answers back (by 300 ms and more): the median
      // says where the search runs, where the worst answer would say more of how busy the machine is.
      const median = waits.sort((x, y) => x - y)[Math.floor(waits.length / 2)];
      expect(median).toBeLessThan(50);
      await a.close();
    },
  );
});

describe('the table cap', () => {
  it('makes room by removing a finished table nobody is at; a game in play is never removed', async () => {
    h = await testHost({ limits: { maxTables: 2 } });
    const done = await startedTable(h.port, basic2);
    await playRandomly(done.clients, rng(9));
    await Promise.all(done.clients.map((c) => c.close()));
    const playing = await startedTable(h.port, basic2);
    await Promise.all(playing.clients.map((c) => c.close())); // away, but the game is kept
    const a = await TestClient.greeted(h.port);
    a.send({ type: 'createTable', name: 'New', player: 'Ann', options: basic2 });
    await a.next('joined');
    expect(h.host.tables().map((t) => t.id)).toEqual([playing.tableId, a.tableId]);
    const late = await TestClient.greeted(h.port);
    late.send({ type: 'resume', token: done.clients[0].token! });
    expect((await late.next('error')).code).toBe('badToken');
    const b = await TestClient.greeted(h.port);
    b.send({ type: 'createTable', name: 'One more', player: 'Bob', options: basic2 });
    expect((await b.next('error')).code).toBe('tooManyTables');
    await Promise.all([a, b, late].map((c) => c.close()));
  });
});
