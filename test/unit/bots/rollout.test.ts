import { describe, expect, it } from 'vitest';
import { setupState } from '../../../shared/engine';
import type { RoundSetup } from '../../../shared/engine';
import { informedPlayout } from '../../../shared/bots/rollout';

/*
 * Each position is decided by the first turn: seat 1 holds nothing (or one card it can answer with once), so
 * the rollout's winner says whether it carried out the odd card's action.
 */
const position = (setup: RoundSetup) =>
  setupState({ players: 2, mode: 'basic', actionRule: true }, { current: 0, ...setup });
const winners = (setup: RoundSetup, actions: boolean) =>
  new Set(
    Array.from({ length: 12 }, (_, seed) => informedPlayout(position(setup), seed + 1, undefined, actions)),
  );

describe('the informed rollout under the Action rule', () => {
  it("a 1 puts the other seat's highest palette card on the deck, and so leads", () => {
    // Red: V2 + O1 is beaten by R3 unless the 1 takes it away (seat 1 has two cards, as many as seat 0 then).
    const setup: RoundSetup = { hands: [['O1'], []], palettes: [['V2'], ['R3', 'V1']] };
    expect(winners(setup, true)).toEqual(new Set([0]));
    expect(winners(setup, false)).toEqual(new Set([1]));
  });

  it('a 5 plays a second card, the one that then leads', () => {
    // Yellow: three violets beat two reds with an R6; V2 + V5 alone does not.
    const setup: RoundSetup = { hands: [['V5', 'V4'], []], palettes: [['V2'], ['R3', 'R6']], canvas: ['Y1'] };
    expect(winners(setup, true)).toEqual(new Set([0]));
    expect(winners(setup, false)).toEqual(new Set([1]));
  });

  it('a 7 must put another palette card on the deck: a play that led without it may not', () => {
    // Orange: G6 B6 V7 (two sixes) beats R3 O3, but the 7 takes one six away.
    const setup: RoundSetup = {
      hands: [['V7'], []],
      palettes: [
        ['G6', 'B6'],
        ['R3', 'O3'],
      ],
      canvas: ['O1'],
    };
    expect(winners(setup, true)).toEqual(new Set([1]));
    expect(winners(setup, false)).toEqual(new Set([0]));
  });

  it('a 7 takes the palette card it can spare', () => {
    // Orange: with V1 to spare, G6 B6 V7 keeps its pair of sixes.
    const setup: RoundSetup = {
      hands: [['V7'], []],
      palettes: [
        ['G6', 'B6', 'V1'],
        ['R3', 'O3'],
      ],
      canvas: ['O1'],
    };
    expect(winners(setup, true)).toEqual(new Set([0]));
  });

  it('a 3 draws the top card, which wins the next turn', () => {
    // Red: R3 leads, R5 answers it, and only the R7 drawn by the 3 answers that.
    const setup: RoundSetup = { hands: [['R3'], ['R5']], palettes: [['V1'], ['O2']], deck: ['R7'] };
    expect(winners(setup, true)).toEqual(new Set([0]));
    expect(winners(setup, false)).toEqual(new Set([1]));
  });
});
