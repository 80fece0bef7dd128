// docs/rules.md "The Action rule": what a played 7, 5, 3 or 1 does, in rules v1.2 (default) and v1.1.
import { describe, expect, it } from 'vitest';
import { applyMove, isLeading, legalMoves, viewFor } from '../../../shared/engine';
import type { GameOptions, GameState, Move, RulesVersion } from '../../../shared/engine';
import { expectIllegal, hasMove, keys, play, setup, sorted, withEmptyDeck } from './helpers';

const act = (o: Partial<GameOptions> = {}): Partial<GameOptions> => ({ actionRule: true, ...o });
const ofType = (moves: Move[], type: Move['type']) => keys(moves.filter((m) => m.type === type));

describe('7: another palette card to the canvas or to the deck', () => {
  // Seat 0: O4 V3, plays Y7. Seat 1: R6. Red rule.
  // O4 → canvas (Orange): seat 0 counts Y7 against R6 → leads. V3 → canvas (Violet): seat 0 counts nothing.
  const position = (rulesVersion: RulesVersion = '1.2', mode: 'basic' | 'advanced' = 'basic') =>
    setup(act({ players: 2, rulesVersion, mode }), {
      hands: [
        ['Y7', 'V1', 'G5'],
        ['I3', 'I6'],
      ],
      palettes: [['O4', 'V3'], ['R6']],
      deck: ['B6', 'B5'],
      current: 0,
    });
  const played = (v: RulesVersion = '1.2', mode: 'basic' | 'advanced' = 'basic') =>
    play(position(v, mode), { type: 'play', card: 'Y7' });

  it('playing a 7 asks for its action before anything else', () => {
    const s = played();
    expect(s.turn?.pending).toBe('seven');
    const moves = legalMoves(s);
    expect(moves.filter((m) => !['seven', 'pass'].includes(m.type))).toEqual([]);
    expectIllegal(s, { type: 'end' });
    expectIllegal(s, { type: 'discard', card: 'V1' });
  });

  it('to the canvas only if the player then leads under that colour', () => {
    const moves = legalMoves(played());
    expect(hasMove(moves, { type: 'seven', card: 'O4', to: 'canvas' })).toBe(true);
    expect(hasMove(moves, { type: 'seven', card: 'V3', to: 'canvas' })).toBe(false);
    expect(expectIllegal(played(), { type: 'seven', card: 'V3', to: 'canvas' }).message).toMatch(/lead/i);
  });

  it('the 7 itself, or a card that is not in the palette, cannot be chosen', () => {
    expect(hasMove(legalMoves(played()), { type: 'seven', card: 'Y7', to: 'canvas' })).toBe(false);
    expectIllegal(played(), { type: 'seven', card: 'Y7', to: 'deck' });
    expectIllegal(played(), { type: 'seven', card: 'R6', to: 'deck' });
    expectIllegal(played(), { type: 'seven', card: 'G5', to: 'deck' });
  });

  it('to the canvas: the card becomes the rule and the turn goes on (end or discard)', () => {
    const s = play(played(), { type: 'seven', card: 'O4', to: 'canvas' });
    expect(s.canvas).toEqual(['O4']);
    expect(s.palettes[0]).toEqual(['V3', 'Y7']);
    expect(viewFor(s, 1).rule).toBe('O');
    expect(s.turn?.pending ?? null).toBeNull();
    expect(s.current).toBe(0);
    const moves = legalMoves(s);
    expect(hasMove(moves, { type: 'end' })).toBe(true);
    expect(moves.filter((m) => m.type === 'play')).toEqual([]);
    const ended = play(s, { type: 'end' });
    expect(ended.out).toEqual([false, false]);
    expect(ended.current).toBe(1);
  });

  it('Advanced game: a canvas discard by the 7 never offers the draw (O4: 4 > palette size 2)', () => {
    const s = play(played('1.2', 'advanced'), { type: 'seven', card: 'O4', to: 'canvas' });
    expect(s.turn?.pending ?? null).toBeNull();
    expect(legalMoves(s).filter((m) => m.type === 'draw' || m.type === 'noDraw')).toEqual([]);
    expectIllegal(s, { type: 'draw' });
    const ended = play(s, { type: 'end' });
    expect(ended.hands[0]).toEqual(['V1', 'G5']);
    expect(ended.log.filter((e) => e.kind === 'draw')).toEqual([]);
  });

  it('v1.2, to the deck: the card goes face up on top of the deck, known to everyone, and is the next draw', () => {
    const before = played();
    const s = play(before, { type: 'seven', card: 'O4', to: 'deck' });
    expect(s.palettes[0]).toEqual(['V3', 'Y7']);
    expect(s.deck).toHaveLength(before.deck.length + 1);
    for (const seat of [0, 1, null]) {
      expect(viewFor(s, seat).deckKnownTop).toEqual(['O4']);
      expect(viewFor(s, seat).deckSize).toBe(before.deck.length + 1);
    }
    // Seat 0 leads with Y7 against R6; then seat 1 plays a 3 and draws the known card.
    const t = play(s, { type: 'end' }, { type: 'play', card: 'I3' });
    expect(sorted(t.hands[1])).toEqual(sorted(['I6', 'O4']));
    expect(viewFor(t, 0).deckKnownTop).toEqual([]);
    // It was public, so everyone's log may name it.
    expect(viewFor(t, 0).log.filter((e) => e.kind === 'draw')).toMatchObject([
      { seat: 1, card: 'O4', cause: 'three' },
    ]);
  });

  it('v1.1: a 7 puts the card on the canvas only', () => {
    const s = played('1.1');
    expect(s.turn?.pending).toBe('seven');
    const moves = legalMoves(s).filter((m) => m.type === 'seven');
    expect(keys(moves)).toEqual(keys([{ type: 'seven', card: 'O4', to: 'canvas' }]));
    expectIllegal(s, { type: 'seven', card: 'O4', to: 'deck' });
    expectIllegal(s, { type: 'seven', card: 'V3', to: 'deck' });
  });

  it('pass is allowed while the 7 action is pending, and eliminates', () => {
    expect(hasMove(legalMoves(played()), { type: 'pass' })).toBe(true);
    expect(play(played(), { type: 'pass' }).out[0]).toBe(true);
  });
});

