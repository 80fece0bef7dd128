import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewFor } from '../../shared/engine';
import type { GameState, SeatView } from '../../shared/engine';
import type { ServerMessage, TableOptions } from '../../shared/protocol';
import { TestClient } from './helpers/client';
import { testHost, type TestHost } from './helpers/host';
import { moveMessage, playRandomly, seatTable, startedTable, viewAt } from './helpers/play';
import { pick, rng } from '../helpers/random';
import { truthOf } from './helpers/truth';
import { playWholeTurns } from './helpers/turns';

/**
 * After every view frame a client receives, its rebuilt view must be exactly `viewFor(truth, its seat)`.
 * Returns the frame counts by type and the problems found.
 */
function watchFrames(c: TestClient, seat: number | null, truth: (m: number) => GameState | undefined) {
  const seen = { view: 0, viewDelta: 0, deltaBytes: 0, viewBytes: 0 };
  const problems: string[] = [];
  const prevHandler = c.onMessage;
  c.onMessage = (m: ServerMessage) => {
    prevHandler?.(m);
    if (m.type !== 'view' && m.type !== 'viewDelta') return;
    seen[m.type] += 1;
    const bytes = c.frames[c.frames.length - 1].length;
    if (m.type === 'view') seen.viewBytes += bytes;
    else seen.deltaBytes += bytes;
    const view = c.view!;
    const state = truth(view.moveCount);
    if (!state)
      return void problems.push(`seat ${seat}: a view of move ${view.moveCount}, which the log lacks`);
    const expected = viewFor(state, seat);
    if (!deepEqual(view, expected)) {
      problems.push(
        `seat ${seat}, move ${view.moveCount}, after a ${m.type}: the view differs from the host's`,
      );
    }
  };
  return { seen, problems };
}

const deepEqual = (a: SeatView, b: SeatView): boolean => isDeepStrictEqual(a, b);

/**
 * Random legal moves until every client's view is at `target` or past it (or the game ends). Unlike
 * playRandomly it does not wait for every client after each move, so one client may fall behind.
 */
async function playPast(clients: TestClient[], target: number, random: () => number): Promise<void> {
  for (;;) {
    const m = Math.max(...clients.map((c) => c.view!.moveCount));
    if (clients.every((c) => c.view!.moveCount >= target || c.view!.gameOver)) return;
    const actor = clients.find((c) => c.view!.moveCount === m && c.view!.legalMoves.length > 0);
    // Between rounds everyone says ready (a client that missed the round's end too: the host knows it).
    const latest = clients.find((c) => c.view!.moveCount === m)!.view!;
    if (latest.phase === 'roundOver') for (const c of clients) c.send({ type: 'ready' });
    else if (actor) actor.send(moveMessage(pick(random, actor.view!.legalMoves), m));
    // Until some client's view changes (a move went out, or a whole view answered a sync).
    const before = clients.map((c) => c.view);
    const since = Date.now();
    while (clients.every((c, i) => c.view === before[i])) {
      if (Date.now() - since > 5000) throw new Error(`no view changed after move ${m}`);
      await new Promise((r) => setTimeout(r, 2));
    }
  }
}

function randomOptions(random: () => number): TableOptions {
  return {
    players: pick(random, [2, 3, 4] as const),
    mode: pick(random, ['basic', 'advanced', 'advanced'] as const),
    actionRule: random() < 0.7,
    rulesVersion: pick(random, ['1.1', '1.2'] as const),
    autoDraw: random() < 0.3,
  };
}

describe('views rebuilt from deltas (a property over random games through a real host)', () => {
  let h: TestHost;
  beforeAll(async () => {
    h = await testHost({ bots: 'inline' });
  });
  afterAll(() => h.stop());

  const GAMES = 16;
  let multiStepTurns = 0;
  it.each(Array.from({ length: GAMES }, (_, i) => i))(
    'game %i: after every frame every seat and the spectator hold exactly viewFor(state, seat)',
    async (i) => {
      const random = rng(4242 + i);
      const options = randomOptions(random);
      // Some games have a bot at the last seat: its moves go out as deltas too.
      const bots = options.players > 2 && random() < 0.4 ? [options.players - 1] : [];
      const { tableId, clients } = await startedTable(h.port, options, { bots });
      const truth = truthOf(h.dataDir, tableId);
      const spectator = await TestClient.greeted(h.port);
      spectator.send({ type: 'spectate', tableId });
      await viewAt(spectator, 0);
      const watched = [
        ...clients.map((c) => watchFrames(c, c.seat, truth)),
        watchFrames(spectator, null, truth),
      ];
      const watchedFrom = spectator.view!.moveCount;
      // The views held before the watch began are checked too.
      for (const [k, c] of [...clients, spectator].entries()) {
        expect(c.view).toEqual(viewFor(truth(c.view!.moveCount)!, k < clients.length ? c.seat : null));
      }
      // Every other game goes in whole turns, a message each: one frame per turn carries all its moves.
      const whole = i % 2 === 1 ? await playWholeTurns([...clients, spectator], truth, random) : null;
      if (!whole) await playRandomly([...clients, spectator], random);
      const final = truth(clients[0].view!.moveCount)!;
      expect(final.phase).toBe('gameOver');
      for (const w of watched) expect(w.problems.slice(0, 5)).toEqual([]);
      // After the first view, deltas alone carried the game, new rounds included.
      for (const c of [...clients, spectator]) expect(c.gaps).toBe(0);
      for (const w of watched) {
        expect(w.seen.viewDelta).toBeGreaterThan(0);
        expect(w.seen.view).toBe(0);
        if (!whole)
          expect(w.seen.view + w.seen.viewDelta).toBeGreaterThanOrEqual(final.moveCount - watchedFrom);
        else expect(w.seen.view + w.seen.viewDelta).toBeGreaterThanOrEqual(whole.turns);
      }
      // One short game may hold only one-step turns (a discard that ends it, on the host's own shuffle):
      // the whole-turn games together must hold multi-step ones (checked after the last game).
      if (whole) multiStepTurns += whole.multiStep;
      expect(h.problems).toEqual([]);
      await Promise.all([...clients, spectator].map((c) => c.close()));
    },
  );

  it('the games played in whole turns sent turns of several steps in one message', () => {
    expect(multiStepTurns).toBeGreaterThan(0);
  });

  it('a rematch starts with the whole view of the new game, then deltas again', async () => {
    const options: TableOptions = { players: 2, mode: 'basic', actionRule: false };
    const { tableId, clients } = await startedTable(h.port, options);
    await playRandomly(clients, rng(99));
    // A rematch starts once every person at the table has asked for it.
    for (const c of clients) c.send({ type: 'rematch' });
    await Promise.all(clients.map((c) => c.nextView((v) => v.moveCount === 0 && !v.gameOver)));
    const truth = truthOf(h.dataDir, tableId, 2);
    const watched = clients.map((c) => watchFrames(c, c.seat, truth));
    for (const c of clients) {
      expect(c.inbox.findLast((m) => m.type === 'view' || m.type === 'viewDelta')?.type).toBe('view');
    }
    await playRandomly(clients, rng(100), (m) => m >= 3);
    for (const w of watched) {
      expect(w.problems).toEqual([]);
      expect(w.seen.viewDelta).toBeGreaterThan(0);
    }
    await Promise.all(clients.map((c) => c.close()));
  });
});

