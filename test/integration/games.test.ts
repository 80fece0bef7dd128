import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTargetScore } from '../../shared/engine';
import type { TableOptions } from '../../shared/protocol';
import { playRandomly, startedTable } from './helpers/play';
import { rng } from '../helpers/random';
import { testHost, type TestHost } from './helpers/host';

// Every variant, driven only through the protocol: each client picks among its own view's legal moves.
const variants: TableOptions[] = [];
for (const players of [2, 3, 4] as const) {
  for (const mode of ['basic', 'advanced'] as const) {
    for (const actionRule of [false, true]) {
      for (const rulesVersion of ['1.1', '1.2'] as const) {
        variants.push({
          players,
          mode,
          actionRule,
          rulesVersion,
          autoDraw: mode === 'advanced' && players === 3,
        });
      }
    }
  }
}

describe('full games over the protocol', () => {
  let h: TestHost;
  beforeAll(async () => {
    h = await testHost();
  });
  afterAll(() => h.stop());

  it.each(variants.map((v, i) => [i, v] as const))('variant %i %o plays to the end', async (i, options) => {
    const { clients } = await startedTable(h.port, options);
    await playRandomly(clients, rng(1000 + i));
    const views = clients.map((c) => c.view!);
    // Everyone saw the same end: the same move count, winners and scores, the game over.
    for (const v of views) {
      expect(v.gameOver).toBe(true);
      expect(v.moveCount).toBe(views[0].moveCount);
      expect(v.winners).toEqual(views[0].winners);
      expect(v.scores).toEqual(views[0].scores);
      expect(v.legalMoves).toEqual([]);
    }
    expect(views[0].winners.length).toBeGreaterThan(0);
    if (options.mode === 'advanced') {
      // An advanced game ends on the target score or when too few cards remain for a deal.
      const top = Math.max(...views[0].scores);
      const target = options.targetScore ?? defaultTargetScore(options.players);
      const remaining = 49 - views[0].scored.flat().length;
      expect(top >= target || remaining < 8 * options.players).toBe(true);
    }
    // No client was refused anything: it only ever sent what its view offered.
    for (const c of clients) expect(c.errors()).toEqual([]);
    expect(h.problems).toEqual([]);
    expect(h.host.tables().find((t) => t.id === clients[0].tableId)?.state).toBe('finished');
    await Promise.all(clients.map((c) => c.close()));
  });
});
