// docs/rules.md "A round" and "Basic and Advanced games" (the draw after a discard): dealing, turn
// order, elimination, discards and the draw offer, played out move by move from hand-made positions.
import { describe, expect, it } from 'vitest';
import { ALL_CARDS, isLeading, legalMoves, newGame, viewFor } from '../../../shared/engine';
import type { CardId, GameState } from '../../../shared/engine';
import { beats, cardsOf, expectIllegal, hasMove, play, setup, sorted, withEmptyDeck } from './helpers';

const outEntries = (s: GameState) => s.log.filter((e) => e.kind === 'out');

describe('dealing (newGame)', () => {
  it('deals 7 cards to each hand and 1 face up to each palette, Red starter on the canvas', () => {
    for (const players of [2, 3, 4] as const) {
      for (let seed = 1; seed <= 20; seed++) {
        const s = newGame({ players, mode: 'advanced', actionRule: false }, seed);
        expect(s.phase).toBe('turn');
        expect(s.round).toBe(1);
        expect(s.hands.map((h) => h.length)).toEqual(Array(players).fill(7));
        expect(s.palettes.map((p) => p.length)).toEqual(Array(players).fill(1));
        expect(s.deck).toHaveLength(49 - 8 * players);
        expect(s.canvas).toEqual([]);
        expect(viewFor(s, 0).rule).toBe('R');
        expect(s.scores).toEqual(Array(players).fill(0));
        expect(sorted(cardsOf(s))).toEqual(sorted(ALL_CARDS));
      }
    }
  });

  it('the player after the one with the highest palette card starts', () => {
    for (const players of [2, 3, 4] as const) {
      for (let seed = 1; seed <= 30; seed++) {
        const s = newGame({ players, mode: 'basic', actionRule: false }, seed);
        let best = 0;
        for (let p = 1; p < players; p++) if (beats(s.palettes[p][0], s.palettes[best][0])) best = p;
        expect(s.current).toBe((best + 1) % players);
      }
    }
  });

  it('the same options and seed give the same game; another seed another deal', () => {
    const o = { players: 3, mode: 'advanced', actionRule: true } as const;
    expect(JSON.stringify(newGame(o, 42))).toBe(JSON.stringify(newGame(o, 42)));
    expect(JSON.stringify(newGame(o, 42).hands)).not.toBe(JSON.stringify(newGame(o, 43).hands));
  });

  it('setupState also starts the player after the highest palette card, wrapping round the table', () => {
    const hands: CardId[][] = [['B1'], ['B2'], ['B3']];
    expect(setup({ players: 3 }, { hands, palettes: [['O3'], ['R7'], ['Y5']] }).current).toBe(2);
    expect(setup({ players: 3 }, { hands, palettes: [['O3'], ['R2'], ['V6']] }).current).toBe(0);
    // Equal values: the colour closer to Red is higher.
    expect(setup({ players: 3 }, { hands, palettes: [['O6'], ['Y6'], ['R5']] }).current).toBe(1);
  });
});

