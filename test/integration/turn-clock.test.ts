import { afterEach, describe, expect, it } from 'vitest';
import type { ServerMessage, TableInfo, TableOptions, TurnClockInfo } from '../../shared/protocol';
import { TestClient } from './helpers/client';
import { testHost, type TestHost } from './helpers/host';
import { ManualClock } from './helpers/manual-clock';
import { moveMessage, playRandomly, startedTable, viewAt } from './helpers/play';
import { dropFromSnapshot, optionsAfterResume } from './helpers/table-options';
import { rng } from '../helpers/random';

/*
 * The turn clock: the host keeps each person's time (bots are not timed), pauses it while they are away
 * and between rounds, keeps it in the snapshot, and when it runs out nobody loses: the others may let a
 * bot play that one turn (or, by the table's choice, a bot plays it at once).
 */

let hosts: TestHost[] = [];
afterEach(async () => {
  for (const h of hosts) await h.stop();
  hosts = [];
});
/**
 * A host on a clock the test moves; bots wait 1 s of it before each step, so a test sees them come. Its
 * heartbeat waits a day: a test's leap of minutes leaves no time for the sockets' pongs.
 */
async function host(clock: ManualClock, opts: Parameters<typeof testHost>[0] = {}): Promise<TestHost> {
  const limits = { botDelayMs: 1000, heartbeatMs: 86_400_000, ...opts.limits };
  const h = await testHost({ clock, bots: 'inline', ...opts, limits });
  hosts.push(h);
  return h;
}

const timed = (extra: Partial<TableOptions> = {}): TableOptions => ({
  players: 2,
  mode: 'basic',
  actionRule: false,
  turnClock: 30,
  ...extra,
});
type TableMsg = Extract<ServerMessage, { type: 'table' }>;
const tableMsg = (c: TestClient, pred: (t: TableInfo) => boolean = () => true) =>
  c.next((m) => m.type === 'table' && pred(m.table)) as Promise<TableMsg>;
const lastTable = (c: TestClient): TableInfo =>
  (c.inbox.findLast((m) => m.type === 'table') as TableMsg).table;
const realSleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Moves the clock on in steps of `stepMs` (letting the host's async work run) until `done` holds. */
async function advanceUntil(clock: ManualClock, done: () => boolean, stepMs = 500): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) {
    clock.advance(stepMs);
    await realSleep(20);
  }
  expect(done()).toBe(true);
}

/** A started two-person table; `timedOne` is the person to play first, `other` the one waiting. */
async function timedTable(h: TestHost, options = timed()) {
  const t = await startedTable(h.port, options);
  const cur = t.clients[0].view!.current!;
  const timedOne = t.clients[cur];
  const other = t.clients[1 - cur];
  return { ...t, timedOne, other, seat: cur };
}

