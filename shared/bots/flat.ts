import type { Move, SeatView } from '../engine';
import { determinizer } from './determinize';
import { analysisOf, winRate } from './estimate';
import type { TurnAnalysis, TurnEstimate } from './estimate';
import { moveKey, strongest, turnKey, turnOutcomes } from './turns';

/** How the flat search (easy, normal) thinks. */
export interface FlatOptions {
  /** Guesses of the hidden cards to search (more: stronger and slower). */
  samples: number;
  /** Rollouts spent per decision, spread over the samples and candidate turns. */
  playouts: number;
  /** Win chance given up per extra card a turn spends: above 0 the bot prefers plain plays, as a beginner does. */
  comboPenalty: number;
  /**
   * At most this many (guess, turn) pairs are rolled out: where a hand allows thousands of turns (Action rule
   * combinations) fewer guesses are made and only the turns that look strongest at a glance are rolled out.
   */
  maxTurnEvaluations: number;
}

export interface FlatResult {
  analysis: TurnAnalysis;
  /** The first move whose best continuation wins most, summed over the guesses. */
  move: Move | null;
}

/**
 * The flat search: guesses the hidden cards several times, rolls out every complete turn that keeps the
 * seat in the round, and rates a first move by its best continuation in each guess.
 */
export function flatSearch(view: SeatView, seed: number, options: FlatOptions): FlatResult {
  const seat = view.seat!;
  const guessFrom = determinizer(view);
  const guess = (k: number) => guessFrom(seed * 31 + k);
  const first = guess(0);
  const firstTurns = turnOutcomes(first);
  const cap = options.maxTurnEvaluations;
  const samples = Math.max(1, Math.min(options.samples, Math.floor(cap / Math.max(1, firstTurns.length))));
  const perTurn = new Map<string, { turn: Move[]; sum: number; n: number }>();
  const perFirst = new Map<string, { move: Move; total: number }>();

  for (let k = 0; k < samples; k++) {
    const state = k === 0 ? first : guess(k);
    const outcomes = strongest(k === 0 ? firstTurns : turnOutcomes(state), seat, cap);
    const each = Math.max(2, Math.floor(options.playouts / samples / Math.max(1, outcomes.length)));
    const best = new Map<string, number>();
    outcomes.forEach(({ turn, after }, t) => {
      const extraCards = Math.max(
        0,
        turn.filter((m) => m.type === 'play' || m.type === 'discard').length - 1,
      );
      const rate = winRate(after, seat, each, seed + k * 1_000_003 + t * 101);
      const score = rate - turn.length * 1e-6 - extraCards * options.comboPenalty;
      const key = turnKey(turn);
      const entry = perTurn.get(key) ?? { turn, sum: 0, n: 0 };
      entry.sum += rate;
      entry.n++;
      perTurn.set(key, entry);
      const firstKey = moveKey(turn[0]);
      if (!best.has(firstKey) || score > best.get(firstKey)!) best.set(firstKey, score);
      if (!perFirst.has(firstKey)) perFirst.set(firstKey, { move: turn[0], total: 0 });
    });
    for (const [key, score] of best) perFirst.get(key)!.total += score;
  }
  const legal = new Set(view.legalMoves.map(moveKey));
  let move: { move: Move; total: number } | null = null;
  for (const [key, entry] of perFirst) {
    if (legal.has(key) && (!move || entry.total > move.total)) move = entry;
  }
  const estimates: TurnEstimate[] = [...perTurn.values()].map(({ turn, sum, n }) => ({
    turn,
    stayIn: 1,
    winRound: sum / n,
  }));
  const pass = view.legalMoves.some((m) => m.type === 'pass') ? [{ type: 'pass' } as Move] : null;
  return { analysis: analysisOf(estimates, pass), move: move?.move ?? null };
}
