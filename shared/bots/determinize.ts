import { shuffle, stateWithHidden, unseenCards } from '../engine';
import type { CardId, GameState, SeatView } from '../engine';

/**
 * Public cards known to sit in another seat's hand: a card a 7 or a 1 put face up on the deck and that
 * seat then drew this round. A hand card only ever leaves for a public place (palette, canvas), so while
 * such a card is still unseen it is in that hand. Returns seat → cards.
 */
export function knownHandCards(view: SeatView): Map<number, CardId[]> {
  const unseen = new Set(unseenCards(view));
  let start = 0;
  view.log.forEach((entry, i) => {
    if (entry.kind === 'deal') start = i;
  });
  const known = new Map<number, CardId[]>();
  for (let i = start; i < view.log.length; i++) {
    const entry = view.log[i];
    if (entry.kind !== 'draw' || !entry.known || entry.card === null || entry.seat === view.seat) continue;
    if (!unseen.has(entry.card)) continue;
    unseen.delete(entry.card);
    known.set(entry.seat, [...(known.get(entry.seat) ?? []), entry.card]);
  }
  return known;
}

/**
 * Guesses at the hidden cards, consistent with what `view` shows: the unseen cards are shuffled into the
 * other hands (by their sizes) and under the deck's public top cards, except the cards known to be in a
 * hand (see knownHandCards), which stay there. Bots search such guesses, so they never know more than a
 * player at the table. The view is read once; each call of the result makes one guess.
 */
export function determinizer(view: SeatView): (seed: number) => GameState {
  const known = knownHandCards(view);
  const pinned = new Set([...known.values()].flat());
  const unseen = unseenCards(view);
  const loose = unseen.filter((card) => !pinned.has(card));
  const blank = stateWithHidden(view, unseen);
  return (seed) => {
    const [free, rng] = shuffle(loose, seed >>> 0);
    // The other hands by seat, then the hidden part of the deck (under its public top), as stateWithHidden lays them.
    const hands = blank.hands.map((hand) => [...hand]);
    let next = 0;
    view.handSizes.forEach((size, seat) => {
      if (seat === view.seat) return;
      const mine = known.get(seat) ?? [];
      hands[seat] = [...mine, ...free.slice(next, next + size - mine.length)];
      next += size - mine.length;
    });
    const deck = [...free.slice(next), ...blank.deck.slice(blank.deck.length - blank.knownTop)];
    return { ...blank, hands, deck, rng, log: [] };
  };
}

/** One guess at the hidden cards (see determinizer). */
export const determinize = (view: SeatView, seed: number): GameState => determinizer(view)(seed);
