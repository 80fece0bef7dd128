import type { NormalizedOptions } from '../../shared/engine';
import { parseSnapshot, type LogLine, type SeatingLine } from './store-format';
import type { AcceptedMove, TableRecord } from './table-record';

export type { LogLine, SeatingLine } from './store-format';

/**
 * Where the host keeps its tables: the data folder (`FileStore`, file-store.ts) or memory (`MemoryStore`,
 * memory-store.ts, for tests that need no disk). Every store keeps the same contract
 * (test/unit/host/table-store-contract.test.ts): each table's log of facts, appended before anyone is
 * told of them (a refused append throws `StorageError` and the log is as it was), and a snapshot written
 * some time after `save` (at the latest by `flush` or `close`) holding the record with the number of log
 * lines it already holds. A table is known only once it is tracked; a removed or archived one no longer
 * loads.
 */
export interface TableStore {
  /** Every table kept (a restart); damaged ones are reported and skipped. */
  loadAll(): StoredTable[];
  /**
   * Starts keeping a table: `getRecord` gives its current state whenever a snapshot is due; `logLines`:
   * how many lines its log holds already (a restored table's).
   */
  track(id: string, getRecord: () => TableRecord, logLines?: number): void;
  /**
   * A table handed over from another host (main/host/hand-over): its whole log written at once, replacing
   * any table of that id, before it is tracked. Throws `StorageError` when the disk refuses.
   */
  adopt(id: string, log: readonly LogLine[]): void;
  /** The first line of a new table's log: a table lost before its first snapshot loads from it. */
  appendCreated(id: string, record: TableRecord): void;
  appendSeating(id: string, seating: SeatingLine): void;
  appendStart(id: string, game: number, options: NormalizedOptions, seed: number): void;
  /** A move, or a turn's moves: kept all or none (a turn is applied whole or not at all). */
  appendMoves(id: string, moves: readonly AcceptedMove[]): void;
  /** A snapshot is due; changes close together may share one. Nothing after `close`. */
  save(id: string): void;
  /** Writes every snapshot due now and waits for them. */
  flush(): Promise<void>;
  /** Forgets a table and deletes what it kept. Never rejects (a problem is reported). */
  remove(id: string): Promise<void>;
  /** Forgets a table and keeps it out of the ones `loadAll` reads (a finished game closed). Never rejects. */
  archive(id: string): Promise<void>;
  /** The last snapshots, and the logs made safe. Never rejects. */
  close(): Promise<void>;
  /** The host's evening (main/host/evening-host.ts) as last kept; null: none (or unreadable, reported). */
  loadEvening(): string | null;
  /**
   * Keeps the evening's text whole, replacing the last, before anyone hears of the change (a killed
   * process cannot lose it); a refusal throws `StorageError` and the last text stays.
   */
  keepEvening(text: string): void;
}

/** What a store holds for one table: its last snapshot (or its log's first line) and its log. */
export interface StoredTable {
  record: TableRecord;
  /** Every intact line of the log, oldest first. */
  log: LogLine[];
  /** How many of those lines the record already holds: the seat changes after them are newer. */
  logLinesInRecord: number;
}

/**
 * The store refused a write the host needs before it may go on (a full disk, a folder gone): the change
 * it was for must not happen. `code` is the OS's (ENOSPC, EACCES, …); the message names host paths.
 */
export class StorageError extends Error {
  readonly code: string;
  constructor(what: string, cause: NodeJS.ErrnoException) {
    super(`${what} (${cause.message})`);
    this.name = 'StorageError';
    this.code = cause.code ?? 'EIO';
  }
}

/**
 * One table as a store read it: its snapshot's record (`snapshot` null: there is none yet, and the log's
 * first line, `created`, stands in for it) and its log. Null, reported, when neither gives a record.
 */
export function storedTable(
  id: string,
  snapshot: string | null,
  log: LogLine[],
  report: (problem: string) => void,
): StoredTable | null {
  if (snapshot === null) {
    const first = log[0];
    if (first !== undefined && 'created' in first) return { record: first.created, log, logLinesInRecord: 1 };
    report(`table ${id}: no readable snapshot (ENOENT); skipped`);
    return null;
  }
  const parsed = parseSnapshot(snapshot);
  if (!parsed.ok) {
    report(`table ${id}: snapshot is damaged (${parsed.reason}); skipped`);
    return null;
  }
  if (parsed.record.id !== id) {
    report(`table ${id}: snapshot names table ${parsed.record.id}; skipped`);
    return null;
  }
  return { record: parsed.record, log, logLinesInRecord: parsed.logLines };
}
