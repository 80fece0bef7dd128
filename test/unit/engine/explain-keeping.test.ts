// keepingTurns and stateFromView: hand-made positions, and a property over random positions in every
// variant: from the seat's view alone, the turns that keep it in are exactly the engine's own complete
// turns on the full state, less those that depend on a card a 3 drew from the unknown deck.
import { describe, expect, it } from 'vitest';
import {
  adviseTurn,
  applyMove,
  keepingTurns,
  previewPlay,
  stateFromView,
  viewFor,
} from '../../../shared/engine';
import type { CardId, GameState, Move } from '../../../shared/engine';
import { moveKey, setup } from './helpers';
import { VARIANTS, engineKeepingTurns, variantName, visitPositions } from './explain-positions';

const expectedKeeping = (state: GameState): string[] => turnKeys(engineKeepingTurns(state));

/** Per variant: 24 variants × 150 = 3,600 positions. */
const POSITIONS = 150;

const play = (card: CardId): Move => ({ type: 'play', card });
const turnKeys = (turns: Move[][]): string[] => turns.map((t) => t.map(moveKey).join(' ')).sort();

describe('stateFromView', () => {
  it('keeps what the seat sees and fills the hidden cards the same way every time', () => {
    const state = setup(
      { players: 3, actionRule: true },
      {
        hands: [['R3', 'G5'], ['B2', 'B3', 'B4'], ['I1']],
        palettes: [['O4'], ['Y2'], ['V7']],
        deck: ['R1', 'R2'],
        knownTop: 1,
        canvas: ['G1'],
        current: 0,
      },
    );
    const view = viewFor(state, 0);
    const built = stateFromView(view);
    expect(built.hands[0]).toEqual(['R3', 'G5']);
    expect(built.hands.map((h) => h.length)).toEqual([2, 3, 1]);
    expect(built.palettes).toEqual(state.palettes);
    expect(built.canvas).toEqual(['G1']);
    expect(built.deck.length).toBe(state.deck.length);
    expect(built.deck.at(-1)).toBe('R1');
    expect(built.knownTop).toBe(1);
    expect(viewFor(built, 0)).toEqual(view);
    expect(stateFromView(view)).toEqual(built);
  });

  it('refuses a view whose counts do not add up', () => {
    const view = viewFor(setup({}, { hands: [['R3'], ['B2']], palettes: [['O4'], ['Y2']] }), 0);
    expect(() => stateFromView({ ...view, deckSize: view.deckSize + 1 })).toThrow(/unseen/);
  });
});

describe('keepingTurns', () => {
  it('lists plays, discards and play + discard that end with the seat leading', () => {
    // Seat 0: O4 against Y5 under Red. Playing R6 leads; discarding G2 sets Green, where only O4 counts.
    const state = setup({}, { hands: [['R6', 'G2', 'B1'], ['I7']], palettes: [['O4'], ['Y5']], current: 0 });
    const turns = turnKeys(keepingTurns(viewFor(state, 0)));
    expect(turns).toEqual(expectedKeeping(state));
    expect(turns).toContain(moveKey(play('R6')) + ' ' + moveKey({ type: 'end' }));
    expect(turns).toContain(moveKey({ type: 'discard', card: 'G2' })); // O4 even, Y5 not: Green leads
    expect(turns).not.toContain(moveKey({ type: 'discard', card: 'B1' })); // Blue: 1 colour each, Y5 beats O4
  });

  it('is empty when it is not the seat turn, and for a spectator', () => {
    const state = setup({}, { hands: [['R6'], ['I7']], palettes: [['O4'], ['Y5']], current: 0 });
    expect(keepingTurns(viewFor(state, 1))).toEqual([]);
    expect(keepingTurns(viewFor(state, null))).toEqual([]);
  });

  it("leaves out discarding the card a 3 drew from the unknown deck, keeps a public top card's", () => {
    // Seat 0 plays G3 (O4 G3 against Y5) and draws G6: discarding it would set Green, where O4 alone leads.
    const hidden = setup(
      { actionRule: true },
      { hands: [['G3', 'B1'], ['I7']], palettes: [['O4'], ['Y5']], deck: ['G6'], current: 0 },
    );
    const turns = keepingTurns(viewFor(hidden, 0));
    expect(turns.some((t) => t.some((m) => m.type === 'discard' && m.card === 'G6'))).toBe(false);
    expect(turnKeys(turns)).toContain(
      [play('G3'), { type: 'discard', card: 'B1' } as Move].map(moveKey).join(' '),
    );
    expect(turnKeys(turns)).toEqual(expectedKeeping(hidden));

    const known = setup(
      { actionRule: true },
      { hands: [['G3', 'B1'], ['I7']], palettes: [['O4'], ['Y5']], deck: ['G6'], knownTop: 1, current: 0 },
    );
    const withKnown = turnKeys(keepingTurns(viewFor(known, 0)));
    expect(withKnown).toContain([play('G3'), { type: 'discard', card: 'G6' } as Move].map(moveKey).join(' '));
    expect(withKnown).toEqual(expectedKeeping(known));
  });

  it('answers [[]] while the advanced draw is pending: the seat stays in whatever it chooses', () => {
    let state = setup(
      { mode: 'advanced' },
      { hands: [['G6', 'B1'], ['I7']], palettes: [['O4'], ['Y5']], current: 0 },
    );
    state = applyMove(state, { type: 'discard', card: 'G6' });
    expect(state.turn?.pending).toBe('draw');
    expect(keepingTurns(viewFor(state, 0))).toEqual([[]]);
  });
});

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
