import { ALL_CARDS } from '../cards';
import type { CardId, GameState, SeatView } from '../types';

/**
 * A GameState the engine can run `view.seat`'s own turn on, built from the view alone: the seat's hand,
 * the table, the public cards on top of the deck. What the view hides (other hands, the unknown part of
 * the deck) is filled with the unseen cards in ALL_CARDS order, so the same view always gives the same
 * state. Only answers that do not depend on those hidden cards may be read from it (see keepingTurns).
 */
export function stateFromView(view: SeatView): GameState {
  const n = view.options.players;
  const own = view.seat === null ? [] : view.hand;
  const seen = new Set<CardId>([
    ...own,
    ...view.palettes.flat(),
    ...view.canvas,
    ...view.scored.flat(),
    ...view.deckKnownTop,
  ]);
  const unseen = ALL_CARDS.filter((card) => !seen.has(card));
  const hiddenDeck = view.deckSize - view.deckKnownTop.length;
  const hiddenHands = view.handSizes.reduce((sum, size, seat) => (seat === view.seat ? sum : sum + size), 0);
  if (hiddenDeck < 0 || unseen.length !== hiddenDeck + hiddenHands)
    throw new RangeError(
      `stateFromView: the view hides ${hiddenDeck + hiddenHands} cards but ${unseen.length} are unseen.`,
    );
  let next = 0;
  const take = (count: number): CardId[] => unseen.slice(next, (next += count));
  const hands = Array.from({ length: n }, (_, seat) =>
    seat === view.seat ? [...own] : take(view.handSizes[seat]),
  );
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
