// Property: replaying a round from a later view gives back, at every turn start of that round, the view the
// seat had then (viewFor of the state at that moment), in seeded random games of every variant.
import { describe, expect, it } from 'vitest';
import { applyMove, legalMoves, newGame, replayRound, viewFor } from '../../../shared/engine';
import type { GameOptions, GameState, SeatView } from '../../../shared/engine';
import { keys, pick, rng, sorted } from './helpers';

const GAMES_PER_VARIANT = 40;

const variants: GameOptions[] = [];
for (const players of [2, 3, 4] as const)
  for (const mode of ['basic', 'advanced'] as const)
    for (const actionRule of [false, true])
      for (const rulesVersion of ['1.1', '1.2'] as const)
        for (const autoDraw of [false, true])
          variants.push({ players, mode, actionRule, rulesVersion, autoDraw });

const isTurnStart = (s: GameState): boolean =>
  s.phase === 'turn' && s.turn!.played === 0 && !s.turn!.discarded && s.turn!.pending === null;

/**
 * The view with its order-free fields put in a canonical order (a reconstructed hand cannot know its deal
 * order). The log is the later view's log cut short (checked entry by entry below), so only its length and
 * last entries are compared here: stringifying a whole game's log at every step would be slow.
 */
function canonical(view: SeatView): unknown {
  const log = { length: view.log.length, last: view.log.slice(-4) };
  return { ...view, hand: sorted(view.hand), legalMoves: keys(view.legalMoves), log };
}

/** viewFor(state, seat), canonical, as text: each turn start is compared many times, so it is computed once. */
const expected = new WeakMap<GameState, Map<number | null, string>>();
function expectedView(state: GameState, seat: number | null): string {
  let bySeat = expected.get(state);
  if (!bySeat) expected.set(state, (bySeat = new Map()));
  let text = bySeat.get(seat);
  if (text === undefined) bySeat.set(seat, (text = JSON.stringify(canonical(viewFor(state, seat)))));
  return text;
}

/** Plays one random game; calls `visit(state, turnStartsOfThisRound)` after every move. */
export function randomGame(
  options: GameOptions,
  seed: number,
  visit: (state: GameState, starts: GameState[]) => void,
): void {
  const random = rng(seed);
  let s = newGame(options, seed);
  let starts: GameState[] = [];
  for (let n = 0; n < 2000 && s.phase !== 'gameOver'; n++) {
    if (starts.length > 0 && starts[0].round !== s.round) starts = [];
    if (isTurnStart(s)) starts.push(s);
    visit(s, starts);
    const moves = legalMoves(s);
    // Passing is one move among many; make it rarer so that rounds last.
    const nonPass = moves.filter((m) => m.type !== 'pass');
    s = applyMove(s, nonPass.length > 0 && random() < 0.97 ? pick(nonPass, random) : pick(moves, random));
  }
  visit(s, starts);
}

describe('replayRound', () => {
  it.each(
    variants.map((o) => [
      `${o.players}p ${o.mode} a:${o.actionRule} v${o.rulesVersion} auto:${o.autoDraw}`,
      o,
    ]),
  )('gives back every turn start of the round from a later view: %s', (_, options) => {
    let checked = 0;
    for (let g = 0; g < GAMES_PER_VARIANT; g++) {
      const seed = 1000 + g;
      const random = rng(seed * 7 + 1);
      randomGame(options, seed, (later, starts) => {
        // Checking at every move would be slow: every round end, and a sample of the moments in between.
        if (later.phase === 'turn' && random() > 0.04) return;
        for (const seat of [...Array(options.players).keys(), null]) {
          const now = viewFor(later, seat);
          const steps = replayRound(now);
          const at = `seed ${seed} seat ${seat} after ${later.moveCount} moves`;
          const indexes = steps.map((t) => t.logIndex).join();
          if (indexes !== starts.map((t) => t.log.length).join())
            expect(indexes, at).toBe(starts.map((t) => t.log.length).join());
          steps.forEach((step, i) => {
            if (step.seat !== starts[i].current) expect(step.seat, at).toBe(starts[i].current);
            if (!step.view.log.every((entry, k) => entry === now.log[k])) expect.fail(`${at}: log`);
            const got = canonical(step.view);
            if (JSON.stringify(got) !== expectedView(starts[i], seat))
              expect(got, `${at}, turn ${i}`).toEqual(canonical(viewFor(starts[i], seat)));
            checked += 1;
          });
        }
      });
    }
    expect(checked).toBeGreaterThan(GAMES_PER_VARIANT * 10);
  });
});
