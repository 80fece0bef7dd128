import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import type { NormalizedOptions } from '../../shared/engine';
import { parseSnapshot, parseLogLine, type LogLine } from './store-format';
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
  /** Snapshots are numbered as their record is taken; an older one never replaces a newer one on disk. */
  taken: number;
  onDisk: number;
}

/**
 * A data folder of tables. Each table has an append-only move log (one JSON line per accepted move, written
 * before anyone is told of the move) and a snapshot replaced atomically (temp file, fsync, rename).
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
    const log = this.readLog(id);
    return log === null ? null : { record: parsed.record, log };
  }

  /**
   * Reads the intact prefix of a move log. A torn last line (a crash mid-write) or a damaged line ends the
   * log there: the file is cut back to the intact prefix (the damaged original kept beside it), so later
   * appends continue a clean log. Null when the log exists but cannot be read (reported).
   */
  private readLog(id: string): LogLine[] | null {
    const path = join(this.root, id, MOVES);
    let text: string;
    try {
      text = fs.readFileSync(path, 'utf8');
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      if (err.code === 'ENOENT') return []; // no move yet
      // Going on from the snapshot alone would lose the moves after it, and later moves would fork the log.
      this.report(`table ${id}: move log unreadable (${err.code ?? err.message}); skipped`);
      return null;
    }
    const lines: LogLine[] = [];
    let good = 0;
    let problem: string | null = null;
    while (good < text.length) {
      const end = text.indexOf('\n', good);
      if (end < 0) {
        problem = 'the last line is cut short';
        break;
      }
      const line = parseLogLine(text.slice(good, end));
      if (!line.ok) {
        problem = `line ${lines.length + 1}: ${line.reason}`;
        break;
      }
      lines.push(line.line);
      good = end + 1;
    }
    if (problem !== null) {
      this.report(`table ${id}: move log damaged (${problem}); kept ${lines.length} intact line(s)`);
      try {
        fs.copyFileSync(path, `${path}.damaged-${Date.now()}`);
        fs.truncateSync(path, Buffer.byteLength(text.slice(0, good)));
      } catch (e) {
        this.report(`table ${id}: could not repair the move log (${(e as Error).message})`);
      }
    }
    return lines;
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
    const dir = join(this.root, id);
    const tmp = join(dir, `${SNAPSHOT}.${n}.tmp`);
    try {
      const fd = fs.openSync(tmp, 'w');
      try {
        fs.writeFileSync(fd, JSON.stringify({ format: 1, ...e.getRecord() }));
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      fs.renameSync(tmp, join(dir, SNAPSHOT));
    } catch (err) {
      try {
        fs.rmSync(tmp, { force: true });
      } catch {
        /* nothing was made, or nothing can be removed: the refusal below is what matters */
      }
      throw new StorageError(`table ${id}: snapshot not written`, err as NodeJS.ErrnoException);
    }
    e.onDisk = n;
    syncDir(dir);
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
    e.writing = writeAtomic(join(this.root, id), `${SNAPSHOT}.${n}.tmp`, SNAPSHOT, json, newest)
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

/**
 * Replaces `dir/name` so that a reader sees either the old or the new file, even after a crash. The rename
 * is synchronous so that `stillNewest` and the rename happen with nothing in between.
 */
async function writeAtomic(
  dir: string,
  tmpName: string,
  name: string,
  data: string,
  stillNewest: () => boolean,
): Promise<void> {
  const tmp = join(dir, tmpName);
  try {
    const fh = await fsp.open(tmp, 'w');
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
    if (!stillNewest()) return void (await fsp.rm(tmp, { force: true }));
    fs.renameSync(tmp, join(dir, name));
  } catch (err) {
    await fsp.rm(tmp, { force: true }).catch(() => {});
    throw err;
  }
  try {
    const d = await fsp.open(dir, 'r');
    await d.sync().finally(() => d.close());
  } catch {
    /* best effort, as in syncDir */
  }
}

/** Makes a rename itself durable; best effort (directories cannot be opened for this on every platform). */
function syncDir(dir: string): void {
  try {
    const d = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(d);
    } finally {
      fs.closeSync(d);
    }
  } catch {
    /* best effort */
  }
}
