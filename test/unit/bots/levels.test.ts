import { describe, expect, it } from 'vitest';
import { applyMove, completeTurns, legalMoves, newGame, viewFor } from '../../../shared/engine';
import type { GameState } from '../../../shared/engine';
import { BOT_LEVELS, BOT_THINK_NAMES, botOptions, chooseBotMove, scaledLevel } from '../../../shared/bots';
import type { BotLevel } from '../../../shared/bots';

/** Plays one 2-player Basic game with `levels[seat]` at each seat; returns the winners. */
function playGame(seed: number, levels: [BotLevel, BotLevel], scale = 1): number[] {
  let state: GameState = newGame({ players: 2, mode: 'basic', actionRule: false }, seed);
  let n = 0;
  while (state.phase !== 'gameOver') {
    const seat = state.current ?? 0;
    const move = chooseBotMove(viewFor(state, seat), seed * 1000 + n, scaledLevel(levels[seat], scale));
    state = applyMove(state, move);
    n++;
  }
  return state.winners;
}

describe('bot levels', () => {
  it('name easy, normal and hard, normal being the long-standing search', () => {
    expect(Object.keys(BOT_LEVELS)).toEqual(['easy', 'normal', 'hard']);
    expect(BOT_LEVELS.normal).toMatchObject({ samples: 6, playouts: 2400 });
    expect(BOT_LEVELS.hard.search).toBe('ismcts');
    expect(BOT_LEVELS.hard.iterations).toBeGreaterThan(BOT_LEVELS.normal.playouts);
    expect(BOT_LEVELS.easy.playouts).toBeLessThan(BOT_LEVELS.normal.playouts);
  });

  it("give hard a quarter, all or three times its budget by the table's think time, and easy and normal theirs", () => {
    // Hard's budget may be retuned; these shares are what the table option means.
    BOT_THINK_NAMES.forEach((think, i) => {
      expect(botOptions('hard', think)).toEqual(scaledLevel('hard', [0.25, 1, 3][i]));
      expect(botOptions('easy', think)).toEqual(BOT_LEVELS.easy);
      expect(botOptions('normal', think)).toEqual(BOT_LEVELS.normal);
    });
    const iterations = BOT_THINK_NAMES.map(
      (think) => (botOptions('hard', think) as { iterations: number }).iterations,
    );
    expect(iterations).toEqual([0.25, 1, 3].map((share) => Math.round(BOT_LEVELS.hard.iterations * share)));
    expect(botOptions('hard')).toEqual(BOT_LEVELS.hard);
  });

  it('easy only makes legal moves and passes only when no turn keeps it leading', () => {
    for (let seed = 0; seed < 6; seed++) {
      const options = {
        players: (2 + (seed % 3)) as 2 | 3 | 4,
        mode: seed % 2 ? ('advanced' as const) : ('basic' as const),
        actionRule: seed >= 3,
      };
      let state = newGame(options, 40 + seed);
      let moves = 0;
      while (state.phase !== 'gameOver' && moves < 2000) {
        // Between rounds the table deals (the ready vote), not a bot.
        if (state.phase === 'roundOver') {
          state = applyMove(state, { type: 'nextRound' });
          continue;
        }
        const move = chooseBotMove(viewFor(state, state.current!), seed + moves, BOT_LEVELS.easy);
        expect(legalMoves(state)).toContainEqual(move);
        if (move.type === 'pass') expect(completeTurns(state)).toEqual([]);
        state = applyMove(state, move);
        moves++;
      }
      expect(state.phase).toBe('gameOver');
    }
  });

  it('hard, at a sixteenth of its budget, clearly beats easy over seeded 2-player Basic games, each deal played from both seats', () => {
    const deals = 14;
    let hardWins = 0;
    let easyWins = 0;
    for (let d = 0; d < deals; d++) {
      const seed = 7000 + d;
      const a = playGame(seed, ['hard', 'easy'], 1 / 16);
      const b = playGame(seed, ['easy', 'hard'], 1 / 16);
      if (a.includes(0)) hardWins++;
      if (a.includes(1)) easyWins++;
      if (b.includes(1)) hardWins++;
      if (b.includes(0)) easyWins++;
    }
    console.log(`hard ${hardWins} – easy ${easyWins} of ${deals * 2} games`);
    expect(hardWins).toBeGreaterThanOrEqual(deals * 2 * 0.75);
  }, 30_000);
});
