import { sameJson, type HandOverTable, type TableRefusedCode } from '../../../shared/protocol';
import { applyDealt, duplicateDealer, shuffleDealer } from '../../../shared/evening/dealer';
import type { GameState } from '../../../shared/engine';
import { tallyWin } from '../match';
import { restoreTable } from '../restore';
import type { StoredTable, TableStore } from '../store';
import { parseLogLine, parseSnapshot, snapshotJson, type LogLine } from '../store-format';
import type { TableRecord } from '../table-record';
import type { TableVotes } from './rooms';

/**
 * The tables as the sender's store holds them (after a flush: each snapshot as the table now is), as text:
 * the receiver reads them with the store's own schemas, as it would its own files.
 */
export function collectTables(
  store: Pick<TableStore, 'loadAll'>,
  ids: ReadonlySet<string>,
  votesOf: (id: string) => TableVotes | null,
): HandOverTable[] {
  return store
    .loadAll()
    .filter((t) => ids.has(t.record.id))
    .map((t) => ({
      id: t.record.id,
      snapshot: snapshotJson(t.record, t.logLinesInRecord),
      log: t.log.map((line) => JSON.stringify(line)),
      ...(votesOf(t.record.id) ? { votes: votesOf(t.record.id)! } : {}),
    }));
}

/** Why a table is refused: its code, the log line at fault (from 1) if one is, and the English reason (for logs). */
export interface Unfit {
  ok: false;
  code: TableRefusedCode;
  line?: number;
  reason: string;
}

export type Checked = { ok: true; stored: StoredTable; record: TableRecord } | Unfit;

const unfit = (code: TableRefusedCode, reason: string, line?: number): Unfit =>
  line === undefined ? { ok: false, code, reason } : { ok: false, code, line, reason };

/**
 * The receiver's check of one table before it takes it: its snapshot and every log line read with the
 * store's schemas, the table rebuilt as a restart would (restore.ts), and its whole log played again
 * through the engine from its `created` line. A log that holds a move the engine refuses, or that does not
 * come to the sender's record (the game, the match score), is refused with the reason.
 */
export function checkTable(t: HandOverTable): Checked {
  const snapshot = parseSnapshot(t.snapshot);
  if (!snapshot.ok) return unfit('damaged', `its record is damaged (${snapshot.reason})`);
  if (snapshot.record.id !== t.id)
    return unfit('inconsistent', `its record names table ${snapshot.record.id}`);
  const log: LogLine[] = [];
  for (const [i, text] of t.log.entries()) {
    const line = parseLogLine(text);
    if (!line.ok) return unfit('damaged', `log line ${i + 1} is damaged (${line.reason})`, i + 1);
    log.push(line.line);
  }
  if (snapshot.logLines > log.length)
    return unfit('inconsistent', 'its record counts more log lines than it has');
  const stored: StoredTable = { record: snapshot.record, log, logLinesInRecord: snapshot.logLines };
  const problems: string[] = [];
  const record = restoreTable(stored, (p) => problems.push(p));
  if (!record || problems.length > 0)
    return unfit('inconsistent', problems.join('; ') || 'it cannot be rebuilt');
  const replayed = replayWhole(log);
  if (!replayed.ok) return replayed;
  if (
    replayed.game !== record.game ||
    !sameJson(replayed.state, record.state) ||
    !sameJson(replayed.wins, record.wins)
  ) {
    return unfit('inconsistent', 'its log does not give its record (the game or the match score differ)');
  }
  return { ok: true, stored, record };
}

/** Every game of the log played again from its start, every move through the engine. */
function replayWhole(
  log: LogLine[],
): { ok: true; game: number; state: GameState | null; wins: number[] } | Unfit {
  const first = log[0];
  if (first === undefined || !('created' in first))
    return unfit('tooOld', 'its log does not begin with the table as made');
  const created = first.created;
  const dealer = created.evening ? duplicateDealer : shuffleDealer;
  let game = created.game;
  let state = created.state;
  let wins = created.wins;
  for (const [i, line] of log.entries()) {
    try {
      if ('start' in line) {
        if (line.g <= game) return unfit('badMove', `log line ${i + 1} starts game ${line.g} again`, i + 1);
        game = line.g;
        state = dealer.first(line.start.options, line.start.seed);
      } else if ('m' in line) {
        if (state === null || line.g !== game || line.n !== state.moveCount)
          return unfit(
            'badMove',
            `log line ${i + 1} is move ${line.n} of game ${line.g}, out of order`,
            i + 1,
          );
        const next = applyDealt(dealer, state, line.m);
        wins = tallyWin(wins, state, next);
        state = next;
      }
    } catch (e) {
      return unfit('badMove', `log line ${i + 1}: the engine refuses it (${(e as Error).message})`, i + 1);
    }
  }
  return { ok: true, game, state, wins };
}
