// Before you move: marks per hand card, play / discard / end previews, the 1's and the 7's choices and the
// draw offer, on hand-made positions (Basic, Advanced, the Action rule in v1.2 and v1.1).
import { describe, expect, it } from 'vitest';
import {
  adviseTurn,
  advancedDrawOffered,
  applyMove,
  completeTurns,
  defaultTargetScore,
  drawOffer,
  keepingTurns,
  normalizeOptions,
  oneChoices,
  previewDiscard,
  previewEnd,
  previewPlay,
  sameMove,
  sevenChoices,
  viewFor,
} from '../../../shared/engine';
import type { GameOptions, GameState } from '../../../shared/engine';
import { play, setup, withEmptyDeck } from './helpers';

const act = (o: Partial<GameOptions> = {}): Partial<GameOptions> => ({ actionRule: true, ...o });
const view0 = (state: GameState) => viewFor(state, 0);

// Seat 0 to act: O4 against Y5 under Red; hand R6 G2 B1.
const basic = (o: Partial<GameOptions> = {}) =>
  setup(o, { hands: [['R6', 'G2', 'B1'], ['I7']], palettes: [['O4'], ['Y5']], deck: ['B6'], current: 0 });

describe('adviseTurn', () => {
  it('marks each hand card: keeps you in as a play, a discard, play + discard', () => {
    expect(adviseTurn(view0(basic()))).toEqual({
      anyKeepsIn: true,
      cards: [
        // R6 leads under Red; discarding it leaves O4 under Y5; R6 then G2 (Green) leads.
        { card: 'R6', play: true, discard: false, playThenDiscard: true, discardAfterPlay: false },
        // G2 discarded: Green, only O4 counts. Played, then B1 discarded: Blue, two colours against one.
        { card: 'G2', play: false, discard: true, playThenDiscard: true, discardAfterPlay: true },
        { card: 'B1', play: false, discard: false, playThenDiscard: true, discardAfterPlay: true },
      ],
    });
  });

  it('says when no complete turn keeps you in', () => {
    const state = setup({}, { hands: [['I2'], ['B7']], palettes: [['O1'], ['R7']], current: 0 });
    expect(adviseTurn(view0(state))).toEqual({
      anyKeepsIn: false,
      cards: [{ card: 'I2', play: false, discard: false, playThenDiscard: false, discardAfterPlay: false }],
    });
  });

  it('is null once the turn has begun, off turn, and for spectators', () => {
    const state = basic();
    expect(adviseTurn(viewFor(state, 1))).toBeNull();
    expect(adviseTurn(viewFor(state, null))).toBeNull();
    expect(adviseTurn(view0(play(state, { type: 'play', card: 'R6' })))).toBeNull();
  });

  it('works for 3 and 4 players', () => {
    const state = setup(
      { players: 4 },
      {
        hands: [['R6', 'G2'], ['I7'], ['I6'], ['I5']],
        palettes: [['O4'], ['Y5'], ['V7'], ['B2']],
        current: 0,
      },
    );
    // Under Red V7 leads and R6 does not beat it. Green: O4 and B2 count one card each, and O4 beats B2.
    expect(adviseTurn(view0(state))?.cards).toEqual([
      { card: 'R6', play: false, discard: false, playThenDiscard: true, discardAfterPlay: false },
      { card: 'G2', play: false, discard: true, playThenDiscard: false, discardAfterPlay: true },
    ]);
  });
});

