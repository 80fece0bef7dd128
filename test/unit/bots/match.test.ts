import { describe, expect, it } from 'vitest';
import { ALL_CARDS, cardRank, cardValue, countingSet, newGame, viewFor } from '../../../shared/engine';
import type { CardId, Rule } from '../../../shared/engine';
import { BOT_LEVELS, analyseTurn, chooseBotMove } from '../../../shared/bots';
import { matchValue } from '../../../shared/bots/match';
import { roundScore } from '../../../shared/bots/rollout';
import { maskHi, maskLo } from '../../../shared/engine/score';
import { setup } from '../engine/helpers';
import { rng } from '../../helpers/random';

const standing = (scores: number[], target = 40) => ({
  players: scores.length,
  target,
  scores,
  cardsLeft: 49,
});

describe('what a round is worth to the match', () => {
  it('gives two players chances that add up to one, better with more points and worse with the other’s', () => {
    for (let a = 0; a < 40; a += 3) {
      for (let b = 0; b < 40; b += 3) {
        const mine = matchValue(standing([a, b]), 0, -1, 0, 0);
        const theirs = matchValue(standing([a, b]), 1, -1, 0, 0);
        expect(mine + theirs).toBeCloseTo(1, 9);
        if (a + 3 < 40) expect(matchValue(standing([a + 3, b]), 0, -1, 0, 0)).toBeGreaterThan(mine);
        if (b + 3 < 40) expect(matchValue(standing([a, b + 3]), 0, -1, 0, 0)).toBeLessThan(mine);
      }
    }
    expect(matchValue(standing([0, 0]), 0, -1, 0, 0)).toBeCloseTo(0.5, 9);
  });

  it('knows each seat in three players when asked to: a second rival near the target costs something', () => {
    const seats = (scores: number[]) => ({ ...standing(scores, 35), bySeat: true });
    const merged = (scores: number[]) => standing(scores, 35);
    // Merged, only the best other seat counts; by seat, the second one near the target lowers our chance.
    expect(matchValue(merged([20, 30, 29]), 0, -1, 0, 0)).toBe(matchValue(merged([20, 30, 0]), 0, -1, 0, 0));
    expect(matchValue(seats([20, 30, 29]), 0, -1, 0, 0)).toBeLessThan(
      matchValue(seats([20, 30, 0]), 0, -1, 0, 0) - 0.02,
    );
    // Three seats alike: a third each; the three chances of any standing add up to one.
    expect(matchValue(seats([0, 0, 0]), 0, -1, 0, 0)).toBeCloseTo(1 / 3, 2);
    for (const scores of [
      [10, 20, 30],
      [25, 5, 5],
      [12, 12, 30],
    ]) {
      const sum = [0, 1, 2].reduce((total, seat) => total + matchValue(seats(scores), seat, -1, 0, 0), 0);
      expect(sum).toBeCloseTo(1, 6);
    }
  });

  it('is the game itself when the round ends it: by the target, or by too few cards left, ties shared', () => {
    expect(matchValue(standing([35, 30]), 0, 0, 5, 1)).toBe(1);
    expect(matchValue(standing([35, 30]), 1, 0, 5, 1)).toBe(0);
    // Fewer than 8 × 2 cards left after the scored ones leave: the highest score wins, here both.
    const few = { ...standing([20, 14]), cardsLeft: 17 };
    expect(matchValue(few, 1, 1, 6, 2)).toBe(0.5);
    expect(matchValue(few, 0, 1, 6, 2)).toBe(0.5);
    // A round won small far from the target is worth less than one won big.
    expect(matchValue(standing([10, 10]), 0, 0, 3, 1)).toBeLessThan(
      matchValue(standing([10, 10]), 0, 0, 12, 3),
    );
  });

  it('weighs three or four players against the best other score, the others taken as one opponent', () => {
    const even = (players: number) => matchValue(standing(Array<number>(players).fill(0), 35), 0, -1, 0, 0);
    // The merged opponent wins more rounds the more seats there are: a rough model, but ordered.
    expect(even(3)).toBeLessThan(even(2));
    expect(even(4)).toBeLessThan(even(3));
    expect(even(4)).toBeGreaterThan(0.05);
    const ahead = matchValue(standing([20, 5, 5], 35), 0, -1, 0, 0);
    expect(ahead).toBeGreaterThan(matchValue(standing([20, 5, 25], 35), 0, -1, 0, 0));
    expect(ahead).toBeGreaterThan(even(3));
  });

  it('scores a rollout’s winning palette as the engine does, under every rule', () => {
    const random = rng(11);
    const rules: Rule[] = ['R', 'O', 'Y', 'G', 'B', 'I', 'V'];
    for (let i = 0; i < 700; i++) {
      const palette = ALL_CARDS.filter(() => random() < 0.15);
      if (palette.length === 0) continue;
      let lo = 0;
      let hi = 0;
      for (const card of palette) {
        lo |= maskLo(cardRank(card));
        hi |= maskHi(cardRank(card));
      }
      const rule = i % 7;
      const scored: CardId[] = countingSet(palette, rules[rule]);
      expect(roundScore({ winner: 0, rule, lo, hi, turns: 0 })).toEqual({
        points: scored.reduce((sum, card) => sum + cardValue(card), 0),
        cards: scored.length,
      });
    }
  });
});

