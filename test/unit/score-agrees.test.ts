import { describe, expect, it } from 'vitest';
import { ALL_CARDS, COLORS, cardRank, countingSet, shuffle, standing } from '../../shared/engine';
import type { CardId } from '../../shared/engine';
import { maskHi, maskLo, scoreMasks, scoreWithCard } from '../../shared/engine/score';

// The bit-set scorer (hot path) and the readable countingSet must always agree on a palette's standing.
describe('bit-set standings agree with countingSet', () => {
  it('for 20,000 random palettes under every rule', () => {
    let rng = 12345;
    for (let i = 0; i < 20_000; i++) {
      const [deck, next] = shuffle(ALL_CARDS, rng);
      rng = next;
      const palette: CardId[] = deck.slice(0, 1 + (i % 12));
      for (const rule of COLORS) {
        const q = countingSet(palette, rule);
        const expected = q.length === 0 ? [0, -1] : [q.length, Math.max(...q.map(cardRank))];
        expect(standing(palette, rule), `${palette.join(' ')} under ${rule}`).toEqual(expected);
      }
    }
  });
});

// The playout's incremental standings rest on scoring a palette plus one card from its standing without it.
describe('a standing plus one card agrees with scoring the grown palette', () => {
  it('for 20,000 random palettes, every card not in them, under every rule', () => {
    let rng = 777;
    for (let i = 0; i < 20_000; i++) {
      const [deck, next] = shuffle(ALL_CARDS, rng);
      rng = next;
      const palette = deck.slice(0, i % 10);
      let lo = 0;
      let hi = 0;
      for (const card of palette) {
        lo |= maskLo(cardRank(card));
        hi |= maskHi(cardRank(card));
      }
      const card = cardRank(deck[10 + (i % 39)]);
      for (let r = 0; r < 7; r++) {
        const grown = scoreMasks(lo | maskLo(card), hi | maskHi(card), r);
        expect(
          scoreWithCard(lo, hi, scoreMasks(lo, hi, r), card, r),
          `${palette.join(' ')} + ${card}, rule ${r}`,
        ).toBe(grown);
      }
    }
  });
});