describe('previewPlay', () => {
  it('gives the lead right after the play and the rescues, any one of which keeps you in', () => {
    const preview = previewPlay(view0(basic()), 'B1');
    expect(preview).toEqual({
      rule: 'R',
      leader: 1,
      leads: false,
      legal: true,
      illegal: null,
      rescues: ['G2'],
      keepsIn: true,
      action: null,
    });
    expect(previewPlay(view0(basic()), 'I7')).toBeNull();
  });

  it('a 1 that may not be played is not previewed as playable', () => {
    const state = setup(act(), { hands: [['V1', 'R1'], ['I7']], palettes: [['O4'], ['Y5']], current: 0 });
    expect(previewPlay(view0(state), 'V1')).toMatchObject({
      legal: false,
      illegal: { code: 'actionCannotLead', params: { card: 'V1', value: 1 } },
      keepsIn: false,
      rescues: [],
      action: { value: 1, happens: false },
    });
  });

  it("does not promise the 1's action when nobody qualifies", () => {
    // O4 V1 is two cards; Y5 alone is fewer: nobody qualifies. G2 discarded after it still leads (Green).
    const state = setup(act(), { hands: [['V1', 'G2'], ['I7']], palettes: [['O4'], ['Y5']], current: 0 });
    expect(previewPlay(view0(state), 'V1')).toMatchObject({
      legal: true,
      keepsIn: true,
      rescues: ['G2'],
      action: { value: 1, happens: false },
    });
  });

  it('a 7 with its action: rescues count the card the 7 moved away (one-step checks miss them)', () => {
    // Seat 0: O4 V3, plays Y7 against R6. The 7 must move O4 or V3.
    const state = setup(act(), {
      hands: [['Y7', 'V1', 'G5'], ['I3']],
      palettes: [['O4', 'V3'], ['R6']],
      current: 0,
    });
    const preview = previewPlay(view0(state), 'Y7')!;
    expect(preview.action).toEqual({ value: 7, happens: true });
    expect(preview.keepsIn).toBe(true);
    // Y7 then V3 to the deck: O4 Y7 under Red leads already; V1 discarded after O4 to the deck: Violet,
    // V3 counts against nothing. The rescues are what keepingTurns says, whichever way the 7 went.
    const fromTurns = new Set(
      keepingTurns(view0(state)).flatMap((t) => {
        const last = t[t.length - 1];
        return t[0].type === 'play' && t[0].card === 'Y7' && last.type === 'discard' ? [last.card] : [];
      }),
    );
    expect(new Set(preview.rescues)).toEqual(fromTurns);
    expect(preview.rescues).toContain('V1');
  });

  it('a 5 then a 3: the card the 3 draws from the unknown deck is never a rescue; the others are', () => {
    const state = setup(act(), {
      hands: [['G5', 'B3', 'I2'], ['I7']],
      palettes: [['O4'], ['Y5']],
      deck: ['G6'],
      current: 0,
    });
    // On the full state, discarding the drawn G6 (Green: O4 alone) would keep seat 0 in …
    const engineTurns = completeTurns(state).map((t) => t.map((m) => JSON.stringify(m)).join(' '));
    expect(engineTurns.some((t) => t.includes('"G6"'))).toBe(true);
    // … but the seat cannot know that card.
    const preview = previewPlay(view0(state), 'G5')!;
    expect(preview.action).toEqual({ value: 5, happens: true });
    expect(preview.rescues.sort()).toEqual(['B3', 'I2']);
    expect(previewPlay(view0(state), 'B3')?.action).toEqual({ value: 3, happens: true });
  });

  it('a 3 whose draw is the public top card: that card may be the rescue', () => {
    const state = setup(act(), {
      hands: [['B3', 'R1'], ['I7']],
      palettes: [['O4'], ['Y5']],
      deck: ['G6'],
      knownTop: 1,
      current: 0,
    });
    expect(previewPlay(view0(state), 'B3')).toMatchObject({
      rescues: ['G6'],
      action: { value: 3, happens: true },
    });
  });

  it('a 3 with an empty deck, a 5 with nothing to play: the action lapses', () => {
    const empty = setup(
      act(),
      withEmptyDeck({
        hands: [['B3', 'R1'], ['I7']],
        palettes: [['O4'], ['Y5']],
        canvas: ['R2'],
        current: 0,
      }),
    );
    expect(previewPlay(view0(empty), 'B3')?.action).toEqual({ value: 3, happens: false });
    const lone5 = setup(act(), { hands: [['G5'], ['I7']], palettes: [['O4'], ['Y5']], current: 0 });
    expect(previewPlay(view0(lone5), 'G5')?.action).toEqual({ value: 5, happens: false });
  });
});

