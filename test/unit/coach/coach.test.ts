import { describe, expect, it, onTestFinished } from 'vitest';
import { BOT_LEVELS, analyseTurn, botOptions, chooseBotMove } from '../../../shared/bots';
import { applyMove, newGame, replayRound, sameMove, setupState, viewFor } from '../../../shared/engine';
import type { GameState, Move, SeatView } from '../../../shared/engine';
import { COACH_TIME, handleCoachMessage } from '../../../renderer/src/coach/handler';
import type { CoachReply } from '../../../renderer/src/coach/handler';
import { MIN_COST, followedSuggestion, reviewRound } from '../../../renderer/src/coach/review';
import type { GivenSuggestion } from '../../../renderer/src/coach/review';
import { inCardOrder } from '../../../renderer/src/coach/position';
import { nextTurnSurvival } from '../../../renderer/src/coach/survival';

const withoutEnd = (turn: readonly Move[]) => turn.filter((m) => m.type !== 'end');
const key = (turn: readonly Move[]) => JSON.stringify(withoutEnd(turn));

/** Runs the worker's handler as the worker would, collecting its replies. */
function ask(data: unknown): CoachReply[] {
  const replies: CoachReply[] = [];
  handleCoachMessage(data, (m) => replies.push(m));
  return replies;
}

/** A fresh game, moved on until seat 0 is to act. */
function seatZeroToAct(seed: number): SeatView {
  let state = newGame({ players: 3, mode: 'advanced', actionRule: false }, seed);
  while (state.current !== 0)
    state = applyMove(state, chooseBotMove(viewFor(state, state.current!), 1, 'easy'));
  return viewFor(state, 0);
}

describe('nextTurnSurvival', () => {
  it("estimates staying in through the others' turns: 0 for passing, a chance otherwise, the same for the same seed", () => {
    const view = seatZeroToAct(11);
    const { best } = analyseTurn(view, 3, 'normal');
    expect(nextTurnSurvival(view, [{ type: 'pass' }], 1)).toBe(0);
    const chance = nextTurnSurvival(view, best, 1);
    expect(chance).toBeGreaterThan(0);
    expect(chance).toBeLessThanOrEqual(1);
    expect(nextTurnSurvival(view, best, 1)).toBe(chance);
  });
});

