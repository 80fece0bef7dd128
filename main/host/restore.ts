import { upgradeLog, viewFor } from '../../shared/engine';
import { applyDealt, duplicateDealer, shuffleDealer, type Dealer } from '../../shared/evening/dealer';
import type { GameState } from '../../shared/engine';
import { tallyWin } from './match';
import type { LogLine, StoredTable } from './store';
import type { TableRecord } from './table-record';

/**
 * Rebuilds a table's record from its snapshot (or its log's first line) and its log: the last seat change
 * after the snapshot gives who sits where, the log replays every move accepted after the snapshot (and a
 * game started after it). Returns null when the two cannot be made to agree; the reason goes to `report`.
 */
export function restoreTable(stored: StoredTable, report: (problem: string) => void): TableRecord | null {
  const { log } = stored;
  const seating = log.slice(stored.logLinesInRecord).findLast((l) => 'seating' in l);
  const record = seating && 'seating' in seating ? { ...stored.record, ...seating.seating } : stored.record;
  const id = record.id;
  if (record.seats.length !== record.options.players) {
    report(
      `table ${id}: the log's last seat change has ${record.seats.length} seats, not ${record.options.players}; skipped`,
    );
    return null;
  }
  let game = record.game;
  let state: GameState | null = record.state;
  let wins = record.wins;
  const dealer = record.evening ? duplicateDealer : shuffleDealer;
  try {
    // A snapshot from before turns were logged (protocol 2): its game is played again from its seed to log them.
    if (state !== null) state = upgradeLog(state) ?? fail('its saved game cannot be played again');
    // The moves of the snapshot's game first: one that ended it (after the snapshot) counts in the match.
    if (state !== null) ({ state, wins } = replay(dealer, state, game, log, wins, id, report));
    const lastStart = log.findLast((l) => 'start' in l && l.g >= game);
    if (lastStart && 'start' in lastStart && lastStart.g > game) {
      // The host died after starting a game but before its snapshot: the log alone rebuilds it.
      game = lastStart.g;
      state = dealer.first(record.options, lastStart.start.seed);
      ({ state, wins } = replay(dealer, state, game, log, wins, id, report));
    }
    if (game > 0 && state === null) {
      report(`table ${id}: game ${game} has no state and no start in the log; skipped`);
      return null;
    }
    if (state !== null) viewFor(state, null); // proves the engine can read the state
  } catch (e) {
    report(`table ${id}: cannot rebuild the game (${(e as Error).message}); skipped`);
    return null;
  }
  return { ...record, game, state, wins };
}

const fail = (reason: string): never => {
  throw new Error(reason);
};

/** Applies the logged moves of `game` after the state's own; a game they end counts for its winners. */
function replay(
  dealer: Dealer,
  from: GameState,
  game: number,
  log: LogLine[],
  wins: number[],
  id: string,
  report: (problem: string) => void,
): { state: GameState; wins: number[] } {
  let state = from;
  for (const line of log) {
    if (!('m' in line) || line.g !== game || line.n < state.moveCount) continue;
    if (line.n !== state.moveCount) {
      report(`table ${id}: move log jumps from move ${state.moveCount} to ${line.n}; replay stops there`);
      break;
    }
    const next = applyDealt(dealer, state, line.m);
    wins = tallyWin(wins, state, next);
    state = next;
  }
  return { state, wins };
}