describe('previewDiscard and previewEnd', () => {
  it('says whether the discard leads under its colour and whether the advanced draw follows', () => {
    expect(previewDiscard(view0(basic()), 'G2')).toEqual({
      rule: 'G',
      leader: 0,
      leads: true,
      legal: true,
      illegal: null,
      draw: null,
    });
    expect(previewDiscard(view0(basic()), 'B1')).toMatchObject({
      leads: false,
      legal: false,
      illegal: { code: 'wouldNotLead', params: { card: 'B1', rule: 'B' } },
    });
    expect(previewDiscard(view0(basic({ mode: 'advanced' })), 'G2')?.draw).toBe('offer');
    expect(previewDiscard(view0(basic({ mode: 'advanced', autoDraw: true })), 'G2')?.draw).toBe('auto');
    // A card played earlier in the turn counts: two palette cards, G2 is not higher.
    const played = play(basic({ mode: 'advanced' }), { type: 'play', card: 'R6' });
    expect(previewDiscard(view0(played), 'G2')?.draw).toBeNull();
  });

  it('previewEnd: would the seat still be in if the turn ended now?', () => {
    expect(previewEnd(view0(basic()))).toEqual({ rule: 'R', leader: 1, leads: false });
    expect(previewEnd(view0(play(basic(), { type: 'play', card: 'R6' })))).toEqual({
      rule: 'R',
      leader: 0,
      leads: true,
    });
    expect(previewEnd(viewFor(basic(), 1))).toBeNull();
  });
});

describe('oneChoices', () => {
  // Seat 0: O4, plays V1 (two cards); seat 1: Y5 B2 qualifies (two cards).
  const position = (o: Partial<GameOptions> = {}) =>
    setup(act(o), { hands: [['V1', 'R1'], ['I7']], palettes: [['O4'], ['Y5', 'B2']], current: 0 });

  it('before and after playing the 1: which palettes qualify and what each card taken does', () => {
    const expected = [
      {
        seat: 1,
        cards: [
          { card: 'Y5', leads: true, keepsIn: true },
          { card: 'B2', leads: false, keepsIn: false },
        ],
      },
    ];
    expect(oneChoices(view0(position()), 'V1')).toEqual(expected);
    const pending = play(position(), { type: 'play', card: 'V1' });
    expect(pending.turn?.pending).toBe('one');
    expect(oneChoices(view0(pending))).toEqual(expected);
    expect(oneChoices(view0(position()))).toEqual([]);
  });

  it('v1.1 and v1.2 differ: v1.1 needs a palette of two or more, v1.2 one at least as large as yours', () => {
    const larger = (rulesVersion: '1.1' | '1.2') =>
      setup(act({ rulesVersion }), {
        hands: [['V1', 'R1'], ['I7']],
        palettes: [
          ['O4', 'O3'],
          ['Y5', 'B2'],
        ],
        current: 0,
      });
    expect(oneChoices(view0(larger('1.1')), 'V1').map((c) => c.seat)).toEqual([1]);
    expect(oneChoices(view0(larger('1.2')), 'V1')).toEqual([]);
    expect(previewPlay(view0(larger('1.2')), 'V1')?.action).toMatchObject({ happens: false });
  });
});

