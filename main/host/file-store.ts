import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic, writeFileAtomicSync } from '../common/atomic-write';
import { systemClock, type Clock, type Cancel } from './clock';
import type { NormalizedOptions } from '../../shared/engine';
import { readEveningFile, writeEveningFile } from './evening-file';
import { readMoveLog } from './move-log';
import { StorageError, storedTable, type StoredTable, type TableStore } from './store';
import { logLinesOf, snapshotJson, type LogLine, type SeatingLine } from './store-format';
import type { AcceptedMove, TableRecord } from './table-record';

const SNAPSHOT = 'snapshot.json';
/** The log keeps its first name from when it held moves only. */
const LOG = 'moves.jsonl';
const TABLE_DIR = /^[A-Za-z0-9_-]{4,32}$/;

interface Entry {
  getRecord: () => TableRecord;
  /** Lines were appended since the host started (they are fsynced at close). */
  appended: boolean;
  /** Lines were appended since the last fsync. */
  unsynced: boolean;
  /** Lines in the log (those read at the start and those appended since): a snapshot records the count. */
  lines: number;
  cancelTimer: Cancel | null;
  writing: Promise<void> | null;
  again: boolean;
}

/**
 * A data folder of tables. Each table has an append-only log and a snapshot. The log holds everything
 * people are told of, each line written before they are: the table as made, every change of who sits
 * where, each game's start and every accepted move. The snapshot is a shortcut for loading (the record
 * as it was a moment ago, with the number of log lines it already holds): written late, off the event
 * loop, one write at a time per table, each replacing the file atomically (writeFileAtomic).
 * Nothing here throws at the host for a damaged file: problems go to `report` and the table is skipped.
 */
export class FileStore implements TableStore {
  private readonly root: string;
  private readonly entries = new Map<string, Entry>();
  private readonly stopSyncing: Cancel;
  /** Closed: the final snapshots are written; later saves (sockets closing after them) are not. */
  private closed = false;

  constructor(
    private readonly dataDir: string,
    private readonly snapshotDelayMs: number,
    private readonly report: (problem: string) => void,
    private readonly clock: Clock = systemClock,
  ) {
    this.root = join(dataDir, 'tables');
    fs.mkdirSync(this.root, { recursive: true });
    // The log is in the OS cache as soon as it is written (safe from a killed process); fsync it now and
    // then for safety from power loss without paying an fsync per line.
    this.stopSyncing = clock.every(1000, () => this.syncLogs());
  }

  /** The evening's file (evening-file.ts). */
  loadEvening(): string | null {
    return readEveningFile(this.dataDir, this.report);
  }

  keepEvening(text: string): void {
    writeEveningFile(this.dataDir, text);
  }

  /** Reads every table in the folder. Damaged tables are reported and left on disk untouched. */
  loadAll(): StoredTable[] {
    const out: StoredTable[] = [];
    for (const name of fs.readdirSync(this.root)) {
      if (!TABLE_DIR.test(name)) continue;
      const loaded = this.load(name);
      if (loaded) out.push(loaded);
    }
    return out;
  }

