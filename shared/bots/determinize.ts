import { ALL_CARDS, shuffle } from '../engine';
import type { CardId, GameState, SeatView } from '../engine';

/**
 * One guess at the hidden cards, consistent with what `view` shows: the unseen cards are shuffled
 * into the other hands (by their sizes) and under the deck's public top cards. Bots search such
 * guesses, so they never know more than a player at the table.
 */
export function determinize(view: SeatView, seed: number): GameState {
  const n = view.options.players;
  const seat = view.seat ?? 0;
  const seen = new Set<CardId>([
    ...view.hand,
    ...view.palettes.flat(),
    ...view.canvas,
    ...view.scored.flat(),
    ...view.deckKnownTop,
  ]);
  const [unseen, rng] = shuffle(
    ALL_CARDS.filter((card) => !seen.has(card)),
    seed >>> 0,
  );
  const hands = view.handSizes.map((size, s) => (s === seat ? [...view.hand] : unseen.splice(0, size)));
  const hiddenDeck = unseen.slice(0, Math.max(0, view.deckSize - view.deckKnownTop.length));
  return {
    options: { ...view.options },
    seed: 0,
    rng,
    phase: view.phase,
    round: view.round,
    deck: [...hiddenDeck, ...[...view.deckKnownTop].reverse()],
    knownTop: view.deckKnownTop.length,
    hands: hands.slice(0, n),
    palettes: view.palettes.map((p) => [...p]),
    canvas: [...view.canvas],
    out: [...view.out],
    scores: [...view.scores],
    scored: view.scored.map((c) => [...c]),
    current: view.current,
    turn: view.turn && { ...view.turn },
    roundWinner: view.roundWinner,
    winners: [...view.winners],
    log: [],
    moveCount: view.moveCount,
  };
}