describe('sevenChoices', () => {
  const position = (rulesVersion: '1.1' | '1.2' = '1.2', opponent: 'R6' | 'R7' = 'R6') =>
    setup(act({ rulesVersion }), {
      hands: [['Y7', 'V1', 'G5'], ['I3']],
      palettes: [['O4', 'V3'], [opponent]],
      current: 0,
    });

  it('gives "to the deck" the same lead check as "to the canvas"', () => {
    const expected = [
      { card: 'O4', to: 'canvas', legal: true, leads: true, keepsIn: true },
      { card: 'O4', to: 'deck', legal: true, leads: true, keepsIn: true },
      { card: 'V3', to: 'canvas', legal: false, leads: false, keepsIn: false },
      { card: 'V3', to: 'deck', legal: true, leads: true, keepsIn: true },
    ];
    expect(sevenChoices(view0(position()), 'Y7')).toEqual(expected);
    expect(sevenChoices(view0(play(position(), { type: 'play', card: 'Y7' })))).toEqual(expected);
    // Against R7, Y7 loses under Red: to the deck no card leads; V1 (Violet) can still rescue.
    const strong = sevenChoices(view0(play(position('1.2', 'R7'), { type: 'play', card: 'Y7' })));
    expect(strong.filter((c) => c.to === 'deck').map((c) => c.leads)).toEqual([false, false]);
  });

  it('v1.1: the canvas only', () => {
    const choices = sevenChoices(view0(play(position('1.1'), { type: 'play', card: 'Y7' })));
    expect(choices.map((c) => `${c.card}>${c.to}`)).toEqual(['O4>canvas', 'V3>canvas']);
  });
});

describe('drawOffer', () => {
  const discarded = (knownTop: number) =>
    applyMove(
      setup(
        { mode: 'advanced' },
        { hands: [['G6', 'B1'], ['I7']], palettes: [['O4'], ['Y5']], deck: ['R2'], knownTop, current: 0 },
      ),
      { type: 'discard', card: 'G6' },
    );

  it('names the top card when it is public, and only while the draw is on offer', () => {
    expect(drawOffer(view0(discarded(1)))).toEqual({ known: 'R2' });
    expect(drawOffer(view0(discarded(0)))).toEqual({ known: null });
    expect(drawOffer(viewFor(discarded(1), 1))).toBeNull();
    expect(drawOffer(view0(basic()))).toBeNull();
  });

  it('while the draw is on offer, a hand card previews as not playable now', () => {
    expect(previewPlay(view0(discarded(0)), 'B1')).toMatchObject({
      legal: false,
      illegal: { code: 'decideDraw' },
      keepsIn: false,
      rescues: [],
    });
  });
});

describe('one description of each thing', () => {
  it('advancedDrawOffered: Advanced only, value above the palette size, deck not empty', () => {
    expect(advancedDrawOffered({ mode: 'advanced' }, 'G6', 5, 1)).toBe(true);
    expect(advancedDrawOffered({ mode: 'advanced' }, 'G6', 6, 1)).toBe(false);
    expect(advancedDrawOffered({ mode: 'advanced' }, 'G6', 1, 0)).toBe(false);
    expect(advancedDrawOffered({ mode: 'basic' }, 'G6', 1, 1)).toBe(false);
  });

  it('defaultTargetScore is the target normalizeOptions uses', () => {
    expect([2, 3, 4].map((n) => defaultTargetScore(n as 2 | 3 | 4))).toEqual([40, 35, 30]);
    expect(normalizeOptions({ players: 3, mode: 'advanced', actionRule: false }).targetScore).toBe(35);
  });

  it('sameMove compares fields, whatever their order', () => {
    expect(
      sameMove({ type: 'seven', card: 'R1', to: 'deck' }, { to: 'deck', card: 'R1', type: 'seven' } as never),
    ).toBe(true);
    expect(
      sameMove({ type: 'seven', card: 'R1', to: 'deck' }, { type: 'seven', card: 'R1', to: 'canvas' }),
    ).toBe(false);
    expect(sameMove({ type: 'play', card: 'R1' }, { type: 'discard', card: 'R1' })).toBe(false);
    expect(sameMove({ type: 'end' }, { type: 'end' })).toBe(true);
  });
});
