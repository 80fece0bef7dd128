import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { botOptions, chooseBotMove } from '../../shared/bots';
import type { BotThink } from '../../shared/bots';
import { applyMove, legalMoves, newGame, viewFor } from '../../shared/engine';
import type { GameState, Move } from '../../shared/engine';
import type { TableOptions } from '../../shared/protocol';
import { plantTable } from '../e2e/harness';
import { TestClient } from './helpers/client';
import { hostPool } from './helpers/host';
import { dropFromSnapshot, optionsAfterResume } from './helpers/table-options';
import { moveMessage, viewAt } from './helpers/play';
import { readMoveLog, replayGame } from './helpers/truth';
import { pick, rng } from '../helpers/random';

/*
 * How long a table's hard bots think (`botThink`) is a table option: chosen at creation, reported to
 * everyone at the table, kept in the snapshot, and the host's bots search with that budget.
 */

const pool = hostPool();
afterEach(pool.closeAll);
const host = pool.start;

const hardTable: TableOptions = { players: 2, mode: 'basic', actionRule: false, botLevel: 'hard' };

const thinkAfterResume = async (port: number, token: string) =>
  (await optionsAfterResume(port, token)).botThink;

describe("a table's think time for hard bots", () => {
  it(
    'is reported as chosen, its hard bot plays a game with that budget, and it survives a restart',
    { timeout: 60_000 },
    async () => {
      const h1 = await host();
      // A deal where Ann starts with nothing but a pass ends before the bot's first turn: another table then.
      let a: TestClient | null = null;
      let tableId = '';
      let botMoves: { g: number; n: number; s: number; m: Move }[] = [];
      for (let deal = 0; deal < 5 && botMoves.length === 0; deal++) {
        await a?.close();
        a = await TestClient.greeted(h1.port);
        a.send({
          type: 'createTable',
          name: `Quick ${deal + 1}`,
          player: 'Ann',
          options: { ...hardTable, botThink: 'quick' },
          bots: [1],
        });
        ({ tableId } = await a.next('joined'));
        expect((await a.next('table')).table.options).toMatchObject({ botLevel: 'hard', botThink: 'quick' });
        a.send({ type: 'start' });
        await viewAt(a, 0);
        // Ann never gives up while she has another move, so the bot has turns to play.
        while (!a.view!.gameOver) {
          const { legalMoves: mine, moveCount } = a.view!;
          if (mine.length > 0) a.send(moveMessage(mine.find((m) => m.type !== 'pass') ?? mine[0], moveCount));
          await viewAt(a, moveCount + 1, 20_000);
        }
        botMoves = readMoveLog(h1.dataDir, tableId).filter(
          (l): l is { g: number; n: number; s: number; m: Move } => 'm' in l && l.s === 1,
        );
      }
      // Every move the bot made is the one hard makes at a quarter of its budget, on its own view, with the
      // seed the host gives (the move count). Rebuilt from the host's move log, apart from the host.
      const states = replayGame(h1.dataDir, tableId);
      expect(botMoves.length).toBeGreaterThan(0);
      for (const { n, m } of botMoves)
        expect(m).toEqual(chooseBotMove(viewFor(states[n], 1), n, botOptions('hard', 'quick')));
      const token = a!.token!;
      await a!.close();
      await h1.host.close();

      const h2 = await host(h1.dataDir);
      expect(await thinkAfterResume(h2.port, token)).toBe('quick');
      await h2.host.close();

      // A snapshot written before think times has none: it loads, with the budget hard always had.
      expect(dropFromSnapshot(h1.dataDir, tableId, 'botThink')).toBe('quick');
      const h3 = await host(h1.dataDir);
      expect(h3.problems).toEqual([]);
      expect(await thinkAfterResume(h3.port, token)).toBe('normal');
    },
  );

  it('is normal for a table created without one', async () => {
    const h = await host();
    const a = await TestClient.greeted(h.port);
    a.send({ type: 'createTable', name: 'Default', player: 'Ann', options: hardTable, bots: [1] });
    expect((await a.next('table')).table.options.botThink).toBe('normal');
    await a.close();
  });

  it('refuses a value that is not a think time, with a clear reason, and creates nothing', async () => {
    const h = await host();
    const a = await TestClient.greeted(h.port);
    for (const bad of ['forever', 42, 'QUICK', null, { quick: true }]) {
      a.send({
        type: 'createTable',
        name: 'Bad',
        player: 'Ann',
        options: { ...hardTable, botThink: bad } as unknown as TableOptions,
        bots: [1],
      });
      expect(await a.next('error')).toMatchObject({
        code: 'badMessage',
        reason: 'options.botThink: must be "quick", "normal" or "long"',
      });
    }
    expect(h.host.tables()).toEqual([]);
    await a.close();
  });

  it(
    "makes a restored table's hard bot play the move of its own think time where the times differ",
    { timeout: 60_000 },
    async () => {
      // A position where hard, to act at seat 1, moves differently at a quarter of its budget than at all of it.
      const quick = botOptions('hard', 'quick');
      const normal = botOptions('hard', 'normal');
      const random = rng(11);
      let state: GameState = newGame({ players: 2, mode: 'advanced', actionRule: true }, 2024);
      const differs = (s: GameState) => {
        if (s.phase !== 'turn' || s.current !== 1 || legalMoves(s).length < 2) return false;
        const view = viewFor(s, 1);
        return (
          JSON.stringify(chooseBotMove(view, s.moveCount, quick)) !==
          JSON.stringify(chooseBotMove(view, s.moveCount, normal))
        );
      };
      for (let i = 0; i < 300 && !differs(state); i++)
        state = applyMove(state, pick(random, legalMoves(state)));
      expect(differs(state)).toBe(true);
      const view = viewFor(state, 1);
      const want = (think: BotThink) => chooseBotMove(view, state.moveCount, botOptions('hard', think));

      // Two tables at that position: one saved with the quick think time, one from before think times.
      const dataDir = mkdtempSync(join(tmpdir(), 'red7-host-'));
      const tables = [
        { id: 'quickTb1', token: 'q'.repeat(24), botThink: 'quick' as const, older: [] },
        { id: 'olderTb1', token: 'o'.repeat(24), older: ['botThink' as const] },
      ];
      for (const t of tables)
        plantTable(dataDir, {
          id: t.id,
          name: t.id,
          options: state.options,
          state,
          seats: [
            { name: 'Ann', token: t.token },
            { name: 'Bot 2', bot: true },
          ],
          extra: { botLevel: 'hard', ...(t.botThink && { botThink: t.botThink }) },
          older: t.older,
        });
      const h = await host(dataDir);
      expect(h.problems).toEqual([]);
      for (const t of tables) {
        const a = await TestClient.greeted(h.port);
        a.send({ type: 'resume', token: t.token });
        await viewAt(a, state.moveCount + 1, 20_000);
        await a.close();
      }
      const played = (id: string) =>
        readMoveLog(dataDir, id).find((l) => 'm' in l && l.n === state.moveCount);
      expect(played('quickTb1')).toMatchObject({ s: 1, m: want('quick') });
      expect(played('olderTb1')).toMatchObject({ s: 1, m: want('normal') });
    },
  );
});
