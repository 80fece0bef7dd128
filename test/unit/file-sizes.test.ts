import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The host's hub, a room, a hosted table and the store each do one thing, and the table's view draws the board
// through one component: their size is the first sign that one has started doing another's work (issue 28
// set these bounds, and features kept crossing them unseen). Over a bound: move the concern that grew to
// where it belongs, not lines into helpers.
const BOUNDS: Record<string, number> = {
  'main/host/hub.ts': 320,
  'main/host/room.ts': 320,
  'main/host/hosted-table.ts': 320,
  'main/host/store.ts': 320,
  'renderer/src/views/TableView.vue': 350,
};

const lines = (path: string) =>
  readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8').split('\n').length - 1;

describe('the files that grow with every feature', () => {
  it.each(Object.entries(BOUNDS))('%s stays under %i lines', (path, bound) => {
    expect(lines(path)).toBeLessThan(bound);
  });
});