describe('a 7 or a 1 may only be played if the turn can still end with the player leading', () => {
  // Seat 0: B4, hand O7 V1. Seat 1: R7 (or Y7). Red rule.
  // O7: B4 to the canvas (Blue) or the deck leaves O7 against R7; whether B4 moves or stays, discarding V1
  // makes Violet with nothing counting for anyone. V1: no target (seat 1 has one card), then neither
  // ending (B4 < R7) nor discarding O7 (Orange: B4 < R7) leads.
  const position = (opponent: 'R7' | 'Y7', rulesVersion: RulesVersion = '1.2') =>
    setup(act({ players: 2, rulesVersion }), {
      hands: [['O7', 'V1'], ['I3']],
      palettes: [['B4'], [opponent]],
      current: 0,
    });

  for (const v of ['1.2', '1.1'] as RulesVersion[]) {
    it(`v${v}: with no finish that leads, neither the 7 nor the 1 is legal`, () => {
      const s = position('R7', v);
      const moves = legalMoves(s);
      expect(hasMove(moves, { type: 'play', card: 'O7' })).toBe(false);
      expect(hasMove(moves, { type: 'play', card: 'V1' })).toBe(false);
      expect(expectIllegal(s, { type: 'play', card: 'O7' }).message).toMatch(/lead/i);
      expectIllegal(s, { type: 'play', card: 'V1' });
      expect(hasMove(moves, { type: 'pass' })).toBe(true);
    });
  }

  it('v1.2: the same 7 is legal when it can end leading (O7 beats Y7 once B4 goes to the deck)', () => {
    const s = position('Y7');
    expect(hasMove(legalMoves(s), { type: 'play', card: 'O7' })).toBe(true);
    const t = play(
      s,
      { type: 'play', card: 'O7' },
      { type: 'seven', card: 'B4', to: 'deck' },
      { type: 'end' },
    );
    expect(t.out).toEqual([false, false]);
  });

  it('a 1 that leads only thanks to its own action is legal', () => {
    // Seat 0: G6 B2 + Y1 (3 cards); seat 1: R7 Y3 I4 (3 cards, a legal target). Taking R7 leaves seat 0's G6 on top.
    const s = setup(act({ players: 2 }), {
      hands: [['Y1', 'I5'], ['I3']],
      palettes: [
        ['G6', 'B2'],
        ['R7', 'Y3', 'I4'],
      ],
      current: 0,
    });
    expect(hasMove(legalMoves(s), { type: 'play', card: 'Y1' })).toBe(true);
    const after1 = play(s, { type: 'play', card: 'Y1' });
    expect(after1.turn?.pending).toBe('one');
    expect(hasMove(legalMoves(after1), { type: 'one', seat: 1, card: 'R7' })).toBe(true);
    const t = play(after1, { type: 'one', seat: 1, card: 'R7' });
    expect(isLeading(t, 0)).toBe(true);
    expect(play(t, { type: 'end' }).out).toEqual([false, false]);
  });
});

