import { cardRank, compareCards } from '../../../shared/engine';
import type { Move, SeatView } from '../../../shared/engine/types';

/**
 * The seat's view with its hand, and so its legal moves, in card order. The search's answer depends on the
 * order it meets the turns in; a live hand keeps the order the cards came in, which the round's replay
 * cannot know (the log does not record where a card sat in a hand). Put in one order, the suggestion and
 * the review of the same turn ask the same question and, at the same budget and seed, get the same answer.
 */
export function inCardOrder(view: SeatView): SeatView {
  const hand = [...view.hand].sort(compareCards);
  const types = [...new Set(view.legalMoves.map((m) => m.type))];
  const rank = (m: Move): number => ('card' in m ? cardRank(m.card) : -1);
  const legalMoves = [...view.legalMoves].sort(
    (a, b) => types.indexOf(a.type) - types.indexOf(b.type) || rank(a) - rank(b),
  );
  return { ...view, hand, legalMoves };
}
