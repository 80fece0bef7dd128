import { applyMove, dealGiven, newGame } from '../engine';
import type { GameOptions, GameState, Move } from '../engine';
import { seedState } from '../engine/rng';
import { duplicateDeal } from './duplicate';

/**
 * How a table deals its game from its seed: the engine's shuffle (every table), or the evening's duplicate
 * deal (every table of one size in a heat alike, docs/evening.md). The host plays, restores and records a
 * game with the same dealer, so a game played again from its seed and log is the very game.
 */
export interface Dealer {
  /** The game's first round. */
  first(options: GameOptions, seed: number): GameState;
  /** The next round (the `nextRound` move), between rounds. */
  next(state: GameState): GameState;
}

export const shuffleDealer: Dealer = {
  first: newGame,
  next: (state) => applyMove(state, { type: 'nextRound' }),
};

/** The seed stays in the state (the engine's `dealGiven` knows none): a record plays the game again from it. */
export const duplicateDealer: Dealer = {
  first(options, seed) {
    const deal = duplicateDeal(seed >>> 0, 1, options.players, []);
    return { ...dealGiven(options, null, deal), seed: seed >>> 0, rng: seedState(seed >>> 0) };
  },
  next(state) {
    const deal = duplicateDeal(state.seed, state.round + 1, state.options.players, state.scored.flat());
    return dealGiven(state.options, state, deal);
  },
};

/** A logged move played with the table's dealer: the next round is the dealer's, the rest the engine's. */
export const applyDealt = (dealer: Dealer, state: GameState, move: Move): GameState =>
  move.type === 'nextRound' ? dealer.next(state) : applyMove(state, move);