describe('5: play another card; an odd card chains its own action', () => {
  // Seat 0: G1 and a hand of odd cards; seat 1: B1. Red rule: seat 0 leads once any 5 is down.
  const position = (hand: Parameters<typeof setup>[1]['hands'][number], deck = ['I6', 'R4'] as const) =>
    setup(act({ players: 2 }), {
      hands: [hand, ['V6']],
      palettes: [['G1'], ['B1']],
      deck: [...deck],
      current: 0,
    });

  it('after a 5 the player must play another card: only plays (or pass) are legal', () => {
    const s = play(position(['O5', 'Y5', 'B3', 'V2']), { type: 'play', card: 'O5' });
    expect(s.turn?.pending).toBe('five');
    const moves = legalMoves(s);
    expect(ofType(moves, 'play')).toEqual(
      keys(['Y5', 'B3', 'V2'].map((card) => ({ type: 'play', card }) as Move)),
    );
    expect(moves.filter((m) => m.type !== 'play' && m.type !== 'pass')).toEqual([]);
    expectIllegal(s, { type: 'end' });
    expectIllegal(s, { type: 'discard', card: 'V2' });
  });

  it('5 → 3: the extra 3 draws the top card', () => {
    const s = play(position(['O5', 'B3', 'V2']), { type: 'play', card: 'O5' }, { type: 'play', card: 'B3' });
    expect(sorted(s.hands[0])).toEqual(sorted(['V2', 'I6']));
    expect(s.palettes[0]).toEqual(['G1', 'O5', 'B3']);
    expect(s.turn?.pending ?? null).toBeNull();
    expect(s.log.filter((e) => e.kind === 'draw')).toMatchObject([{ seat: 0, card: 'I6', cause: 'three' }]);
  });

  it('5 → 5 → 3: the chain goes on while the extra cards are odd', () => {
    let s = play(
      position(['O5', 'Y5', 'B3', 'V2']),
      { type: 'play', card: 'O5' },
      { type: 'play', card: 'Y5' },
    );
    expect(s.turn?.pending).toBe('five');
    s = play(s, { type: 'play', card: 'B3' });
    expect(s.palettes[0]).toEqual(['G1', 'O5', 'Y5', 'B3']);
    expect(sorted(s.hands[0])).toEqual(sorted(['V2', 'I6']));
    expect(s.turn?.pending ?? null).toBeNull();
    // Once the chain is over no further play is allowed.
    expect(legalMoves(s).filter((m) => m.type === 'play')).toEqual([]);
    expect(play(s, { type: 'end' }).out).toEqual([false, false]);
  });

  it('5 → an even card: the chain stops', () => {
    const s = play(position(['O5', 'B3', 'V2']), { type: 'play', card: 'O5' }, { type: 'play', card: 'V2' });
    expect(s.turn?.pending ?? null).toBeNull();
    expect(s.hands[0]).toEqual(['B3']);
    expect(legalMoves(s).filter((m) => m.type === 'play')).toEqual([]);
  });

  it('5 with an empty hand: nothing happens, the turn goes on', () => {
    const s = play(position(['O5']), { type: 'play', card: 'O5' });
    expect(s.turn?.pending ?? null).toBeNull();
    expect(s.hands[0]).toEqual([]);
    expect(hasMove(legalMoves(s), { type: 'end' })).toBe(true);
    expect(play(s, { type: 'end' }).current).toBe(1);
  });

  it('pass is allowed while the 5 action is pending, and eliminates', () => {
    const s = play(position(['O5', 'V2']), { type: 'play', card: 'O5' });
    expect(play(s, { type: 'pass' }).out[0]).toBe(true);
  });
});

