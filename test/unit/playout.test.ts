import { describe, expect, it } from 'vitest';
import {
  applyMove,
  completeTurns,
  leadingTurnCount,
  legalMoves,
  newGame,
  playout,
} from '../../shared/engine';
import type { GameState } from '../../shared/engine';

/** States at the start of turns, reached by random play. */
function* turnStarts(mode: 'basic' | 'advanced', games: number): Generator<GameState> {
  for (let seed = 0; seed < games; seed++) {
    let state = newGame(
      { players: (2 + (seed % 3)) as 2 | 3 | 4, mode, actionRule: false, autoDraw: true },
      seed,
    );
    let r = seed;
    while (state.phase === 'turn') {
      if (state.turn!.played === 0 && !state.turn!.discarded && state.turn!.pending === null) yield state;
      const moves = legalMoves(state).filter((m) => m.type !== 'pass');
      state = applyMove(state, moves.length ? moves[(r++ * 7919) % moves.length] : { type: 'pass' });
    }
  }
}

describe('fast playout', () => {
  it('chooses among exactly the complete turns the engine lists as leaving the player leading', () => {
    let checked = 0;
    for (const mode of ['basic', 'advanced'] as const) {
      for (const state of turnStarts(mode, 60)) {
        expect(leadingTurnCount(state)).toBe(completeTurns(state).length);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('is deterministic in its seed and returns a player still in the round', () => {
    const deal = newGame({ players: 4, mode: 'advanced', actionRule: false, autoDraw: true }, 3);
    const winners = new Set<number>();
    for (let seed = 0; seed < 500; seed++) {
      const winner = playout(deal, seed);
      expect(playout(deal, seed)).toBe(winner);
      expect(winner).toBeGreaterThanOrEqual(0);
      expect(winner).toBeLessThan(4);
      winners.add(winner);
    }
    // Random play from one deal is not a foregone conclusion.
    expect(winners.size).toBeGreaterThan(1);
  });

  it('refuses a state in the middle of a turn', () => {
    const deal = newGame({ players: 2, mode: 'basic', actionRule: false }, 1);
    const play = legalMoves(deal).find((m) => m.type === 'play')!;
    expect(() => playout(applyMove(deal, play), 1)).toThrow(/beginning of a turn/);
  });
});
