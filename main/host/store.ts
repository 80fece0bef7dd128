import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic, writeFileAtomicSync } from '../common/atomic-write';
import type { NormalizedOptions } from '../../shared/engine';
import { readMoveLog } from './move-log';
import { parseSnapshot, type LogLine } from './store-format';
import type { AcceptedMove, TableRecord } from './table-record';

export type { LogLine } from './store-format';

/** What the data folder holds for one table: the last snapshot and the log lines written after it began. */
export interface StoredTable {
  record: TableRecord;
  /** Every intact line of the move log, oldest first. */
  log: LogLine[];
}

/**
 * The data folder refused a write the host needs before it may go on (a full disk, a folder gone): the
 * change it was for must not happen. `code` is the OS's (ENOSPC, EACCES, …); the message names host paths.
 */
export class StorageError extends Error {
  readonly code: string;
  constructor(what: string, cause: NodeJS.ErrnoException) {
    super(`${what} (${cause.message})`);
    this.name = 'StorageError';
    this.code = cause.code ?? 'EIO';
  }
}

const SNAPSHOT = 'snapshot.json';
const MOVES = 'moves.jsonl';
const TABLE_DIR = /^[A-Za-z0-9_-]{4,32}$/;

interface Entry {
  getRecord: () => TableRecord;
  fd: number | null;
  unsynced: boolean;
  timer: NodeJS.Timeout | null;
  writing: Promise<void> | null;
  again: boolean;
  /** Cancels the delayed snapshot's rename while the OS carries it out (see `saveDurably`). */
  cancelRename: (() => void) | null;
  /** Snapshots are numbered as their record is taken; an older one never replaces a newer one on disk. */
  taken: number;
  onDisk: number;
}

/**
 * A data folder of tables. Each table has an append-only move log (one JSON line per accepted move, written
 * before anyone is told of the move) and a snapshot replaced atomically (writeFileAtomic).
 * Nothing here throws at the host for a damaged file: problems go to `report` and the table is skipped.
 */
export class TableStore {
  private readonly root: string;
  private readonly entries = new Map<string, Entry>();
  private readonly syncTimer: NodeJS.Timeout;
  /** Closed: the final snapshots are written; later saves (sockets closing after them) are not. */
  private closed = false;

  constructor(
    dataDir: string,
    private readonly snapshotDelayMs: number,
    private readonly report: (problem: string) => void,
  ) {
    this.root = join(dataDir, 'tables');
    fs.mkdirSync(this.root, { recursive: true });
    // The log is in the OS cache as soon as it is written (safe from a killed process); fsync it now and
    // then for safety from power loss without paying an fsync per move.
    this.syncTimer = setInterval(() => this.syncLogs(), 1000);
    this.syncTimer.unref();
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
    let text: string;
    try {
      text = fs.readFileSync(join(dir, SNAPSHOT), 'utf8');
    } catch (e) {
      this.report(`table ${id}: no readable snapshot (${(e as Error).message}); skipped`);
      return null;
    }
    const parsed = parseSnapshot(text);
    if (!parsed.ok) {
      this.report(`table ${id}: snapshot is damaged (${parsed.reason}); skipped`);
      return null;
    }
    if (parsed.record.id !== id) {
      this.report(`table ${id}: snapshot names table ${parsed.record.id}; skipped`);
      return null;
    }
    const log = readMoveLog(join(this.root, id, MOVES), id, this.report);
    return log === null ? null : { record: parsed.record, log };
  }

  /** Starts keeping a table: `getRecord` gives its current state whenever a snapshot is due. */
  track(id: string, getRecord: () => TableRecord): void {
    if (this.entries.has(id)) return;
    try {
      fs.mkdirSync(join(this.root, id), { recursive: true });
    } catch (err) {
      throw new StorageError(`table ${id}: folder not made`, err as NodeJS.ErrnoException);
    }
    this.entries.set(id, {
      getRecord,
      fd: null,
      unsynced: false,
      timer: null,
      writing: null,
      again: false,
      cancelRename: null,
      taken: 0,
      onDisk: 0,
    });
  }

  appendStart(id: string, game: number, options: NormalizedOptions, seed: number): void {
    this.append(id, { g: game, start: { options, seed } });
  }

  appendMove(id: string, m: AcceptedMove): void {
    this.append(id, { g: m.game, n: m.n, s: m.seat, m: m.move });
  }

