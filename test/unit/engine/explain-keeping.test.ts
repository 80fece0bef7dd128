// keepingTurns and stateFromView: hand-made positions, and a property over random positions in every
// variant: from the seat's view alone, the turns that keep it in are exactly the engine's own complete
// turns on the full state, less those that depend on a card a 3 drew from the unknown deck.
import { describe, expect, it } from 'vitest';
import { applyMove, completeTurns, keepingTurns, stateFromView, viewFor } from '../../../shared/engine';
import type { CardId, GameState, Move } from '../../../shared/engine';
import { moveKey, setup } from './helpers';
import { VARIANTS, variantName, visitPositions } from './explain-positions';

/** Per variant: 24 variants × 200 = 4,800 positions. */
const POSITIONS = 200;

const play = (card: CardId): Move => ({ type: 'play', card });
const turnKeys = (turns: Move[][]): string[] => turns.map((t) => t.map(moveKey).join(' ')).sort();

/** The engine's complete turns with the unknown-draw discards removed and the draw choice normalised away. */
function expectedKeeping(state: GameState): string[] {
  const seen = new Set<string>();
  for (const turn of completeTurns(state)) {
    let s = state;
    const drawn = new Set<string>();
    let dependsOnHidden = false;
    for (const move of turn) {
      const logAt = s.log.length;
      if (move.type === 'discard' && drawn.has(move.card)) dependsOnHidden = true;
      s = applyMove(s, move);
      for (const entry of s.log.slice(logAt))
        if (entry.kind === 'draw' && entry.cause === 'three' && !entry.known) drawn.add(entry.card!);
    }
    if (dependsOnHidden) continue;
    seen.add(
      turn
        .filter((m) => m.type !== 'draw' && m.type !== 'noDraw')
        .map(moveKey)
        .join(' '),
    );
  }
  return [...seen].sort();
}

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

describe('keepingTurns agrees with completeTurns on random positions', () => {
  for (const [i, options] of VARIANTS.entries()) {
    it(variantName(options), () => {
      visitPositions(options, POSITIONS, 101 + i, (state) => {
        const view = viewFor(state, state.current);
        const actual = turnKeys(keepingTurns(view));
        const expected = expectedKeeping(state);
        if (actual.join('|') !== expected.join('|'))
          expect(actual, `moveCount ${state.moveCount} ${JSON.stringify(view)}`).toEqual(expected);
      });
    });
  }
});
