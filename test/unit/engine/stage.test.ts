// A turn staged on the player's screen (stageTurn): the table its steps lead to, from the seat's view alone,
// and a turn that ends there without passing on (the host does that once the turn is confirmed).
import { describe, expect, it } from 'vitest';
import { IllegalMoveError, applyMove, stageTurn, viewFor } from '../../../shared/engine';
import type { GameOptions, GameState, Move, SeatView } from '../../../shared/engine';
import { deepFreeze, setup } from './helpers';

const action: Partial<GameOptions> = { actionRule: true };

/** The seat's view at `state` (the acting seat by default), frozen: staging must never change it. */
const viewOf = (state: GameState, seat = state.current!): SeatView => deepFreeze(viewFor(state, seat));

/** What a staged table shows of the cards, next to the host's state after the same moves. */
const cardsShown = (v: SeatView) => ({ palettes: v.palettes, canvas: v.canvas, hand: v.hand, out: v.out });
const hostAfter = (state: GameState, moves: Move[], seat: number) => {
  const s = moves.reduce(applyMove, state);
  return { palettes: s.palettes, canvas: s.canvas, hand: s.hands[seat], out: s.out };
};

describe('stageTurn', () => {
  it('no steps: the view as it is', () => {
    const v = viewOf(setup({}, { hands: [['G6'], ['I7']], palettes: [['O3'], ['Y5']], current: 0 }));
    expect(stageTurn(v, [])).toEqual({ view: v, ended: false, drawsUnknown: false });
  });

  it('a play: the card in the palette, the turn open (end or discard next), the leader worked out again', () => {
    const s = setup({}, { hands: [['G6', 'V2'], ['I7']], palettes: [['O3'], ['Y5']], current: 0 });
    const v = viewOf(s);
    const staged = stageTurn(v, [{ type: 'play', card: 'G6' }]);
    expect(staged.ended).toBe(false);
    expect(staged.drawsUnknown).toBe(false);
    expect(cardsShown(staged.view)).toEqual(hostAfter(s, [{ type: 'play', card: 'G6' }], 0));
    expect(staged.view.current).toBe(0);
    expect(staged.view.leader).toBe(0);
    expect(staged.view.turn).toMatchObject({ played: 1, discarded: false, pending: null });
    expect(staged.view.legalMoves).toContainEqual({ type: 'end' });
    expect(staged.view.legalMoves).toContainEqual({ type: 'discard', card: 'V2' });
    expect(staged.view.legalMoves).not.toContainEqual({ type: 'play', card: 'V2' });
    expect(staged.view.moveCount).toBe(v.moveCount + 1);
    expect(v.hand).toEqual(['G6', 'V2']); // the view it started from is untouched (it is frozen too)
  });

  it('a 5 asks for another play, and the chain goes on from the staged table', () => {
    const s = setup(action, {
      hands: [['B5', 'G4', 'V2'], ['I7']],
      palettes: [['O3'], ['Y6']],
      current: 0,
    });
    const five = stageTurn(viewOf(s), [{ type: 'play', card: 'B5' }]);
    expect(five.view.turn?.pending).toBe('five');
    expect(five.view.legalMoves.filter((m) => m.type !== 'pass')).toEqual([
      { type: 'play', card: 'G4' },
      { type: 'play', card: 'V2' },
    ]);
    const steps: Move[] = [
      { type: 'play', card: 'B5' },
      { type: 'play', card: 'G4' },
    ];
    const chained = stageTurn(viewOf(s), steps);
    expect(chained.view.palettes[0]).toEqual(['O3', 'B5', 'G4']);
    expect(chained.view.turn).toMatchObject({ played: 2, pending: null });
    expect(chained.view.legalMoves).toContainEqual({ type: 'end' });
    expect(cardsShown(chained.view)).toEqual(hostAfter(s, steps, 0));
  });

  it("a 7's choice is a staged step: the card leaves the palette for the canvas (a new rule) or the deck", () => {
    const s = setup(action, {
      hands: [['Y7', 'V1'], ['I3']],
      palettes: [['O4', 'V3'], ['R6']],
      deck: ['B6'],
      current: 0,
    });
    const pending = stageTurn(viewOf(s), [{ type: 'play', card: 'Y7' }]);
    expect(pending.view.turn).toMatchObject({ pending: 'seven', actionCard: 'Y7' });
    const toCanvas: Move[] = [
      { type: 'play', card: 'Y7' },
      { type: 'seven', card: 'O4', to: 'canvas' },
    ];
    const canvas = stageTurn(viewOf(s), toCanvas);
    expect(canvas.view.canvas).toEqual(['O4']);
    expect(canvas.view.rule).toBe('O');
    expect(canvas.view.leader).toBe(0);
    expect(cardsShown(canvas.view)).toEqual(hostAfter(s, toCanvas, 0));
    const deck = stageTurn(viewOf(s), [
      { type: 'play', card: 'Y7' },
      { type: 'seven', card: 'V3', to: 'deck' },
    ]);
    expect(deck.view.deckKnownTop).toEqual(['V3']);
    expect(deck.view.deckSize).toBe(viewOf(s).deckSize + 1);
    expect(deck.view.palettes[0]).toEqual(['O4', 'Y7']);
  });

  it("a 1's choice is a staged step: the card leaves the other palette for the top of the deck", () => {
    const s = setup(action, {
      hands: [['R1', 'V2'], ['I1']],
      palettes: [['O5'], ['Y5', 'B6']],
      current: 0,
    });
    const steps: Move[] = [
      { type: 'play', card: 'R1' },
      { type: 'one', seat: 1, card: 'B6' },
    ];
    const staged = stageTurn(viewOf(s), steps);
    expect(staged.view.palettes).toEqual([['O5', 'R1'], ['Y5']]);
    expect(staged.view.deckKnownTop).toEqual(['B6']);
    expect(staged.view.leader).toBe(0);
    expect(cardsShown(staged.view)).toEqual(hostAfter(s, steps, 0));
  });

  it('a discard ends the turn there: the seat still acts, nothing is legal, the next turn has not begun', () => {
    const s = setup({}, { hands: [['G6', 'V2'], ['I7']], palettes: [['O3'], ['Y5']], current: 0 });
    const staged = stageTurn(viewOf(s), [{ type: 'discard', card: 'V2' }]);
    expect(staged.ended).toBe(true);
    expect(staged.view.current).toBe(0);
    expect(staged.view.canvas).toEqual(['V2']);
    expect(staged.view.rule).toBe('V');
    expect(staged.view.legalMoves).toEqual([]);
    expect(staged.view.out).toEqual([false, false]);
    expect(staged.view.log.at(-1)).toEqual({ kind: 'discard', seat: 0, card: 'V2' });
    expect(cardsShown(staged.view)).toEqual(hostAfter(s, [{ type: 'discard', card: 'V2' }], 0));
    // The host's own words for the same steps (one rule for a turn: applyTurn).
    expect(() => stageTurn(viewOf(s), [{ type: 'discard', card: 'V2' }, { type: 'pass' }])).toThrow(
      /^step 2 of 2: your turn ended with step 1; nothing was applied$/,
    );
  });

  it('an end without the lead puts the seat out, and the round neither passes on nor ends', () => {
    // Two players: the host would end the round at once (one player left). The staged table does not.
    const s = setup(
      { mode: 'advanced' },
      { hands: [['V2', 'G6'], ['I7']], palettes: [['O3'], ['Y5']], current: 0 },
    );
    const steps: Move[] = [{ type: 'play', card: 'V2' }, { type: 'end' }];
    const staged = stageTurn(viewOf(s), steps);
    expect(staged.ended).toBe(true);
    expect(staged.view.out).toEqual([true, false]);
    expect(staged.view.phase).toBe('turn');
    expect(staged.view.current).toBe(0);
    expect(staged.view.roundWinner).toBeNull();
    expect(staged.view.scores).toEqual([0, 0]);
    expect(staged.view.legalMoves).toEqual([]);
    expect(staged.view.palettes).toEqual([['O3', 'V2'], ['Y5']]);
    const host = steps.reduce(applyMove, s);
    expect(host.phase).toBe('roundOver'); // what the host does once it is confirmed
    expect(host.out).toEqual(staged.view.out);
  });

  it('the Advanced draw on offer: No draw is staged and ends the turn; the unknown draw is flagged', () => {
    const s = setup(
      { mode: 'advanced' },
      { hands: [['V6', 'G2'], ['I7']], palettes: [['O3'], ['Y2']], deck: ['B4'], current: 0 },
    );
    const discard: Move = { type: 'discard', card: 'V6' };
    const offered = stageTurn(viewOf(s), [discard]);
    expect(offered.ended).toBe(false);
    expect(offered.view.turn?.pending).toBe('draw');
    expect(offered.view.legalMoves).toEqual([{ type: 'draw' }, { type: 'noDraw' }, { type: 'pass' }]);
    const declined = stageTurn(viewOf(s), [discard, { type: 'noDraw' }]);
    expect(declined).toMatchObject({ ended: true, drawsUnknown: false });
    expect(declined.view.hand).toEqual(['G2']);
    const drawn = stageTurn(viewOf(s), [discard, { type: 'draw' }]);
    expect(drawn).toMatchObject({ ended: true, drawsUnknown: true });
    expect(drawn.view.hand).toHaveLength(2); // one of them a stand-in: the view does not know the card
  });

  it('a draw of a public card (a 7 put it on the deck) is staged like any other step', () => {
    const s = setup(
      { mode: 'advanced', actionRule: true },
      { hands: [['V6', 'G2'], ['I7']], palettes: [['O3'], ['Y2']], deck: ['B4'], knownTop: 1, current: 0 },
    );
    const staged = stageTurn(viewOf(s), [{ type: 'discard', card: 'V6' }, { type: 'draw' }]);
    expect(staged).toMatchObject({ ended: true, drawsUnknown: false });
    expect(staged.view.hand).toEqual(['G2', 'B4']);
  });

  it("a 3's draw from the face-down deck is flagged, and nothing may be staged after it", () => {
    const s = setup(action, {
      hands: [['G3', 'V2'], ['I1']],
      palettes: [['O3'], ['Y2']],
      deck: ['B4'],
      current: 0,
    });
    const three = stageTurn(viewOf(s), [{ type: 'play', card: 'G3' }]);
    expect(three.drawsUnknown).toBe(true);
    expect(three.ended).toBe(false);
    expect(() => stageTurn(viewOf(s), [{ type: 'play', card: 'G3' }, { type: 'end' }])).toThrow(
      /^step 2 of 2: step 1 drew a card from the deck: send the steps after it/,
    );
  });

  it('with autoDraw, a discard that draws from the face-down deck is flagged and ends the turn', () => {
    const s = setup(
      { mode: 'advanced', autoDraw: true },
      { hands: [['V6', 'G2'], ['I7']], palettes: [['O3'], ['Y2']], deck: ['B4'], current: 0 },
    );
    expect(stageTurn(viewOf(s), [{ type: 'discard', card: 'V6' }])).toMatchObject({
      ended: true,
      drawsUnknown: true,
    });
  });

  it('refuses what the engine refuses, says why, and what is not the seat’s to stage', () => {
    const s = setup({}, { hands: [['G6', 'V2'], ['I7']], palettes: [['O3'], ['Y5']], current: 0 });
    const refused = (v: SeatView, steps: Move[]) => {
      try {
        stageTurn(v, steps);
      } catch (e) {
        expect(e).toBeInstanceOf(IllegalMoveError);
        return (e as Error).message;
      }
      throw new Error(`${JSON.stringify(steps)} was staged`);
    };
    expect(refused(viewOf(s), [{ type: 'discard', card: 'G6' }])).toMatch(/lead/);
    expect(
      refused(viewOf(s), [
        { type: 'play', card: 'G6' },
        { type: 'play', card: 'V2' },
      ]),
    ).toMatch(/already played/);
    expect(refused(viewOf(s), [{ type: 'play', card: 'I7' }])).toMatch(/not in your hand/);
    expect(refused(viewOf(s, 1), [{ type: 'play', card: 'I7' }])).toMatch(/not your turn/);
    expect(refused(viewFor(s, null), [{ type: 'end' }])).toMatch(/Spectators/);
  });
});
