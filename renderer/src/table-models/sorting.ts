import { cardColor, cardValue, COLORS, sortCards } from '../../../shared/engine/cards';
import type { CardId } from '../../../shared/engine/types';

/** How the player likes hands and palettes laid out: as they came, by value, or by colour. */
export type CardSort = 'none' | 'value' | 'color';
export const CARD_SORTS: readonly CardSort[] = ['none', 'value', 'color'];

/**
 * Cards in display order. By value: strongest first, as the cards compare (number, then colour).
 * By colour: in the colour ranking (Red first), highest number first within a colour.
 */
export function sortForDisplay(cards: readonly CardId[], sort: CardSort): CardId[] {
  if (sort === 'value') return sortCards(cards);
  if (sort === 'color')
    return [...cards].sort(
      (a, b) => COLORS.indexOf(cardColor(a)) - COLORS.indexOf(cardColor(b)) || cardValue(b) - cardValue(a),
    );
  return [...cards];
}