describe('3: draw the top card', () => {
  it('draws the top card of the deck into the hand', () => {
    const s0 = setup(act(), {
      hands: [['B3', 'V2'], ['I3']],
      palettes: [['R7'], ['O1']],
      deck: ['I6'],
      current: 0,
    });
    const s = play(s0, { type: 'play', card: 'B3' });
    expect(sorted(s.hands[0])).toEqual(sorted(['V2', 'I6']));
    expect(s.deck).toHaveLength(s0.deck.length - 1);
    expect(s.deck).not.toContain('I6');
  });

  it('with an empty deck: nothing happens, the turn goes on', () => {
    const s0 = setup(
      act(),
      withEmptyDeck({
        hands: [['B3', 'V2'], ['I3']],
        palettes: [['R7'], ['O1']],
        canvas: ['R1'],
        current: 0,
      }),
    );
    expect(s0.deck).toEqual([]);
    const s = play(s0, { type: 'play', card: 'B3' });
    expect(s.hands[0]).toEqual(['V2']);
    expect(s.turn?.pending ?? null).toBeNull();
    expect(s.current).toBe(0);
    expect(hasMove(legalMoves(s), { type: 'end' })).toBe(true);
    expect(play(s, { type: 'end' }).out).toEqual([false, false]);
  });

  it('without the action rule a 3 draws nothing', () => {
    const s0 = setup(
      {},
      { hands: [['B3', 'V2'], ['I3']], palettes: [['R7'], ['O1']], deck: ['I6'], current: 0 },
    );
    const s = play(s0, { type: 'play', card: 'B3' });
    expect(s.hands[0]).toEqual(['V2']);
    expect(s.turn?.pending ?? null).toBeNull();
  });

  it('the discard is still allowed after the action: discard the drawn card', () => {
    // Seat 0 G1 O5 B3 (after 5 → 3) against B1: under Indigo seat 0's best single card O5 leads.
    const s0 = setup(act(), {
      hands: [['O5', 'B3', 'V2'], ['V6']],
      palettes: [['G1'], ['B1']],
      deck: ['I6'],
      current: 0,
    });
    const s1 = play(s0, { type: 'play', card: 'O5' }, { type: 'play', card: 'B3' });
    expect(hasMove(legalMoves(s1), { type: 'discard', card: 'I6' })).toBe(true);
    const s = play(s1, { type: 'discard', card: 'I6' });
    expect(s.canvas).toEqual(['I6']);
    expect(s.current).toBe(1);
    expect(s.out).toEqual([false, false]);
  });
});

