import { describe, expect, it } from 'vitest';
import { cardRank, newGame, setupState, viewFor } from '../../../shared/engine';
import type { CardId, GameState } from '../../../shared/engine';
import { maskHi, maskLo } from '../../../shared/engine/score';
import { BOT_LEVELS, chooseBotMove } from '../../../shared/bots';
import type { IsmctsOptions } from '../../../shared/bots';
import { informedPlayout, rolloutView } from '../../../shared/bots/rollout';
import type { RoundEnd } from '../../../shared/bots/rollout';
import { LEARNED_TABLE, POLICY_CELLS, POLICY_KINDS, policyCell } from '../../../shared/bots/rollout-policy';

const row = (cell: number) =>
  Array.from(LEARNED_TABLE.subarray(cell * POLICY_KINDS, (cell + 1) * POLICY_KINDS));
const masks = (cards: readonly CardId[]) =>
  cards.reduce(([lo, hi], c) => [lo | maskLo(cardRank(c)), hi | maskHi(cardRank(c))], [0, 0]);

describe("the rollout's learned policy table", () => {
  it('has a row of counts for every cell, and the cells cover every feature once', () => {
    expect(LEARNED_TABLE.length).toBe(POLICY_CELLS * POLICY_KINDS);
    for (const count of LEARNED_TABLE) expect(Number.isInteger(count) && count >= 0).toBe(true);
    const cells = new Set<number>();
    for (const alive of [2, 3])
      for (const hand of [1, 2, 4, 6])
        for (const d of [0, 1, 2]) for (const p of [0, 1, 2, 3]) cells.add(policyCell(p, d, hand, alive));
    expect([...cells].sort((a, b) => a - b)).toEqual(Array.from({ length: POLICY_CELLS }, (_, i) => i));
    // Larger counts fall in the last bucket of each feature.
    expect(policyCell(9, 5, 12, 4)).toBe(policyCell(3, 2, 6, 3));
  });

  it('counts only kinds a cell can hold, and holds what was learned in the cells 2-player games reach', () => {
    for (const alive of [2, 3])
      for (const hand of [1, 2, 4, 6])
        for (const d of [0, 1, 2])
          for (const p of [0, 1, 2, 3]) {
            const [pLow, pHigh, pMid, dLow, dHigh, dMid, both] = row(policyCell(p, d, hand, alive));
            // A lowest needs one turn of the kind, a highest two, a middle one three; both kinds two cards.
            if (p < 1) expect(pLow).toBe(0);
            if (p < 2) expect(pHigh).toBe(0);
            if (p < 3) expect(pMid).toBe(0);
            if (d < 1) expect(dLow).toBe(0);
            if (d < 2) expect(dHigh + dMid).toBe(0);
            if (hand < 2) expect(both).toBe(0);
          }
    // The opening of a 2-player game (a full hand, two seats in) is seen in every game learned from.
    for (const p of [1, 2, 3]) expect(row(policyCell(p, 1, 6, 2)).reduce((a, b) => a + b)).toBeGreaterThan(0);
  });
});

describe('the rollout with the learned policy', () => {
  it('sees the one-card turns that keep the seat leading, and their cell', () => {
    // Red (highest card): G4 and V7 beat O3; Y3 does not (orange beats yellow). Green (most even cards): only
    // a discard of G4 leads; violet, yellow and indigo tie one card each, and O3 breaks the tie.
    const state = setupState(
      { players: 2, mode: 'basic', actionRule: false },
      { current: 0, hands: [['R1', 'G4', 'V7', 'Y3', 'I2'], ['B5']], palettes: [['B2'], ['O3']] },
    );
    expect(rolloutView(state)).toEqual({
      cell: policyCell(2, 1, 5, 2),
      plays: [cardRank('G4'), cardRank('V7')],
      rules: [cardRank('G4')],
    });
  });

  it('is deterministic for a seed, differs from the mix, and ends rounds with a seat that was in', () => {
    const end: RoundEnd = { winner: -1, rule: 0, lo: 0, hi: 0, turns: 0 };
    let differs = 0;
    for (let d = 0; d < 30; d++) {
      const players = (2 + (d % 3)) as 2 | 3 | 4;
      const state: GameState = newGame({ players, mode: 'advanced', actionRule: false }, 500 + d);
      const winner = informedPlayout(state, d + 1, end, false, 'learned');
      const first = { ...end };
      expect(informedPlayout(state, d + 1, end, false, 'learned')).toBe(winner);
      expect(end).toEqual(first);
      expect(state.out[winner]).toBe(false);
      // Its final palette holds its own, and more only of the cards it held or could draw.
      const [palLo, palHi] = masks(state.palettes[winner]);
      const [cardsLo, cardsHi] = masks([...state.palettes[winner], ...state.hands[winner], ...state.deck]);
      expect(end.lo & palLo).toBe(palLo);
      expect(end.hi & palHi).toBe(palHi);
      expect(end.lo & ~cardsLo).toBe(0);
      expect(end.hi & ~cardsHi).toBe(0);
      expect(end.turns).toBeGreaterThan(0);
      informedPlayout(state, d + 1, end, false, 'mix');
      if (end.winner !== first.winner || end.turns !== first.turns || end.lo !== first.lo) differs++;
    }
    expect(differs).toBeGreaterThan(5);
  });

  it("is what hard's search rolls out with when asked (not by default), and the same seed gives the same move", () => {
    expect((BOT_LEVELS.hard as IsmctsOptions).rolloutPolicy ?? 'mix').toBe('mix');
    const state = newGame({ players: 2, mode: 'advanced', actionRule: false }, 44);
    const view = viewFor(state, state.current!);
    const how = { ...BOT_LEVELS.hard, iterations: 400, rolloutPolicy: 'learned' as const };
    const move = chooseBotMove(view, 5, how);
    expect(view.legalMoves).toContainEqual(move);
    expect(chooseBotMove(view, 5, how)).toEqual(move);
  });
});
