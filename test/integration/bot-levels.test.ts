import { afterEach, describe, expect, it } from 'vitest';
import { BOT_LEVELS, botOptions, chooseBotMove } from '../../shared/bots';
import type { BotSettings } from '../../shared/bots';
import { applyMove, keepingTurns, legalMoves, newGame, viewFor } from '../../shared/engine';
import type { Move, SeatView } from '../../shared/engine';
import type { TableOptions } from '../../shared/protocol';
import { workerBrain } from '../../main/host/bot-brain';
import { TestClient } from './helpers/client';
import { hostPool } from './helpers/host';
import { dropFromSnapshot, optionsAfterResume } from './helpers/table-options';
import { moveMessage, viewAt } from './helpers/play';
import { pick, rng } from '../helpers/random';

const pool = hostPool();
afterEach(pool.closeAll);
const host = pool.start;

/** Resumes a seat on a (restarted) host and returns the table's bot level as the host reports it. */
const levelAfterResume = async (port: number, token: string) =>
  (await optionsAfterResume(port, token)).botLevel;

/** Three positions of a seeded random game where the two settings choose different moves. */
function differingPositions(a: BotSettings, b: BotSettings): { view: SeatView; seed: number }[] {
  const random = rng(5);
  const probes: { view: SeatView; seed: number }[] = [];
  let state = newGame({ players: 2, mode: 'advanced', actionRule: true }, 77);
  while (probes.length < 3 && state.phase !== 'gameOver') {
    const view = viewFor(state, state.current ?? 0);
    const seed = state.moveCount;
    if (
      view.legalMoves.length > 1 &&
      JSON.stringify(chooseBotMove(view, seed, a)) !== JSON.stringify(chooseBotMove(view, seed, b))
    )
      probes.push({ view, seed });
    state = applyMove(state, pick(random, legalMoves(state)));
  }
  expect(probes.length).toBe(3);
  return probes;
}

describe('bot levels at a table', () => {
  it(
    "reports the level chosen, plays a whole game with it, keeps it across a restart, and reads an older snapshot as 'normal'",
    { timeout: 30_000 },
    async () => {
      const h1 = await host();
      const a = await TestClient.greeted(h1.port);
      const options: TableOptions = { players: 2, mode: 'basic', actionRule: false, botLevel: 'easy' };
      a.send({ type: 'createTable', name: 'Easy', player: 'Ann', options, bots: [1] });
      const { tableId } = await a.next('joined');
      const info = (await a.next('table')).table;
      expect(info.options.botLevel).toBe('easy');
      expect(info.seatList[1]).toMatchObject({ bot: true });
      a.send({ type: 'start' });
      await viewAt(a, 0);
      // Ann plays a whole turn that keeps her in whenever there is one (a first move that is merely legal may
      // end her turn behind and out at once), so the bot has a turn to play.
      let made = 0;
      let plan: Move[] = [];
      while (!a.view!.gameOver) {
        const { legalMoves, moveCount } = a.view!;
        if (legalMoves.length > 0) {
          if (plan.length === 0) {
            const keeping = keepingTurns(a.view!)[0];
            plan = keeping?.length ? [...keeping] : [legalMoves[0]];
          }
          a.send(moveMessage(plan.shift()!, moveCount));
          made++;
        } else plan = [];
        await viewAt(a, moveCount + 1);
      }
      // The bot made every other move of the game, to its end.
      expect(a.view!.moveCount - made).toBeGreaterThan(0);
      const token = a.token!;
      await a.close();
      await h1.host.close();

      const h2 = await host(h1.dataDir);
      expect(await levelAfterResume(h2.port, token)).toBe('easy');
      await h2.host.close();

      // A snapshot written before levels existed has no botLevel: it loads, as 'normal'.
      expect(dropFromSnapshot(h1.dataDir, tableId, 'botLevel')).toBe('easy');
      const h3 = await host(h1.dataDir);
      expect(h3.problems).toEqual([]);
      expect(await levelAfterResume(h3.port, token)).toBe('normal');
    },
  );

  it("gives a table created without a level 'normal' bots", async () => {
    const h = await host();
    const a = await TestClient.greeted(h.port);
    a.send({
      type: 'createTable',
      name: 'Default',
      player: 'Ann',
      options: { players: 3, mode: 'advanced', actionRule: true },
      bots: [2],
    });
    expect((await a.next('table')).table.options.botLevel).toBe('normal');
    await a.close();
  });

  // Searches with counted budgets, each twice (in the worker and here): seconds of CPU, which a machine busy
  // with other work stretches past 30 s (33 s seen beside Chromium and a benchmark), so they get 120 s.
  it('thinks in the worker at the level asked for', { timeout: 120_000 }, async () => {
    // Positions where easy and hard choose differently, so the answer tells which level was used.
    const probes = differingPositions(BOT_LEVELS.easy, BOT_LEVELS.hard);
    const problems: string[] = [];
    const brain = workerBrain((p) => problems.push(p));
    try {
      for (const { view, seed } of probes) {
        for (const level of ['easy', 'hard'] as const) {
          expect(await brain.choose(view, seed, level, 'normal')).toEqual(
            chooseBotMove(view, seed, BOT_LEVELS[level]),
          );
        }
      }
    } finally {
      await brain.close();
    }
    expect(problems).toEqual([]);
  });

  it("thinks in the worker for as long as the table's think time says", { timeout: 120_000 }, async () => {
    const probes = differingPositions(botOptions('hard', 'quick'), botOptions('hard', 'normal'));
    const problems: string[] = [];
    const brain = workerBrain((p) => problems.push(p));
    try {
      for (const { view, seed } of probes) {
        for (const think of ['quick', 'normal'] as const) {
          expect(await brain.choose(view, seed, 'hard', think)).toEqual(
            chooseBotMove(view, seed, botOptions('hard', think)),
          );
        }
        // Easy keeps its budget whatever the table's think time.
        expect(await brain.choose(view, seed, 'easy', 'long')).toEqual(
          chooseBotMove(view, seed, BOT_LEVELS.easy),
        );
      }
    } finally {
      await brain.close();
    }
    expect(problems).toEqual([]);
  });
});
