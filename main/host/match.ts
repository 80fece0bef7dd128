import type { GameState } from '../../shared/engine';
import type { MatchEntry } from '../../shared/protocol';
import type { SeatRecord } from './table-record';

/**
 * The match across rematches: games won per seat. A game counts the moment it ends, for each of its
 * winners (a shared win counts for each), so the table list shows it before anyone asks for a rematch.
 */
export function tallyWin(wins: number[], before: GameState | null, after: GameState): number[] {
  if (after.phase !== 'gameOver' || before?.phase === 'gameOver') return wins;
  return wins.map((w, seat) => (after.winners.includes(seat) ? w + 1 : w));
}

/** The match as a lobby shows it: every named seat in seat order with its wins. */
export function matchEntries(seats: readonly SeatRecord[], wins: readonly number[]): MatchEntry[] {
  return seats.flatMap((s, seat) => (s.name === null ? [] : [{ name: s.name, wins: wins[seat] ?? 0 }]));
}