  /** Throws StorageError when the line is not on disk whole; the log is then as it was before. */
  private append(id: string, line: LogLine): void {
    const e = this.entry(id);
    const bytes = Buffer.from(`${JSON.stringify(line)}\n`);
    let size = -1;
    try {
      e.fd ??= fs.openSync(join(this.root, id, MOVES), 'a');
      size = fs.fstatSync(e.fd).size;
      const written = fs.writeSync(e.fd, bytes);
      if (written !== bytes.length) {
        throw Object.assign(new Error(`wrote ${written} of ${bytes.length} bytes`), { code: 'ENOSPC' });
      }
    } catch (err) {
      // A torn line would end the log at the next load: cut it off. The file is reopened at the next
      // append, so a disk that gets room again (or a folder put back) works again.
      if (e.fd !== null) {
        try {
          if (size >= 0) fs.ftruncateSync(e.fd, size);
          fs.closeSync(e.fd);
        } catch {
          /* the refusal below is what matters */
        }
        e.fd = null;
      }
      throw new StorageError(`table ${id}: move log not written`, err as NodeJS.ErrnoException);
    }
    e.unsynced = true;
  }

  private syncLogs(): void {
    for (const e of this.entries.values()) {
      if (e.fd === null || !e.unsynced) continue;
      e.unsynced = false;
      fs.fdatasync(e.fd, () => {});
    }
  }

  /** Schedules a snapshot; changes within `snapshotDelayMs` share one write. */
  save(id: string, now = false): void {
    if (this.closed) return;
    const e = this.entry(id);
    if (now) {
      if (e.timer) clearTimeout(e.timer);
      e.timer = null;
      void this.write(id, e);
      return;
    }
    e.timer ??= setTimeout(() => {
      e.timer = null;
      void this.write(id, e);
    }, this.snapshotDelayMs);
  }

  /**
   * Writes the snapshot now and returns only once it is on disk (fsynced, renamed): for changes a client
   * is told of that no log line records (a seat taken). Throws StorageError; the old snapshot then stays.
   */
  saveDurably(id: string): void {
    const e = this.entry(id);
    if (e.timer) clearTimeout(e.timer);
    e.timer = null;
    const n = ++e.taken;
    // A delayed snapshot being renamed holds an older record: it must not land after this one.
    const cancel = e.cancelRename;
    e.cancelRename = null;
    try {
      cancel?.();
      writeFileAtomicSync(join(this.root, id, SNAPSHOT), JSON.stringify({ format: 1, ...e.getRecord() }));
    } catch (err) {
      // The snapshot cancelled above is owed still: a later one is written in its place.
      if (cancel) this.save(id);
      throw new StorageError(`table ${id}: snapshot not written`, err as NodeJS.ErrnoException);
    }
    e.onDisk = n;
  }

  private write(id: string, e: Entry): Promise<void> {
    if (e.writing) {
      e.again = true;
      return e.writing;
    }
    const n = ++e.taken;
    const json = JSON.stringify({ format: 1, ...e.getRecord() });
    // A durable save made meanwhile holds a newer record: this one is then dropped, not renamed over it.
    const newest = () => {
      if (n < e.onDisk) return false;
      e.onDisk = n;
      return true;
    };
    e.writing = writeFileAtomic(join(this.root, id, SNAPSHOT), json, {
      stillWanted: newest,
      renaming: (cancel) => (e.cancelRename = cancel),
    })
      .then(() => {})
      .catch((err: Error) => this.report(`table ${id}: snapshot not written (${err.message})`))
      .finally(() => {
        e.writing = null;
        e.cancelRename = null;
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
      if (e.timer) {
        clearTimeout(e.timer);
        e.timer = null;
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
        if (e.timer) clearTimeout(e.timer);
        if (e.fd !== null) fs.closeSync(e.fd);
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
   * Flushes snapshots, fsyncs and closes the logs. Never rejects: the host is going away either way, so a
   * log the disk will not sync is reported (its lines were written; only power loss could still lose them).
   */
  async close(): Promise<void> {
    clearInterval(this.syncTimer);
    this.closed = true;
    await this.flush();
    for (const [id, e] of this.entries) {
      if (e.fd === null) continue;
      try {
        fs.fsyncSync(e.fd);
      } catch (err) {
        this.report(`table ${id}: move log not synced at shutdown (${(err as NodeJS.ErrnoException).code})`);
      }
      try {
        fs.closeSync(e.fd);
      } catch {
        /* the descriptor is gone either way */
      }
      e.fd = null;
    }
  }

  private entry(id: string): Entry {
    const e = this.entries.get(id);
    if (!e) throw new Error(`table ${id} is not tracked by the store`);
    return e;
  }
}
