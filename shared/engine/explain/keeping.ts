import { completeTurns } from '../playout';
import type { CardId, GameState, Move, SeatView } from '../types';
import { turnState } from './view-state';

/** Is the seat's turn open in this view (the seat to act is the one looking)? */
export const isOwnTurn = (view: SeatView): boolean =>
  view.seat !== null && view.phase === 'turn' && view.current === view.seat && view.turn !== null;

/** Cards a 3 drew from the unknown part of the deck after log entry `from`: the view cannot know them. */
function unknownDraws(state: GameState, from: number): Set<CardId> {
  const cards = new Set<CardId>();
  for (let i = from; i < state.log.length; i++) {
    const entry = state.log[i];
    if (entry.kind === 'draw' && entry.cause === 'three' && !entry.known && entry.card) cards.add(entry.card);
  }
  return cards;
}

const moveText = (move: Move): string => JSON.stringify(move);

/**
 * The complete turns (from where `view.seat`'s turn stands now; passing left out) that end with the seat
 * still in the round, computed from the view only. Two things are normalised away:
 * - turns that discard a card a 3 drew from the unknown deck during the turn (the view cannot know that
 *   card; a public card on top of the deck is fine);
 * - the advanced draw's `draw` / `noDraw` (it never decides staying in, and whether it is offered can
 *   depend on the deck). With a draw pending, the answer is `[[]]`: whatever the choice, the seat stays in.
 * [] when it is not the seat's turn, or when no turn keeps it in.
 */
export function keepingTurns(view: SeatView): Move[][] {
  const known = computed.get(view);
  if (known) return known;
  const result = computeKeepingTurns(view);
  computed.set(view, result);
  return result;
}

/**
 * Previews, advice and choices all ask for one view's keeping turns, several times a render: the answer is
 * computed once per view object (views are replaced, never changed in place). Callers only read it.
 */
const computed = new WeakMap<SeatView, Move[][]>();

function computeKeepingTurns(view: SeatView): Move[][] {
  if (!isOwnTurn(view)) return [];
  const state = turnState(view);
  const start = state.log.length;
  const drawnUnknown = (next: GameState, turn: readonly Move[]): boolean => {
    const last = turn[turn.length - 1];
    return last.type === 'discard' && unknownDraws(next, start).has(last.card);
  };
  const seen = new Set<string>();
  const result: Move[][] = [];
  for (const turn of completeTurns(state, drawnUnknown)) {
    const kept = turn.filter((move) => move.type !== 'draw' && move.type !== 'noDraw');
    const key = kept.map(moveText).join();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(kept);
  }
  return result;
}
