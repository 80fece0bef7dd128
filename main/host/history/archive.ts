import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../common/atomic-write';
import { parseGameRecordText, summaryOf } from '../../../shared/record';
import type { GameRecord, GameSummary } from '../../../shared/record';
import type { Clock } from '../clock';
import { gameIdOf, recordOfTable, tableAsEnded, type FinishedTable } from './finished-game';
import type { HistoryLimits } from './limits';

/** A record's file: `<game id>.json`. Anything else in the folder is not history. */
const RECORD_FILE = /^([A-Za-z0-9_-]{1,64})\.json$/;
/** What a write killed half way leaves (main/common/atomic-write.ts): never a record, removed at the start. */
const TEMP_FILE = /\.json\.\d+\.\d+\.tmp$/;

interface Entry {
  summary: GameSummary;
  finishedMs: number;
  bytes: number;
  /** Seat names as the filter compares them. */
  names: string[];
}

/** Where a page of the list starts: after this game, newest first. */
export interface Cursor {
  finishedMs: number;
  id: string;
}

export interface ListQuery {
  limit: number;
  after?: Cursor;
  /** Only games with a seat of this name (compared as foldName does). */
  player?: string;
  /** Only the games of the evening of this name (compared as foldName does). */
  evening?: string;
}

/** One evening as the history knows it: its games kept here (a heat's are archived once it may be shown). */
export interface EveningSummary {
  name: string;
  games: number;
  /** The heats with a game kept here, in order. */
  heats: number[];
  /** When its latest kept game ended. */
  lastFinishedAt: string;
}

/** Names compare as people read them: the same letters, whatever the case or the Unicode form. */
export const foldName = (name: string): string => name.normalize('NFC').toLowerCase();

export const cursorOf = (e: Pick<Entry, 'finishedMs'> & { summary: { id: string } }): string =>
  `${e.finishedMs}.${e.summary.id}`;

/** Newest first; a tie by id, so that paging never skips or repeats a game. */
const newerFirst = (a: Cursor, b: Cursor): number =>
  b.finishedMs - a.finishedMs || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The host's finished games, one record file each in `DATA/history` (docs/host.md, "History"). A game is
 * archived when it ends (never before: a game in play has no file here), written atomically off the event
 * loop, one write at a time; the list shows it once its file is whole. Bounded: past `maxGames` games or
 * `maxBytes` bytes the oldest files are deleted (the newest is always kept). A damaged file is reported and
 * skipped, never fatal. Archiving is idempotent by game id, so a table restored after a restart whose game
 * was already archived is not archived twice, and one whose archiving a crash cut short is archived then.
 */
export class GameArchive {
  private readonly dir: string;
  private readonly entries = new Map<string, Entry>();
  /** Newest first; rebuilt on change (a few hundred entries). */
  private order: Entry[] = [];
  private readonly pending = new Set<string>();
  private readonly startedAt = new Map<string, number>();
  /** Pruned while this host runs: a table still holding such a game does not bring it back. */
  private readonly gone = new Set<string>();
  private queue: Promise<void> = Promise.resolve();

  constructor(
    dataDir: string,
    private readonly limits: HistoryLimits,
    private readonly app: { name: string; version: string },
    private readonly report: (problem: string) => void,
    private readonly clock: Pick<Clock, 'now'>,
  ) {
    this.dir = join(dataDir, 'history');
  }

  /** Reads the folder's records (at the start, before any game can end). Returns how many were kept. */
  load(): number {
    fs.mkdirSync(this.dir, { recursive: true });
    for (const file of fs.readdirSync(this.dir)) {
      if (TEMP_FILE.test(file)) {
        fs.rmSync(join(this.dir, file), { force: true });
        continue;
      }
      const m = RECORD_FILE.exec(file);
      if (!m) continue;
      let text: string;
      try {
        text = fs.readFileSync(join(this.dir, file), 'utf8');
      } catch (e) {
        this.report(
          `history: ${file} unreadable (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); skipped`,
        );
        continue;
      }
      const parsed = parseGameRecordText(text);
      if (!parsed.ok) {
        this.report(`history: ${file} is damaged (${parsed.reason}); skipped`);
        continue;
      }
      if (parsed.record.id !== m[1]) {
        this.report(`history: ${file} holds game ${parsed.record.id}; skipped`);
        continue;
      }
      this.add(parsed.record, Buffer.byteLength(text));
    }
    this.reorder();
    this.queue = this.prune();
    return this.entries.size;
  }

  /** A game began: when, for its record (a game restored in play has no known start). */
  started(tableId: string, game: number): void {
    this.startedAt.set(gameIdOf(tableId, game), this.clock.now());
  }