describe('hard in an Advanced match', () => {
  // Yellow rule. Seat 0 can stay in one turn with its last card, then it is out and seat 1, at 35 of 40, wins
  // the round with its yellows (at least 1 + 5 points): the game. Going out now gives seat 1 only its Yellow 1.
  const position = setup(
    { mode: 'advanced', targetScore: 40 },
    {
      hands: [['G3'], ['Y5', 'Y6', 'Y7', 'R1', 'O1']],
      palettes: [['B2'], ['Y1']],
      canvas: ['Y2'],
      scores: [30, 35],
      current: 0,
    },
  );

  it('goes out on purpose to keep the winner below the target', () => {
    const view = viewFor(position, 0);
    expect(chooseBotMove(view, 5, 'hard')).toEqual({ type: 'pass' });
    const analysis = analyseTurn(view, 5, 'hard');
    expect(analysis.best).toEqual([{ type: 'pass' }]);
    expect(analysis.stayIn).toBe(0);
  });

  it('stays in when only the round counts (Basic, or hard told to weigh rounds alone)', () => {
    const view = viewFor(position, 0);
    expect(chooseBotMove(view, 5, { ...BOT_LEVELS.hard, reward: 'round' })).not.toEqual({ type: 'pass' });
    const basic = viewFor(
      setup(
        { mode: 'basic' },
        { hands: [['G3'], ['Y5', 'Y6', 'Y7']], palettes: [['B2'], ['Y1']], canvas: ['Y2'], current: 0 },
      ),
      0,
    );
    expect(chooseBotMove(basic, 5, 'hard')).not.toEqual({ type: 'pass' });
  });

  it('stops at its work budget, not only at its iterations, and stays deterministic', () => {
    const state = newGame({ players: 4, mode: 'advanced', actionRule: true }, 3);
    const seatView = viewFor(state, state.current!);
    const full = analyseTurn(seatView, 9, { ...BOT_LEVELS.hard, iterations: 2000, maxWork: Infinity });
    const capped = analyseTurn(seatView, 9, { ...BOT_LEVELS.hard, iterations: 2000, maxWork: 20_000 });
    expect(full.iterations).toBe(2000);
    expect(capped.iterations).toBeGreaterThan(0);
    expect(capped.iterations).toBeLessThan(2000);
    expect(analyseTurn(seatView, 9, { ...BOT_LEVELS.hard, iterations: 2000, maxWork: 20_000 })).toEqual(
      capped,
    );
  });
});
