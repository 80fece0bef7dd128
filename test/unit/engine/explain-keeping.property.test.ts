// keepingTurns, adviseTurn and previewPlay over random positions in every variant: from the seat's view
// alone, the turns that keep it in are exactly the engine's own complete turns on the full state, less
// those that depend on a card a 3 drew from the unknown deck.
import { describe, expect, it } from 'vitest';
import { adviseTurn, keepingTurns, previewPlay, viewFor } from '../../../shared/engine';
import type { CardId, GameState, Move } from '../../../shared/engine';
import { VARIANTS, engineKeepingTurns, turnKeys, variantName, visitPositions } from './explain-positions';

/** Per variant: 24 variants × 150 = 3,600 positions. */
const POSITIONS = 150;

const is = (m: Move, type: Move['type'], card: CardId) => m.type === type && 'card' in m && m.card === card;

/** The marks adviseTurn should give, read off the engine's own keeping turns. */
function expectedAdvice(state: GameState, turns: Move[][]) {
  const cards = state.hands[state.current!].map((card) => ({
    card,
    play: turns.some((t) => is(t[0], 'play', card) && t.at(-1)!.type !== 'discard'),
    discard: turns.some((t) => t.length === 1 && is(t[0], 'discard', card)),
    playThenDiscard: turns.some((t) => is(t[0], 'play', card) && t.at(-1)!.type === 'discard'),
    discardAfterPlay: turns.some((t) => t.length > 1 && is(t.at(-1)!, 'discard', card)),
  }));
  return { cards, anyKeepsIn: turns.length > 0 };
}

describe('keepingTurns, adviseTurn and previewPlay agree with completeTurns on random positions', () => {
  for (const [i, options] of VARIANTS.entries()) {
    it(variantName(options), () => {
      visitPositions(options, POSITIONS, 101 + i, (state) => {
        const view = viewFor(state, state.current);
        const engine = engineKeepingTurns(state);
        const actual = turnKeys(keepingTurns(view));
        const expected = turnKeys(engine);
        if (actual.join('|') !== expected.join('|'))
          expect(actual, `moveCount ${state.moveCount} ${JSON.stringify(view)}`).toEqual(expected);
        const turn = state.turn!;
        const fresh = turn.played === 0 && !turn.discarded && turn.pending === null;
        const advice = adviseTurn(view);
        if (!fresh) expect(advice).toBeNull();
        else {
          const marks = expectedAdvice(state, engine);
          if (JSON.stringify(advice) !== JSON.stringify(marks)) expect(advice).toEqual(marks);
          // One card per position (they take turns): a preview costs a whole keepingTurns.
          const card = view.hand[state.moveCount % view.hand.length];
          const preview = previewPlay(view, card)!;
          const starting = engine.filter((t) => is(t[0], 'play', card));
          if (preview.keepsIn !== starting.length > 0) expect(preview.keepsIn).toBe(starting.length > 0);
          const rescues = new Set(
            starting.flatMap((t) => {
              const last = t.at(-1)!;
              return t.length > 1 && last.type === 'discard' ? [last.card] : [];
            }),
          );
          if (preview.rescues.length !== rescues.size || preview.rescues.some((c) => !rescues.has(c)))
            expect([...preview.rescues].sort()).toEqual([...rescues].sort());
        }
      });
    });
  }
});
