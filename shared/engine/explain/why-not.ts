import { illegalReason } from '../game';
import type { IllegalReason } from '../illegal';
import type { Move, SeatView } from '../types';
import { turnState } from './view-state';

/**
 * Why `view.seat` may not make `move` now, or null when it may (then the move is in view.legalMoves).
 * The seat-level reasons come first (spectator, out, not your turn); the rest is the engine's own judgement
 * (`illegalReason`) on the state built from the view: legality never depends on a hidden card.
 */
export function whyNot(view: SeatView, move: Move): IllegalReason | null {
  if (view.seat === null) return { code: 'spectator' };
  if (view.phase === 'gameOver') return { code: 'gameOver' };
  if (view.phase === 'turn') {
    if (view.out[view.seat]) return { code: 'youAreOut' };
    if (view.current !== view.seat) return { code: 'notYourTurn' };
  }
  return illegalReason(turnState(view), move);
}
