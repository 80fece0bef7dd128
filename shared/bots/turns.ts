import { completeTurns, paletteScore, ruleOf } from '../engine';
import type { GameState, Move } from '../engine';

/** A complete turn and the state it leads to. */
export interface TurnOutcome {
  turn: Move[];
  after: GameState;
}

export const moveKey = (move: Move): string => JSON.stringify(move);
export const turnKey = (turn: readonly Move[]): string => turn.map(moveKey).join(' ');

/**
 * Every complete turn that keeps the player to act in the round, with the state each leads to. Turns that
 * decline the free Advanced draw are left out: a secret card more is practically never worse, and the
 * same turn with the draw taken is always there.
 */
export function turnOutcomes(state: GameState): TurnOutcome[] {
  const reached = new Map<readonly Move[], GameState>();
  const turns = completeTurns(state, (next, turn) => {
    reached.set(turn, next);
    return turn[turn.length - 1].type === 'noDraw';
  });
  return turns.map((turn) => ({ turn, after: reached.get(turn)! }));
}

/**
 * A cheap static guess of how good a turn is for `seat`: cards kept in hand first (they are the turns to
 * come), then the lead under the rule it leaves. Used to keep the widest positions (hundreds of Action-rule
 * combinations) to a searchable number of candidates.
 */
export function staticValue(outcome: TurnOutcome, seat: number): number {
  const { after } = outcome;
  const rule = ruleOf(after);
  const own = paletteScore(after.palettes[seat], rule);
  let best = 0;
  after.palettes.forEach((palette, p) => {
    if (p !== seat && !after.out[p]) best = Math.max(best, paletteScore(palette, rule));
  });
  return after.hands[seat].length * 1000 + (own - best);
}

/** The `cap` best turns by staticValue (all of them when there are no more than `cap`), in their first order. */
export function strongest(outcomes: TurnOutcome[], seat: number, cap: number): TurnOutcome[] {
  if (outcomes.length <= cap) return outcomes;
  const ranked = outcomes
    .map((o, i) => ({ i, v: staticValue(o, seat) }))
    .sort((a, b) => b.v - a.v || a.i - b.i)
    .slice(0, cap)
    .sort((a, b) => a.i - b.i);
  return ranked.map(({ i }) => outcomes[i]);
}
