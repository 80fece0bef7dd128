import type { CardId, Color, Value } from './types';

/** Colours from the highest rank (Red) to the lowest (Violet). */
export const COLORS: readonly Color[] = ['R', 'O', 'Y', 'G', 'B', 'I', 'V'];

export const cardColor = (card: CardId): Color => card[0] as Color;
export const cardValue = (card: CardId): Value => Number(card[1]) as Value;
export const colorIndex = (color: Color): number => COLORS.indexOf(color);

/**
 * The card's strength, 0 (V1) to 48 (R7): value first, then colour. Distinct for every card,
 * so it also serves as the card's index in bit sets.
 */
export function cardRank(card: CardId): number {
  // Read from the id's two character codes: the engine's hot loops call this for every card.
  const strength = card.length === 2 ? STRENGTH_BY_CODE[card.charCodeAt(0)] : undefined;
  const value = card.charCodeAt(1) - 49;
  if (strength !== undefined && strength >= 0 && value >= 0 && value < 7) return value * 7 + strength;
  return (cardValue(card) - 1) * 7 + (6 - colorIndex(cardColor(card)));
}

/** Colour strength (6 Red … 0 Violet) by the character code of the colour initial; -1 for others. */
const STRENGTH_BY_CODE = new Int8Array(128).fill(-1);
COLORS.forEach((color, i) => (STRENGTH_BY_CODE[color.charCodeAt(0)] = 6 - i));

export function cardFromRank(rank: number): CardId {
  return `${COLORS[6 - (rank % 7)]}${Math.floor(rank / 7) + 1}` as CardId;
}

/** All 49 cards, weakest (V1) first. */
export const ALL_CARDS: readonly CardId[] = Array.from({ length: 49 }, (_, rank) => cardFromRank(rank));

const CARD_SET: ReadonlySet<string> = new Set(ALL_CARDS);
export const isCardId = (value: unknown): value is CardId => typeof value === 'string' && CARD_SET.has(value);

/** Positive when a beats b. */
export const compareCards = (a: CardId, b: CardId): number => cardRank(a) - cardRank(b);

/** Strongest first. */
export const sortCards = (cards: readonly CardId[]): CardId[] =>
  [...cards].sort((a, b) => compareCards(b, a));

/** The cards but `card` (cards are unique, so at most one goes). */
export const without = (cards: readonly CardId[], card: CardId): CardId[] => cards.filter((c) => c !== card);
