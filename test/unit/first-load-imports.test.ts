import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { staticClosure } from '../helpers/import-graph';

/*
 * What a phone loads first (docs/measurements.md, a first load under 100 KB): the app's core (main.ts and
 * what it imports) and the screen it opens on, the lobby or a table's door. None of it may import the
 * rules engine beyond the cards and the rules' colours: the engine's moves, playouts and explanations
 * come with the table, the history and the tutorial. (The engine's barrel, shared/engine/index.ts,
 * brings all of it.)
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const engineForPlay = (file: string) =>
  /^shared\/engine\/(index|game|playout|turn|stage|view|upgrade|explain\/.*)\.ts$/.test(file);

describe('the first load imports no more of the engine than it shows', () => {
  it('the check sees the engine where a screen does import it (it can fail)', () => {
    expect([...staticClosure(root, ['renderer/src/views/TableView.vue'])].filter(engineForPlay)).toContain(
      'shared/engine/index.ts',
    );
  });

  it('follows value imports only, not import() nor import type', () => {
    const core = staticClosure(root, ['renderer/src/main.ts']);
    expect(core).toContain('renderer/src/App.vue');
    expect(core).toContain('shared/engine/cards.ts');
    expect(core).not.toContain('renderer/src/views/LobbyView.vue');
  });

  it.each([
    ['the core', 'renderer/src/main.ts'],
    ['the lobby', 'renderer/src/views/LobbyView.vue'],
    ['a table’s door', 'renderer/src/views/TableDoor.vue'],
  ])('%s', (_, entry) => {
    expect([...staticClosure(root, [entry])].filter(engineForPlay)).toEqual([]);
  });
});
