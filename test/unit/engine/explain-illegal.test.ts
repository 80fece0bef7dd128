// One judgement of legality: the engine's illegalReason (codes), worded in English by whyIllegal for the
// host and read from a seat's view by whyNot for the renderer (random positions: explain-illegal.property.test.ts).
import { describe, expect, it } from 'vitest';
import { applyMove, viewFor, whyIllegal, whyNot } from '../../../shared/engine';
import type { GameState, Move } from '../../../shared/engine';
import { play, setup } from './helpers';

// Seat 0 to act: O4 against Y5 under Red. Hand: R6 (leads if played), G2 (Green: leads), B1, Y7, V1.
const position = (o: Parameters<typeof setup>[0] = {}): GameState =>
  setup(o, {
    hands: [
      ['R6', 'G2', 'B1', 'Y7', 'V1'],
      ['I7', 'I3'],
    ],
    palettes: [['O4'], ['Y5']],
    deck: ['B4', 'B5'],
    current: 0,
  });

describe('whyNot', () => {
  it('says who may not move: a spectator, a seat that is out, a seat whose turn it is not', () => {
    const state = position();
    expect(whyNot(viewFor(state, null), { type: 'end' })).toEqual({ code: 'spectator' });
    expect(whyNot(viewFor(state, 1), { type: 'play', card: 'I7' })).toEqual({ code: 'notYourTurn' });
    const out = setup(
      { players: 3 },
      {
        hands: [['R6'], ['I7'], ['B2']],
        palettes: [['O4'], ['Y5'], ['G1']],
        out: [false, true, false],
        current: 0,
      },
    );
    expect(whyNot(viewFor(out, 1), { type: 'play', card: 'I7' })).toEqual({ code: 'youAreOut' });
  });

  it('explains plays and discards', () => {
    const view = viewFor(position(), 0);
    expect(whyNot(view, { type: 'play', card: 'R6' })).toBeNull();
    expect(whyNot(view, { type: 'discard', card: 'G2' })).toBeNull();
    expect(whyNot(view, { type: 'discard', card: 'B1' })).toEqual({
      code: 'wouldNotLead',
      params: { card: 'B1', rule: 'B' },
    });
    expect(whyNot(view, { type: 'play', card: 'I7' })).toEqual({ code: 'notInHand', params: { card: 'I7' } });
    expect(whyNot(view, { type: 'end' })).toEqual({ code: 'nothingDone' });
    const played = viewFor(play(position(), { type: 'play', card: 'B1' }), 0);
    expect(whyNot(played, { type: 'play', card: 'R6' })).toEqual({ code: 'alreadyPlayed' });
    expect(whyNot(played, { type: 'end' })).toBeNull();
    const discarded = play(position({ mode: 'advanced' }), { type: 'discard', card: 'G2' });
    expect(whyNot(viewFor(discarded, 0), { type: 'end' })).toEqual({ code: 'decideDraw' });
  });

  it('under the Action rule, a 7 or a 1 that cannot end the turn leading may not be played', () => {
    const view = viewFor(position({ actionRule: true }), 0);
    // V1: nobody qualifies for the 1 (Y5 alone); O4 V1 trails Y5 under Red, but discarding G2 (Green) leads.
    expect(whyNot(view, { type: 'play', card: 'V1' })).toBeNull();
    const noRescue = setup(
      { actionRule: true },
      { hands: [['V1', 'R1'], ['I7']], palettes: [['O4'], ['Y5']], current: 0 },
    );
    expect(whyNot(viewFor(noRescue, 0), { type: 'play', card: 'V1' })).toEqual({
      code: 'actionCannotLead',
      params: { card: 'V1', value: 1 },
    });
  });

  it('names the pending action first', () => {
    const state = position({ actionRule: true });
    const seven = play(state, { type: 'play', card: 'Y7' });
    expect(whyNot(viewFor(seven, 0), { type: 'discard', card: 'G2' })).toEqual({ code: 'resolveSeven' });
    expect(whyNot(viewFor(seven, 0), { type: 'seven', card: 'Y7', to: 'deck' })).toEqual({
      code: 'notOtherPaletteCard',
      params: { card: 'Y7' },
    });
    const five = setup(
      { actionRule: true },
      { hands: [['G5', 'R6'], ['I7']], palettes: [['O4'], ['Y5']], current: 0 },
    );
    expect(whyNot(viewFor(play(five, { type: 'play', card: 'G5' }), 0), { type: 'end' })).toEqual({
      code: 'resolveFive',
    });
  });

  it('between rounds only nextRound; after the game nothing', () => {
    const state = position({ mode: 'advanced' });
    const won = applyMove(state, { type: 'pass' });
    expect(won.phase).toBe('roundOver');
    expect(whyNot(viewFor(won, 0), { type: 'nextRound' })).toBeNull();
    expect(whyNot(viewFor(won, 0), { type: 'end' })).toEqual({ code: 'roundOver' });
    const over = applyMove(position(), { type: 'pass' });
    expect(over.phase).toBe('gameOver');
    expect(whyNot(viewFor(over, 0), { type: 'nextRound' })).toEqual({ code: 'gameOver' });
  });

  it('meets hostile moves with a reason, not an exception', () => {
    const view = viewFor(position(), 0);
    expect(whyNot(view, { type: 'play', card: 'X9' } as unknown as Move)).toEqual({
      code: 'notInHand',
      params: { card: 'X9' },
    });
    expect(whyNot(view, { type: 'fly' } as unknown as Move)).toEqual({ code: 'unknownMove' });
  });
});

describe('whyIllegal keeps its English sentences for the host', () => {
  it('words each reason', () => {
    const state = position();
    expect(whyIllegal(state, { type: 'discard', card: 'B1' })).toBe(
      'Discarding B1 would not leave you leading under its rule.',
    );
    expect(whyIllegal(state, { type: 'end' })).toBe('Play or discard a card first (or pass).');
    expect(whyIllegal(state, { type: 'nextRound' })).toBe('The round is still being played.');
    expect(whyIllegal(state, { type: 'play', card: 'R6' })).toBeNull();
  });
});
