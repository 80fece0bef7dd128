import { applyMove, turnEnded } from '../engine';
import type { GameState, Move } from '../engine';
import { seatWins, solveRound, type Verdict } from './solver';

/*
 * One round looked back on with every card known (a finished game's record, a replay): for a seat, at
 * each of its turns, whether it had a forced win from the turn's start (the exact solver), and so where the
 * round was decided for it: the last turn at which it still had a forced win and played a turn that let
 * it go, with a turn that would have kept it. It reads every hand: for reviews after the game and replays
 * only, never for a round in play.
 */

/** A move of the round as a record keeps it: whose, and what. */
export interface SeatMove {
  seat: number;
  move: Move;
}

export interface HindsightTurn {
  /** The round's turn number, as the game log shows it (every seat's turns counted). */
  turnNumber: number;
  /** Which of the seat's own turns it was (1 = its first). */
  ownNumber: number;
  /** Whether the seat wins whatever the others do, from the turn's start; 'unknown' out of budget. */
  verdict: Verdict;
  /** A winning turn (on a win), `end` left out. */
  win: Move[] | null;
  /** The turn the seat played, `end` left out. */
  played: Move[];
  /** On a win: whether the seat still won whatever the others did after the turn it played. */
  kept?: Verdict;
}

export type HindsightFinding =
  /** The seat won the round; `from`: its first turn with a forced win proved (null: none proved). */
  | { kind: 'won'; from: HindsightTurn | null }
  /** The last turn at which the seat had a forced win and played one that let it go. */
  | { kind: 'lostAt'; at: HindsightTurn }
  /** No forced win proved at any turn, and none there from `from` on (the earliest turn proved lost). */
  | { kind: 'noWin'; from: HindsightTurn }
  /** The solver proved too little within its budget to say. */
  | { kind: 'unknown' };

export interface RoundHindsight {
  seat: number;
  /** The seat's turns in the round, in order. */
  turns: HindsightTurn[];
  won: boolean;
  finding: HindsightFinding;
  /** Milliseconds the solver took. */
  ms: number;
}

export interface HindsightBudget {
  /** At most this long for one position (a turn's start, or just after the turn played). */
  turnMs: number;
  /** At most this long for the whole round; the turns left then are 'unknown'. */
  totalMs: number;
  /** At most this many positions per look (default: no limit but the clock). */
  nodes?: number;
}

/**
 * The round review's budget: about a second for a whole 2-player round on a 2-core machine (the late
 * turns are decided in milliseconds, the first one takes what is left; docs/bots.md).
 */
export const HINDSIGHT_BUDGET: HindsightBudget = { turnMs: 700, totalMs: 1000 };

const withoutEnd = (turn: readonly Move[]): Move[] => turn.filter((m) => m.type !== 'end');

interface TurnPlayed {
  turnNumber: number;
  start: GameState;
  after: GameState;
  played: Move[];
}

/** The seat's turns in the round from its deal: each one's start, the turn played and the state after it. */
function turnsOf(
  deal: GameState,
  moves: readonly SeatMove[],
  seat: number,
): { turns: TurnPlayed[]; end: GameState } {
  const turns: TurnPlayed[] = [];
  let s = deal;
  let open: (TurnPlayed & { from: number }) | null = null;
  for (const { move } of moves) {
    const last = s.log.at(-1);
    if (!open && s.phase === 'turn' && s.current === seat && last?.kind === 'turn' && last.seat === seat)
      open = { turnNumber: last.turn, start: s, after: s, played: [], from: s.log.length };
    const next = applyMove(s, move);
    if (open) {
      open.played.push(move);
      if (turnEnded(next, seat, open.from)) {
        const { from: _from, ...turn } = open;
        turns.push({ ...turn, after: next });
        open = null;
      }
    }
    s = next;
  }
  return { turns, end: s };
}

/**
 * The round from its deal and moves (a record's), looked back on for `seat`. The turns are solved from the
 * last back to the first, sharing one table of decided positions: the late ones are quick and the early
 * ones meet many of their positions again.
 */
export function roundHindsight(
  deal: GameState,
  moves: readonly SeatMove[],
  seat: number,
  budget: HindsightBudget = HINDSIGHT_BUDGET,
): RoundHindsight {
  const started = performance.now();
  const { turns: played, end } = turnsOf(deal, moves, seat);
  const won = end.phase !== 'turn' && end.roundWinner === seat;
  const table = new Map<string, boolean>();
  const left = () => budget.totalMs - (performance.now() - started);
  const look = () => ({ ms: Math.max(0, Math.min(budget.turnMs, left())), nodes: budget.nodes ?? Infinity });

  const turns: HindsightTurn[] = new Array(played.length);
  for (let i = played.length - 1; i >= 0; i--) {
    const p = played[i];
    const base = { turnNumber: p.turnNumber, ownNumber: i + 1, played: withoutEnd(p.played) };
    if (left() <= 0) {
      turns[i] = { ...base, verdict: 'unknown', win: null };
      continue;
    }
    const solved = solveRound(p.start, look(), table);
    const turn: HindsightTurn = {
      ...base,
      verdict: solved.verdict,
      win: solved.turn && withoutEnd(solved.turn),
    };
    if (solved.verdict === 'win') turn.kept = seatWins(p.after, seat, look(), table);
    turns[i] = turn;
  }
  return { seat, turns, won, finding: findingOf(turns, won), ms: performance.now() - started };
}

/** Where the round was decided for the seat, from its turns' verdicts. */
export function findingOf(turns: readonly HindsightTurn[], won: boolean): HindsightFinding {
  if (won) return { kind: 'won', from: turns.find((t) => t.verdict === 'win') ?? null };
  const lastWin = turns.findLast((t) => t.verdict === 'win');
  if (lastWin) return lastWin.kept === 'loss' ? { kind: 'lostAt', at: lastWin } : { kind: 'unknown' };
  const firstLoss = turns.find((t) => t.verdict === 'loss');
  return firstLoss ? { kind: 'noWin', from: firstLoss } : { kind: 'unknown' };
}
