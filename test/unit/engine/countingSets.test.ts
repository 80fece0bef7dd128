// docs/rules.md "The rule on the canvas": counting sets, tie-breaks and who leads, case by case,
// then checked against a brute-force reading of the definition ("the best subset of P that satisfies R").
import { describe, expect, it } from 'vitest';
import {
  ALL_CARDS,
  cardColor,
  cardValue,
  compareCards,
  countingSet,
  leader,
  standing,
} from '../../../shared/engine';
import type { CardId, Rule } from '../../../shared/engine';
import { COLORS, beats, colorOf, highest, sorted, valueOf } from './helpers';
import { pick, rng } from '../../helpers/random';

const Q = (palette: CardId[], rule: Rule) => sorted(countingSet(palette, rule));

describe('cards', () => {
  it('there are 49 distinct cards, values 1-7 in the seven colours', () => {
    expect(ALL_CARDS).toHaveLength(49);
    expect(new Set(ALL_CARDS).size).toBe(49);
    for (const c of ALL_CARDS) {
      expect(cardValue(c)).toBe(valueOf(c));
      expect(cardColor(c)).toBe(colorOf(c));
    }
  });

  it('higher value wins; equal values → the colour closer to Red wins; R7 best, V1 worst', () => {
    expect(compareCards('V7', 'R6')).toBeGreaterThan(0);
    expect(compareCards('R6', 'V7')).toBeLessThan(0);
    expect(compareCards('O4', 'Y4')).toBeGreaterThan(0);
    expect(compareCards('I2', 'B2')).toBeLessThan(0);
    for (const c of ALL_CARDS) {
      if (c !== 'R7') expect(compareCards('R7', c)).toBeGreaterThan(0);
      if (c !== 'V1') expect(compareCards('V1', c)).toBeLessThan(0);
    }
  });

  it('compareCards agrees with docs/rules.md for every pair', () => {
    for (const a of ALL_CARDS)
      for (const b of ALL_CARDS) {
        if (a === b) continue;
        expect(compareCards(a, b) > 0, `${a} vs ${b}`).toBe(beats(a, b));
      }
  });
});

describe('counting sets', () => {
  it('Red: the single highest card (equal values → colour order)', () => {
    expect(Q(['B3', 'R2', 'G6', 'O6'], 'R')).toEqual(['O6']);
    expect(Q(['V1'], 'R')).toEqual(['V1']);
  });

  it('Orange: all cards of one value, largest group', () => {
    expect(Q(['R2', 'O2', 'Y2', 'B7', 'R7'], 'O')).toEqual(sorted(['R2', 'O2', 'Y2']));
  });

  it('Orange: equal size → the group with the higher value, even against better colours', () => {
    expect(Q(['V6', 'I6', 'R3', 'O3'], 'O')).toEqual(sorted(['V6', 'I6']));
  });

  it('Orange: all values distinct → the highest single card', () => {
    expect(Q(['R1', 'V5', 'G3'], 'O')).toEqual(['V5']);
  });

  it('Yellow: all cards of one colour, largest group', () => {
    expect(Q(['R7', 'B1', 'B2', 'B3'], 'Y')).toEqual(sorted(['B1', 'B2', 'B3']));
  });

  it('Yellow: equal size → the group holding the highest card (not the better colour, not the larger sum)', () => {
    expect(Q(['G7', 'G1', 'R6', 'R5'], 'Y')).toEqual(sorted(['G7', 'G1']));
    expect(Q(['O4', 'O1', 'Y4', 'Y3'], 'Y')).toEqual(sorted(['O4', 'O1']));
  });

  it('Green: even cards only (2, 4, 6)', () => {
    expect(Q(['R7', 'G2', 'V4', 'B6', 'O5'], 'G')).toEqual(sorted(['G2', 'V4', 'B6']));
  });

  it('Green: no even card → empty counting set', () => {
    expect(Q(['R7', 'O5', 'Y3', 'V1'], 'G')).toEqual([]);
  });

  it('Blue: one card per colour present, the highest of each colour', () => {
    expect(Q(['R1', 'R5', 'B2', 'B7', 'V3'], 'B')).toEqual(sorted(['R5', 'B7', 'V3']));
  });

  it('Indigo: the longest run of consecutive values', () => {
    expect(Q(['R1', 'O2', 'Y3', 'G6', 'B7'], 'I')).toEqual(sorted(['R1', 'O2', 'Y3']));
  });

  it('Indigo: duplicates count once, the highest card of that value counts', () => {
    expect(Q(['V4', 'R4', 'B5', 'O6'], 'I')).toEqual(sorted(['R4', 'B5', 'O6']));
    expect(Q(['V4', 'R4', 'B5', 'O6'], 'I')).toHaveLength(3);
  });

  it('Indigo: equal length → the run holding the highest card', () => {
    expect(Q(['R1', 'R2', 'V6', 'V7'], 'I')).toEqual(sorted(['V6', 'V7']));
    expect(Q(['B2', 'B3', 'G5', 'V6'], 'I')).toEqual(sorted(['G5', 'V6']));
  });

  it('Indigo: no two consecutive values → the highest single card', () => {
    expect(Q(['R1', 'V3', 'O5'], 'I')).toEqual(['O5']);
  });

  it('Violet: all cards below 4 (1, 2, 3)', () => {
    expect(Q(['R4', 'O3', 'V1', 'B2', 'G7'], 'V')).toEqual(sorted(['O3', 'V1', 'B2']));
  });

  it('Violet: no card below 4 → empty counting set', () => {
    expect(Q(['R4', 'O5', 'V7'], 'V')).toEqual([]);
  });

  it('one card is always enough for every rule that it satisfies', () => {
    for (const rule of COLORS) expect(Q(['Y2'], rule)).toEqual(['Y2']);
  });
});

