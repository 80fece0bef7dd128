import { ALL_CARDS } from '../cards';
import type { CardId, GameState, SeatView } from '../types';

/** The cards `view` does not show (other hands, the unknown part of the deck), in ALL_CARDS order. */
export function unseenCards(view: SeatView): CardId[] {
  const seen = new Set<CardId>([
    ...(view.seat === null ? [] : view.hand),
    ...view.palettes.flat(),
    ...view.canvas,
    ...view.scored.flat(),
    ...view.deckKnownTop,
  ]);
  return ALL_CARDS.filter((card) => !seen.has(card));
}

/**
 * A GameState consistent with `view`, its hidden places filled from `hidden` in order: the other hands
 * by seat (by their sizes), then the unknown part of the deck under its public top cards. `hidden` must
 * hold exactly the view's unseen cards (in any order).
 */
export function stateWithHidden(view: SeatView, hidden: readonly CardId[]): GameState {
  const hiddenDeck = view.deckSize - view.deckKnownTop.length;
  const hiddenHands = view.handSizes.reduce((sum, size, seat) => (seat === view.seat ? sum : sum + size), 0);
  if (hiddenDeck < 0 || hidden.length !== hiddenDeck + hiddenHands)
    throw new RangeError(`The view hides ${hiddenDeck + hiddenHands} cards but ${hidden.length} are unseen.`);
  let next = 0;
  const take = (count: number): CardId[] => hidden.slice(next, (next += count));
  const hands = view.handSizes.map((size, seat) => (seat === view.seat ? [...view.hand] : take(size)));
  return {
    options: { ...view.options },
    seed: 0,
    rng: 0,
    phase: view.phase,
    round: view.round,
    // The deck keeps its top last; the view lists its public top cards top first.
    deck: [...take(hiddenDeck), ...[...view.deckKnownTop].reverse()],
    knownTop: view.deckKnownTop.length,
    hands,
    palettes: view.palettes.map((p) => [...p]),
    canvas: [...view.canvas],
    out: [...view.out],
    scores: [...view.scores],
    scored: view.scored.map((c) => [...c]),
    current: view.current,
    turn: view.turn && { ...view.turn },
    roundWinner: view.roundWinner,
    winners: [...view.winners],
    log: [...view.log],
    moveCount: view.moveCount,
  };
}

/**
 * A GameState the engine can run `view.seat`'s own turn on, built from the view alone: the seat's hand,
 * the table, the public cards on top of the deck. What the view hides is filled with the unseen cards in
 * ALL_CARDS order, so the same view always gives the same state. Only answers that do not depend on
 * those hidden cards may be read from it (see keepingTurns).
 */
export const stateFromView = (view: SeatView): GameState => stateWithHidden(view, unseenCards(view));

/**
 * stateFromView with an empty log: for running the seat's turn only. Every move copies the log, and
 * nothing that decides a turn reads it.
 */
export const turnState = (view: SeatView): GameState => ({ ...stateFromView(view), log: [] });
