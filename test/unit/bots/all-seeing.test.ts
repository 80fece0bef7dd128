import { describe, expect, it } from 'vitest';
import { legalMoves, setupState } from '../../../shared/engine';
import { allSeeingGuesser, allSeeingMove, ALL_SEEING, ALL_SEEING_TODAY } from '../../bench/all-seeing';

// The bench's yardstick: if its guesses drifted from the true hands, every gap measured with it would be wrong.
describe('the all-seeing player (bench)', () => {
  const state = setupState(
    { players: 3, mode: 'advanced', actionRule: true },
    {
      current: 0,
      hands: [['R7', 'O2'], ['Y5', 'G3'], ['B6']],
      palettes: [['V4'], ['I2'], ['R1']],
      deck: ['O6', 'Y1', 'G2', 'B3', 'I7', 'V6'],
      knownTop: 2,
    },
  );

  it('guesses every hand as it is, and only the order of the deck below its public top', () => {
    const guess = allSeeingGuesser(state);
    const orders = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) {
      const g = guess(seed);
      expect(g.hands).toEqual(state.hands);
      expect(g.palettes).toEqual(state.palettes);
      expect(g.deck.slice(-2)).toEqual(state.deck.slice(-2));
      expect([...g.deck].sort()).toEqual([...state.deck].sort());
      orders.add(g.deck.join());
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it('plays a legal move, the pinned and the current search alike', () => {
    const legal = legalMoves(state).map((m) => JSON.stringify(m));
    for (const options of [ALL_SEEING, ALL_SEEING_TODAY])
      expect(legal).toContain(JSON.stringify(allSeeingMove(state, 3, 0.05, options)));
  });
});
