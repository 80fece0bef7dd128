import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TableStore } from '../../../main/host/store';
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

describe('TableStore snapshots', () => {
  it('a durable save is never replaced by an older delayed snapshot still being renamed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'red7-store-'));
    dirs.push(dir);
    const problems: string[] = [];
    const store = new TableStore(dir, 0, (p) => problems.push(p));
    let version = 1;
    // Only the name matters here: it says which version of the record a snapshot holds.
    store.track(ID, () => ({ name: `v${version}` }) as TableRecord);
    const onDisk = () =>
      (JSON.parse(readFileSync(join(dir, 'tables', ID, 'snapshot.json'), 'utf8')) as TableRecord).name;

    let release = () => {};
    disk.release = new Promise((r) => (release = r));
    const renaming = new Promise<void>((r) => (disk.renaming = r));
    store.save(ID, true);
    await renaming; // v1's rename is under way
    version = 2;
    store.saveDurably(ID);
    expect(onDisk()).toBe('v2');
    release(); // the slow rename of v1 ends only now
    await store.flush();
    expect(onDisk()).toBe('v2');
    expect(readdirSync(join(dir, 'tables', ID)).sort()).toEqual(['snapshot.json']);
    await store.close();
    expect(problems).toEqual([]);
  });
});
