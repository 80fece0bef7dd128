// Every store keeps the same contract (main/host/store.ts): the same cases run against the data folder's
// store and the one in memory, each "restart" opening a new store over what the last one kept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileStore } from '../../../main/host/file-store';
import { emptyMemory, MemoryStore } from '../../../main/host/memory-store';
import type { TableStore } from '../../../main/host/store';
import { newTableRecord, type AcceptedMove, type TableRecord } from '../../../main/host/table-record';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Opens a store over the same kept tables each time it is called, as a host started again would. */
type Opener = (report: (problem: string) => void) => TableStore;

const stores: [string, () => Opener][] = [
  [
    'FileStore',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'red7-contract-'));
      dirs.push(dir);
      return (report) => new FileStore(dir, 0, report);
    },
  ],
  [
    'MemoryStore',
    () => {
      const memory = emptyMemory();
      return (report) => new MemoryStore(memory, report);
    },
  ],
];

const record = (id: string, name = 'Friday'): TableRecord =>
  newTableRecord(
    {
      id,
      name,
      options: { players: 2, mode: 'basic', actionRule: false },
      creator: { name: 'Ann', seat: 0, tokenHash: 'a'.repeat(64) },
      bots: [1],
    },
    1_700_000_000_000,
  );

const move = (n: number): AcceptedMove => ({
  game: 1,
  n,
  seat: 0,
  move: { type: 'pass' } as AcceptedMove['move'],
});

describe.each(stores)('%s keeps the store contract', (_, fresh) => {
  let open: Opener;
  let problems: string[];
  const restart = async (store: TableStore) => {
    await store.close();
    return open((p) => problems.push(p));
  };

  afterEach(() => expect(problems).toEqual([]));

  it('keeps a new table with nothing but its log: its first line stands in for the snapshot', async () => {
    open = fresh();
    problems = [];
    const store = open((p) => problems.push(p));
    const first = record('tableOne');
    store.track(first.id, () => first);
    store.appendCreated(first.id, first);
    store.appendSeating(first.id, { creator: 0, seats: first.seats, unattendedSince: 5 });
    store.appendStart(first.id, 1, first.options, 42);
    store.appendMoves(first.id, [move(0), move(1)]);
    const [loaded, ...more] = (await restart(store)).loadAll();
    expect(more).toEqual([]);
    expect(loaded.record).toEqual(first);
    expect(loaded.logLinesInRecord).toBe(1);
    expect(loaded.log).toEqual([
      { created: first },
      { seating: { creator: 0, seats: first.seats, unattendedSince: 5 } },
      { g: 1, start: { options: first.options, seed: 42 } },
      { g: 1, n: 0, s: 0, m: { type: 'pass' } },
      { g: 1, n: 1, s: 0, m: { type: 'pass' } },
    ]);
  });

  it('adopts a table handed over whole: its log replaces any of that id, and it goes on from there', async () => {
    open = fresh();
    problems = [];
    let store = open((p) => problems.push(p));
    const table = record('tableMoved');
    // An older table of that id (a hand-over installed again after a restart) is replaced, not added to.
    store.track(table.id, () => table);
    store.appendCreated(table.id, { ...table, name: 'stale' });
    store.save(table.id);
    await store.flush();
    store = await restart(store);
    const log = [{ created: table }, { g: 1, start: { options: table.options, seed: 7 } }] as const;
    store.adopt(table.id, log);
    store.track(table.id, () => table, log.length);
    store.appendMoves(table.id, [move(0)]);
    const [loaded, ...more] = (await restart(store)).loadAll();
    expect(more).toEqual([]);
    expect(loaded.record).toEqual(table);
    expect(loaded.logLinesInRecord).toBe(1);
    expect(loaded.log).toEqual([...log, { g: 1, n: 0, s: 0, m: { type: 'pass' } }]);
  });

  it('a snapshot holds the record as at the last save and how many log lines it holds', async () => {
    open = fresh();
    problems = [];
    const store = open((p) => problems.push(p));
    let now = record('tableTwo');
    store.track(now.id, () => now);
    store.appendCreated(now.id, now);
    store.save(now.id);
    now = { ...now, name: 'Saturday' };
    store.appendSeating(now.id, { creator: 0, seats: now.seats, unattendedSince: null });
    store.save(now.id);
    await store.flush();
    const [loaded] = (await restart(store)).loadAll();
    expect(loaded.record.name).toBe('Saturday');
    expect(loaded.logLinesInRecord).toBe(2);
    expect(loaded.log).toHaveLength(2);
  });

  it('a restored table goes on from its log, and a save after the close is not kept', async () => {
    open = fresh();
    problems = [];
    let store = open((p) => problems.push(p));
    const table = record('tableSix');
    store.track(table.id, () => table);
    store.appendCreated(table.id, table);
    store.save(table.id);
    store = await restart(store);
    const [loaded] = store.loadAll();
    store.track(table.id, () => ({ ...table, name: 'later' }), loaded.log.length);
    store.appendMoves(table.id, [move(0)]);
    await store.close();
    store.save(table.id);
    const [again] = (await restart(store)).loadAll();
    expect(again.record.name).toBe('Friday');
    expect(again.log).toHaveLength(2);
  });

  it('a removed table and an archived one are no longer loaded; the others are', async () => {
    open = fresh();
    problems = [];
    const store = open((p) => problems.push(p));
    for (const id of ['gone1234', 'kept1234', 'closed12']) {
      const r = record(id);
      store.track(id, () => r);
      store.appendCreated(id, r);
      store.save(id);
    }
    await store.remove('gone1234');
    await store.archive('closed12');
    const loaded = (await restart(store)).loadAll();
    expect(loaded.map((t) => t.record.id)).toEqual(['kept1234']);
  });

  it("keeps the evening's text whole, the last one replacing the one before, across a restart", async () => {
    open = fresh();
    problems = [];
    const store = open((p) => problems.push(p));
    expect(store.loadEvening()).toBeNull();
    store.keepEvening('{"first":1}');
    store.keepEvening('{"second":2}');
    expect(store.loadEvening()).toBe('{"second":2}');
    // Not tables: a restart loads no table from it.
    const again = await restart(store);
    expect(again.loadEvening()).toBe('{"second":2}');
    expect(again.loadAll()).toEqual([]);
  });

  it('refuses to write for a table it does not keep', () => {
    open = fresh();
    problems = [];
    const store = open((p) => problems.push(p));
    expect(() => store.appendMoves('stranger', [move(0)])).toThrow(/not tracked/);
    expect(() => store.save('stranger')).toThrow(/not tracked/);
  });
});
