import { determinizer } from '../../../shared/bots';
import { applyMove, completeTurns, nextRandom } from '../../../shared/engine';
import type { GameState, Move, SeatView } from '../../../shared/engine/types';

/**
 * One guess at the orbit after the seat's turn: each other player makes a complete turn chosen at random
 * among those that keep them in (a player with none passes); then does the seat have a turn that keeps it
 * in (or did the round end with it the winner)?
 */
function survivesOrbit(after: GameState, seat: number, seed: number): boolean {
  let state = after;
  let random = seed >>> 0;
  while (state.phase === 'turn' && state.current !== seat) {
    const turns = completeTurns(state);
    if (turns.length === 0) {
      state = applyMove(state, { type: 'pass' });
      continue;
    }
    const [value, next] = nextRandom(random);
    random = next;
    state = turns[Math.floor(value * turns.length)].reduce(applyMove, state);
  }
  if (state.phase !== 'turn') return state.roundWinner === seat;
  return !state.out[seat] && completeTurns(state).length > 0;
}

/**
 * The chance that after `turn` the seat is still in when its next turn comes and can stay in then, over
 * `guesses` guesses of the hidden cards. Staying in to the end of one's own turn is decided by the turn
 * itself; the others' turns that follow are the risk a player wants to know. A turn that does not apply to
 * a guess (it hangs on a card a 3 drew) leaves that guess out. Past `until` (performance.now()'s clock) no
 * further guess is made once one has been weighed.
 */
export function nextTurnSurvival(
  view: SeatView,
  turn: readonly Move[],
  seed: number,
  guesses = 10,
  until = Infinity,
): number {
  const seat = view.seat;
  if (seat === null || turn.length === 0 || turn[0].type === 'pass') return 0;
  const guess = determinizer(view);
  let tried = 0;
  let survived = 0;
  for (let k = 0; k < guesses; k++) {
    if (tried > 0 && performance.now() > until) break;
    let after: GameState;
    try {
      after = turn.reduce(applyMove, guess(seed * 31 + k));
    } catch {
      continue;
    }
    tried++;
    if (!after.out[seat] && survivesOrbit(after, seat, seed + k * 7919)) survived++;
  }
  return tried === 0 ? 0 : survived / tried;
}