describe('turns and elimination', () => {
  // Red rule: seat 1's R6 leads; seat 0 can overtake it only with Y7.
  const three = () =>
    setup(
      { players: 3 },
      {
        hands: [
          ['V4', 'Y7', 'G2'],
          ['I1', 'I2'],
          ['I3', 'I4'],
        ],
        palettes: [['B3'], ['R6'], ['O5']],
        current: 0,
      },
    );

  it('at the start of a turn: play any hand card, discard a card that leads, or pass; no "end" yet', () => {
    const moves = legalMoves(three());
    for (const card of ['V4', 'Y7', 'G2'] as CardId[])
      expect(hasMove(moves, { type: 'play', card })).toBe(true);
    expect(hasMove(moves, { type: 'pass' })).toBe(true);
    expect(hasMove(moves, { type: 'end' })).toBe(false);
    expectIllegal(three(), { type: 'end' });
  });

  it('ending a turn after a play that does not lead eliminates the player (reason notLeading)', () => {
    const afterPlay = play(three(), { type: 'play', card: 'V4' });
    expect(isLeading(afterPlay, 0)).toBe(false);
    expect(hasMove(legalMoves(afterPlay), { type: 'end' })).toBe(true);
    const s = play(afterPlay, { type: 'end' });
    expect(s.out).toEqual([true, false, false]);
    expect(outEntries(s)).toEqual([{ kind: 'out', seat: 0, reason: 'notLeading' }]);
    expect(s.current).toBe(1);
    expect(s.phase).toBe('turn');
  });

  it('ending a turn while leading keeps the player in; the next seat plays', () => {
    const s = play(three(), { type: 'play', card: 'Y7' }, { type: 'end' });
    expect(s.out).toEqual([false, false, false]);
    expect(s.current).toBe(1);
    expect(s.palettes[0]).toEqual(['B3', 'Y7']);
    expect(s.hands[0]).toEqual(['V4', 'G2']);
  });

  it('only one card may be played per turn (without a 5)', () => {
    const afterPlay = play(three(), { type: 'play', card: 'Y7' });
    expect(legalMoves(afterPlay).filter((m) => m.type === 'play')).toEqual([]);
    expectIllegal(afterPlay, { type: 'play', card: 'G2' });
  });

  it('a card that is not in the hand can be neither played nor discarded', () => {
    expectIllegal(three(), { type: 'play', card: 'R1' });
    expectIllegal(three(), { type: 'play', card: 'I1' }); // another seat's card
    expectIllegal(three(), { type: 'discard', card: 'R1' });
  });

  it('turns go round in seat order, skipping eliminated players', () => {
    const s0 = setup(
      { players: 4 },
      {
        hands: [['Y7', 'I2'], ['I1'], ['I3'], ['I4']],
        palettes: [['B3'], ['R6'], ['O5'], ['G1']],
        out: [false, true, false, true],
        current: 0,
      },
    );
    const s1 = play(s0, { type: 'play', card: 'Y7' }, { type: 'end' });
    expect(s1.current).toBe(2);
  });

  it('a player whose hand is empty at the start of their turn is eliminated (reason emptyHand)', () => {
    const s0 = setup(
      { players: 3 },
      { hands: [['R7', 'V1'], [], ['B1']], palettes: [['G3'], ['O2'], ['Y2']], current: 0 },
    );
    const s = play(s0, { type: 'play', card: 'R7' }, { type: 'end' });
    expect(s.out).toEqual([false, true, false]);
    expect(outEntries(s)).toEqual([{ kind: 'out', seat: 1, reason: 'emptyHand' }]);
    expect(s.current).toBe(2);
  });

  it('pass: allowed at the start of a turn, eliminates (reason pass)', () => {
    const s = play(three(), { type: 'pass' });
    expect(s.out).toEqual([true, false, false]);
    expect(outEntries(s)).toEqual([{ kind: 'out', seat: 0, reason: 'pass' }]);
    expect(s.current).toBe(1);
  });

  it('pass: allowed after a play, even a leading one, and eliminates', () => {
    const afterPlay = play(three(), { type: 'play', card: 'Y7' });
    expect(hasMove(legalMoves(afterPlay), { type: 'pass' })).toBe(true);
    expect(play(afterPlay, { type: 'pass' }).out[0]).toBe(true);
  });

  it('the last player left wins the round; in a Basic game that ends the game', () => {
    const s0 = setup(
      { players: 2 },
      { hands: [['V4', 'Y7'], ['I1']], palettes: [['B3'], ['R6']], current: 0 },
    );
    const s = play(s0, { type: 'play', card: 'V4' }, { type: 'end' });
    expect(s.roundWinner).toBe(1);
    expect(s.phase).toBe('gameOver');
    expect(s.winners).toEqual([1]);
    expect(s.current).toBeNull();
    expect(legalMoves(s)).toEqual([]);
    expect(viewFor(s, 1).gameOver).toBe(true);
    expect(s.log.some((e) => e.kind === 'roundWon' && e.seat === 1)).toBe(true);
    expectIllegal(s, { type: 'nextRound' });
    expectIllegal(s, { type: 'pass' });
  });

  it('the last player wins when the others go out one by one (3 players)', () => {
    let s = play(three(), { type: 'pass' }); // seat 0 out, seat 1 to play
    expect(s.phase).toBe('turn');
    s = play(s, { type: 'pass' }); // seat 1 out: seat 2 is the only one left
    expect(s.roundWinner).toBe(2);
    expect(s.winners).toEqual([2]);
    expect(s.phase).toBe('gameOver');
  });

  it('the last player wins when the next player starts with an empty hand', () => {
    const s0 = setup({ players: 2 }, { hands: [['R7', 'V1'], []], palettes: [['G3'], ['O2']], current: 0 });
    const s = play(s0, { type: 'play', card: 'R7' }, { type: 'end' });
    expect(s.out).toEqual([false, true]);
    expect(s.roundWinner).toBe(0);
    expect(s.phase).toBe('gameOver');
  });

  it('a Basic game is one round: the round winner is the only winner', () => {
    let s = newGame({ players: 3, mode: 'basic', actionRule: false }, 5);
    while (s.phase === 'turn') s = play(s, { type: 'pass' });
    expect(s.phase).toBe('gameOver');
    expect(s.round).toBe(1);
    expect(s.winners).toEqual([s.roundWinner]);
  });
});

