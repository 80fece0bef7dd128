// keepingTurns and stateFromView on hand-made positions (the property over random positions of every
// variant is explain-keeping.property.test.ts).
import { describe, expect, it } from 'vitest';
import { applyMove, keepingTurns, stateFromView, viewFor } from '../../../shared/engine';
import type { CardId, GameState, Move } from '../../../shared/engine';
import { moveKey, setup } from './helpers';
import { engineKeepingTurns, turnKeys } from './explain-positions';

const expectedKeeping = (state: GameState): string[] => turnKeys(engineKeepingTurns(state));

const play = (card: CardId): Move => ({ type: 'play', card });

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
