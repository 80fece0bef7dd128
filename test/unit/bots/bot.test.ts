import { describe, expect, it } from 'vitest';
import { applyMove, legalMoves, newGame, viewFor } from '../../../shared/engine';
import type { GameState, Move } from '../../../shared/engine';
import { chooseBotMove, determinize } from '../../../shared/bots';

function randomMove(state: GameState, r: number): Move {
  const moves = legalMoves(state).filter((m) => m.type !== 'pass');
  return moves.length > 0 ? moves[r % moves.length] : { type: 'pass' };
}

describe('bots', () => {
  it('always choose a legal move and finish games in every variant', () => {
    for (let seed = 0; seed < 8; seed++) {
      const options = {
        players: (2 + (seed % 3)) as 2 | 3 | 4,
        mode: seed % 2 ? ('advanced' as const) : ('basic' as const),
        actionRule: seed % 4 >= 2,
        rulesVersion: seed % 3 === 0 ? ('1.1' as const) : ('1.2' as const),
      };
      let state = newGame(options, seed);
      let moves = 0;
      while (state.phase !== 'gameOver' && moves < 2000) {
        // Between rounds the table deals (the ready vote), not a bot.
        if (state.phase === 'roundOver') {
          state = applyMove(state, { type: 'nextRound' });
          continue;
        }
        const move = chooseBotMove(viewFor(state, state.current!), seed + moves, {
          samples: 2,
          playouts: 200,
        });
        expect(legalMoves(state)).toContainEqual(move);
        state = applyMove(state, move);
        moves++;
      }
      expect(state.phase).toBe('gameOver');
    }
  });

  it('beat random players far more often than chance (3 players, Basic)', () => {
    let wins = 0;
    const games = 30;
    for (let seed = 0; seed < games; seed++) {
      let state = newGame({ players: 3, mode: 'basic', actionRule: seed % 2 === 1 }, 1000 + seed);
      let r = seed;
      while (state.phase !== 'gameOver') {
        const move =
          state.current === 0
            ? chooseBotMove(viewFor(state, 0), seed, { samples: 3, playouts: 600 })
            : randomMove(state, r++ * 7919);
        state = applyMove(state, move);
      }
      if (state.winners.includes(0)) wins++;
    }
    // Chance is 1 in 3; the bot wins well over half.
    expect(wins).toBeGreaterThan(games * 0.6);
  });

  it('guess hidden cards only from the view: the public cards stay, the 49 cards are conserved', () => {
    const state = newGame({ players: 4, mode: 'advanced', actionRule: true }, 7);
    const view = viewFor(state, 2);
    const guess = determinize(view, 99);
    expect(guess.hands[2]).toEqual(state.hands[2]);
    expect(guess.palettes).toEqual(state.palettes);
    expect(guess.hands.map((h) => h.length)).toEqual(state.hands.map((h) => h.length));
    expect(guess.deck.length).toBe(state.deck.length);
    const all = [...guess.hands.flat(), ...guess.palettes.flat(), ...guess.deck, ...guess.canvas];
    expect(new Set(all).size).toBe(49);
    // Two different guesses differ somewhere hidden: the bot does not read the real hands.
    expect(determinize(view, 100).hands[0]).not.toEqual(guess.hands[0]);
  });
});
