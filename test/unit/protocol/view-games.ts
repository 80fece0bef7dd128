import { applyMove, legalMoves, newGame } from '../../../shared/engine';
import type { GameOptions, GameState, SeatView } from '../../../shared/engine';
import { diffView, type ViewDelta } from '../../../shared/protocol';
import { pick, rng } from '../../helpers/random';

/** Every state of one random game, from the deal to the end (or `maxMoves`). */
export function randomGame(options: GameOptions, seed: number, maxMoves = 2000): GameState[] {
  const random = rng(seed);
  const states = [newGame(options, seed)];
  for (let s = states[0]; s.phase !== 'gameOver' && states.length <= maxMoves;) {
    s = applyMove(s, pick(random, legalMoves(s)));
    states.push(s);
  }
  return states;
}

export const deltaOf = (prev: SeatView, next: SeatView): ViewDelta => {
  const d = diffView(prev, next);
  if (!d) throw new Error('no delta');
  return d;
};