describe('1: put a card of another palette on top of the deck', () => {
  // Seat 0: R7 O6 + V1 → 3 cards (R7 keeps the lead under Red whatever is taken).
  // Seat 1: O2 (only card). Seat 2: Y2 G3 (fewer than 3). Seat 3: B2 B4 I6 (as many as seat 0).
  const four = (rulesVersion: RulesVersion, out = [false, false, false, false]) =>
    play(
      setup(act({ players: 4, rulesVersion }), {
        hands: [['V1', 'I2'], ['I3'], ['I4'], ['I5']],
        palettes: [['R7', 'O6'], ['O2'], ['Y2', 'G3'], ['B2', 'B4', 'I6']],
        deck: ['V7'],
        out,
        current: 0,
      }),
      { type: 'play', card: 'V1' },
    );
  const ones = (s: GameState) => ofType(legalMoves(s), 'one');
  const target = (seat: number, cards: string[]) =>
    cards.map((card) => ({ type: 'one', seat, card }) as Move);

  it('v1.2: only another player still in the round whose palette has at least as many cards (counting the 1)', () => {
    const s = four('1.2');
    expect(s.turn?.pending).toBe('one');
    expect(ones(s)).toEqual(keys(target(3, ['B2', 'B4', 'I6'])));
    expectIllegal(s, { type: 'one', seat: 2, card: 'G3' });
    expectIllegal(s, { type: 'one', seat: 1, card: 'O2' });
    expectIllegal(s, { type: 'one', seat: 0, card: 'O6' });
    expectIllegal(s, { type: 'one', seat: 3, card: 'O6' }); // not in that palette
  });

  it('v1.1: any other player in the round, but never a palette’s only card', () => {
    const s = four('1.1');
    expect(ones(s)).toEqual(keys([...target(2, ['Y2', 'G3']), ...target(3, ['B2', 'B4', 'I6'])]));
    expectIllegal(s, { type: 'one', seat: 1, card: 'O2' });
    expectIllegal(s, { type: 'one', seat: 0, card: 'R7' });
  });

  for (const v of ['1.2', '1.1'] as RulesVersion[]) {
    it(`v${v}: an eliminated player is never a target`, () => {
      const s = four(v, [false, false, false, true]);
      const targets = ones(s);
      expect(targets.some((k) => JSON.parse(k)[2] === 3)).toBe(false);
      expectIllegal(s, { type: 'one', seat: 3, card: 'B4' });
    });
  }

  it('the taken card goes face up on top of the deck (public) and the turn goes on', () => {
    const before = four('1.2');
    const s = play(before, { type: 'one', seat: 3, card: 'I6' });
    expect(s.palettes[3]).toEqual(['B2', 'B4']);
    expect(s.deck).toHaveLength(before.deck.length + 1);
    for (const seat of [0, 1, 2, 3, null]) expect(viewFor(s, seat).deckKnownTop).toEqual(['I6']);
    expect(s.turn?.pending ?? null).toBeNull();
    expect(s.current).toBe(0);
    const t = play(s, { type: 'discard', card: 'I2' }); // Indigo: R7 O6 V1 → run 6-7 (2) beats all
    expect(t.out).toEqual([false, false, false, false]);
    expect(t.current).toBe(1);
  });

  it('nobody qualifies: nothing happens, the turn goes on', () => {
    // v1.2 with seat 3 out: nobody else has 3 cards.
    const s = four('1.2', [false, false, false, true]);
    expect(s.turn?.pending ?? null).toBeNull();
    expect(s.palettes.map((p) => p.length)).toEqual([3, 1, 2, 3]);
    expect(hasMove(legalMoves(s), { type: 'end' })).toBe(true);
  });

  it('pass is allowed while the 1 action is pending, and eliminates', () => {
    expect(play(four('1.2'), { type: 'pass' }).out[0]).toBe(true);
  });
});

describe('moves of the action rule are refused without it', () => {
  it('seven and one moves are illegal when no action is pending', () => {
    const s = setup(act(), {
      hands: [['I2'], ['I3']],
      palettes: [
        ['R7', 'O6'],
        ['O2', 'Y3'],
      ],
      current: 0,
    });
    expectIllegal(s, { type: 'seven', card: 'O6', to: 'deck' });
    expectIllegal(s, { type: 'one', seat: 1, card: 'O2' });
    const noActions = setup(
      {},
      {
        hands: [['Y7', 'V1'], ['I3']],
        palettes: [
          ['R6', 'O6'],
          ['O2', 'Y3'],
        ],
        current: 0,
      },
    );
    const afterSeven = applyMove(noActions, { type: 'play', card: 'Y7' });
    expect(afterSeven.turn?.pending ?? null).toBeNull();
    expectIllegal(afterSeven, { type: 'seven', card: 'O6', to: 'canvas' });
  });
});
