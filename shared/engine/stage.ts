import { drawsUnknownCard } from './entries';
import { applyStagedMove, IllegalMoveError } from './game';
import { sentence } from './illegal';
import { stateFromView } from './explain/view-state';
import { whyNot } from './explain/why-not';
import type { GameState, Move, SeatView } from './types';
import { viewFor } from './view';

/** A seat's turn as its own screen shows it before the host has it (docs/engine.md, "A staged turn"). */
export interface StagedTurn {
  /**
   * The table after the staged steps, as the seat sees it. After a step that ends the turn the seat is
   * still the one to act, out if it did not lead, and nothing is legal (the turn waits to be confirmed).
   */
  view: SeatView;
  /** The last step ended the turn (an end, a discard with no draw offered, the draw's answer). */
  ended: boolean;
  /**
   * The last step drew a card from the face-down deck: only the host knows it, so the hand shown holds a
   * stand-in. Such a step is not staged; it goes to the host with the steps before it.
   */
  drawsUnknown: boolean;
}

/**
 * Applies `steps` (the seat's own, in order) to the table `view` shows, with the engine's own legality.
 * Throws IllegalMoveError, saying why, for a step that is not legal there, a step after the turn has
 * ended, or a step after an unknown draw. Pure; the view alone decides it.
 */
export function stageTurn(view: SeatView, steps: readonly Move[]): StagedTurn {
  if (steps.length === 0) return { view, ended: false, drawsUnknown: false };
  const refused = whyNot(view, steps[0]) ?? (view.phase === 'turn' ? null : { code: 'roundOver' as const });
  if (refused) throw new IllegalMoveError(sentence(refused));
  let state: GameState = stateFromView(view);
  let ended = false;
  let drawsUnknown = false;
  for (const move of steps) {
    if (ended) throw new IllegalMoveError(sentence({ code: 'turnOver' }));
    if (drawsUnknown)
      throw new IllegalMoveError('Only the host knows the card drawn: the turn goes on there.');
    const from = state.log.length;
    ({ state, ended } = applyStagedMove(state, move));
    drawsUnknown = state.log.slice(from).some(drawsUnknownCard);
  }
  const shown = viewFor(state, view.seat);
  return { view: ended ? { ...shown, legalMoves: [] } : shown, ended, drawsUnknown };
}