describe('standings', () => {
  const rank = (c: CardId) => standing([c], 'R')[1];

  it('standing = (size of Q, rank of the highest card in Q)', () => {
    const p: CardId[] = ['V4', 'R4', 'B5', 'O6', 'R1'];
    for (const rule of COLORS) {
      const q = countingSet(p, rule);
      const [size, best] = standing(p, rule);
      expect(size, rule).toBe(q.length);
      if (q.length > 0) expect(best, rule).toBe(rank(highest(q)!));
    }
  });

  it('card ranks follow the card order', () => {
    for (const a of ALL_CARDS)
      for (const b of ALL_CARDS) if (beats(a, b)) expect(rank(a), `${a} > ${b}`).toBeGreaterThan(rank(b));
  });

  it('an empty counting set has size 0', () => {
    expect(standing(['R7', 'O5'], 'G')[0]).toBe(0);
    expect(standing(['R7', 'O5'], 'V')[0]).toBe(0);
  });
});

describe('leader', () => {
  it('Red: the highest card leads', () => {
    expect(leader([['R3'], ['O7'], ['V2']], 'R')).toBe(1);
    expect(leader([['O6', 'B3'], ['R6']], 'R')).toBe(1);
  });

  it('size first: more cards in the counting set beat a higher card', () => {
    expect(leader([['R7'], ['V1', 'I1']], 'O')).toBe(1);
    expect(
      leader(
        [
          ['R7', 'B1'],
          ['V3', 'V1'],
        ],
        'Y',
      ),
    ).toBe(1);
  });

  it('equal size → the highest card in the counting set leads', () => {
    expect(
      leader(
        [
          ['V6', 'I6'],
          ['R5', 'O5'],
        ],
        'O',
      ),
    ).toBe(0);
    expect(
      leader(
        [
          ['O2', 'Y4'],
          ['R4', 'B2'],
        ],
        'G',
      ),
    ).toBe(1);
  });

  it('cards outside the counting set do not help', () => {
    // Violet: seat 0 counts only V1 although it holds R7; seat 1 counts O3.
    expect(
      leader(
        [
          ['R7', 'V1'],
          ['O3', 'G6'],
        ],
        'V',
      ),
    ).toBe(1);
  });

  it('nobody leads at 0 (Green)', () => {
    expect(leader([['R7'], ['O5'], ['B3']], 'G')).toBeNull();
  });

  it('nobody leads at 0 (Violet)', () => {
    expect(leader([['R7'], ['O5']], 'V')).toBeNull();
  });

  it('strict lead: equal standings at the top mean nobody leads', () => {
    // In play two standings can only tie at 0 (all cards differ), but leader() must hold the rule anyway.
    expect(leader([['R7'], ['R7']], 'R')).toBeNull();
    expect(leader([['B3', 'V2'], ['B3', 'V2'], ['R7']], 'V')).toBeNull();
    expect(leader([['V1'], ['R7'], ['O7']], 'G')).toBeNull();
  });

  it('a single non-empty counting set leads when all others are empty', () => {
    expect(leader([['R7'], ['V2'], ['O5']], 'G')).toBe(1);
    expect(leader([['V1'], ['R7']], 'V')).toBe(0);
  });
});