describe('discarding to the canvas', () => {
  // Seat 0: B2 G2. Seat 1: R5. Orange would give seat 0 two 2s → lead; Yellow leaves G2 against R5 → not.
  const s0 = () =>
    setup(
      { players: 2 },
      { hands: [['O1', 'Y6', 'V7'], ['I3']], palettes: [['B2', 'G2'], ['R5']], current: 0 },
    );

  it('a discard is allowed only if it leaves the player leading under the new rule', () => {
    const moves = legalMoves(s0());
    expect(hasMove(moves, { type: 'discard', card: 'O1' })).toBe(true);
    expect(hasMove(moves, { type: 'discard', card: 'Y6' })).toBe(false);
    // Violet: seat 0 counts B2 and G2 (2 cards) against seat 1's nothing → lead.
    expect(hasMove(moves, { type: 'discard', card: 'V7' })).toBe(true);
  });

  it('a discard that would not lead is refused with an IllegalMoveError and the state is unchanged', () => {
    const e = expectIllegal(s0(), { type: 'discard', card: 'Y6' });
    expect(e.message).toMatch(/lead/i);
  });

  it('a discard changes the rule to its colour and ends the turn (Basic game: no draw)', () => {
    const s = play(s0(), { type: 'discard', card: 'O1' });
    expect(s.canvas).toEqual(['O1']);
    expect(viewFor(s, 1).rule).toBe('O');
    expect(s.hands[0]).toEqual(['Y6', 'V7']);
    expect(s.out).toEqual([false, false]);
    expect(s.current).toBe(1);
  });

  it('play then discard: the discard is judged with the played card in the palette', () => {
    // Yellow alone would not lead (G2 < R5), but after playing V7 seat 0 counts V7 against R5.
    expect(hasMove(legalMoves(s0()), { type: 'discard', card: 'Y6' })).toBe(false);
    const afterPlay = play(s0(), { type: 'play', card: 'V7' });
    expect(hasMove(legalMoves(afterPlay), { type: 'discard', card: 'Y6' })).toBe(true);
    const s = play(afterPlay, { type: 'discard', card: 'Y6' });
    expect(s.canvas).toEqual(['Y6']);
    expect(s.current).toBe(1);
    expect(s.out).toEqual([false, false]);
  });
});

