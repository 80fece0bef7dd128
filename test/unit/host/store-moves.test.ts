import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileStore } from '../../../main/host/file-store';
import { StorageError } from '../../../main/host/store';
import type { AcceptedMove, TableRecord } from '../../../main/host/table-record';

// A disk that fills up: with `room` set, writes take that many more bytes in all, then none.
const disk = vi.hoisted(() => ({ room: null as number | null }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const writeSync = ((fd: number, data: Uint8Array) => {
    if (disk.room === null) return real.writeSync(fd, data);
    const n = Math.min(disk.room, data.length);
    disk.room -= n;
    return real.writeSync(fd, data, 0, n);
  }) as typeof real.writeSync;
  return { ...real, default: { ...real, writeSync }, writeSync };
});

const dirs: string[] = [];
afterEach(() => {
  disk.room = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const ID = 'abcdEFGH';
const step = (n: number, card: string): AcceptedMove => ({
  game: 1,
  n,
  seat: 0,
  move: { type: 'play', card } as AcceptedMove['move'],
});

describe("FileStore: a turn's moves", () => {
  it('go to the log as a line each, in one write: a disk that fills up half way keeps none of them, and the count unchanged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'red7-store-'));
    dirs.push(dir);
    const problems: string[] = [];
    const store = new FileStore(dir, 0, (p) => problems.push(p));
    store.track(ID, () => ({ name: 'T' }) as TableRecord);
    const log = () => readFileSync(join(dir, 'tables', ID, 'moves.jsonl'), 'utf8');

    store.appendMoves(ID, [step(0, 'R5'), step(1, 'G2')]);
    const kept = log();
    expect(
      kept
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual([
      { g: 1, n: 0, s: 0, m: { type: 'play', card: 'R5' } },
      { g: 1, n: 1, s: 0, m: { type: 'play', card: 'G2' } },
    ]);

    // Room for the first of three lines only: a turn is kept whole or not at all.
    disk.room = kept.length / 2 + 5;
    expect(() => store.appendMoves(ID, [step(2, 'B4'), step(3, 'Y1'), step(4, 'I6')])).toThrow(StorageError);
    expect(log()).toBe(kept);
    disk.room = null;

    // The snapshot counts only the lines really in the log.
    store.save(ID);
    await store.flush();
    const snapshot = JSON.parse(readFileSync(join(dir, 'tables', ID, 'snapshot.json'), 'utf8')) as {
      logLines: number;
    };
    expect(snapshot.logLines).toBe(2);
    await store.close();
    expect(problems).toEqual([]);
  });
});
