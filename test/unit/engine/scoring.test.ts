// docs/rules.md "Basic and Advanced games": scoring per rule, the next round without scored cards, and the end of the
// game by target score and by deck exhaustion, with shared wins.
import { describe, expect, it } from 'vitest';
import { ALL_CARDS, legalMoves, newGame, viewFor } from '../../../shared/engine';
import type { CardId, GameOptions, GameState, Rule } from '../../../shared/engine';
import { beats, cardsOf, expectIllegal, play, setup, sorted, valueOf } from './helpers';

const sum = (cards: CardId[]) => cards.reduce((t, c) => t + valueOf(c), 0);

/**
 * Seat 0 holds `palette` under the rule of `canvasTop`; seat 1 (weak, to play) passes, so seat 0 is
 * the last player left and wins the round.
 */
function winRound(
  palette: CardId[],
  canvasTop: CardId | null,
  o: Partial<GameOptions> = {},
  extra = {},
): GameState {
  const s0 = setup(
    { players: 2, mode: 'advanced', ...o },
    {
      hands: [['V5'], ['I5']],
      palettes: [palette, ['V7']],
      canvas: canvasTop ? [canvasTop] : [],
      current: 1,
      ...extra,
    },
  );
  return play(s0, { type: 'pass' });
}

describe('scoring the round winner', () => {
  const cases: [string, Rule, CardId | null, CardId[], CardId[]][] = [
    ['Red scores one card, the highest', 'R', null, ['R3', 'O6', 'B6'], ['O6']],
    ['Orange scores the largest value group', 'O', 'O1', ['R2', 'O2', 'Y2', 'B7'], ['R2', 'O2', 'Y2']],
    [
      'Yellow scores the colour group holding the highest card',
      'Y',
      'Y1',
      ['G7', 'G1', 'R6', 'R5'],
      ['G7', 'G1'],
    ],
    ['Green scores every even card', 'G', 'G1', ['R7', 'G2', 'V4', 'B6'], ['G2', 'V4', 'B6']],
    [
      'Blue scores the highest card of each colour',
      'B',
      'B1',
      ['R1', 'R5', 'B2', 'B7', 'V3'],
      ['R5', 'B7', 'V3'],
    ],
    ['Indigo scores one card per value of the run', 'I', 'I1', ['V4', 'R4', 'B5', 'O6'], ['R4', 'B5', 'O6']],
    ['Violet scores every card below 4', 'V', 'V1', ['R4', 'O3', 'Y1', 'B2'], ['O3', 'Y1', 'B2']],
  ];

  for (const [name, rule, top, palette, expected] of cases) {
    it(`${name} (final rule ${rule})`, () => {
      const s = winRound(palette, top);
      expect(s.roundWinner).toBe(0);
      expect(s.phase).toBe('roundOver');
      expect(s.scores).toEqual([sum(expected), 0]);
      expect(sorted(s.scored[0])).toEqual(sorted(expected));
      expect(s.scored[1]).toEqual([]);
      const won = s.log.find((e) => e.kind === 'roundWon');
      expect(won).toMatchObject({ seat: 0, rule, points: sum(expected) });
      expect(won && won.kind === 'roundWon' && sorted(won.scored)).toEqual(sorted(expected));
      // Scored cards have left the game: they are in no palette, hand, deck or canvas.
      const inPlay = [...s.hands.flat(), ...s.palettes.flat(), ...s.deck, ...s.canvas];
      for (const c of expected) expect(inPlay).not.toContain(c);
      expect(sorted(cardsOf(s))).toEqual(sorted(ALL_CARDS));
    });
  }

  it('a winner whose counting set is empty scores 0 (won Green with no even card)', () => {
    const s = winRound(['R7', 'O5'], 'G1');
    expect(s.roundWinner).toBe(0);
    expect(s.scores).toEqual([0, 0]);
    expect(s.scored[0]).toEqual([]);
  });

  it('scores add up over rounds', () => {
    const s = winRound(['O6'], null, {}, { scores: [5, 3], scored: [['Y5'], ['Y3']] });
    expect(s.scores).toEqual([11, 3]);
    expect(sorted(s.scored[0])).toEqual(sorted(['Y5', 'O6']));
  });
});

