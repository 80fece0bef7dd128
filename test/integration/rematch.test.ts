import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameState } from '../../shared/engine';
import type { ServerMessage, TableInfo, TableOptions, TableSummary } from '../../shared/protocol';
import { TestClient } from './helpers/client';
import { testHost, type TestHost } from './helpers/host';
import { ManualClock } from './helpers/manual-clock';
import { playRandomly, seatTable, viewAt } from './helpers/play';
import { rng } from '../helpers/random';

/*
 * Rematches need every seated person's yes (bots always agree), nobody's final screen is replaced before
 * that, and the table counts games won across rematches, on the wire, in the lobby and on disk.
 */

let hosts: TestHost[] = [];
afterEach(async () => {
  for (const h of hosts) await h.stop();
  hosts = [];
});
async function host(dataDir?: string): Promise<TestHost> {
  const h = await testHost(dataDir ? { dataDir } : {});
  hosts.push(h);
  return h;
}

const basic3: TableOptions = { players: 3, mode: 'basic', actionRule: false };
const tableMsg = (c: TestClient, pred: (t: TableInfo) => boolean) =>
  c.next((m) => m.type === 'table' && pred(m.table)) as Promise<Extract<ServerMessage, { type: 'table' }>>;
const latestTable = (c: TestClient): TableInfo =>
  (c.inbox.findLast((m) => m.type === 'table') as Extract<ServerMessage, { type: 'table' }>).table;
const wins = (match: { wins: number }[]) => match.map((e) => e.wins);

/** Ann (0) and Bob (1) and a bot (2), started and played to the end of the game. */
async function finishedTable(port: number, seed: number) {
  const t = await seatTable(port, basic3, { bots: [2], name: 'Match' });
  t.clients[0].send({ type: 'start' });
  await Promise.all(t.clients.map((c) => viewAt(c, 0)));
  await playRandomly(t.clients, rng(seed));
  // The table message that says so comes before the game's last view.
  for (const c of t.clients) expect(latestTable(c).state).toBe('finished');
  return t;
}

describe('rematch votes', () => {
  it('waits for every person; shows who is ready; a bot agrees; a vote can be taken back', async () => {
    const h = await host();
    const { clients } = await finishedTable(h.port, 11);
    const [ann, bob] = clients;
    const finalMoves = ann.view!.moveCount;

    bob.send({ type: 'rematch' });
    expect((await tableMsg(ann, (i) => i.rematch.length > 0)).table).toMatchObject({
      state: 'finished',
      game: 1,
      rematch: [1],
    });
    // Ann still has the final scoreboard: no new view came, the game is over.
    expect(ann.view!.gameOver).toBe(true);
    expect(ann.view!.moveCount).toBe(finalMoves);
    expect(ann.inbox.filter((m) => m.type === 'view' && m.view.moveCount === 0)).toHaveLength(1);

    bob.send({ type: 'rematch', ready: false });
    expect((await tableMsg(ann, (i) => i.rematch.length === 0)).table.state).toBe('finished');
    bob.send({ type: 'rematch' });
    await tableMsg(ann, (i) => i.rematch.length === 1);

    ann.send({ type: 'rematch' });
    const t = await tableMsg(bob, (i) => i.game === 2);
    expect(t.table).toMatchObject({ state: 'playing', rematch: [] });
    await Promise.all(clients.map((c) => c.next((m) => m.type === 'view' && m.view.moveCount === 0)));
    await Promise.all(clients.map((c) => c.close()));
  });

  it('refuses votes during the game and from spectators', async () => {
    const h = await host();
    const t = await seatTable(h.port, basic3, { bots: [2] });
    const [ann] = t.clients;
    ann.send({ type: 'start' });
    await Promise.all(t.clients.map((c) => viewAt(c, 0)));
    ann.send({ type: 'rematch' });
    expect(await ann.next('error')).toMatchObject({ code: 'gameNotOver', to: 'rematch' });
    const watcher = await TestClient.greeted(h.port);
    watcher.send({ type: 'spectate', tableId: t.tableId, name: 'Carol' });
    await watcher.next('spectating');
    watcher.send({ type: 'rematch' });
    expect(await watcher.next('error')).toMatchObject({ code: 'notSeated', to: 'rematch' });
    await Promise.all([...t.clients, watcher].map((c) => c.close()));
  });

  it('keeps the seat of a person who goes back to the lobby after the game: away, waited for, theirs to take back', async () => {
    const clock = new ManualClock();
    const h = await testHost({ clock, limits: { awayGraceMs: 1000 } });
    hosts.push(h);
    const { clients } = await finishedTable(h.port, 3);
    const [ann, bob] = clients;
    bob.send({ type: 'rematch' });
    await tableMsg(ann, (i) => i.rematch.includes(1));

    // Ann, the creator, goes back to the lobby to look at the history: her seat stays hers, away.
    ann.send({ type: 'leave' });
    await ann.next('left');
    const away = await tableMsg(bob, (i) => i.seatList[0].away);
    expect(away.table).toMatchObject({ state: 'finished', game: 1, rematch: [1] });
    expect(away.table.seatList[0]).toMatchObject({
      name: 'Player 1',
      person: true,
      bot: false,
      standIn: false,
      creator: true,
    });

    // She comes back from the lobby with her token, says yes, and the rematch starts with her in her seat.
    const back = await TestClient.greeted(h.port);
    back.send({ type: 'resume', token: ann.token! });
    expect(await back.next('joined')).toMatchObject({ seat: 0 });
    expect((await back.nextView((v) => v.gameOver)).seat).toBe(0);
    back.send({ type: 'rematch' });
    const second = await tableMsg(bob, (i) => i.game === 2);
    expect(second.table.seatList[0]).toMatchObject({
      name: 'Player 1',
      bot: false,
      standIn: false,
      connected: true,
    });
    await playRandomly([back, bob], rng(5));
    bob.send({ type: 'rematch' });
    await tableMsg(back, (i) => i.rematch.includes(1));

    // She goes again and stays away: the vote waits for her through the grace, then the away rules apply.
    back.send({ type: 'leave' });
    await back.next('left');
    await tableMsg(bob, (i) => i.seatList[0].away);
    bob.send({ type: 'replaceByBot', seat: 0 });
    expect(await bob.next('error')).toMatchObject({ code: 'notAway', to: 'replaceByBot' });
    expect(latestTable(bob)).toMatchObject({ state: 'finished', game: 2 });
    clock.advance(1000);
    bob.send({ type: 'replaceByBot', seat: 0 });
    // Her stand-in agrees: the third game starts, and her token still takes the seat back.
    const third = await tableMsg(bob, (i) => i.game === 3);
    expect(third.table.seatList[0]).toMatchObject({ name: 'Player 1', bot: true, standIn: true });
    const again = await TestClient.greeted(h.port);
    again.send({ type: 'resume', token: ann.token! });
    await again.next('joined');
    await tableMsg(bob, (i) => i.game === 3 && !i.seatList[0].bot && i.seatList[0].connected);
    await Promise.all([ann, back, again, bob].map((c) => c.close()));
  });
});

