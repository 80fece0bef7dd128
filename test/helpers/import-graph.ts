import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/*
 * The import graph of a source folder, read from the files' import and export-from statements (type-only
 * ones too: they tie two modules together as much). Only imports that stay inside the folder count.
 */

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|vue)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.vue`, join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** Each file of `dir` (relative path) → the files of `dir` it imports. */
export function importGraph(dir: string): Map<string, string[]> {
  const root = resolve(dir);
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    let code = readFileSync(file, 'utf8');
    if (file.endsWith('.vue'))
      code = [...code.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
    code = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    const targets = new Set<string>();
    for (const m of code.matchAll(SPECIFIER)) {
      const target = resolveImport(file, m[1] ?? m[2]);
      if (target && target.startsWith(root + '/')) targets.add(relative(root, target));
    }
    graph.set(relative(root, file), [...targets].sort());
  }
  return graph;
}

/** The import circles: each group of files that reach one another (Tarjan's strongly connected components). */
export function importCircles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string): void => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) === order.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!order.has(v)) visit(v);
  return circles;
}

/** Value imports and re-exports (not `import type`, not `export type … from`, not `import()`). */
const STATIC_VALUE = /(?:^|[\s;])(?:import|export)\s+(?!type[\s{*])(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]/g;

/**
 * The files a bundle loads with `entries`: those their value imports reach, following imports out of the
 * entries' folder too (into shared/), but not `import()` (a chunk loaded later) nor type-only imports.
 * Paths are relative to `root`.
 */
export function staticClosure(root: string, entries: string[]): Set<string> {
  const base = resolve(root);
  const seen = new Set<string>();
  const visit = (file: string): void => {
    const path = relative(base, file);
    if (seen.has(path)) return;
    seen.add(path);
    let code = readFileSync(file, 'utf8');
    if (file.endsWith('.vue'))
      code = [...code.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
    code = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    for (const m of code.matchAll(STATIC_VALUE)) {
      const target = resolveImport(file, m[1]);
      if (target && /\.(ts|vue)$/.test(target)) visit(target);
    }
  };
  for (const entry of entries) visit(resolve(base, entry));
  return seen;
}
