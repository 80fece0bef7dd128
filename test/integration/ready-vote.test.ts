import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../main/host/memory-store';
import { StorageError } from '../../main/host/store';
import type { AcceptedMove } from '../../main/host/table-record';
import type { ServerMessage, TableInfo, TableOptions } from '../../shared/protocol';
import { TestClient } from './helpers/client';
import { testHost, type TestHost } from './helpers/host';
import { ManualClock } from './helpers/manual-clock';
import { moveMessage, playRandomly, seatTable, viewAt } from './helpers/play';
import { rng } from '../helpers/random';

/*
 * The next round is dealt when every seated person has said they are ready (bots, stand-ins and voted-out
 * seats always are); a person away holds it up for the away grace at most. Nobody's round summary is
 * taken away by another player's click.
 */

let hosts: TestHost[] = [];
afterEach(async () => {
  for (const h of hosts) await h.stop();
  hosts = [];
});
async function host(opts: Parameters<typeof testHost>[0] = {}): Promise<TestHost> {
  const h = await testHost(opts);
  hosts.push(h);
  return h;
}

const advanced3: TableOptions = { players: 3, mode: 'advanced', actionRule: false };
const tableMsg = (c: TestClient, pred: (t: TableInfo) => boolean) =>
  c.next((m) => m.type === 'table' && pred(m.table)) as Promise<Extract<ServerMessage, { type: 'table' }>>;
const realSleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const roundOver = (c: TestClient) => () => c.view!.phase === 'roundOver' || c.view!.gameOver;

/**
 * Tables in memory whose move log refuses its next `refusals` lines (a full disk), counting what it is asked
 * to write. A bounded number: a host that tried again at once would spin through them, not hang the test.
 */
class FlakyStore extends MemoryStore {
  refusals = 0;
  moveWrites = 0;
  override appendMoves(id: string, moves: readonly AcceptedMove[]): void {
    this.moveWrites++;
    if (this.refusals > 0) {
      this.refusals--;
      const full = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      throw new StorageError(`table ${id}: log not written`, full);
    }
    super.appendMoves(id, moves);
  }
}

/** Ann (0), Bob (1) and a bot (2) in an Advanced game, played to the end of its first round. */
async function firstRoundOver(port: number, seed: number, options = advanced3, bots = [2]) {
  const t = await seatTable(port, options, { bots, name: 'Rounds' });
  t.clients[0].send({ type: 'start' });
  await Promise.all(t.clients.map((c) => viewAt(c, 0)));
  await playRandomly(t.clients, rng(seed), roundOver(t.clients[0]));
  expect(t.clients[0].view!.phase).toBe('roundOver');
  return t;
}

/** The first round over on a host with a hand-moved clock and a store that can refuse: Ann ready, Bob away. */
async function annReadyBobAway() {
  const clock = new ManualClock();
  const store = new FlakyStore();
  const h = await host({ clock, store, limits: { awayGraceMs: 5000 } });
  const [ann, bob] = (await firstRoundOver(h.port, 22)).clients;
  await bob.close();
  ann.send({ type: 'ready' });
  await tableMsg(ann, (i) => i.nextRoundReady.includes(0));
  return { clock, store, h, ann };
}

