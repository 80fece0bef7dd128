import { describe, expect, it } from 'vitest';
import { ALL_CARDS, COLORS, cardRank, countingSet, shuffle, standing } from '../../shared/engine';
import type { CardId } from '../../shared/engine';

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