describe('the coach worker handler', () => {
  it('answers a suggestion with a complete turn that starts with a legal move and leaves out "end"', () => {
    const view = seatZeroToAct(21);
    const replies = ask({ id: 7, kind: 'suggest', view, seed: 1 });
    expect(replies).toHaveLength(1);
    const [reply] = replies;
    expect(reply.kind).toBe('suggestion');
    if (reply.kind !== 'suggestion') return;
    expect(reply.id).toBe(7);
    const { turn, stayIn, winRound, winGame } = reply.suggestion;
    expect(view.legalMoves.some((m) => sameMove(m, turn[0]))).toBe(true);
    expect(turn.some((m) => m.type === 'end')).toBe(false);
    expect(stayIn).toBeGreaterThanOrEqual(0);
    expect(stayIn).toBeLessThanOrEqual(1);
    expect(winRound).toBeGreaterThan(0);
    // An Advanced game: the search weighs the turn by the match too.
    expect(winGame).toBeGreaterThan(0);
    expect(winGame).toBeLessThanOrEqual(1);
  });

  it("thinks as long as the table's hard bots: the same answer as hard at the table's think time", () => {
    const view = seatZeroToAct(21);
    // On a loaded machine the time cut could come first and change the answer: this test is about the budget.
    const saved = { ...COACH_TIME };
    Object.assign(COACH_TIME, { searchMs: 60_000, answerMs: 60_000 });
    onTestFinished(() => void Object.assign(COACH_TIME, saved));
    const [reply] = ask({ id: 8, kind: 'suggest', view, seed: 2, think: 'quick' });
    if (reply.kind !== 'suggestion') throw new Error(reply.kind);
    expect(reply.suggestion.quick).toBeUndefined();
    // Asked in card order, as the review asks about the same turn (see inCardOrder).
    expect(key(reply.suggestion.turn)).toBe(
      key(analyseTurn(inCardOrder(view), 2, botOptions('hard', 'quick')).best),
    );
    const [again] = ask({ id: 9, kind: 'suggest', view, seed: 2, think: 'quick' });
    expect(again).toEqual({ ...reply, id: 9 });
    expect(ask({ id: 10, kind: 'suggest', view, seed: 2, think: 'forever' })).toEqual([
      { id: 10, kind: 'failed', reason: 'not a coach request' },
    ]);
  });

  it('answers in time on a slow device: the search is cut by the clock and the answer says it is quicker', () => {
    // A 4-player Advanced + Action position with many turns; a device slow enough that the time cut comes first.
    let state = newGame({ players: 4, mode: 'advanced', actionRule: true }, 8);
    while (state.current !== 0)
      state = applyMove(state, chooseBotMove(viewFor(state, state.current!), 1, 'easy'));
    const saved = { ...COACH_TIME };
    Object.assign(COACH_TIME, { searchMs: 5, answerMs: 10 });
    try {
      const start = performance.now();
      const [reply] = ask({ id: 11, kind: 'suggest', view: viewFor(state, 0), seed: 1, think: 'long' });
      const took = performance.now() - start;
      if (reply.kind !== 'suggestion') throw new Error(reply.kind);
      expect(reply.suggestion.quick).toBe(true);
      expect(viewFor(state, 0).legalMoves.some((m) => sameMove(m, reply.suggestion.turn[0]))).toBe(true);
      // Hard at 'long' needs far more than this here; cut, it answers within a few clock reads.
      expect(took).toBeLessThan(400);
    } finally {
      Object.assign(COACH_TIME, saved);
    }
  });

  it('answers nonsense and impossible questions with `failed` and a reason, never throws', () => {
    expect(ask(null)).toEqual([{ id: -1, kind: 'failed', reason: 'not a coach request' }]);
    expect(ask({ id: 3, kind: 'think' })).toEqual([{ id: 3, kind: 'failed', reason: 'not a coach request' }]);
    const view = seatZeroToAct(21);
    const [reply] = ask({ id: 4, kind: 'suggest', view: { ...view, current: 2 }, seed: 0 });
    expect(reply).toMatchObject({
      id: 4,
      kind: 'failed',
      reason: expect.stringMatching(/seat to act/),
    });
  });

  it('solves a replayed position with every card known, and refuses a state that is not a round in play', () => {
    const s = setupState(
      { players: 2, mode: 'basic', actionRule: false },
      { hands: [['R7', 'G2'], ['B2']], palettes: [['B1'], ['R6']], current: 0 },
    );
    const [reply] = ask({ id: 5, kind: 'solve', state: s });
    expect(reply).toMatchObject({ id: 5, kind: 'solved', solution: { verdict: 'win', seat: 0 } });
    expect(reply.kind === 'solved' && reply.solution.turn?.[0]).toEqual({ type: 'play', card: 'R7' });
    for (const state of [null, { phase: 'roundOver', current: null }, { ...s, hands: 'R7' }])
      expect(ask({ id: 6, kind: 'solve', state })).toEqual([
        { id: 6, kind: 'failed', reason: 'not a coach request' },
      ]);
  });

  it('looks back on a round from its deal and moves for a seat, and refuses a malformed question', () => {
    const s = setupState(
      { players: 2, mode: 'basic', actionRule: false },
      { hands: [['R7', 'G2'], ['B2']], palettes: [['B1'], ['R6']], current: 0 },
    );
    const moves = [{ seat: 0, move: { type: 'pass' } }];
    const [reply] = ask({ id: 7, kind: 'hindsight', deal: s, moves, seat: 0 });
    expect(reply).toMatchObject({
      id: 7,
      kind: 'hindsight',
      hindsight: { seat: 0, won: false, finding: { kind: 'lostAt', at: { ownNumber: 1 } } },
    });
    for (const bad of [
      { deal: null, moves, seat: 0 },
      { deal: s, moves: [{ seat: 0 }], seat: 0 },
      { deal: s, moves, seat: '0' },
    ])
      expect(ask({ id: 8, kind: 'hindsight', ...bad })).toEqual([
        { id: 8, kind: 'failed', reason: 'not a coach request' },
      ]);
  });

  it("reviews a finished round from the seat's own views: progress per turn, then the costliest turns", () => {
    // Seat 0 always makes the turn the search likes least (but stays in while it can); the others play.
    let state: GameState = newGame({ players: 2, mode: 'basic', actionRule: false }, 5);
    const made = new Map<number, Move[]>(); // seat 0's turns, by the log index where each started
    while (state.phase === 'turn') {
      const seat = state.current!;
      if (seat !== 0) {
        state = applyMove(state, chooseBotMove(viewFor(state, seat), state.moveCount, 'easy'));
        continue;
      }
      const { options } = analyseTurn(viewFor(state, 0), state.moveCount, 'easy');
      const worst = options.filter((o) => o.turn[0].type !== 'pass').at(-1)?.turn ?? [{ type: 'pass' }];
      made.set(state.log.length, withoutEnd(worst));
      for (const move of worst) state = applyMove(state, move);
    }
    const end = viewFor(state, 0);
    const replies = ask({ id: 9, kind: 'review', view: end, seed: 0 });
    const progress = replies.filter((r) => r.kind === 'progress');
    const last = replies.at(-1)!;
    expect(last.kind).toBe('review');
    if (last.kind !== 'review') return;
    expect(last.review.reviewed).toBe(made.size);
    expect(progress.map((p) => p.kind === 'progress' && p.done)).toEqual(
      [...made.keys()].map((_, i) => i + 1),
    );
    expect(last.review.costly.length).toBeGreaterThan(0);
    const playedTurns = [...made.values()].map(key);
    let previousCost = Infinity;
    for (const c of last.review.costly) {
      // What the review says was played is what seat 0 did, and the better turn differs from it.
      expect(playedTurns).toContain(key(c.played));
      expect(key(c.better)).not.toBe(key(c.played));
      const cost = c.betterWin - c.playedWin;
      expect(cost).toBeGreaterThanOrEqual(MIN_COST);
      expect(cost).toBeLessThanOrEqual(previousCost);
      previousCost = cost;
    }
    // The same review, straight from the module the handler calls.
    expect(reviewRound(end, 0)).toEqual(last.review);
    expect(last.review.costly.every((c) => c.measure === 'round')).toBe(true);
  });

  it('judges an Advanced round by the chance to win the game, going out counting as passing', () => {
    // Seat 0 makes the turn the search likes least every time; the other seat plays easy.
    let state: GameState = newGame({ players: 2, mode: 'advanced', actionRule: false }, 9);
    while (state.phase === 'turn') {
      const seat = state.current!;
      const view = viewFor(state, seat);
      if (seat !== 0 || view.legalMoves.length === 1) {
        state = applyMove(state, chooseBotMove(view, state.moveCount, 'easy'));
        continue;
      }
      const { options } = analyseTurn(view, state.moveCount, 'easy');
      const worst = options.filter((o) => o.turn[0].type !== 'pass').at(-1)?.turn ?? [{ type: 'pass' }];
      for (const move of worst) state = applyMove(state, move);
    }
    const review = reviewRound(viewFor(state, 0), 0);
    expect(review.reviewed).toBeGreaterThan(0);
    expect(review.costly.length).toBeGreaterThan(0);
    for (const c of review.costly) {
      expect(c.measure).toBe('game');
      expect(c.betterWin - c.playedWin).toBeGreaterThanOrEqual(MIN_COST);
      expect(c.betterWin).toBeLessThanOrEqual(1);
    }
  });
});

