import { sameMove } from '../../../shared/engine';
import type { CardId, Move, SeatView } from '../../../shared/engine/types';

/** view.legalMoves is the authority: the host computed it for this seat. */
export function isLegal(view: SeatView, move: Move): boolean {
  return view.legalMoves.some((m) => sameMove(m, move));
}

export function canPlay(view: SeatView, card: CardId): boolean {
  return isLegal(view, { type: 'play', card });
}

export function canDiscard(view: SeatView, card: CardId): boolean {
  return isLegal(view, { type: 'discard', card });
}

export function hasMove(view: SeatView, type: Move['type']): boolean {
  return view.legalMoves.some((m) => m.type === type);
}
