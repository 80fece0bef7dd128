import { describe, expect, it } from 'vitest';
import { ALL_CARDS, COLORS, cardRank, countingSet, shuffle, standing } from '../../shared/engine';
import type { CardId } from '../../shared/engine';
import {
  greenWithCard,
  maskHi,
  maskLo,
  redWithCard,
  scoreMasks,
  violetWithCard,
} from '../../shared/engine/score';

/** `count` shuffled decks from a fixed seed. */
function* randomDecks(seed: number, count: number): Generator<CardId[]> {
  let rng = seed;
  for (let i = 0; i < count; i++) {
    const [deck, next] = shuffle(ALL_CARDS, rng);
    rng = next;
    yield deck;
  }
}

// The bit-set scorer (hot path) and the readable countingSet must always agree on a palette's standing.
describe('bit-set standings agree with countingSet', () => {
  it('for 20,000 random palettes under every rule', () => {
    let i = 0;
    for (const deck of randomDecks(12345, 20_000)) {
      const palette: CardId[] = deck.slice(0, 1 + (i++ % 12));
      for (const rule of COLORS) {
        const q = countingSet(palette, rule);
        const expected = q.length === 0 ? [0, -1] : [q.length, Math.max(...q.map(cardRank))];
        expect(standing(palette, rule), `${palette.join(' ')} under ${rule}`).toEqual(expected);
      }
    }
  });
});

// The playout grows Red's, Green's and Violet's standings a card at a time from the standing without it
// (the other rules from its group standings: test/unit/playout.test.ts checks every standing afresh).
const WITH_CARD: [number, (score: number, rank: number) => number][] = [
  [0, redWithCard],
  [3, greenWithCard],
  [6, violetWithCard],
];
describe('a standing plus one card agrees with scoring the grown palette', () => {
  it('for 5,000 random palettes, every card not in them, under Red, Green and Violet', () => {
    const failures: string[] = [];
    let i = 0;
    for (const deck of randomDecks(777, 5_000)) {
      const palette = deck.slice(0, i++ % 12);
      let lo = 0;
      let hi = 0;
      for (const card of palette) {
        lo |= maskLo(cardRank(card));
        hi |= maskHi(cardRank(card));
      }
      for (const added of deck.slice(palette.length)) {
        const card = cardRank(added);
        for (const [r, withCard] of WITH_CARD) {
          const grown = scoreMasks(lo | maskLo(card), hi | maskHi(card), r);
          if (withCard(scoreMasks(lo, hi, r), card) !== grown)
            failures.push(`${palette.join(' ')} + ${added}, rule ${COLORS[r]}`);
        }
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
  });
});
