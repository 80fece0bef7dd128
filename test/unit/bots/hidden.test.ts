import { describe, expect, it } from 'vitest';
import {
  applyMove,
  legalMoves,
  newGame,
  setupState,
  shuffle,
  stateWithHidden,
  unseenCards,
  viewFor,
} from '../../../shared/engine';
import type { GameState, SeatView } from '../../../shared/engine';
import { analyseTurn, chooseBotMove, determinize, knownHandCards, scaledLevel } from '../../../shared/bots';

/** A deep-frozen copy: a bot that tried to write into its view would throw. */
function frozen<T>(value: T): T {
  const copy = structuredClone(value);
  const freeze = (x: unknown) => {
    if (x && typeof x === 'object') {
      Object.values(x).forEach(freeze);
      Object.freeze(x);
    }
  };
  freeze(copy);
  return copy;
}

/** Mid-game positions of a 3-player Advanced + Action game where the seat to act has a real choice. */
function positions(): GameState[] {
  const found: GameState[] = [];
  let state = newGame({ players: 3, mode: 'advanced', actionRule: true }, 321);
  let n = 0;
  while (found.length < 4 && state.phase !== 'gameOver') {
    const moves = legalMoves(state).filter((m) => m.type !== 'pass');
    if (state.phase === 'turn' && moves.length > 2 && n % 3 === 0) found.push(state);
    state = applyMove(state, moves.length > 0 ? moves[(n * 7) % moves.length] : legalMoves(state)[0]);
    n++;
  }
  return found;
}

describe('bots see only their own seat', () => {
  it('choose the same move when only the cards hidden from them change, and never write into their view', () => {
    for (const state of positions()) {
      const seat = state.current!;
      const view = viewFor(state, seat);
      // Another world the seat cannot tell apart: the hidden cards dealt differently.
      const [reshuffled] = shuffle(unseenCards(view), 4242);
      const other = stateWithHidden(view, reshuffled);
      expect(other.hands).not.toEqual(state.hands);
      const otherView = viewFor(other, seat);
      for (const level of ['easy', 'normal', 'hard'] as const) {
        const how = scaledLevel(level, level === 'easy' ? 1 : 0.05);
        expect(chooseBotMove(frozen(otherView), 9, how)).toEqual(chooseBotMove(frozen(view), 9, how));
      }
      expect(analyseTurn(frozen(otherView), 3, scaledLevel('hard', 0.05))).toEqual(
        analyseTurn(frozen(view), 3, scaledLevel('hard', 0.05)),
      );
      // Reading the opponents' turns reads only the view's own log.
      const reading = { ...scaledLevel('hard', 0.05), reading: 'turns' } as const;
      expect(chooseBotMove(frozen(otherView), 9, reading)).toEqual(chooseBotMove(frozen(view), 9, reading));
    }
  });

  it('keep a card an opponent drew face up from the deck in that hand in every guess', () => {
    let state = setupState(
      { players: 2, mode: 'advanced', actionRule: false },
      {
        hands: [
          ['B5', 'V2', 'O3'],
          ['G4', 'Y2', 'I6'],
        ],
        palettes: [['R3'], ['O2']],
        deck: ['R6', 'B1', 'G2'],
        knownTop: 1,
        current: 0,
      },
    );
    // Seat 0 discards a 5 (more than its palette's one card), so it may draw: it takes the public R6.
    state = applyMove(state, { type: 'discard', card: 'B5' });
    state = applyMove(state, { type: 'draw' });
    expect(state.hands[0]).toContain('R6');
    const view: SeatView = viewFor(state, 1);
    expect(knownHandCards(view).get(0)).toEqual(['R6']);
    for (let seed = 0; seed < 20; seed++) expect(determinize(view, seed).hands[0]).toContain('R6');
  });
});
