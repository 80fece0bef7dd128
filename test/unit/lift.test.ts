import { describe, expect, it } from 'vitest';
import { ALL_CARDS, COLORS, cardRank, shuffle } from '../../shared/engine';
import type { CardId } from '../../shared/engine';
import { fillGroupSets, liftingCards, lifted } from '../../shared/engine/lift';
import { maskHi, maskLo, scoreMasks } from '../../shared/engine/score';

const masks = (cards: readonly CardId[]): [number, number] => {
  let lo = 0;
  let hi = 0;
  for (const card of cards) {
    lo |= maskLo(cardRank(card));
    hi |= maskHi(cardRank(card));
  }
  return [lo, hi];
};

// The fast playout counts its leading turns from these masks: they must hold exactly the hand's cards
// whose play, scored one by one, beats the rival's standing.
describe('liftingCards agrees with scoring each card played', () => {
  it('for 20,000 random palettes, hands and rival palettes, under every rule', () => {
    const failures: string[] = [];
    let rng = 4242;
    const groups = new Int8Array(20);
    for (let i = 0; i < 20_000; i++) {
      const [deck, next] = shuffle(ALL_CARDS, rng);
      rng = next;
      const own = deck.slice(0, i % 9);
      const hand = deck.slice(9, 9 + 1 + (i % 8));
      const rival = deck.slice(20, 20 + (i % 11));
      const [lo, hi] = masks(own);
      const [hLo, hHi] = masks(hand);
      const [rLo, rHi] = masks(rival);
      fillGroupSets(lo, hi, groups, 0);
      for (let r = 0; r < 7; r++) {
        const score = scoreMasks(lo, hi, r);
        const bound = scoreMasks(rLo, rHi, r);
        liftingCards(r, lo, hi, score, bound, hLo, hHi, groups, 0);
        const expected = hand.filter(
          (c) => scoreMasks(lo | maskLo(cardRank(c)), hi | maskHi(cardRank(c)), r) > bound,
        );
        const [eLo, eHi] = masks(expected);
        if (lifted[0] !== eLo || lifted[1] !== eHi)
          failures.push(
            `${own.join(' ')} | hand ${hand.join(' ')} | rival ${rival.join(' ')}, rule ${COLORS[r]}`,
          );
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
  });
});