  private load(id: string): StoredTable | null {
    const dir = join(this.root, id);
    let text: string | null = null;
    try {
      text = fs.readFileSync(join(dir, SNAPSHOT), 'utf8');
    } catch (e) {
      // A table killed before its first snapshot is rebuilt from its log alone.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.report(`table ${id}: no readable snapshot (${(e as Error).message}); skipped`);
        return null;
      }
    }
    const log = readMoveLog(join(dir, LOG), id, this.report);
    return log === null ? null : storedTable(id, text, log, this.report);
  }

  /**
   * Starts keeping a table: `getRecord` gives its current state whenever a snapshot is due; `logLines`:
   * how many lines its log holds already (a restored table's).
   */
  track(id: string, getRecord: () => TableRecord, logLines = 0): void {
    if (this.entries.has(id)) return;
    try {
      fs.mkdirSync(join(this.root, id), { recursive: true });
    } catch (err) {
      throw new StorageError(`table ${id}: folder not made`, err as NodeJS.ErrnoException);
    }
    this.entries.set(id, {
      getRecord,
      appended: false,
      unsynced: false,
      lines: logLines,
      cancelTimer: null,
      writing: null,
      again: false,
    });
  }

  /** Written whole (temp file, fsync, rename): a table half adopted is not one. */
  adopt(id: string, log: readonly LogLine[]): void {
    const text = log.map((line) => `${JSON.stringify(line)}\n`).join('');
    try {
      fs.rmSync(join(this.root, id, SNAPSHOT), { force: true });
      writeFileAtomicSync(this.logOf(id), text, { makeFolder: true });
    } catch (err) {
      throw new StorageError(`table ${id}: handed-over log not written`, err as NodeJS.ErrnoException);
    }
  }

  /** The first line of a new table's log: a table killed before its first snapshot loads from it. */
  appendCreated(id: string, record: TableRecord): void {
    this.append(id, { created: record });
  }

  appendSeating(id: string, seating: SeatingLine): void {
    this.append(id, { seating });
  }

  appendStart(id: string, game: number, options: NormalizedOptions, seed: number): void {
    this.append(id, { g: game, start: { options, seed } });
  }

  /** A turn's moves are written together: the disk keeps all of them or none. */
  appendMoves(id: string, moves: readonly AcceptedMove[]): void {
    this.append(id, ...logLinesOf(moves));
  }

  /**
   * Throws StorageError when the lines are not on disk whole; the log is then as it was before. The file is
   * opened for each write, so a folder taken away (or a disk that has room again) counts at once.
   */
  private append(id: string, ...lines: LogLine[]): void {
    const e = this.entry(id);
    const bytes = Buffer.from(lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    let fd: number | null = null;
    try {
      fd = fs.openSync(this.logOf(id), 'a');
      const written = fs.writeSync(fd, bytes);
      if (written !== bytes.length) {
        // A torn line would end the log at the next load: cut it off. (A write that throws wrote nothing.)
        try {
          fs.ftruncateSync(fd, fs.fstatSync(fd).size - written);
        } catch {
          /* the refusal below is what matters */
        }
        throw Object.assign(new Error(`wrote ${written} of ${bytes.length} bytes`), { code: 'ENOSPC' });
      }
    } catch (err) {
      throw new StorageError(`table ${id}: log not written`, err as NodeJS.ErrnoException);
    } finally {
      if (fd !== null) closeQuietly(fd);
    }
    e.appended = e.unsynced = true;
    e.lines += lines.length;
  }

  private logOf(id: string): string {
    return join(this.root, id, LOG);
  }

  private syncLogs(): void {
    for (const [id, e] of this.entries) {
      if (!e.unsynced) continue;
      e.unsynced = false;
      // Best effort: a log that will not sync now is synced at close, and reported then.
      fs.open(this.logOf(id), 'r+', (err, fd) => {
        if (!err) fs.fdatasync(fd, () => fs.close(fd, () => {}));
      });
    }
  }

  /** Schedules a snapshot; changes within `snapshotDelayMs` share one write. */
  save(id: string): void {
    if (this.closed) return;
    const e = this.entry(id);
    e.cancelTimer ??= this.clock.after(this.snapshotDelayMs, () => {
      e.cancelTimer = null;
      void this.write(id, e);
    });
  }

  /** One write at a time per table: a save during a write writes again after it, with the newer record. */
  private write(id: string, e: Entry): Promise<void> {
    if (e.writing) {
      e.again = true;
      return e.writing;
    }
    const json = snapshotJson(e.getRecord(), e.lines);
    e.writing = writeFileAtomic(join(this.root, id, SNAPSHOT), json)
      .catch((err: Error) => this.report(`table ${id}: snapshot not written (${err.message})`))
      .finally(() => {
        e.writing = null;
        if (e.again && this.entries.get(id) === e) {
          e.again = false;
          void this.write(id, e);
        }
      });
    return e.writing;
  }

  /** Writes every pending snapshot now and waits for all writes. */
  async flush(): Promise<void> {
    const pending: Promise<void>[] = [];
    for (const [id, e] of this.entries) {
      if (e.cancelTimer) {
        e.cancelTimer();
        e.cancelTimer = null;
        e.again = false;
        pending.push(this.write(id, e));
      } else if (e.writing) {
        pending.push(e.writing);
      }
    }
    await Promise.all(pending);
    // A write finishing above may have queued one more with the latest state.
    if ([...this.entries.values()].some((e) => e.writing)) await this.flush();
  }

  /** Forgets a table and deletes its files. Never rejects: a folder that will not go is reported. */
  async remove(id: string): Promise<void> {
    try {
      const e = this.entries.get(id);
      if (e) {
        this.entries.delete(id);
        e.cancelTimer?.();
        await e.writing;
      }
      await fsp.rm(join(this.root, id), { recursive: true, force: true });
    } catch (err) {
      // E.g. a file held open by another program on Windows. Nothing depends on the deletion.
      const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
      this.report(`table ${id}: files not deleted (${code}); the folder may be removed by hand`);
    }
  }

  /**
   * Forgets a table and keeps its files out of the way: moved to `closed/<id>` beside `tables/`, so the
   * next start does not bring it back and a history of games can read it later. Never rejects: a folder
   * that will not move is reported (it would come back at the next start).
   */
  async archive(id: string): Promise<void> {
    try {
      const e = this.entries.get(id);
      if (e) {
        // A snapshot due now is written first, so the kept files hold the finished game whole.
        if (e.cancelTimer) {
          e.cancelTimer();
          e.cancelTimer = null;
          await this.write(id, e);
        }
        while (e.writing) await e.writing;
        this.entries.delete(id);
      }
      const closed = join(this.root, '..', 'closed');
      await fsp.mkdir(closed, { recursive: true });
      await fsp.rename(join(this.root, id), join(closed, id));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
      this.report(`table ${id}: files not moved to closed/ (${code}); it may be restored at the next start`);
    }
  }

  /**
   * Flushes snapshots, fsyncs and closes the logs. Never rejects: the host is going away either way, so a
   * log the disk will not sync is reported (its lines were written; only power loss could still lose them).
   */
  async close(): Promise<void> {
    this.stopSyncing();
    this.closed = true;
    await this.flush();
    for (const [id, e] of this.entries) {
      if (!e.appended) continue;
      let fd: number | null = null;
      try {
        fd = fs.openSync(this.logOf(id), 'r+');
        fs.fsyncSync(fd);
      } catch (err) {
        this.report(`table ${id}: move log not synced at shutdown (${(err as NodeJS.ErrnoException).code})`);
      } finally {
        if (fd !== null) closeQuietly(fd);
      }
    }
  }

  private entry(id: string): Entry {
    const e = this.entries.get(id);
    if (!e) throw new Error(`table ${id} is not tracked by the store`);
    return e;
  }
}

/** The descriptor is gone either way; what mattered (the write, the sync) has been checked already. */
function closeQuietly(fd: number): void {
  try {
    fs.closeSync(fd);
  } catch {
    /* nothing to do */
  }
}
