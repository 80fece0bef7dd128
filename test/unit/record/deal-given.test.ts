import { describe, expect, it } from 'vitest';
import { IllegalMoveError, applyMove, dealGiven, newGame } from '../../../shared/engine';
import type { GameState } from '../../../shared/engine';
import { randomGame, withoutSeed } from './games';

const ADVANCED = { players: 3, mode: 'advanced', actionRule: true, targetScore: 20 } as const;
const dealOf = (s: GameState) => ({ hands: s.hands, palettes: s.palettes, deck: s.deck });

describe('dealGiven: a round dealt as given instead of shuffled', () => {
  it("deals the game's first round and the next ones as the shuffle did, but for the seed", () => {
    const states = randomGame(ADVANCED, 21);
    expect(withoutSeed(dealGiven(ADVANCED, null, dealOf(states[0])))).toEqual(withoutSeed(states[0]));
    const between = states.findIndex((s) => s.phase === 'roundOver');
    expect(between).toBeGreaterThan(0);
    const next = applyMove(states[between], { type: 'nextRound' });
    expect(withoutSeed(dealGiven(ADVANCED, states[between], dealOf(next)))).toEqual(withoutSeed(next));
    // The state it starts from is left as it was.
    expect(states[between].phase).toBe('roundOver');
  });

  it('refuses a deal in the middle of a round, and a deal the shuffle could not have made', () => {
    const first = newGame(ADVANCED, 3);
    expect(() => dealGiven(ADVANCED, first, dealOf(first))).toThrow(IllegalMoveError);
    const states = randomGame(ADVANCED, 22);
    const between = states.find((s) => s.phase === 'roundOver')!;
    const next = applyMove(between, { type: 'nextRound' });
    // A card scored in the round before is out of the game: dealing it again is refused.
    const scored = between.scored.flat()[0];
    const withScored = { ...dealOf(next), deck: [...next.deck.slice(1), scored] };
    expect(() => dealGiven(ADVANCED, between, withScored)).toThrow(/not in play|lacks/);
    expect(() => dealGiven(ADVANCED, null, { ...dealOf(first), hands: first.hands.slice(1) })).toThrow(
      /3 hands and 3 palettes/,
    );
    const two = {
      ...dealOf(first),
      palettes: [[...first.palettes[0], first.deck[0]], ...first.palettes.slice(1)],
    };
    expect(() => dealGiven(ADVANCED, null, two)).toThrow(/each palette is dealt 1 card/);
  });
});
