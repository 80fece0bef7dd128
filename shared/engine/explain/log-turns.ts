import type { LogEntry, Move } from '../types';
import { dealIndexOf } from './replay';

/** One turn as the log records it. */
export interface LoggedTurn {
  /** The round's turn number (1 = the round's first turn, every seat's turns counted). */
  turn: number;
  seat: number;
  /** Moves applied before the turn's first move. */
  moveCount: number;
  /** Index of the turn's `turn` entry in the log. */
  at: number;
  /** The turn's own entries: those after its `turn` entry, up to the next `turn`, `deal` or `roundWon`. */
  entries: LogEntry[];
}

/** Entries that close the turn before them without being part of a turn. */
const closesTurns = (e: LogEntry): boolean => e.kind === 'turn' || e.kind === 'deal' || e.kind === 'roundWon';

/** The turns of the log's current round (from its last deal), in order; the last may still be open. */
export function turnsInRound(log: readonly LogEntry[]): LoggedTurn[] {
  const turns: LoggedTurn[] = [];
  let open: LoggedTurn | null = null;
  for (let i = Math.max(0, dealIndexOf(log)); i < log.length; i++) {
    const e = log[i];
    if (closesTurns(e)) open = null;
    if (e.kind === 'turn') {
      open = { turn: e.turn, seat: e.seat, moveCount: e.moveCount, at: i, entries: [] };
      turns.push(open);
    } else if (open) open.entries.push(e);
  }
  return turns;
}

/**
 * The moves a turn's entries record, in order: everything but `end`, which logs nothing (the turn's
 * length in moves, read from the next turn's moveCount, says whether one was made). A 3's draw and a
 * draw taken by itself (autoDraw) are not moves.
 */
export function movesOfTurn(turn: Pick<LoggedTurn, 'seat' | 'entries'>, autoDraw: boolean): Move[] {
  const moves: Move[] = [];
  for (const e of turn.entries) {
    if (!('seat' in e) || e.seat !== turn.seat) continue;
    if (e.kind === 'play' || e.kind === 'discard') moves.push({ type: e.kind, card: e.card });
    else if (e.kind === 'seven') moves.push({ type: 'seven', card: e.card, to: e.to });
    else if (e.kind === 'one') moves.push({ type: 'one', seat: e.target, card: e.card });
    else if (e.kind === 'noDraw') moves.push({ type: 'noDraw' });
    else if (e.kind === 'draw' && e.cause === 'advanced' && !autoDraw) moves.push({ type: 'draw' });
    else if (e.kind === 'out' && e.reason === 'pass') moves.push({ type: 'pass' });
  }
  return moves;
}

/** Is the log's entry `index` a play after another play of the same turn (the extra card a 5 allows)? */
export function isExtraPlay(log: readonly LogEntry[], index: number): boolean {
  if (log[index]?.kind !== 'play') return false;
  for (let i = index - 1; i >= 0; i--) {
    const e = log[i];
    if (closesTurns(e)) return false;
    if (e.kind === 'play') return true;
  }
  return false;
}
