// A rules-only heuristic player, written apart from shared/bots so the bot levels are measured against
// something that does not share their search: no rollouts, no guesses of hidden cards.
import { applyMove, keepingTurns, paletteScore, ruleOf, stateFromView } from '../../shared/engine';
import type { GameState, Move, SeatView } from '../../shared/engine';

const spends = (move: Move): boolean => move.type === 'play' || move.type === 'discard';
const valueOf = (move: Move): number => ('card' in move ? Number(move.card[1]) : 0);

/** How `seat` stands after a turn: its lead under the rule (bigger is safer). */
function lead(state: GameState, seat: number): number {
  const rule = ruleOf(state);
  let other = 0;
  state.palettes.forEach((p, q) => {
    if (q !== seat && !state.out[q]) other = Math.max(other, paletteScore(p, rule));
  });
  return paletteScore(state.palettes[seat], rule) - other;
}

/** Is `a` ahead of `b`, comparing entry by entry? */
function ahead(a: readonly number[], b: readonly number[]): boolean {
  const i = a.findIndex((x, k) => x !== b[k]);
  return i >= 0 && a[i] > b[i];
}

/**
 * Takes the free draw; otherwise among the turns that keep it in: the fewest cards spent, then the lowest
 * cards spent (keep the strong ones for later), then the widest lead. Passes only when nothing keeps it in.
 */
export function yardstickMove(view: SeatView): Move {
  const legal = view.legalMoves;
  const direct = legal.find((m) => m.type === 'draw');
  if (direct) return direct;
  if (legal.length === 1) return legal[0];
  const seat = view.seat!;
  const start = stateFromView(view);
  let best: { move: Move; key: number[] } | null = null;
  for (const turn of keepingTurns(view)) {
    if (turn.length === 0) continue;
    let s = start;
    for (const move of turn) s = applyMove(s, move);
    const spent = turn.filter(spends);
    const key = [-spent.length, -spent.reduce((sum, m) => sum + valueOf(m), 0), lead(s, seat)];
    const better = best !== null && ahead(key, best.key);
    if (best === null || better) best = { move: turn[0], key };
  }
  return best?.move ?? legal.find((m) => m.type !== 'pass') ?? legal[0];
}