describe('between rounds', () => {
  it('the round waits for nextRound; only nextRound is legal then', () => {
    const s = winRound(['R3', 'O6'], null);
    expect(s.phase).toBe('roundOver');
    expect(s.current).toBeNull();
    expect(legalMoves(s)).toEqual([{ type: 'nextRound' }]);
    expectIllegal(s, { type: 'pass' });
    expectIllegal(s, { type: 'play', card: 'R3' });
  });

  it('the next round is dealt without the scored cards, from all other cards, with the Red starter', () => {
    const s1 = winRound(['R3', 'O6', 'B6'], 'B1', {}, { scored: [['G4'], ['V2']], scores: [4, 2] });
    const scored = [...s1.scored[0], ...s1.scored[1]];
    expect(sorted(scored)).toEqual(sorted(['G4', 'V2', 'R3', 'O6', 'B6']));
    const s2 = play(s1, { type: 'nextRound' });
    expect(s2.phase).toBe('turn');
    expect(s2.round).toBe(2);
    expect(s2.canvas).toEqual([]);
    expect(viewFor(s2, 0).rule).toBe('R');
    expect(s2.out).toEqual([false, false]);
    expect(s2.scores).toEqual([4 + 15, 2]);
    expect(s2.hands.map((h) => h.length)).toEqual([7, 7]);
    expect(s2.palettes.map((p) => p.length)).toEqual([1, 1]);
    const inPlay = [...s2.hands.flat(), ...s2.palettes.flat(), ...s2.deck];
    expect(inPlay).toHaveLength(49 - scored.length);
    for (const c of scored) expect(inPlay).not.toContain(c);
    expect(sorted([...inPlay, ...scored])).toEqual(sorted(ALL_CARDS));
  });

  it('the next round starts with the player after the highest palette card', () => {
    for (let seed = 1; seed <= 20; seed++) {
      let s = newGame({ players: 3, mode: 'advanced', actionRule: false }, seed);
      while (s.phase === 'turn') s = play(s, { type: 'pass' });
      expect(s.phase).toBe('roundOver'); // one palette card scores at most 7 < 35
      s = play(s, { type: 'nextRound' });
      let best = 0;
      for (let p = 1; p < 3; p++) if (beats(s.palettes[p][0], s.palettes[best][0])) best = p;
      expect(s.current).toBe((best + 1) % 3);
    }
  });
});

describe('the end of the game by target score', () => {
  // Seat 0 wins with V6 under Red (6 points) from a score of `before`, with matching scored piles.
  const PILES: Record<number, CardId[]> = {
    33: ['R7', 'O7', 'Y7', 'G7', 'B5'],
    34: ['R7', 'O7', 'Y7', 'G7', 'B6'],
    29: ['R7', 'O7', 'Y7', 'G7', 'B1'],
    24: ['R7', 'O7', 'Y7', 'B3'],
    23: ['R7', 'O7', 'Y7', 'B2'],
    4: ['R4'],
    3: ['R3'],
  };
  function finish(players: 2 | 3 | 4, before: number, targetScore?: number): GameState {
    const n = players;
    const s0 = setup(
      { players, mode: 'advanced', ...(targetScore ? { targetScore } : {}) },
      {
        hands: Array.from({ length: n }, (_, i) => [(['I5', 'I6', 'I7', 'I4'] as CardId[])[i]]),
        palettes: [['V6', 'I2'], ['G1'], ['Y1'], ['O1']].slice(0, n) as CardId[][],
        scores: [before, ...Array(n - 1).fill(0)],
        scored: [PILES[before], ...Array.from({ length: n - 1 }, () => [])],
        current: 1,
      },
    );
    let s = s0;
    for (let i = 1; i < n; i++) s = play(s, { type: 'pass' });
    expect(s.roundWinner).toBe(0);
    return s;
  }

  it('2 players: the default target is 40 (39 goes on, 40 ends the game)', () => {
    expect(newGame({ players: 2, mode: 'advanced', actionRule: false }, 1).options.targetScore).toBe(40);
    expect(finish(2, 33).phase).toBe('roundOver');
    const s = finish(2, 34);
    expect(s.scores[0]).toBe(40);
    expect(s.phase).toBe('gameOver');
    expect(s.winners).toEqual([0]);
    expect(legalMoves(s)).toEqual([]);
    expect(s.log.at(-1)).toEqual({ kind: 'gameOver', winners: [0], scores: [40, 0] });
  });

  it('3 players: the default target is 35', () => {
    expect(newGame({ players: 3, mode: 'advanced', actionRule: false }, 1).options.targetScore).toBe(35);
    const s = finish(3, 29);
    expect(s.scores[0]).toBe(35);
    expect(s.phase).toBe('gameOver');
    expect(s.winners).toEqual([0]);
  });

  it('4 players: the default target is 30 (29 goes on)', () => {
    expect(newGame({ players: 4, mode: 'advanced', actionRule: false }, 1).options.targetScore).toBe(30);
    expect(finish(4, 23).phase).toBe('roundOver');
    const s = finish(4, 24);
    expect(s.scores[0]).toBe(30);
    expect(s.phase).toBe('gameOver');
    expect(s.winners).toEqual([0]);
  });

  it("a table's own target replaces the default", () => {
    const low = finish(2, 4, 10);
    expect(low.options.targetScore).toBe(10);
    expect(low.phase).toBe('gameOver');
    expect(finish(2, 3, 10).phase).toBe('roundOver');
    expect(finish(2, 34, 50).phase).toBe('roundOver');
  });
});