describe('the ready vote between rounds', () => {
  it('waits for every person, shows who is ready, takes a yes back, refuses the wrong senders', async () => {
    const h = await host();
    const t = await seatTable(h.port, advanced3, { bots: [2] });
    const [ann, bob] = t.clients;
    ann.send({ type: 'start' });
    await Promise.all(t.clients.map((c) => viewAt(c, 0)));
    // During a round: refused with a reason, nothing changes.
    ann.send({ type: 'ready' });
    const early = await ann.next('error');
    expect(early).toMatchObject({ code: 'roundNotOver', to: 'ready' });
    expect(early.reason).toMatch(/between rounds/);

    await playRandomly(t.clients, rng(21), roundOver(ann));
    expect(ann.view!.phase).toBe('roundOver');
    expect(ann.view!.legalMoves).toEqual([]); // nobody's move: the vote deals the round
    const ended = ann.view!.moveCount;

    const watcher = await TestClient.greeted(h.port);
    watcher.send({ type: 'spectate', tableId: t.tableId, name: 'Carol' });
    await watcher.next('spectating');
    watcher.send({ type: 'ready' });
    expect(await watcher.next('error')).toMatchObject({ code: 'notSeated', to: 'ready' });
    // The old way, one person's nextRound, deals nothing any more.
    bob.send(moveMessage({ type: 'nextRound' }, ended));
    expect((await bob.next('error')).reason).toMatch(/ready/);

    bob.send({ type: 'ready' });
    expect((await tableMsg(ann, (i) => i.nextRoundReady.length > 0)).table.nextRoundReady).toEqual([1]);
    expect((await tableMsg(watcher, (i) => i.nextRoundReady.length > 0)).table.nextRoundReady).toEqual([1]);
    // Ann's summary stays: no new view came, the round is still over.
    expect(ann.view).toMatchObject({ phase: 'roundOver', moveCount: ended, round: 1 });

    bob.send({ type: 'ready', ready: false });
    await tableMsg(ann, (i) => i.nextRoundReady.length === 0);
    bob.send({ type: 'ready' });
    await tableMsg(ann, (i) => i.nextRoundReady.length === 1);
    expect(ann.view!.moveCount).toBe(ended);

    ann.send({ type: 'ready' });
    await Promise.all([ann, bob, watcher].map((c) => c.nextView((v) => v.round === 2)));
    expect(ann.view).toMatchObject({ phase: 'turn', moveCount: ended + 1 });
    expect(
      (ann.inbox.findLast((m) => m.type === 'table') as Extract<ServerMessage, { type: 'table' }>).table
        .nextRoundReady,
    ).toEqual([]);
    await Promise.all([ann, bob, watcher].map((c) => c.close()));
  });

  it('lets a person away hold it up for the away grace at most; every screen counts from the same moment', async () => {
    const clock = new ManualClock();
    const h = await host({ clock, limits: { awayGraceMs: 5000 } });
    const { clients } = await firstRoundOver(h.port, 22);
    const [ann, bob] = clients;
    const ended = ann.view!.moveCount;
    await bob.close();
    const away = await tableMsg(ann, (i) => i.seatList[1].away);
    const seat = away.table.seatList[1];
    // One moment for everyone: the host's clock when Bob went, and the host's clock now.
    expect(seat.awaySince).toBe(clock.now());
    expect(away.table.hostNow - seat.awaySince!).toBe(seat.awayMs);

    ann.send({ type: 'ready' });
    await tableMsg(ann, (i) => i.nextRoundReady.includes(0));
    clock.advance(4999);
    await realSleep(50);
    expect(ann.view!.moveCount).toBe(ended); // Bob's grace is not over: the round waits
    clock.advance(1);
    await ann.nextView((v) => v.round === 2);
    expect(h.problems).toEqual([]);
    await ann.close();
  });

  it('tries a deal the disk refused again a second later, not at once, and deals it once the disk takes it', async () => {
    const { clock, store, h, ann } = await annReadyBobAway();
    const ended = ann.view!.moveCount;

    store.refusals = 3;
    const before = store.moveWrites;
    clock.advance(5000); // Bob's grace is over: the vote is complete, and the deal is refused
    await realSleep(50);
    expect(store.moveWrites - before).toBe(1);
    expect(h.problems.filter((p) => p.includes('could not be dealt'))).toHaveLength(1);
    clock.advance(999);
    await realSleep(50);
    expect(store.moveWrites - before).toBe(1);
    clock.advance(1);
    await realSleep(50);
    expect(store.moveWrites - before).toBe(2);
    expect(ann.view!.moveCount).toBe(ended); // nothing changed meanwhile

    clock.advance(1000); // the last refusal
    clock.advance(1000);
    await ann.nextView((v) => v.round === 2);
    expect(store.moveWrites - before).toBe(4);
    await ann.close();
  });

  it('deals nothing once the host is stopped: a grace that runs out after it changes nothing', async () => {
    const { clock, store, h } = await annReadyBobAway();

    await h.host.close({ timeoutMs: 500 });
    const before = store.moveWrites;
    clock.advance(5000);
    await realSleep(100);
    expect(store.moveWrites).toBe(before);
    expect(h.problems).toEqual([]);
  });

  it('keeps a yes across a reconnect, and through a host restart asks again (as the rematch vote does)', async () => {
    const h1 = await host();
    const { tableId, clients } = await firstRoundOver(h1.port, 23);
    const [ann, bob] = clients;
    const ended = ann.view!.moveCount;
    ann.send({ type: 'ready' });
    await tableMsg(bob, (i) => i.nextRoundReady.includes(0));
    // Ann's socket drops and she comes back: her yes stands.
    await ann.close();
    const ann2 = await TestClient.greeted(h1.port);
    ann2.send({ type: 'resume', token: ann.token! });
    await ann2.next('joined');
    expect((await ann2.next('table')).table.nextRoundReady).toEqual([0]);
    await viewAt(ann2, ended);
    expect(ann2.view!.phase).toBe('roundOver');

    // The host restarts mid-vote: votes live in its memory, so the table asks again; the round is still over.
    const tokens = [ann.token!, bob.token!];
    await Promise.all([ann2, bob].map((c) => c.close()));
    await h1.host.close();
    const h2 = await host({ dataDir: h1.dataDir });
    const back = await Promise.all(tokens.map(() => TestClient.greeted(h2.port)));
    back.forEach((c, i) => c.send({ type: 'resume', token: tokens[i] }));
    const infos = await Promise.all(back.map((c) => c.next('table')));
    expect(infos.map((m) => m.table.nextRoundReady)).toEqual([[], []]);
    await Promise.all(back.map((c) => viewAt(c, ended)));
    expect(back[0].view).toMatchObject({ phase: 'roundOver', moveCount: ended });
    back[0].send({ type: 'ready' });
    await tableMsg(back[1], (i) => i.nextRoundReady.includes(0));
    expect(back[1].view!.moveCount).toBe(ended);
    back[1].send({ type: 'ready' });
    await Promise.all(back.map((c) => c.nextView((v) => v.round === 2)));
    await Promise.all(back.map((c) => c.close()));
    await h2.host.close();

    // The deal is in the move log: a third start replays it.
    const h3 = await host({ dataDir: h1.dataDir });
    expect(h3.host.tables()[0]).toMatchObject({ id: tableId, state: 'playing' });
    const again = await TestClient.greeted(h3.port);
    again.send({ type: 'resume', token: tokens[0] });
    await again.next('joined');
    await viewAt(again, ended + 1);
    expect(again.view!.round).toBe(2);
    expect(h3.problems).toEqual([]);
    await again.close();
  });

  it('goes on without anyone at a table of bots: the only person, out of the round and away past the grace, holds nothing up', async () => {
    const clock = new ManualClock();
    const h = await host({ clock, limits: { awayGraceMs: 1000 } });
    // Ann plays until she is to move, then gives the round up and goes: the bots finish it.
    let ann: TestClient | null = null;
    let tableId = '';
    for (let seed = 0; ann === null && seed < 20; seed++) {
      const t = await seatTable(
        h.port,
        { players: 3, mode: 'advanced', actionRule: false },
        { bots: [1, 2] },
      );
      const [a] = t.clients;
      a.send({ type: 'start' });
      await viewAt(a, 0);
      if (a.view!.current !== 0) await a.nextView((v) => v.current === 0, 10_000);
      if (a.view!.round !== 1) {
        await a.close();
        continue;
      }
      [ann, tableId] = [a, t.tableId];
    }
    const watcher = await TestClient.greeted(h.port);
    watcher.send({ type: 'spectate', tableId, name: 'Dee' });
    await watcher.next('spectating');
    ann!.send(moveMessage({ type: 'pass' }, ann!.view!.moveCount));
    await viewAt(ann!, ann!.view!.moveCount + 1);
    await ann!.close();
    clock.advance(1000);
    // The bots end the round, and the next one is dealt with nobody's message.
    await watcher.nextView((v) => v.round === 2, 15_000);
    expect(watcher.view!.phase).toBe('turn');
    expect(h.problems).toEqual([]);
    await watcher.close();
  });
});
