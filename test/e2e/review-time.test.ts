import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { chooseBotMove } from '../../shared/bots';
import { applyMove, newGame, viewFor } from '../../shared/engine';
import type { GameState } from '../../shared/engine/types';
import { recordFromGame } from '../../shared/record';
import { describeInChromium } from './harness';

/*
 * A measurement, not a check of behaviour (docs/measurements.md): how long the replay's coach review of a
 * whole 4-player Advanced game takes in the coach's worker in Chromium. The game is played by normal bots
 * (a game as people play it, not random moves). Minutes on a 2-core machine, so it runs only when asked:
 * RED7_MEASURE_REVIEW=1 npx vitest run --config test/vitest.config.ts test/e2e/review-time.test.ts
 */

const asked = process.env.RED7_MEASURE_REVIEW === '1';

function botGame(seed: number): GameState {
  let state = newGame({ players: 4, mode: 'advanced', actionRule: true }, seed);
  while (state.phase !== 'gameOver') {
    const seat = state.phase === 'roundOver' ? 0 : state.current!;
    const move =
      state.phase === 'roundOver'
        ? { type: 'nextRound' as const }
        : chooseBotMove(viewFor(state, seat), state.moveCount, 'normal');
    state = applyMove(state, move);
  }
  return state;
}

if (asked)
  describeInChromium(
    'the coach review of a whole 4-player game, timed',
    {
      plant(dataDir) {
        mkdirSync(join(dataDir, 'history'), { recursive: true });
        const record = recordFromGame(botGame(7), {
          id: 'Measure4-1',
          app: { name: 'Red7 LAN', version: '0.1.0' },
          tableName: 'Four of us',
          seats: ['Ann', 'Bruno', 'Chiara', 'Dong'].map((name) => ({ name, bot: null })),
          startedAt: Date.now() - 1_800_000,
          finishedAt: Date.now() - 60_000,
        });
        writeFileSync(join(dataDir, 'history', `${record.id}.json`), JSON.stringify(record));
        const moves = record.rounds.reduce((n, r) => n + r.moves.length, 0);
        console.log(
          `game: ${record.rounds.length} rounds, ${moves} moves, record ${JSON.stringify(record).length} bytes`,
        );
      },
    },
    (stage) => {
      it('reviews every round of every seat', async () => {
        const p = await stage.player('Timer', 1280, 800);
        await p.page.goto(`${stage.served.url}#/history/Measure4-1`);
        const review = p.page.getByTestId('game-review');
        await expect
          .poll(() => review.getAttribute('data-done'), { timeout: 1_500_000, interval: 2000 })
          .toBe('true');
        console.log(
          `review: ${await review.getAttribute('data-ms')} ms; ${await p.page.getByTestId('game-review-status').textContent()}`,
        );
        expect(p.errors).toEqual([]);
      }, 1_600_000);
    },
  );
else it.skip('the review timing runs with RED7_MEASURE_REVIEW=1', () => {});
