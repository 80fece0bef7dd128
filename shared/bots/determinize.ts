import { shuffle, stateWithHidden, unseenCards } from '../engine';
import type { GameState, SeatView } from '../engine';

/**
 * One guess at the hidden cards, consistent with what `view` shows: the unseen cards are shuffled
 * into the other hands (by their sizes) and under the deck's public top cards. Bots search such
 * guesses, so they never know more than a player at the table.
 */
export function determinize(view: SeatView, seed: number): GameState {
  const [unseen, rng] = shuffle(unseenCards(view), seed >>> 0);
  return { ...stateWithHidden(view, unseen), rng, log: [] };
}