describe('the advanced draw', () => {
  // Seat 0's palette has 2 cards. O3 and O4 (Orange: B2 G2 lead) are worth a draw; O2 is not.
  const position = (o: { autoDraw?: boolean; mode?: 'basic' | 'advanced' } = {}) =>
    setup(
      { players: 2, mode: o.mode ?? 'advanced', autoDraw: o.autoDraw ?? false },
      {
        hands: [['O3', 'O2', 'O4', 'V6'], ['I3']],
        palettes: [['B2', 'G2'], ['R5']],
        deck: ['V7', 'I7'],
        current: 0,
      },
    );

  it('offered when the discarded value is higher than the palette size', () => {
    const s = play(position(), { type: 'discard', card: 'O3' });
    expect(s.turn?.pending).toBe('draw');
    expect(s.current).toBe(0);
    const moves = legalMoves(s);
    expect(hasMove(moves, { type: 'draw' })).toBe(true);
    expect(hasMove(moves, { type: 'noDraw' })).toBe(true);
    expect(moves.filter((m) => m.type === 'play' || m.type === 'discard' || m.type === 'end')).toEqual([]);
    expectIllegal(s, { type: 'end' });
  });

  it('draw takes the top card of the deck and ends the turn; only the drawer sees which card', () => {
    const s = play(position(), { type: 'discard', card: 'O3' }, { type: 'draw' });
    expect(sorted(s.hands[0])).toEqual(sorted(['O2', 'O4', 'V6', 'V7']));
    expect(s.deck).not.toContain('V7');
    expect(s.current).toBe(1);
    const mine = viewFor(s, 0).log.filter((e) => e.kind === 'draw');
    const theirs = viewFor(s, 1).log.filter((e) => e.kind === 'draw');
    expect(mine).toMatchObject([{ seat: 0, card: 'V7', cause: 'advanced' }]);
    expect(theirs).toMatchObject([{ seat: 0, card: null, cause: 'advanced' }]);
    expect(JSON.stringify(viewFor(s, 1))).not.toContain('V7');
  });

  it('noDraw declines: hand and deck unchanged, the turn ends', () => {
    const before = position();
    const s = play(before, { type: 'discard', card: 'O3' }, { type: 'noDraw' });
    expect(sorted(s.hands[0])).toEqual(sorted(['O2', 'O4', 'V6']));
    expect(s.deck).toEqual(before.deck);
    expect(s.log.slice(-2)).toEqual([
      { kind: 'noDraw', seat: 0 },
      { kind: 'turn', seat: 1, turn: 2, moveCount: 2 },
    ]);
    expect(s.current).toBe(1);
  });

  it('not offered when the value is not higher than the palette size', () => {
    const s = play(position(), { type: 'discard', card: 'O2' });
    expect(s.turn?.pending ?? null).toBeNull();
    expect(s.current).toBe(1);
    expect(s.hands[0]).toHaveLength(3);
  });

  it('a card played earlier in the same turn counts: palette 3 → a 3 gets no draw, a 4 does', () => {
    const no = play(position(), { type: 'play', card: 'V6' }, { type: 'discard', card: 'O3' });
    expect(no.current).toBe(1);
    expect(no.hands[0]).toEqual(['O2', 'O4']);
    const yes = play(position(), { type: 'play', card: 'V6' }, { type: 'discard', card: 'O4' });
    expect(yes.turn?.pending).toBe('draw');
    expect(yes.current).toBe(0);
  });

  it('not offered when the deck is empty', () => {
    const s0 = setup(
      { players: 2, mode: 'advanced' },
      withEmptyDeck({
        hands: [['O3', 'O2'], ['I3']],
        palettes: [['B2', 'G2'], ['R5']],
        canvas: ['R1'],
        current: 0,
      }),
    );
    expect(s0.deck).toEqual([]);
    const s = play(s0, { type: 'discard', card: 'O3' });
    expect(s.turn?.pending ?? null).toBeNull();
    expect(s.current).toBe(1);
    expect(s.hands[0]).toEqual(['O2']);
  });

  it('autoDraw takes it without asking', () => {
    const s = play(position({ autoDraw: true }), { type: 'discard', card: 'O3' });
    expect(sorted(s.hands[0])).toEqual(sorted(['O2', 'O4', 'V6', 'V7']));
    expect(s.current).toBe(1);
    expect(s.log.filter((e) => e.kind === 'draw')).toMatchObject([
      { seat: 0, card: 'V7', cause: 'advanced' },
    ]);
  });

  it('never offered in a Basic game', () => {
    const s = play(position({ mode: 'basic' }), { type: 'discard', card: 'O4' });
    expect(s.current).toBe(1);
    expect(s.hands[0]).toHaveLength(3);
  });

  it('draw and noDraw are refused when nothing is on offer', () => {
    expectIllegal(position(), { type: 'draw' });
    expectIllegal(position(), { type: 'noDraw' });
    expectIllegal(play(position(), { type: 'play', card: 'V6' }), { type: 'draw' });
  });

  it('pass is still allowed while the draw is on offer, and eliminates', () => {
    const s = play(position(), { type: 'discard', card: 'O3' });
    expect(hasMove(legalMoves(s), { type: 'pass' })).toBe(true);
    expect(play(s, { type: 'pass' }).out[0]).toBe(true);
  });
});

describe('who leads: eliminated palettes are ignored, the lead is strict', () => {
  const s = () =>
    setup(
      { players: 3 },
      {
        hands: [['I1'], ['I2'], ['I3']],
        palettes: [['O7'], ['R7'], ['Y5']],
        out: [false, true, false],
        current: 0,
      },
    );

  it("an eliminated player's higher card does not count", () => {
    expect(isLeading(s(), 0)).toBe(true);
    expect(isLeading(s(), 1)).toBe(false);
    expect(isLeading(s(), 2)).toBe(false);
    expect(viewFor(s(), 2).leader).toBe(0);
  });

  it('nobody leads when every counting set is empty (Green)', () => {
    const g = setup(
      { players: 2 },
      { hands: [['I1'], ['I2']], palettes: [['R7'], ['O5']], canvas: ['G1'], current: 0 },
    );
    expect(isLeading(g, 0)).toBe(false);
    expect(isLeading(g, 1)).toBe(false);
    expect(viewFor(g, 0).leader).toBeNull();
  });
});
