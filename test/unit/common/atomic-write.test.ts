import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic, writeFileAtomicSync } from '../../../main/common/atomic-write';

const dirs: string[] = [];
const folder = () => {
  const d = mkdtempSync(join(tmpdir(), 'red7-atomic-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('writeFileAtomic (async) and writeFileAtomicSync', () => {
  for (const [name, write] of [
    ['async', (f: string, t: string, o?: { makeFolder?: boolean }) => writeFileAtomic(f, t, o)],
    ['sync', async (f: string, t: string, o?: { makeFolder?: boolean }) => writeFileAtomicSync(f, t, o)],
  ] as const) {
    it(`${name}: replaces the file whole and leaves no temp file`, async () => {
      const dir = folder();
      const file = join(dir, 'a.json');
      writeFileSync(file, 'old');
      await write(file, 'new content');
      expect(readFileSync(file, 'utf8')).toBe('new content');
      expect(readdirSync(dir)).toEqual(['a.json']);
    });

    it(`${name}: a folder that is not there is an error (nothing left behind) unless asked to make it`, async () => {
      const dir = folder();
      const file = join(dir, 'missing', 'a.json');
      await expect(write(file, 'x')).rejects.toMatchObject({ code: 'ENOENT' });
      expect(readdirSync(dir)).toEqual([]);
      await write(file, 'x', { makeFolder: true });
      expect(readFileSync(file, 'utf8')).toBe('x');
    });
  }

  it('two writes at once to one file never share a temp file: the file is one of them, whole', async () => {
    const dir = folder();
    const file = join(dir, 'a.json');
    const texts = Array.from({ length: 20 }, (_, i) => `${i}`.repeat(10_000));
    await Promise.all(texts.map((t) => writeFileAtomic(file, t)));
    expect(texts).toContain(readFileSync(file, 'utf8'));
    expect(readdirSync(dir)).toEqual(['a.json']);
  });
});
