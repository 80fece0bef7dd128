import { applyMove, completeTurns, playout } from '../engine';
import type { GameState, Move, SeatView } from '../engine';
import { determinize } from './determinize';
import type { BotLevel } from './levels';

export { determinize };
export { BOT_LEVEL_NAMES, DEFAULT_BOT_LEVEL } from './levels';
export type { BotLevel } from './levels';
export { analyseTurn } from './analyse';
export type { TurnAnalysis, TurnOption } from './analyse';

export interface BotOptions {
  /** Guesses of the hidden cards to search (more: stronger and slower). */
  samples?: number;
  /** Rollouts spent per decision, spread over the samples and candidate turns. */
  playouts?: number;
  /**
   * Win chance given up per extra card a turn spends (play and discard): above 0 the bot prefers a plain
   * play or discard over combinations, as a beginner would. Default 0.
   */
  comboPenalty?: number;
  /**
   * At most this many (guess, turn) pairs are rolled out: where a hand allows hundreds of turns (Action
   * rule combinations) fewer guesses are made, so a decision's time stays bounded. Default: no limit.
   */
  maxTurnEvaluations?: number;
}

/**
 * The strengths a table may choose. Normal is the long-standing default. Easy guesses once with a few
 * rollouts and shies away from spending two cards in a turn, so it plays sensibly but misses
 * combinations and misjudges close positions. Hard searches about three times as much (measured under
 * 200 ms a decision on a 2-core machine; in the widest Action-rule positions it makes fewer guesses).
 */
export const BOT_LEVELS: Readonly<Record<BotLevel, Required<BotOptions>>> = {
  easy: { samples: 1, playouts: 40, comboPenalty: 0.2, maxTurnEvaluations: Infinity },
  normal: { samples: 6, playouts: 2400, comboPenalty: 0, maxTurnEvaluations: Infinity },
  hard: { samples: 10, playouts: 7200, comboPenalty: 0, maxTurnEvaluations: 5000 },
};

const keyOf = (move: Move): string => JSON.stringify(move);

/** Chance of `seat` winning the round after a complete turn, by random playouts. */
export function winRate(state: GameState, seat: number, playouts: number, seed: number): number {
  if (state.phase !== 'turn') return state.roundWinner === seat ? 1 : 0;
  if (state.out[seat]) return 0;
  let wins = 0;
  for (let i = 0; i < playouts; i++) if (playout(state, seed + i * 7919) === seat) wins++;
  return wins / playouts;
}

/**
 * The bot: a pure function of one seat's view. It guesses the hidden cards several times, tries
 * every complete turn that keeps it in the round, rolls each out, and plays the first move of the
 * turn that wins most often (ties: the turn that spends fewer cards). With no turn that leads, it passes.
 * `options` (see BOT_LEVELS) set how hard it thinks; whatever they are, it only passes with no turn that leads.
 */
export function chooseBotMove(view: SeatView, seed = 0, options: BotOptions = {}): Move {
  const legal = view.legalMoves;
  if (legal.length === 0) throw new RangeError('The bot has no move to make.');
  if (legal.length === 1) return legal[0];
  const nextRound = legal.find((m) => m.type === 'nextRound');
  if (nextRound) return nextRound;
  const seat = view.seat!;
  const cap = options.maxTurnEvaluations ?? BOT_LEVELS.normal.maxTurnEvaluations;
  const guess = (k: number) => determinize(view, seed * 31 + k);
  const first = guess(0);
  const firstTurns = completeTurns(first);
  const wanted = options.samples ?? BOT_LEVELS.normal.samples;
  const samples = Math.max(1, Math.min(wanted, Math.floor(cap / Math.max(1, firstTurns.length))));
  const budget = options.playouts ?? BOT_LEVELS.normal.playouts;
  const penalty = options.comboPenalty ?? BOT_LEVELS.normal.comboPenalty;
  const value = new Map<string, { move: Move; total: number }>();

  for (let k = 0; k < samples; k++) {
    const state = k === 0 ? first : guess(k);
    const turns = k === 0 ? firstTurns : completeTurns(state);
    const each = Math.max(2, Math.floor(budget / samples / Math.max(1, turns.length)));
    // Within one guess, a first move is worth its best continuation: the bot chooses those later.
    const best = new Map<string, number>();
    turns.forEach((turn, t) => {
      let after = state;
      for (const move of turn) after = applyMove(after, move);
      const extraCards = Math.max(
        0,
        turn.filter((m) => m.type === 'play' || m.type === 'discard').length - 1,
      );
      const rate =
        winRate(after, seat, each, seed + k * 1_000_003 + t * 101) -
        turn.length * 1e-6 -
        extraCards * penalty;
      const key = keyOf(turn[0]);
      if (!best.has(key) || rate > best.get(key)!) best.set(key, rate);
      if (!value.has(key)) value.set(key, { move: turn[0], total: 0 });
    });
    for (const [key, rate] of best) value.get(key)!.total += rate;
  }
  const legalKeys = new Set(legal.map(keyOf));
  let choice: { move: Move; total: number } | null = null;
  for (const [key, entry] of value) {
    if (!legalKeys.has(key)) continue;
    if (!choice || entry.total > choice.total) choice = entry;
  }
  return choice?.move ?? legal.find((m) => m.type === 'pass') ?? legal[0];
}
