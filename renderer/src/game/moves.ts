import type { CardId, Move, SeatView } from '../../../shared/engine/types';

/** Same move, field by field (moves are small flat objects). */
export function sameMove(a: Move, b: Move): boolean {
  const ka = Object.keys(a) as (keyof Move)[];
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k])
  );
}

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

/** The seven choices offered for the pending 7, by palette card. */
export function sevenChoices(view: SeatView): { card: CardId; to: 'canvas' | 'deck' }[] {
  return view.legalMoves.flatMap((m) => (m.type === 'seven' ? [{ card: m.card, to: m.to }] : []));
}

/** The cards the pending 1 may take, by seat. */
export function oneChoices(view: SeatView): { seat: number; card: CardId }[] {
  return view.legalMoves.flatMap((m) => (m.type === 'one' ? [{ seat: m.seat, card: m.card }] : []));
}

export const isMyTurn = (view: SeatView): boolean =>
  view.seat !== null && view.phase === 'turn' && view.current === view.seat;
