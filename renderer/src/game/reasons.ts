import type { CardId, Move, SeatView } from '../../../shared/engine/types';
import { cardColor, cardValue } from '../../../shared/engine';
import { isLegal } from './moves';
import { previewDiscard } from './preview';

/** An i18n key under `why.` and its parameters. */
export interface Reason {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * Why a move the player is looking at is not in view.legalMoves. The legal list decides; this only
 * explains it in the player's words, most specific cause first. null when the move is legal.
 */
export function whyNot(view: SeatView, move: Move): Reason | null {
  if (isLegal(view, move)) return null;
  if (view.seat === null) return { key: 'spectator' };
  if (view.phase !== 'turn') return { key: 'roundOver' };
  if (view.out[view.seat]) return { key: 'youAreOut' };
  if (view.current !== view.seat) return { key: 'notYourTurn' };
  const turn = view.turn;
  if (turn?.pending === 'draw') return { key: 'decideDraw' };
  if (turn?.pending === 'seven') return { key: 'resolveSeven' };
  if (turn?.pending === 'one') return { key: 'resolveOne' };
  if (turn?.pending === 'five' && move.type !== 'play') return { key: 'resolveFive' };
  switch (move.type) {
    case 'play':
      return whyNotPlay(view, move.card);
    case 'discard':
      return whyNotDiscard(view, move.card);
    case 'end':
      return turn && turn.played === 0 && !turn.discarded ? { key: 'nothingDone' } : { key: 'notNow' };
    default:
      return { key: 'notNow' };
  }
}

function whyNotPlay(view: SeatView, card: CardId): Reason {
  const turn = view.turn;
  if (turn?.discarded) return { key: 'alreadyDiscarded' };
  if (turn && turn.played > 0 && turn.pending !== 'five') return { key: 'alreadyPlayed' };
  const value = cardValue(card);
  if (view.options.actionRule && (value === 7 || value === 1))
    return { key: 'actionCannotLead', params: { value } };
  return { key: 'notNow' };
}

function whyNotDiscard(view: SeatView, card: CardId): Reason {
  if (view.turn?.discarded) return { key: 'alreadyDiscarded' };
  const preview = previewDiscard(view, card);
  if (preview && !preview.leads) return { key: 'wouldNotLead', params: { rule: cardColor(card) } };
  return { key: 'notNow' };
}