describe('a client that misses a frame', () => {
  let h: TestHost;
  beforeAll(async () => {
    h = await testHost();
  });
  afterAll(() => h.stop());

  it('sees the gap, keeps its view whole, asks for the whole view and goes on', async () => {
    const options: TableOptions = { players: 3, mode: 'advanced', actionRule: true };
    const { tableId, clients } = await startedTable(h.port, options);
    const truth = truthOf(h.dataDir, tableId);
    await playRandomly(clients, rng(5), (m) => m >= 4);
    const [victim] = clients;
    const held: { moveCount: number; exact: boolean }[] = [];
    // Drop one delta after which someone else is to move: only a later frame can reveal a missing one.
    let droppedTo: number | null = null;
    victim.dropDelta = (d) => {
      const state = truth(d.to)!;
      const othersMove =
        state.phase === 'roundOver' || (state.phase === 'turn' && state.current !== victim.seat);
      if (droppedTo !== null || !othersMove) return false;
      droppedTo = d.to;
      return true;
    };
    victim.onMessage = () => {
      const v = victim.view!;
      held.push({ moveCount: v.moveCount, exact: deepEqual(v, viewFor(truth(v.moveCount)!, victim.seat)) });
    };
    const frames = victim.frames.length;
    const start = victim.view!.moveCount;
    await playPast(clients, start + 8, rng(6));
    // The others keep playing while the victim syncs, so the whole view may answer after their last
    // move: play on (a move at a time, boundedly) until a delta has followed it.
    const framesSince = () => victim.frames.slice(frames).map((f) => JSON.parse(f) as ServerMessage);
    const deltaAfterWhole = () => {
      const after = framesSince();
      const whole = after.findIndex((m) => m.type === 'view');
      return whole > 0 && after.slice(whole + 1).some((m) => m.type === 'viewDelta');
    };
    for (let i = 0; i < 20 && !deltaAfterWhole(); i++) {
      const next = Math.max(...clients.map((c) => c.view!.moveCount)) + 1;
      await playPast(clients, next, rng(7 + i));
    }

    expect(droppedTo).not.toBeNull();
    expect(victim.gaps).toBe(1);
    // The delta after the missing one did not apply: the view stayed the one before, never half new.
    expect(held.every((x) => x.exact)).toBe(true);
    expect(held.map((x) => x.moveCount)).not.toContain(droppedTo);
    // The host answered the sync with a whole view, and deltas followed it again.
    const after = framesSince();
    const whole = after.findIndex((m) => m.type === 'view');
    expect(whole).toBeGreaterThan(0);
    expect(after.slice(whole + 1).some((m) => m.type === 'viewDelta')).toBe(true);
    expect(victim.view).toEqual(viewFor(truth(victim.view!.moveCount)!, victim.seat));
    for (const c of clients) expect(c.errors()).toEqual([]);
    await Promise.all(clients.map((c) => c.close()));
  });

  it('sync before the start, or away from any table, is refused with a reason', async () => {
    const stranger = await TestClient.greeted(h.port);
    stranger.send({ type: 'sync' });
    expect(await stranger.next('error')).toMatchObject({ code: 'notSeated', to: 'sync' });
    const { clients } = await seatTable(h.port, { players: 2, mode: 'basic', actionRule: false });
    clients[1].send({ type: 'sync' });
    expect(await clients[1].next('error')).toMatchObject({ code: 'notStarted', to: 'sync' });
    await Promise.all([stranger, ...clients].map((c) => c.close()));
  });

  it('a move made on a view rebuilt after a sync is accepted', async () => {
    const { clients } = await startedTable(h.port, { players: 2, mode: 'advanced', actionRule: false });
    const actor = clients.find((c) => c.view!.legalMoves.length > 0)!;
    actor.send({ type: 'sync' });
    const v = await actor.nextView((view) => view.moveCount === 0);
    actor.send(moveMessage(v.legalMoves[0], v.moveCount));
    await Promise.all(clients.map((c) => viewAt(c, 1)));
    expect(actor.errors()).toEqual([]);
    await Promise.all(clients.map((c) => c.close()));
  });
});
