// Positions for the explanation tests: seeded random games in every option combination, visited move by
// move (mid-turn states included), and a way to reshuffle what a seat cannot see.
import { applyMove, completeTurns, legalMoves, newGame } from '../../../shared/engine';
import type { CardId, GameOptions, GameState, Move } from '../../../shared/engine';
import { VARIANTS, moveKey, variantName } from './helpers';
import { pick, rng } from '../../helpers/random';

export { VARIANTS, variantName };

/**
 * The first `count` states with a seat to act met while playing seeded random games of the variant,
 * mid-turn states included. Mostly each turn is a random one among those that keep the player in (so rounds last
 * and reach the crowded positions), sometimes a random legal move (so players also go out).
 */
export function visitPositions(
  options: GameOptions,
  count: number,
  seed: number,
  visit: (state: GameState) => void,
): void {
  const random = rng(seed);
  let visited = 0;
  for (let g = 0; visited < count; g++) {
    let state = newGame(options, seed * 1000 + g);
    let planned: Move[] = [];
    while (state.phase !== 'gameOver' && visited < count) {
      if (state.phase === 'turn') {
        visit(state);
        visited++;
      }
      if (
        planned.length === 0 &&
        state.phase === 'turn' &&
        state.turn?.played === 0 &&
        !state.turn.discarded
      ) {
        const turns = random() < 0.85 ? completeTurns(state) : [];
        if (turns.length > 0) planned = [...pick(random, turns)];
      }
      const move = planned.shift() ?? pick(random, legalMoves(state));
      state = applyMove(state, move);
    }
  }
}

/**
 * The same position with the cards `seat` cannot see dealt differently: other hands and the unknown
 * part of the deck are reshuffled among themselves (hand sizes and the public deck top stay).
 */
export function reshuffleHidden(state: GameState, seat: number, seed: number): GameState {
  const random = rng(seed);
  const unknownDeck = state.deck.length - state.knownTop;
  const hidden: CardId[] = [
    ...state.deck.slice(0, unknownDeck),
    ...state.hands.flatMap((h, i) => (i === seat ? [] : h)),
  ];
  for (let i = hidden.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [hidden[i], hidden[j]] = [hidden[j], hidden[i]];
  }
  let next = 0;
  const take = (count: number) => hidden.slice(next, (next += count));
  return {
    ...state,
    deck: [...take(unknownDeck), ...state.deck.slice(unknownDeck)],
    hands: state.hands.map((h, i) => (i === seat ? [...h] : take(h.length))),
  };
}

/**
 * The engine's own complete turns on the full state, as the seat's view should see them: less the turns
 * that discard a card a 3 drew from the unknown deck during the turn, without the advanced draw's
 * draw / noDraw, each distinct turn once.
 */
export function engineKeepingTurns(state: GameState): Move[][] {
  const result = new Map<string, Move[]>();
  for (const turn of completeTurns(state)) {
    let s = state;
    const drawn = new Set<CardId>();
    let dependsOnHidden = false;
    for (const move of turn) {
      const logAt = s.log.length;
      if (move.type === 'discard' && drawn.has(move.card)) dependsOnHidden = true;
      s = applyMove(s, move);
      for (const entry of s.log.slice(logAt))
        if (entry.kind === 'draw' && entry.cause === 'three' && !entry.known) drawn.add(entry.card!);
    }
    if (dependsOnHidden) continue;
    const kept = turn.filter((m) => m.type !== 'draw' && m.type !== 'noDraw');
    result.set(JSON.stringify(kept), kept);
  }
  return [...result.values()];
}

/** Turns as sorted strings of their moves' keys, to compare two lists of turns. */
export const turnKeys = (turns: Move[][]): string[] => turns.map((t) => t.map(moveKey).join(' ')).sort();
