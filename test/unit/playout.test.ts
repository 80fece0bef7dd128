import { describe, expect, it } from 'vitest';
import {
  applyMove,
  completeTurns,
  leadingTurnCount,
  legalMoves,
  newGame,
  playout,
} from '../../shared/engine';
import type { GameState, Move } from '../../shared/engine';
import { listLeadingTurns, observePlayoutTurns } from '../../shared/engine/playout';
import { scoreMasks } from '../../shared/engine/score';

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

  it('reads back, index by index, exactly the complete turns the engine lists, each once', () => {
    const key = (played: string | null, discarded: string | null) => `${played ?? '-'} ${discarded ?? '-'}`;
    const cardOf = (turn: Move[], type: 'play' | 'discard') => {
      const move = turn.find((m) => m.type === type);
      return move && 'card' in move ? move.card : null;
    };
    let checked = 0;
    for (const mode of ['basic', 'advanced'] as const) {
      for (const state of turnStarts(mode, 40)) {
        const fast = listLeadingTurns(state).map((t) => key(t.played, t.discarded));
        const engine = completeTurns(state).map((turn) => key(cardOf(turn, 'play'), cardOf(turn, 'discard')));
        expect(new Set(fast).size).toBe(fast.length);
        expect([...fast].sort()).toEqual([...engine].sort());
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('keeps incremental standings equal to scoring every palette afresh, on every turn of random playouts', () => {
    let turns = 0;
    observePlayoutTurns(({ players, palLo, palHi, scores }) => {
      for (let p = 0; p < players; p++)
        for (let r = 0; r < 7; r++) {
          if (scores[p * 7 + r] !== scoreMasks(palLo[p], palHi[p], r))
            throw new Error(
              `seat ${p}, rule ${r}: ${scores[p * 7 + r]} ≠ ${scoreMasks(palLo[p], palHi[p], r)}`,
            );
        }
      turns++;
    });
    try {
      let playouts = 0;
      for (const mode of ['basic', 'advanced'] as const) {
        let i = 0;
        for (const state of turnStarts(mode, 30)) {
          if (i++ % 2 !== 0) continue;
          for (let seed = 0; seed < 20; seed++) playout(state, seed);
          playouts += 20;
        }
      }
      expect(playouts).toBeGreaterThan(2000);
      expect(turns).toBeGreaterThan(20_000);
    } finally {
      observePlayoutTurns(null);
    }
  });

  it('draws the same random turns as before its tables (a seed gives the same rollouts, so the same bot move)', () => {
    // Checksums of 2,000 playouts per deal, recorded from the straightforward bit-set enumeration.
    const sums = (
      [
        [2, 'basic'],
        [3, 'advanced'],
        [4, 'advanced'],
      ] as const
    ).map(([players, mode]) => {
      const deal = newGame({ players, mode, actionRule: false, autoDraw: true }, 11);
      let sum = 0;
      for (let seed = 0; seed < 2000; seed++) sum = (sum * 31 + playout(deal, seed)) % 1_000_000_007;
      return sum;
    });
    expect(sums).toEqual([32279500, 868294048, 253921956]);
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
