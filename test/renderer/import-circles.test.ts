import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../renderer/src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|vue)$/.test(name) ? [path] : [];
  });
}

/** The renderer files a file imports (type-only imports too: a circle of types is still a circle). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [
    ...text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]/g),
  ];
  return specs
    .map((m) => resolve(dirname(file), m[1] ?? m[2]))
    .flatMap((base) =>
      [base, `${base}.ts`, join(base, 'index.ts')].filter((p) => p.startsWith(root) && exists(p)).slice(0, 1),
    );
}
const exists = (p: string): boolean => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};

/** Every import circle, each as the files along it. */
export function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (f: string): void => {
    state.set(f, 'open');
    path.push(f);
    for (const g of graph.get(f) ?? []) {
      if (state.get(g) === 'open') found.push(path.slice(path.indexOf(g)));
      else if (!state.has(g)) visit(g);
    }
    path.pop();
    state.set(f, 'done');
  };
  for (const f of graph.keys()) if (!state.has(f)) visit(f);
  return found;
}

describe('renderer/src', () => {
  it('has no import circle', () => {
    const graph = new Map(files(root).map((f) => [f, importsOf(f)]));
    expect(graph.size).toBeGreaterThan(50);
    expect(circles(graph).map((c) => c.map((f) => relative(root, f)))).toEqual([]);
  });

  it('the check finds a circle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c']]);
  });
});
