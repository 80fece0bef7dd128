import { afterEach, describe, expect, it } from 'vitest';
import type { SeatInfo, TableInfo } from '../../shared/protocol';
import { TestClient } from './helpers/client';
import { testHost, type TestHost } from './helpers/host';
import { ManualClock } from './helpers/manual-clock';
import { moveMessage, playRandomly, startedTable, viewAt } from './helpers/play';
import { pick, rng } from '../helpers/random';

let h: TestHost;
afterEach(() => h.stop());

/** The next `table` message in which seat `seat` satisfies `pred`. */
async function seatInfo(c: TestClient, seat: number, pred: (s: SeatInfo) => boolean): Promise<TableInfo> {
  const m = await c.next((m) => m.type === 'table' && pred(m.table.seatList[seat]));
  if (m.type !== 'table') throw new Error('unreachable');
  return m.table;
}

describe('reconnection', () => {
  it('gives a dropped player their seat and view back mid-turn, and the game goes on', async () => {
    h = await testHost();
    const random = rng(11);
    const { clients } = await startedTable(h.port, { players: 3, mode: 'advanced', actionRule: false });
    // Stop in the middle of a turn: the player to move has played a card and not yet ended.
    await playRandomly(clients, random, () =>
      clients.some((c) => c.view!.legalMoves.length > 0 && (c.view!.turn?.played ?? 0) > 0),
    );
    const i = clients.findIndex((c) => c.view!.legalMoves.length > 0);
    const dropped = clients[i];
    const lastView = dropped.view!;
    expect(lastView.turn!.played).toBeGreaterThan(0);

    dropped.ws.terminate(); // Wi-Fi gone: no close handshake
    const others = clients.filter((c) => c !== dropped);
    for (const c of others) {
      const t = await seatInfo(c, dropped.seat!, (s) => !s.connected);
      expect(t.seatList[dropped.seat!].awayMs).toBeGreaterThanOrEqual(0);
    }
    // The game waits for them: nobody else may move for the absent seat.
    others[0].send(moveMessage(pick(random, lastView.legalMoves), lastView.moveCount));
    expect((await others[0].next('error')).code).toBe('notYourTurn');

    const back = await TestClient.greeted(h.port);
    back.send({ type: 'resume', token: dropped.token! });
    const joined = await back.next('joined');
    expect(joined).toMatchObject({ seat: dropped.seat, tableId: dropped.tableId, token: dropped.token });
    const view = (await back.next('view')).view;
    expect(view).toEqual(lastView);
    for (const c of others) await seatInfo(c, dropped.seat!, (s) => s.connected);

    clients[i] = back;
    await playRandomly(clients, random);
    expect(clients.every((c) => c.view!.gameOver)).toBe(true);
    await Promise.all(clients.map((c) => c.close()));
  });

  it('gives a wrong token nothing at all', async () => {
    h = await testHost();
    const { clients } = await startedTable(h.port, { players: 2, mode: 'basic', actionRule: false });
    const eve = await TestClient.greeted(h.port);
    const forged = clients[0].token!.slice(0, -4) + (clients[0].token!.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    eve.send({ type: 'resume', token: forged });
    const e = await eve.next('error');
    expect(e).toMatchObject({ code: 'badToken', to: 'resume' });
    eve.send({ type: 'resume', token: 'short' });
    expect((await eve.next('error')).code).toBe('badMessage');
    eve.send({ type: 'ping', id: 1 });
    await eve.next('pong');
    // Only the greeting, the two refusals and the pong: no table, no view, no seat.
    expect(eve.inbox.map((m) => m.type)).toEqual(['welcome', 'error', 'error', 'pong']);
    await Promise.all([...clients, eve].map((c) => c.close()));
  });

  it('moves the seat to the newest socket when the same player connects twice', async () => {
    h = await testHost();
    const { clients } = await startedTable(h.port, { players: 2, mode: 'basic', actionRule: false });
    const [a] = clients;
    const second = await TestClient.greeted(h.port);
    second.send({ type: 'resume', token: a.token! });
    await second.next('view');
    expect(await a.next('left')).toEqual({ type: 'left', tableId: a.tableId });
    // The old socket no longer speaks for the seat.
    a.send(moveMessage({ type: 'pass' }, second.view!.moveCount));
    expect((await a.next('error')).code).toBe('notSeated');
    await Promise.all([...clients, second].map((c) => c.close()));
  });
});

describe('a long-gone player', () => {
  it('may be replaced by a bot after the grace period, and takes the seat back on return', async () => {
    const clock = new ManualClock();
    h = await testHost({ clock, limits: { awayGraceMs: 300 } });
    const random = rng(5);
    const { clients } = await startedTable(h.port, { players: 2, mode: 'basic', actionRule: false });
    const [a, b] = clients;
    await b.close();
    await seatInfo(a, 1, (s) => !s.connected);
    a.send({ type: 'replaceByBot', seat: 1 });
    const early = await a.next('error');
    expect(early.code).toBe('notAway');
    expect(early.reason).toMatch(/grace/);
    clock.advance(299);
    a.send({ type: 'replaceByBot', seat: 1 });
    const stillEarly = await a.next('error');
    expect(stillEarly).toMatchObject({ code: 'notAway', to: 'replaceByBot' });
    expect(stillEarly.reason).toMatch(/1 s left/);
    clock.advance(1); // the grace period is over to the millisecond
    a.send({ type: 'replaceByBot', seat: 1 });
    await seatInfo(a, 1, (s) => s.bot && s.standIn);
    // The bot plays seat 1's turns: a full game needs only seat 0's client.
    await playRandomly([a], random, (m) => m >= 6);
    const back = await TestClient.greeted(h.port);
    back.send({ type: 'resume', token: b.token! });
    await back.next('joined');
    await seatInfo(a, 1, (s) => s.connected && !s.bot && !s.standIn);
    await viewAt(back, a.view!.moveCount);
    await playRandomly([a, back], random);
    expect(a.view!.gameOver).toBe(true);
    await Promise.all([a, back].map((c) => c.close()));
  });

  it('may be voted out by a majority: the host passes for them and their token stops working', async () => {
    const clock = new ManualClock();
    h = await testHost({ clock, limits: { awayGraceMs: 100 } });
    const random = rng(8);
    // Deals are random: play until the absent seat 2 is the one to move (a new table if the game ends first).
    let players: TestClient[] = [];
    let gone: TestClient | null = null;
    while (gone === null) {
      const { clients } = await startedTable(h.port, { players: 3, mode: 'basic', actionRule: false });
      const [a, b, c] = clients;
      await c.close();
      await seatInfo(a, 2, (s) => !s.connected);
      await playRandomly([a, b], random, () => a.view!.current === 2 || a.view!.gameOver);
      if (a.view!.current === 2) [players, gone] = [[a, b], c];
      else await Promise.all([a.close(), b.close()]);
    }
    const [a, b] = players;
    const waiting = a.view!.moveCount;
    a.send({ type: 'voteOut', seat: 2 });
    expect(await a.next('error')).toMatchObject({ code: 'notAway', to: 'voteOut' }); // within the grace
    clock.advance(100);
    a.send({ type: 'voteOut', seat: 2 });
    const one = await seatInfo(b, 2, (s) => s.votes.length > 0);
    expect(one.seatList[2].votedOut).toBe(false); // 1 vote of the 2 needed
    b.send({ type: 'voteOut', seat: 2 });
    await seatInfo(a, 2, (s) => s.votedOut);
    // The host gives seat 2's round up at once: the game moves on without it.
    await viewAt(a, waiting + 1);
    expect(a.view!.log).toContainEqual({ kind: 'out', seat: 2, reason: 'pass' });
    await playRandomly([a, b], random);
    expect(a.view!.gameOver).toBe(true);
    expect(a.view!.log.filter((e) => (e.kind === 'play' || e.kind === 'discard') && e.seat === 2)).toEqual(
      [],
    );
    const again = await TestClient.greeted(h.port);
    again.send({ type: 'resume', token: gone.token! });
    expect((await again.next('error')).code).toBe('badToken');
    await Promise.all([a, b, again].map((x) => x.close()));
  });
});
