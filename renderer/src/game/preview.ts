import { cardColor, cardValue, countingSet, leader } from '../../../shared/engine';
import type { CardId, Rule, SeatView } from '../../../shared/engine/types';

/*
 * Previews from the seat's own view: the client cannot rebuild the host's state (it never sees
 * the deck or other hands), but palettes + rule are public, so "would I lead?" is exact.
 * Whether a move is allowed at all comes from view.legalMoves, never from here.
 */

export interface Outcome {
  /** The rule after the move. */
  rule: Rule;
  /** Seat leading after the move (null: nobody). */
  leader: number | null;
  leads: boolean;
}

export interface PlayPreview extends Outcome {
  /** Hand cards that, discarded after this play, would make me lead (empty when none would). */
  rescues: CardId[];
  /** The odd card's action follows (Action rule). */
  action: 1 | 3 | 5 | 7 | null;
}

export interface DiscardPreview extends Outcome {
  /** Advanced draw: 'offer' (you may draw), 'auto' (the table draws for you), or null. */
  draw: 'offer' | 'auto' | null;
}

function withCard(palettes: CardId[][], seat: number, card: CardId): CardId[][] {
  return palettes.map((p, i) => (i === seat ? [...p, card] : p));
}

function outcome(palettes: CardId[][], rule: Rule, out: boolean[], seat: number): Outcome {
  const lead = leader(palettes, rule, out);
  return { rule, leader: lead, leads: lead === seat };
}

/** What playing `card` from my hand to my palette would do under the current rule. */
export function previewPlay(view: SeatView, card: CardId): PlayPreview | null {
  if (view.seat === null) return null;
  const seat = view.seat;
  const palettes = withCard(view.palettes, seat, card);
  const result = outcome(palettes, view.rule, view.out, seat);
  const rest = view.hand.filter((c) => c !== card);
  const rescues = result.leads ? [] : rest.filter((d) => leader(palettes, cardColor(d), view.out) === seat);
  const value = cardValue(card);
  const action = view.options.actionRule && value % 2 === 1 ? (value as 1 | 3 | 5 | 7) : null;
  return { ...result, rescues, action };
}

/** What discarding `card` to the canvas would do: it becomes the rule. */
export function previewDiscard(view: SeatView, card: CardId): DiscardPreview | null {
  if (view.seat === null) return null;
  const result = outcome(view.palettes, cardColor(card), view.out, view.seat);
  const paletteSize = view.palettes[view.seat].length;
  const drawable = view.options.mode === 'advanced' && cardValue(card) > paletteSize && view.deckSize > 0;
  return { ...result, draw: drawable ? (view.options.autoDraw ? 'auto' : 'offer') : null };
}

/** Would I still be in the round if my turn ended now? */
export function previewEnd(view: SeatView): Outcome | null {
  if (view.seat === null) return null;
  return outcome(view.palettes, view.rule, view.out, view.seat);
}

/** Each seat's counting cards under the current rule ([] for seats that are out). */
export function countingCards(view: Pick<SeatView, 'palettes' | 'rule' | 'out'>): CardId[][] {
  return view.palettes.map((p, i) => (view.out[i] ? [] : countingSet(p, view.rule)));
}
