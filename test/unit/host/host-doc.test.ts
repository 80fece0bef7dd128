import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/host.md's file table is where one learns what each host file owns: every file is named there.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const hostDir = join(root, 'main/host');
const doc = readFileSync(fileURLToPath(new URL('../../../docs/host.md', import.meta.url)), 'utf8');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [relative(hostDir, path)] : [];
  });
}

/** The names in backticks in the table's rows ("| `hub.ts` | ... |"). */
const named = new Set(
  doc
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.matchAll(/`([\w./-]+\.ts)`/g)].map((m) => m[1])),
);

describe("docs/host.md's file table", () => {
  it('is read from the doc (the check can fail)', () => {
    expect(named.has('hub.ts')).toBe(true);
    expect(named.has('no-such-file.ts')).toBe(false);
  });

  it('names every file in main/host', () => {
    const files = sources(hostDir);
    expect(files.length).toBeGreaterThan(40);
    expect(files.filter((file) => !named.has(file))).toEqual([]);
  });

  it('names no file that is gone (a host file by its name there, any other by its path)', () => {
    const files = new Set(sources(hostDir));
    expect([...named].filter((name) => !files.has(name) && !existsSync(join(root, name)))).toEqual([]);
  });
});