  /**
   * A table's game is over: its record is written (once per game id, however often this is called). It is
   * made on the queue, after the move that ended the game has reached the screens: it replays the whole
   * game (a few ms), and every move is in the table's log already.
   */
  finished(table: FinishedTable): void {
    if (table.state?.phase !== 'gameOver') return;
    const id = gameIdOf(table.id, table.game);
    if (this.entries.has(id) || this.pending.has(id) || this.gone.has(id)) return;
    const ended = tableAsEnded(table);
    const times = { startedAt: this.startedAt.get(id) ?? null, finishedAt: this.clock.now() };
    this.startedAt.delete(id);
    this.pending.add(id);
    this.queue = this.queue.then(async () => {
      try {
        const record = recordOfTable(ended, times, this.app);
        const text = JSON.stringify(record);
        await writeFileAtomic(this.fileOf(id), text);
        this.add(record, Buffer.byteLength(text));
        this.reorder();
        await this.prune();
      } catch (e) {
        this.report(
          `history: game ${id} not archived (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
        );
      } finally {
        this.pending.delete(id);
      }
    });
  }

  /** A page of the list, newest first, and the cursor of the next page (null: none). */
  list({ limit, after, player, evening }: ListQuery): { games: GameSummary[]; next: string | null } {
    const wanted = player === undefined ? null : foldName(player);
    const ofEvening = evening === undefined ? null : foldName(evening);
    const games: Entry[] = [];
    let more = false;
    for (const e of this.order) {
      if (after && newerFirst(after, { finishedMs: e.finishedMs, id: e.summary.id }) >= 0) continue;
      if (wanted !== null && !e.names.includes(wanted)) continue;
      if (ofEvening !== null && (!e.summary.evening || foldName(e.summary.evening.name) !== ofEvening))
        continue;
      if (games.length === limit) {
        more = true;
        break;
      }
      games.push(e);
    }
    const last = games[games.length - 1];
    return { games: games.map((e) => e.summary), next: more && last ? cursorOf(last) : null };
  }

  /** The evenings whose games are kept here, the latest first (an evening is known by its name). */
  evenings(): EveningSummary[] {
    const byName = new Map<string, EveningSummary>();
    for (const e of this.order) {
      const tag = e.summary.evening;
      if (!tag) continue;
      const key = foldName(tag.name);
      const known = byName.get(key);
      if (!known) {
        byName.set(key, {
          name: tag.name,
          games: 1,
          heats: [tag.heat],
          lastFinishedAt: e.summary.finishedAt,
        });
        continue;
      }
      known.games += 1;
      if (!known.heats.includes(tag.heat)) known.heats = [...known.heats, tag.heat].sort((a, b) => a - b);
    }
    return [...byName.values()];
  }

  /** A finished game's record as its file holds it now; null when there is none (or no longer). */
  async read(id: string): Promise<GameRecord | null> {
    if (!this.entries.has(id)) return null;
    let text: string;
    try {
      text = await fsp.readFile(this.fileOf(id), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null; // pruned meanwhile
      throw e;
    }
    const parsed = parseGameRecordText(text);
    if (!parsed.ok || parsed.record.id !== id) {
      this.report(
        `history: ${id}.json is damaged (${parsed.ok ? 'another game' : parsed.reason}); no longer listed`,
      );
      this.forget(id);
      return null;
    }
    return parsed.record;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Waits for the writes under way (the host is stopping). Never rejects. */
  async close(): Promise<void> {
    await this.queue;
  }

  private fileOf(id: string): string {
    return join(this.dir, `${id}.json`);
  }

  private add(record: GameRecord, bytes: number): void {
    this.entries.set(record.id, {
      summary: summaryOf(record),
      finishedMs: Date.parse(record.finishedAt),
      bytes,
      names: record.seats.map((s) => foldName(s.name)),
    });
  }

  private forget(id: string): void {
    this.entries.delete(id);
    this.reorder();
  }

  private reorder(): void {
    this.order = [...this.entries.values()].sort((a, b) =>
      newerFirst(
        { finishedMs: a.finishedMs, id: a.summary.id },
        { finishedMs: b.finishedMs, id: b.summary.id },
      ),
    );
  }

  /**
   * The oldest games go until both bounds hold; the newest always stays. They leave the list at once (nobody
   * is offered a file that is going), their files after.
   */
  private async prune(): Promise<void> {
    let bytes = this.order.reduce((sum, e) => sum + e.bytes, 0);
    let keep = this.order.length;
    while (keep > 1 && (keep > this.limits.maxGames || bytes > this.limits.maxBytes)) {
      keep -= 1;
      bytes -= this.order[keep].bytes;
    }
    const victims = this.order.slice(keep).map((e) => e.summary.id);
    if (victims.length === 0) return;
    for (const id of victims) {
      this.entries.delete(id);
      this.gone.add(id);
    }
    this.reorder();
    for (const id of victims) {
      try {
        await fsp.rm(this.fileOf(id), { force: true });
      } catch (e) {
        this.report(
          `history: ${id}.json not deleted (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
        );
      }
    }
  }
}
