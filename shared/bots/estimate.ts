import { playout } from '../engine';
import type { GameState, Move } from '../engine';

/** What the search thinks of one complete turn. Chances are 0..1. */
export interface TurnEstimate {
  turn: Move[];
  /** Chance the seat is still in the round after this turn (below 1 only when the turn is passing). */
  stayIn: number;
  /** Chance the seat wins the round. */
  winRound: number;
  /** Chance the seat wins the game, when the search weighs rounds by the match (hard, Advanced). */
  winGame?: number;
}

/** The search's answer for a position: the best complete turn first, then every other one searched. */
export interface TurnAnalysis {
  best: Move[];
  stayIn: number;
  winRound: number;
  /** See TurnEstimate.winGame. */
  winGame?: number;
  options: TurnEstimate[];
  /** Search iterations run, when the search counts them (hard): fewer than its budget when work ran out. */
  iterations?: number;
  /** The search stopped on its wall-clock cut (IsmctsOptions.timeLimitMs) before its budget was spent. */
  timeCut?: boolean;
}

/** Chance of `seat` winning the round from `state` (at the start of a turn), by `playouts` random playouts. */
export function winRate(state: GameState, seat: number, playouts: number, seed: number): number {
  if (state.phase !== 'turn') return state.roundWinner === seat ? 1 : 0;
  if (state.out[seat]) return 0;
  let wins = 0;
  for (let i = 0; i < playouts; i++) if (playout(state, seed + i * 7919) === seat) wins++;
  return wins / playouts;
}

/** Orders estimates best first (ties: the turn spending fewer moves, then the first found). */
export function analysisOf(options: TurnEstimate[], pass: Move[] | null): TurnAnalysis {
  const sorted = options
    .map((o, i) => ({ o, i }))
    .sort((a, b) => b.o.winRound - a.o.winRound || a.o.turn.length - b.o.turn.length || a.i - b.i)
    .map(({ o }) => o);
  if (sorted.length === 0) {
    const turn = pass ?? [];
    return { best: turn, stayIn: 0, winRound: 0, options: [{ turn, stayIn: 0, winRound: 0 }] };
  }
  return { best: sorted[0].turn, stayIn: sorted[0].stayIn, winRound: sorted[0].winRound, options: sorted };
}