describe('the review of turns the coach suggested', () => {
  /** The coach's answer as the worker gives it, its clock out of the way (this machine may be busy). */
  function suggest(view: SeatView, think: 'quick' | 'normal') {
    const saved = { ...COACH_TIME };
    Object.assign(COACH_TIME, { searchMs: 60_000, answerMs: 60_000 });
    try {
      const [reply] = ask({ id: 1, kind: 'suggest', view, seed: view.moveCount, think });
      if (reply.kind !== 'suggestion') throw new Error(reply.kind);
      return reply.suggestion;
    } finally {
      Object.assign(COACH_TIME, saved);
    }
  }

  it("asks about a turn in card order: the live view and the review's replay of it are then the same question", () => {
    for (const [players, actionRule, seed] of [
      [2, false, 1],
      [4, true, 3],
    ] as const) {
      let state: GameState = newGame({ players, mode: 'advanced', actionRule }, seed);
      const live = new Map<number, SeatView>(); // seat 0's views at its turns' starts, by log index
      while (state.phase === 'turn') {
        const view = viewFor(state, state.current!);
        if (state.current === 0 && state.log.at(-1)?.kind === 'turn') live.set(state.log.length, view);
        state = applyMove(state, chooseBotMove(view, state.moveCount, 'easy'));
      }
      const replayed = replayRound(viewFor(state, 0)).filter((step) => step.seat === 0);
      expect(replayed.length).toBe(live.size);
      // The hands differ in order (the log does not say where a card sat), and so would the search's answer.
      expect(replayed.some((step) => step.view.hand.join() !== live.get(step.logIndex)!.hand.join())).toBe(
        true,
      );
      for (const step of replayed)
        expect(inCardOrder(step.view)).toEqual(inCardOrder(live.get(step.logIndex)!));
    }
  });

  it('never lists a turn played as suggested at full strength: the review asks the same question, whatever the hand order', () => {
    // Seat 0 asks the coach at the start of every turn and plays what it says; the others play easy.
    // The live hand keeps the order the cards came in, the review's replay cannot: that must not matter.
    const think = 'quick';
    let state: GameState = newGame({ players: 3, mode: 'basic', actionRule: false }, 17);
    const given: GivenSuggestion[] = [];
    while (state.phase === 'turn') {
      const seat = state.current!;
      const view = viewFor(state, seat);
      if (seat !== 0 || view.legalMoves.length === 1) {
        state = applyMove(state, chooseBotMove(view, state.moveCount, 'easy'));
        continue;
      }
      const { turn } = suggest(view, think);
      given.push({ moveCount: view.moveCount, turn, quick: false });
      for (const move of turn) state = applyMove(state, move);
      if (state.phase === 'turn' && state.current === 0) state = applyMove(state, { type: 'end' });
    }
    expect(given.length).toBeGreaterThan(2);
    const review = reviewRound(viewFor(state, 0), 0, undefined, { think, given });
    expect(review.reviewed).toBe(given.length);
    expect(review.costly.filter((c) => c.suggested)).toEqual([]);
    for (const c of review.costly) expect(given.map((g) => key(g.turn))).not.toContain(key(c.played));
  });

  it('says so when a turn followed a suggestion the device cut short, and that a deeper look found better', () => {
    // Basic, 2 players, seed 12: cut after 15 iterations the search likes playing Orange 1 then discarding
    // Blue 7; searched in full, playing Blue 7. Seat 0 plays the quick answer, then passes.
    let state: GameState = newGame({ players: 2, mode: 'basic', actionRule: false }, 12);
    expect(state.current).toBe(0);
    const first = viewFor(state, 0);
    const quick = analyseTurn(inCardOrder(first), 0, { ...BOT_LEVELS.hard, iterations: 15 });
    const given: GivenSuggestion[] = [{ moveCount: 0, turn: withoutEnd(quick.best), quick: true }];
    expect(given[0].turn).toEqual([
      { type: 'play', card: 'O1' },
      { type: 'discard', card: 'B7' },
    ]);
    for (const move of given[0].turn) state = applyMove(state, move);
    while (state.phase === 'turn')
      state =
        state.current === 0
          ? applyMove(state, { type: 'pass' })
          : applyMove(state, chooseBotMove(viewFor(state, state.current!), state.moveCount, 'easy'));
    const review = reviewRound(viewFor(state, 0), 0, undefined, { given });
    const turn1 = review.costly.find((c) => c.turnNumber === 1);
    expect(turn1).toMatchObject({
      played: given[0].turn,
      better: [{ type: 'play', card: 'B7' }],
      suggested: { from: 0, quick: true },
    });
    // Without the suggestion on record, the same turn is the player's own choice.
    expect(
      reviewRound(viewFor(state, 0), 0).costly.find((c) => c.turnNumber === 1)?.suggested,
    ).toBeUndefined();
  });

  it('finds the suggestion a turn followed: asked at its start or partway, the rest of the turn as suggested', () => {
    const O1: Move = { type: 'play', card: 'O1' };
    const B7: Move = { type: 'discard', card: 'B7' };
    const played = [O1, B7];
    const g = (moveCount: number, turn: Move[], quick = false): GivenSuggestion => ({
      moveCount,
      turn,
      quick,
    });
    expect(followedSuggestion([g(10, [O1, B7])], 10, played)).toEqual({ from: 0, quick: false });
    expect(followedSuggestion([g(11, [B7], true)], 10, played)).toEqual({ from: 1, quick: true });
    // The earliest one followed counts (it covers more of the turn); a full-strength one before a cut one.
    expect(
      followedSuggestion([g(11, [B7], true), g(10, [O1, B7], true), g(10, [O1, B7])], 10, played),
    ).toEqual({ from: 0, quick: false });
    // Not followed: another turn, another position, a suggestion with nothing left to do.
    expect(followedSuggestion([g(10, [O1])], 10, played)).toBeNull();
    expect(followedSuggestion([g(9, [O1, B7]), g(12, [B7])], 10, played)).toBeNull();
    expect(followedSuggestion([g(12, [])], 10, played)).toBeNull();
  });

  it("looks again without the clock once a cut answer is given (`full`), as the table's bots would", () => {
    let state = newGame({ players: 4, mode: 'advanced', actionRule: true }, 8);
    while (state.current !== 0)
      state = applyMove(state, chooseBotMove(viewFor(state, state.current!), 1, 'easy'));
    const view = viewFor(state, 0);
    const saved = { ...COACH_TIME };
    Object.assign(COACH_TIME, { searchMs: 0, answerMs: 0 });
    try {
      const [cut] = ask({ id: 1, kind: 'suggest', view, seed: 3, think: 'quick' });
      const [full] = ask({ id: 2, kind: 'suggest', view, seed: 3, think: 'quick', full: true });
      if (cut.kind !== 'suggestion' || full.kind !== 'suggestion') throw new Error('no answer');
      expect(cut.suggestion.quick).toBe(true);
      expect(full.suggestion.quick).toBeUndefined();
      expect(key(full.suggestion.turn)).toBe(
        key(analyseTurn(inCardOrder(view), 3, botOptions('hard', 'quick')).best),
      );
    } finally {
      Object.assign(COACH_TIME, saved);
    }
  });
});
