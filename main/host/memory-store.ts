import type { NormalizedOptions } from '../../shared/engine';
import { storedTable, type StoredTable, type TableStore } from './store';
import { logLinesOf, parseLogLine, snapshotJson, type LogLine, type SeatingLine } from './store-format';
import type { AcceptedMove, TableRecord } from './table-record';

/** What a `MemoryStore` keeps, as a data folder would: kept tables and closed ones, each as its files' text. */
export interface MemoryTables {
  tables: Map<string, KeptTable>;
  closed: Map<string, KeptTable>;
  /** The evening's text, as `evening.json` holds it. */
  evening?: string | null;
}

interface KeptTable {
  snapshot: string | null;
  /** One JSON line per fact, oldest first. */
  log: string[];
}

export const emptyMemory = (): MemoryTables => ({ tables: new Map(), closed: new Map() });

/**
 * The tables in memory, with the file store's contract (store.ts): for tests that need a store but not a
 * disk. A host started again on the same `MemoryTables` restores them, as from a data folder. Each
 * snapshot is written at `save` (a file store writes it a moment later), as text, so that a restart reads
 * it back through the same checks as a file.
 */
export class MemoryStore implements TableStore {
  private readonly tracked = new Map<string, () => TableRecord>();
  private closed = false;

  constructor(
    private readonly memory: MemoryTables = emptyMemory(),
    private readonly report: (problem: string) => void = () => {},
  ) {}

  loadAll(): StoredTable[] {
    return [...this.memory.tables].flatMap(([id, kept]) => {
      const log = kept.log.map((text) => parseLogLine(text)).flatMap((l) => (l.ok ? [l.line] : []));
      return storedTable(id, kept.snapshot, log, this.report) ?? [];
    });
  }

  track(id: string, getRecord: () => TableRecord): void {
    if (this.tracked.has(id)) return;
    this.tracked.set(id, getRecord);
    if (!this.memory.tables.has(id)) this.memory.tables.set(id, { snapshot: null, log: [] });
  }

  adopt(id: string, log: readonly LogLine[]): void {
    this.memory.tables.set(id, { snapshot: null, log: log.map((line) => JSON.stringify(line)) });
  }

  appendCreated(id: string, record: TableRecord): void {
    this.append(id, { created: record });
  }

  appendSeating(id: string, seating: SeatingLine): void {
    this.append(id, { seating });
  }

  appendStart(id: string, game: number, options: NormalizedOptions, seed: number): void {
    this.append(id, { g: game, start: { options, seed } });
  }

  appendMoves(id: string, moves: readonly AcceptedMove[]): void {
    this.append(id, ...logLinesOf(moves));
  }

  private append(id: string, ...lines: LogLine[]): void {
    this.kept(id).log.push(...lines.map((line) => JSON.stringify(line)));
  }

  save(id: string): void {
    if (this.closed) return;
    const kept = this.kept(id);
    kept.snapshot = snapshotJson(this.tracked.get(id)!(), kept.log.length);
  }

  flush(): Promise<void> {
    return Promise.resolve();
  }

  remove(id: string): Promise<void> {
    this.tracked.delete(id);
    this.memory.tables.delete(id);
    return Promise.resolve();
  }

  archive(id: string): Promise<void> {
    const kept = this.memory.tables.get(id);
    this.tracked.delete(id);
    this.memory.tables.delete(id);
    if (kept) this.memory.closed.set(id, kept);
    return Promise.resolve();
  }

  loadEvening(): string | null {
    return this.memory.evening ?? null;
  }

  keepEvening(text: string): void {
    this.memory.evening = text;
  }

  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }

  /** A table's kept text; only a tracked table may be written (as in the file store). */
  private kept(id: string): KeptTable {
    const kept = this.tracked.has(id) ? this.memory.tables.get(id) : undefined;
    if (!kept) throw new Error(`table ${id} is not tracked by the store`);
    return kept;
  }
}