describe('the match score', () => {
  it('counts each game for its winners, in the table, the lobby list and across a restart', async () => {
    const h1 = await host();
    const { tableId, clients } = await finishedTable(h1.port, 5);
    const [ann, bob] = clients;
    const winners1 = ann.view!.winners;
    const after1 = [0, 1, 2].map((s) => (winners1.includes(s) ? 1 : 0));
    const info = latestTable(ann);
    expect(info.match).toEqual([
      { name: 'Player 1', wins: after1[0] },
      { name: 'Player 2', wins: after1[1] },
      { name: 'Bot 3', wins: after1[2] },
    ]);
    const listed = (await (await fetch(`http://127.0.0.1:${h1.port}/api/tables`)).json()) as TableSummary[];
    expect(wins(listed[0].match)).toEqual(after1);

    for (const c of [ann, bob]) c.send({ type: 'rematch' });
    await Promise.all(clients.map((c) => c.next((m) => m.type === 'view' && m.view.moveCount === 0)));
    expect(wins(latestTable(ann).match)).toEqual(after1); // a new game does not reset the match
    await playRandomly(clients, rng(6));
    const winners2 = ann.view!.winners;
    const after2 = after1.map((w, s) => w + (winners2.includes(s) ? 1 : 0));
    expect(latestTable(bob).state).toBe('finished');
    expect(wins(latestTable(bob).match)).toEqual(after2);
    const tokens = clients.map((c) => c.token!);
    await Promise.all(clients.map((c) => c.close()));
    await h1.host.close();

    // Kept with the table.
    const h2 = await host(h1.dataDir);
    const back = await TestClient.greeted(h2.port);
    back.send({ type: 'resume', token: tokens[0] });
    expect(wins((await back.next('table')).table.match)).toEqual(after2);
    await back.close();
    await h2.host.close();

    // A snapshot from before match scores loads, with nothing counted.
    const file = join(h1.dataDir, 'tables', tableId, 'snapshot.json');
    const { wins: saved, ...older } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(saved).toEqual(after2);
    writeFileSync(file, JSON.stringify(older));
    const h3 = await host(h1.dataDir);
    expect(h3.problems).toEqual([]);
    const again = await TestClient.greeted(h3.port);
    again.send({ type: 'resume', token: tokens[1] });
    expect(wins((await again.next('table')).table.match)).toEqual([0, 0, 0]);
    await again.close();
  });

  it('counts a game that ended after the last snapshot, from the move log', async () => {
    // Snapshots are written only when this clock says, so the game's end is only in the log when the host dies.
    const clock = new ManualClock();
    const h1 = await testHost({ clock, limits: { snapshotDelayMs: 5000 } });
    hosts.push(h1);
    const { tableId, clients } = await seatTable(h1.port, basic3, { bots: [2], name: 'Match' });
    clients[0].send({ type: 'start' });
    await Promise.all(clients.map((c) => viewAt(c, 0)));
    clock.advance(5000);
    const file = join(h1.dataDir, 'tables', tableId, 'snapshot.json');
    const snapshotAt = () =>
      existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { state: GameState | null }) : null;
    await expect.poll(() => snapshotAt()?.state?.moveCount).toBe(0);
    const before = readFileSync(file, 'utf8');
    await playRandomly(clients, rng(8));
    const expected = [0, 1, 2].map((s) => (clients[0].view!.winners.includes(s) ? 1 : 0));
    const tokens = clients.map((c) => c.token!);
    await Promise.all(clients.map((c) => c.close()));
    await h1.host.close();
    // Put back the snapshot from before the end, as a host killed then would have left it.
    writeFileSync(file, before);
    expect((JSON.parse(before) as { wins: number[] }).wins).toEqual([0, 0, 0]);
    const h2 = await host(h1.dataDir);
    const back = await TestClient.greeted(h2.port);
    back.send({ type: 'resume', token: tokens[0] });
    const t = (await back.next('table')).table;
    expect(t.state).toBe('finished');
    expect(wins(t.match)).toEqual(expected);
    await back.close();
  });
});