// Brute force straight from the definition: enumerate every subset, keep those satisfying the rule,
// take the best by (size, highest card). Independent of how the engine computes it.
const satisfies: Record<Rule, (s: CardId[]) => boolean> = {
  R: (s) => s.length <= 1,
  O: (s) => new Set(s.map(valueOf)).size <= 1,
  Y: (s) => new Set(s.map(colorOf)).size <= 1,
  G: (s) => s.every((c) => valueOf(c) % 2 === 0),
  B: (s) => new Set(s.map(colorOf)).size === s.length,
  I: (s) => {
    const v = s.map(valueOf).sort((a, b) => a - b);
    return v.every((x, i) => i === 0 || x === v[i - 1] + 1);
  },
  V: (s) => s.every((c) => valueOf(c) < 4),
};

function bruteStanding(p: CardId[], rule: Rule): [number, CardId | null] {
  let best: [number, CardId | null] = [0, null];
  for (let mask = 1; mask < 1 << p.length; mask++) {
    const s = p.filter((_, i) => mask & (1 << i));
    if (!satisfies[rule](s)) continue;
    const top = highest(s)!;
    if (s.length > best[0] || (s.length === best[0] && best[1] !== null && beats(top, best[1])))
      best = [s.length, top];
  }
  return best;
}

describe('counting sets against the definition (2,000 random palettes per rule)', () => {
  it('countingSet satisfies the rule and has the best (size, highest card); leader agrees', () => {
    const random = rng(7);
    for (let n = 0; n < 2000; n++) {
      const size = 1 + Math.floor(random() * 8);
      const deck = [...ALL_CARDS];
      const p: CardId[] = [];
      while (p.length < size) p.push(deck.splice(Math.floor(random() * deck.length), 1)[0]);
      const other: CardId[] = [];
      while (other.length < 1 + Math.floor(random() * 4))
        other.push(deck.splice(Math.floor(random() * deck.length), 1)[0]);
      const rule = pick(random, COLORS);
      const q = countingSet(p, rule);
      const [size0, top0] = bruteStanding(p, rule);
      const label = `${p.join(' ')} under ${rule}`;
      expect(
        q.every((c) => p.includes(c)),
        label,
      ).toBe(true);
      expect(new Set(q).size, label).toBe(q.length);
      expect(satisfies[rule](q), label).toBe(true);
      expect(q.length, label).toBe(size0);
      expect(highest(q), label).toBe(top0);
      // Indigo and Blue take the highest card of each value / colour they use.
      if (rule === 'I' || rule === 'B') {
        const key = rule === 'I' ? valueOf : colorOf;
        for (const c of q) expect(highest(p.filter((x) => key(x) === key(c))), label).toBe(c);
      }
      const [size1, top1] = bruteStanding(other, rule);
      const expected =
        size0 === 0 && size1 === 0 ? null : size0 > size1 || (size0 === size1 && beats(top0!, top1!)) ? 0 : 1;
      expect(leader([p, other], rule), `${label} vs ${other.join(' ')}`).toBe(expected);
    }
  });
});
