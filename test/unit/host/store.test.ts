import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileStore } from '../../../main/host/file-store';
import type { TableRecord } from '../../../main/host/table-record';

// A slow disk: each rename of the delayed snapshot waits (off the event loop) until the test lets it go.
const disk = vi.hoisted(() => ({ renaming: null as null | (() => void), release: Promise.resolve() }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const rename: typeof real.rename = async (from, to) => {
    disk.renaming?.();
    await disk.release;
    return real.rename(from, to);
  };
  return { ...real, default: { ...real, rename }, rename };
});

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const ID = 'abcdEFGH';

describe('FileStore snapshots', () => {
  it('one write at a time: a save while a slow snapshot is being renamed lands after it, with the newer record', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'red7-store-'));
    dirs.push(dir);
    const problems: string[] = [];
    const store = new FileStore(dir, 0, (p) => problems.push(p));
    let version = 1;
    // Only the name matters here: it says which version of the record a snapshot holds.
    store.track(ID, () => ({ name: `v${version}` }) as TableRecord);
    const snapshot = () =>
      JSON.parse(readFileSync(join(dir, 'tables', ID, 'snapshot.json'), 'utf8')) as TableRecord & {
        logLines: number;
      };

    let release = () => {};
    disk.release = new Promise((r) => (release = r));
    let renames = 0;
    const renaming = new Promise<void>((r) => (disk.renaming = () => (renames++, r())));
    store.save(ID);
    await renaming; // v1's rename is under way
    version = 2;
    store.appendSeating(ID, { creator: 0, seats: [], unattendedSince: null });
    store.save(ID);
    await new Promise((r) => setTimeout(r, 20));
    expect(renames).toBe(1); // v2 waits for v1
    release(); // the slow rename of v1 ends only now
    await store.flush();
    expect(renames).toBe(2);
    expect(snapshot()).toMatchObject({ name: 'v2', logLines: 1 });
    expect(readdirSync(join(dir, 'tables', ID)).sort()).toEqual(['moves.jsonl', 'snapshot.json']);
    await store.close();
    expect(problems).toEqual([]);
  });
});
