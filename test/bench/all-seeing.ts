// The all-seeing player: hard's search (as on the day it was written: uniform guesses, the others merged
// in the match model, no card actions in rollouts) given the true hidden hands. Bench only: it needs the
// whole game state, which no table ever hands a bot.
import { shuffle, viewFor } from '../../shared/engine';
import type { GameState, Move } from '../../shared/engine';
import { BOT_LEVELS, chooseBotMove } from '../../shared/bots';
import type { IsmctsOptions } from '../../shared/bots';

/**
 * What it sees: every hand as it truly is, so also which cards are in the deck; not the deck's order below
 * its public top (each guess shuffles it), which no reading of the opponents could ever tell.
 */
export function allSeeingGuesser(state: GameState): (seed: number) => GameState {
  const top = state.deck.slice(state.deck.length - state.knownTop);
  const hidden = state.deck.slice(0, state.deck.length - state.knownTop);
  return (seed) => {
    const [order, rng] = shuffle(hidden, seed >>> 0);
    return { ...state, hands: state.hands.map((h) => [...h]), deck: [...order, ...top], rng, log: [] };
  };
}

/** Hard's options as the yardstick keeps them, whatever hard itself later becomes. */
export const ALL_SEEING: IsmctsOptions = {
  ...BOT_LEVELS.hard,
  reading: 'uniform',
  match: 'merged',
  rolloutActions: false,
};

/** Its move for the seat to act; `scale` multiplies its budget as the bench's scale does hard's. */
export function allSeeingMove(state: GameState, seed: number, scale = 1): Move {
  const view = viewFor(state, state.current!);
  const budget = {
    iterations: Math.max(1, Math.round(ALL_SEEING.iterations * scale)),
    maxWork: Math.max(1, Math.round(ALL_SEEING.maxWork * scale)),
  };
  return chooseBotMove(view, seed, { ...ALL_SEEING, ...budget, search: 'ismcts' }, allSeeingGuesser(state));
}