describe('the turn clock', () => {
  it('is off by default, and bots are never timed', async () => {
    const clock = new ManualClock();
    const h = await host(clock);
    const t = await startedTable(h.port, { players: 2, mode: 'basic', actionRule: false });
    const info = lastTable(t.clients[0]);
    expect(info.options).toMatchObject({ turnClock: 0, clockExpiry: 'vote' });
    expect(info.turnClock).toBeNull();

    await Promise.all(t.clients.map((c) => c.close()));

    // Ann with two bots (that move without waiting on the clock): only Ann's turns are ever timed.
    const h2 = await host(clock, { limits: { botDelayMs: 0 } });
    const withBots = await startedTable(h2.port, timed({ players: 3 }), { bots: [1, 2] });
    const ann = withBots.clients[0];
    await playRandomly([ann], rng(5), (n) => n >= 8);
    await realSleep(30);
    const botTurns = ann.view!.log.filter((e) => e.kind === 'turn' && e.seat !== 0).length;
    expect(botTurns).toBeGreaterThan(0);
    const clocks = ann.inbox.flatMap((m) => (m.type === 'table' ? [m.table.turnClock] : []));
    expect(clocks.some((c) => c?.seat === 0)).toBe(
      ann.view!.log.some((e) => e.kind === 'turn' && e.seat === 0),
    );
    expect(clocks.every((c) => c === null || c.seat === 0)).toBe(true);
    await ann.close();
  });

  it("runs out with 'vote': the others may let a bot play that one turn, once, and the seat stays its player's", async () => {
    const clock = new ManualClock();
    const h = await host(clock);
    const t = await timedTable(h);
    const { timedOne, other, seat } = t;
    const started = lastTable(other).turnClock!;
    expect(started).toEqual<TurnClockInfo>({
      seat,
      endsAt: clock.now() + 30_000,
      leftMs: 30_000,
      totalMs: 30_000,
      paused: false,
      expired: false,
      botTurn: false,
    });
    expect(lastTable(timedOne).turnClock).toEqual(started); // every screen counts from the same moment

    // Before the time is up, nobody may call the bot.
    other.send({ type: 'botTurn', seat });
    expect(await other.next('error')).toMatchObject({ code: 'notTimedOut', to: 'botTurn' });
    clock.advance(29_999);
    await realSleep(30);
    expect(lastTable(other).turnClock!.expired).toBe(false);
    clock.advance(1);
    const out = await tableMsg(other, (i) => i.turnClock?.expired === true);
    expect(out.table.turnClock).toMatchObject({
      seat,
      endsAt: null,
      leftMs: 0,
      expired: true,
      botTurn: false,
    });
    await tableMsg(timedOne, (i) => i.turnClock?.expired === true);

    // Not for the player themselves, nor a spectator, nor the wrong seat.
    timedOne.send({ type: 'botTurn', seat });
    expect(await timedOne.next('error')).toMatchObject({ code: 'badSeat', to: 'botTurn' });
    const watcher = await TestClient.greeted(h.port);
    watcher.send({ type: 'spectate', tableId: t.tableId });
    await watcher.next('spectating');
    expect((await tableMsg(watcher)).table.turnClock).toMatchObject({ seat, expired: true });
    watcher.send({ type: 'botTurn', seat });
    expect(await watcher.next('error')).toMatchObject({ code: 'notSeated', to: 'botTurn' });
    other.send({ type: 'botTurn', seat: 1 - seat });
    expect(await other.next('error')).toMatchObject({ code: 'badSeat', to: 'botTurn' });

    const moveCount = other.view!.moveCount;
    other.send({ type: 'botTurn', seat });
    const asked = await tableMsg(timedOne, (i) => i.turnClock?.botTurn === true);
    expect(asked.table.turnClock).toMatchObject({ seat, expired: true, botTurn: true });
    // Twice, and a flood: the bot already plays it; each is refused, and it plays one turn only.
    for (let i = 0; i < 100; i++) other.send({ type: 'botTurn', seat });
    for (let i = 0; i < 100; i++)
      expect(await other.next('error')).toMatchObject({ code: 'notTimedOut', to: 'botTurn' });

    // The bot plays the turn (through the normal path: a view for everyone), then it is the other's turn.
    await advanceUntil(clock, () => other.view!.current !== seat || other.view!.phase !== 'turn');
    expect(other.view!.moveCount).toBeGreaterThan(moveCount);
    expect(other.view!.log.some((e) => e.kind === 'turn' && e.seat === seat)).toBe(true);
    if (other.view!.phase === 'turn') {
      const next = await tableMsg(timedOne, (i) => i.turnClock?.seat === 1 - seat);
      expect(next.table.turnClock).toMatchObject({ leftMs: 30_000, expired: false, botTurn: false });
    }
    // The seat is the player's again: no bot, no stand-in; the bot played that one turn only.
    expect(lastTable(timedOne).seatList[seat]).toMatchObject({ bot: false, standIn: false, person: true });
    const turns = (v: typeof other.view) => v!.log.filter((e) => e.kind === 'turn' && e.seat === seat).length;
    const played = turns(other.view);
    for (let i = 0; i < 3; i++) {
      clock.advance(1000); // the bot's step time, three times over: no second turn comes
      await realSleep(30);
    }
    expect(turns(other.view)).toBe(played);
    expect(h.problems).toEqual([]);
    await Promise.all([timedOne, other, watcher].map((c) => c.close()));
  });

  it('lets the timed-out player still play their turn until someone asks for the bot', async () => {
    const clock = new ManualClock();
    const h = await host(clock);
    const { timedOne, other, seat } = await timedTable(h);
    clock.advance(30_000);
    await tableMsg(timedOne, (i) => i.turnClock?.expired === true);
    const n = timedOne.view!.moveCount;
    timedOne.send(
      moveMessage(
        timedOne.view!.legalMoves.find((m) => m.type === 'pass')!,
        n,
      ),
    );
    await viewAt(other, n + 1);
    expect(timedOne.errors()).toEqual([]);
    expect(lastTable(other).turnClock?.seat ?? null).not.toBe(seat);
    await Promise.all([timedOne, other].map((c) => c.close()));
  });

  it("runs out with 'bot': a bot plays the turn at once, and the player is told", async () => {
    const clock = new ManualClock();
    const h = await host(clock);
    const { timedOne, other, seat } = await timedTable(h, timed({ clockExpiry: 'bot', turnClock: 60 }));
    expect(lastTable(timedOne).options).toMatchObject({ turnClock: 60, clockExpiry: 'bot' });
    const n = timedOne.view!.moveCount;
    clock.advance(60_000);
    // The timed player's screen hears why: their time ran out and a bot plays this turn.
    const told = await tableMsg(timedOne, (i) => i.turnClock?.botTurn === true);
    expect(told.table.turnClock).toMatchObject({ seat, expired: true, botTurn: true });
    await advanceUntil(clock, () => timedOne.view!.moveCount > n && timedOne.view!.current !== seat);
    expect(timedOne.view!.log.some((e) => e.kind === 'turn' && e.seat === seat)).toBe(true);
    expect(lastTable(other).seatList[seat]).toMatchObject({ bot: false, person: true });
    await Promise.all([timedOne, other].map((c) => c.close()));
  });

  it('waits while the player is away and gives back what was left when they return; others see it right', async () => {
    const clock = new ManualClock();
    const h = await host(clock);
    const t = await timedTable(h);
    const { timedOne, other, seat } = t;
    clock.advance(12_000);
    await timedOne.close();
    const paused = await tableMsg(other, (i) => i.seatList[seat].away);
    expect(paused.table.turnClock).toMatchObject({ seat, endsAt: null, leftMs: 18_000, paused: true });
    // Away for longer than the whole clock: the away rules apply, the time does not run out.
    clock.advance(45_000);
    await realSleep(30);
    expect(lastTable(other).turnClock).toMatchObject({ leftMs: 18_000, paused: true, expired: false });

    const back = await TestClient.greeted(h.port);
    back.send({ type: 'resume', token: timedOne.token! });
    await back.next('joined');
    const resumed = (await tableMsg(back)).table;
    expect(resumed.turnClock).toMatchObject({
      seat,
      endsAt: clock.now() + 18_000,
      leftMs: 18_000,
      paused: false,
    });
    expect((await tableMsg(other, (i) => !i.seatList[seat].away)).table.turnClock?.endsAt).toBe(
      clock.now() + 18_000,
    );

    // The other player reconnects mid-turn: their first table says what is left now.
    clock.advance(3_000);
    await other.close();
    const otherBack = await TestClient.greeted(h.port);
    otherBack.send({ type: 'resume', token: other.token! });
    const seen = (await tableMsg(otherBack)).table;
    expect(seen.turnClock).toMatchObject({ endsAt: clock.now() + 15_000, leftMs: 15_000 });
    expect(seen.turnClock!.endsAt! - seen.hostNow).toBe(15_000);

    // Away with 4 s left: back, they get 10 s (never an expiry the moment they return).
    clock.advance(11_000);
    await back.close();
    expect((await tableMsg(otherBack, (i) => i.seatList[seat].away)).table.turnClock?.leftMs).toBe(4_000);
    const again = await TestClient.greeted(h.port);
    again.send({ type: 'resume', token: timedOne.token! });
    expect((await tableMsg(again)).table.turnClock).toMatchObject({ leftMs: 10_000, paused: false });
    await Promise.all([again, otherBack].map((c) => c.close()));
  });

  it('times nobody between rounds, and starts each round’s first turn with the whole time', async () => {
    const clock = new ManualClock();
    const h = await host(clock);
    const t = await startedTable(h.port, timed({ mode: 'advanced' }));
    const [ann, bob] = t.clients;
    await playRandomly(t.clients, rng(7), () => ann.view!.phase !== 'turn');
    expect(ann.view!.phase).toBe('roundOver');
    await realSleep(30);
    expect(lastTable(ann).turnClock).toBeNull();
    clock.advance(10 * 60_000);
    await realSleep(30);
    expect(ann.view!.phase).toBe('roundOver');
    ann.send({ type: 'ready' });
    bob.send({ type: 'ready' });
    await ann.nextView((v) => v.round === 2);
    const first = ann.view!.current!;
    // The deal's table message comes with its views.
    expect(lastTable(ann).turnClock).toMatchObject({
      seat: first,
      leftMs: 30_000,
      endsAt: clock.now() + 30_000,
    });
    await Promise.all(t.clients.map((c) => c.close()));
  });

  it('is kept in the snapshot: a host restarted within a second resumes it within a second', async () => {
    const c1 = new ManualClock();
    const h1 = await host(c1);
    const t = await timedTable(h1, timed({ turnClock: 120 }));
    c1.advance(20_000); // 100 s left
    const tokens = t.clients.map((c) => c.token!);
    await Promise.all(t.clients.map((c) => c.close()));
    await h1.host.close();

    const c2 = new ManualClock(c1.now() + 700);
    const h2 = await host(c2, { dataDir: h1.dataDir });
    const back = await TestClient.greeted(h2.port);
    back.send({ type: 'resume', token: tokens[t.seat] });
    const info = (await tableMsg(back)).table;
    expect(info.options.turnClock).toBe(120);
    expect(info.turnClock).toMatchObject({ seat: t.seat, paused: false, expired: false });
    expect(Math.abs(info.turnClock!.leftMs - 100_000)).toBeLessThan(1000);
    expect(info.turnClock!.endsAt).toBe(c2.now() + info.turnClock!.leftMs);
    await back.close();
    await h2.host.close();

    // A snapshot from before the clock existed restores as a table without one.
    expect(dropFromSnapshot(h1.dataDir, t.tableId, 'clock')).toMatchObject({ seconds: 120 });
    const h3 = await host(new ManualClock(), { dataDir: h1.dataDir });
    expect(h3.problems).toEqual([]);
    expect(await optionsAfterResume(h3.port, tokens[0])).toMatchObject({ turnClock: 0, clockExpiry: 'vote' });
  });

  it('refuses hostile option values with a clear reason, and creates nothing', async () => {
    const h = await host(new ManualClock());
    const a = await TestClient.greeted(h.port);
    const bad: [Record<string, unknown>, string][] = [
      [{ turnClock: 15 }, 'options.turnClock: must be 0, 30, 60 or 120'],
      [{ turnClock: '30' }, 'options.turnClock: must be 0, 30, 60 or 120'],
      [{ turnClock: -30 }, 'options.turnClock: must be 0, 30, 60 or 120'],
      [{ turnClock: 1e300 }, 'options.turnClock: must be 0, 30, 60 or 120'],
      [{ turnClock: null }, 'options.turnClock: must be 0, 30, 60 or 120'],
      [{ clockExpiry: 'never' }, 'options.clockExpiry: must be "vote" or "bot"'],
      [{ clockExpiry: true }, 'options.clockExpiry: must be "vote" or "bot"'],
    ];
    for (const [extra, reason] of bad) {
      a.send({
        type: 'createTable',
        name: 'Bad',
        player: 'Ann',
        options: { players: 2, mode: 'basic', actionRule: false, ...extra },
      });
      expect(await a.next('error')).toMatchObject({ code: 'badMessage', reason });
    }
    for (const seat of [-1, 4, 1.5, '0', null])
      a.send({ type: 'botTurn', seat } as unknown as Record<string, unknown>);
    a.send({ type: 'botTurn' });
    for (let i = 0; i < 6; i++) expect(await a.next('error')).toMatchObject({ code: 'badMessage' });
    a.send({ type: 'botTurn', seat: 0 });
    expect(await a.next('error')).toMatchObject({ code: 'notSeated' });
    expect(h.host.tables()).toEqual([]);
    await a.close();
  });
});