describe('the end of the game by deck exhaustion (fewer than 8 × players cards before a deal)', () => {
  // Two players: 16 cards are needed for a deal. Seat 0 wins with V2 under Red (2 points).
  const hands: CardId[][] = [
    ['R1', 'O1', 'Y1', 'G1', 'B1', 'V1', 'R2'],
    ['O2', 'Y2', 'G2', 'B2', 'I2', 'R3', 'O4'],
  ];
  const palettes: CardId[][] = [['V2'], ['I1']];

  /** Splits the cards not in play between the two seats so that seat 0's pile sums to `target0`. */
  function piles(inPlay: CardId[], target0: number): [CardId[], CardId[]] {
    const rest = ALL_CARDS.filter((c) => !inPlay.includes(c)).sort((a, b) => valueOf(b) - valueOf(a));
    const a: CardId[] = [];
    const b: CardId[] = [];
    let t = 0;
    for (const c of rest) {
      if (t + valueOf(c) <= target0) {
        a.push(c);
        t += valueOf(c);
      } else b.push(c);
    }
    expect(t).toBe(target0);
    return [a, b];
  }

  function lastRound(deck: CardId[], target0: number): GameState {
    const inPlay = [...hands.flat(), ...palettes.flat(), ...deck];
    const [a, b] = piles(inPlay, target0);
    const s0 = setup(
      { players: 2, mode: 'advanced', targetScore: 1000 },
      { hands, palettes, deck, scored: [a, b], scores: [sum(a), sum(b)], current: 1 },
    );
    expect(s0.deck).toEqual(deck); // the scored piles hold every other card
    const s = play(s0, { type: 'pass' });
    expect(s.roundWinner).toBe(0);
    // docs/rules.md checks "before a deal": accept the end at the round's end or at the next deal.
    return s.phase === 'roundOver' ? play(s, { type: 'nextRound' }) : s;
  }

  it('16 cards left after scoring: the next round is dealt (exactly 8 × 2)', () => {
    const s = lastRound(['Y4'], 70);
    expect(s.phase).toBe('turn');
    expect(s.round).toBe(2);
    expect(s.deck).toEqual([]);
    expect(s.hands.map((h) => h.length)).toEqual([7, 7]);
  });

  it('15 cards left: the game ends and the highest score wins', () => {
    const s = lastRound([], 100);
    expect(s.phase).toBe('gameOver');
    expect(s.scores[0]).toBe(102);
    expect(s.scores[0]).toBeGreaterThan(s.scores[1]);
    expect(s.winners).toEqual([0]);
  });

  it('equal highest scores share the win', () => {
    // In play 28 points, so the piles hold 168: seat 0 83 + 2 = 85 = seat 1.
    const s = lastRound([], 83);
    expect(s.phase).toBe('gameOver');
    expect(s.scores).toEqual([85, 85]);
    expect(s.winners).toEqual([0, 1]);
    expect(viewFor(s, null).winners).toEqual([0, 1]);
  });

  it('the seat that did not win the last round can still win the game on score', () => {
    const s = lastRound([], 40);
    expect(s.phase).toBe('gameOver');
    expect(s.scores[1]).toBeGreaterThan(s.scores[0]);
    expect(s.winners).toEqual([1]);
  });
});
