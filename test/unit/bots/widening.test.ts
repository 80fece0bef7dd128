import { describe, expect, it } from 'vitest';
import { newGame, viewFor } from '../../../shared/engine';
import { BOT_LEVELS } from '../../../shared/bots';
import type { IsmctsOptions } from '../../../shared/bots';
import { ismctsSearch } from '../../../shared/bots/ismcts';
import { staticValue, turnKey, turnOutcomes } from '../../../shared/bots/turns';

/** The first seat to act in a fresh 2-player Basic deal: seven cards, dozens of turns that keep it in. */
function opening(seed: number) {
  const state = newGame({ players: 2, mode: 'basic', actionRule: false }, seed);
  return { state, view: viewFor(state, state.current!) };
}

const hard = (more: Partial<IsmctsOptions>): IsmctsOptions => ({ ...BOT_LEVELS.hard, ...more });

describe("progressive widening of hard's root", () => {
  it('is off by default, and off (null) searches exactly as without the option', () => {
    expect(BOT_LEVELS.hard.widening).toBeNull();
    const { view } = opening(11);
    const { widening: _, ...without } = hard({ iterations: 300 });
    expect(ismctsSearch(view, 3, hard({ iterations: 300, widening: null }))).toEqual(
      ismctsSearch(view, 3, without),
    );
  });

  it('searches only the turns the static look ranks strongest early on, more of them as iterations grow', () => {
    const { state, view } = opening(21);
    const outcomes = turnOutcomes(state);
    expect(outcomes.length).toBeGreaterThan(30);
    const seat = state.current!;
    const ranked = outcomes
      .map((o, i) => ({ key: turnKey(o.turn), v: staticValue(o, seat), i }))
      .sort((a, b) => b.v - a.v || a.i - b.i)
      .map(({ key }) => key);
    const searched = (iterations: number, widening: IsmctsOptions['widening']) =>
      ismctsSearch(view, 3, hard({ iterations, widening })).options.map(({ turn }) => turnKey(turn));

    // Without widening, each of the first 20 iterations tries a turn not yet tried.
    expect(searched(20, null)).toHaveLength(20);
    // With it, after 20 iterations at most ceil(2 · 20^0.5) = 9 turns are open: the 9 strongest.
    const early = searched(20, { c: 2, alpha: 0.5 });
    expect(early.length).toBeGreaterThan(1);
    expect(early.length).toBeLessThanOrEqual(9);
    expect(new Set(early).size).toBe(early.length);
    for (const key of early) expect(ranked.indexOf(key)).toBeLessThan(9);
    // Given the iterations, every turn gets in.
    expect(searched(2000, { c: 2, alpha: 0.5 })).toHaveLength(outcomes.length);
  });

  it('keeps the same seed giving the same answer', () => {
    const { view } = opening(29);
    const options = hard({ iterations: 400, widening: { c: 3, alpha: 0.4 } });
    const a = ismctsSearch(view, 7, options);
    expect(ismctsSearch(view, 7, options)).toEqual(a);
    expect(a.iterations).toBe(400);
  });
});
