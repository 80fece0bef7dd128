import { IllegalMoveError } from './game';
import { sentence } from './illegal';
import { stateFromView } from './explain/view-state';
import { whyNot } from './explain/why-not';
import { applyTurn } from './turn';
import type { Move, SeatView } from './types';
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
 * Applies `steps` (the seat's own, in order) to the table `view` shows, by the engine's one rule for a
 * turn (applyTurn, staged: the step that ends the turn stops there). Throws IllegalMoveError, saying why,
 * for what the host would refuse of the same steps: a step not legal there, a step after the turn has
 * ended, a step after an unknown draw. Pure; the view alone decides it.
 */
export function stageTurn(view: SeatView, steps: readonly Move[]): StagedTurn {
  if (steps.length === 0) return { view, ended: false, drawsUnknown: false };
  // The first step is judged on the view itself, so the reason speaks of what the seat sees.
  const refused = whyNot(view, steps[0]) ?? (view.phase === 'turn' ? null : { code: 'roundOver' as const });
  if (refused) throw new IllegalMoveError(sentence(refused));
  if (view.seat === null) throw new IllegalMoveError(sentence({ code: 'notYourTurn' }));
  const turn = applyTurn(stateFromView(view), view.seat, steps, 'stage');
  if (!turn.ok) throw new IllegalMoveError(turn.reason);
  const shown = viewFor(turn.state, view.seat);
  return {
    view: turn.ended ? { ...shown, legalMoves: [] } : shown,
    ended: turn.ended,
    drawsUnknown: turn.drawsUnknown,
  };
}
