// Helpers for the hindsight tests: comparing replayed turn starts with the views the seats really had.
import { expect } from 'vitest';
import { replayRound, viewFor } from '../../../shared/engine';
import type { GameState, Move, SeatView } from '../../../shared/engine';
import { keys, moveKey, sorted } from './helpers';

export const isTurnStart = (s: GameState): boolean =>
  s.phase === 'turn' && s.turn!.played === 0 && !s.turn!.discarded && s.turn!.pending === null;

/** Complete turns as sorted text: the order of an enumeration follows the hand's order, which is not information. */
export const turnKeys = (turns: Move[][]): string[] => turns.map((t) => t.map(moveKey).join(' ')).sort();

/**
 * The view with its order-free fields put in a canonical order (a reconstructed hand cannot know its deal
 * order). The log is the later view's log cut short (checked entry by entry in checkReplay), so only its
 * length and last entries are compared here: stringifying a whole game's log at every step would be slow.
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

/**
 * For every seat and a spectator (or the `seats` given): replayRound(viewFor(later, seat)) has one step per turn start of the round
 * (`starts`, in order), each equal to viewFor(that state, seat). Returns how many steps were compared.
 * Plain comparisons first (this runs hundreds of thousands of times), `expect` only to report.
 */
export function checkReplay(
  later: GameState,
  starts: readonly GameState[],
  label: string,
  seats: readonly (number | null)[] = [...Array(later.options.players).keys(), null],
): number {
  let compared = 0;
  for (const seat of seats) {
    const at = `${label}, seat ${seat} after ${later.moveCount} moves`;
    const now = viewFor(later, seat);
    const steps = replayRound(now);
    const indexes = steps.map((t) => t.logIndex).join();
    if (indexes !== starts.map((t) => t.log.length).join())
      expect(indexes, at).toBe(starts.map((t) => t.log.length).join());
    steps.forEach((step, i) => {
      if (step.seat !== starts[i].current) expect(step.seat, at).toBe(starts[i].current);
      if (!step.view.log.every((entry, k) => entry === now.log[k])) expect.fail(`${at}: log`);
      const got = canonical(step.view);
      if (JSON.stringify(got) !== expectedView(starts[i], seat))
        expect(got, `${at}, turn ${i}`).toEqual(canonical(viewFor(starts[i], seat)));
      compared += 1;
    });
  }
  return compared;
}
