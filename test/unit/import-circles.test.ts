import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from '../helpers/import-graph';

// Dependencies go one way: no module of the host or of the renderer may reach itself through its imports.
const folder = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

describe('import circles', () => {
  it('the checker finds a circle, and none in a chain', () => {
    const circle = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(importCircles(circle)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(
      importCircles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('the graph is read from real imports (the host entry imports its hub)', () => {
    expect(importGraph(folder('main/host')).get('index.ts')).toContain('hub.ts');
  });

  it.each(['main/host', 'renderer/src'])('none in %s', (path) => {
    expect(importCircles(importGraph(folder(path)))).toEqual([]);
  });
});
