// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { applyMove, setupState, viewFor, whyNot } from '../../shared/engine';
import type { GameOptions, Move, RoundSetup, SeatView } from '../../shared/engine/types';
import {
  canDiscard,
  canPlay,
  isLegal,
  oneChoices,
  sameMove,
  sevenChoices,
} from '../../renderer/src/game/moves';
import { countingCards, previewDiscard, previewEnd, previewPlay } from '../../renderer/src/game/preview';
import { createApp } from 'vue';
import { useGameText } from '../../renderer/src/game/text';
import { makeI18n } from '../../renderer/src/i18n';
import type { Locale } from '../../renderer/src/i18n/locales';

/** The renderer's words, outside a component: a throwaway app gives useGameText its i18n. */
function gameText(locale: Locale) {
  let words!: ReturnType<typeof useGameText>;
  const app = createApp({
    setup() {
      words = useGameText();
      return () => null;
    },
  });
  app.use(makeI18n(locale));
  app.mount(document.createElement('div'));
  return words;
}

const basic: GameOptions = { players: 2, mode: 'basic', actionRule: false };
const advanced: GameOptions = { players: 2, mode: 'advanced', actionRule: true };

function view(options: GameOptions, setup: RoundSetup, seat: number | null = 0): SeatView {
  return viewFor(setupState(options, setup), seat);
}

describe('previews from a seat view', () => {
  // Seat 0 to play under Red: O3 vs Y5 in the palettes, so seat 1 leads now.
  const setup: RoundSetup = {
    hands: [
      ['G6', 'V2', 'B4', 'R1'],
      ['I7', 'O1'],
    ],
    palettes: [['O3'], ['Y5']],
    current: 0,
  };

  it('says whether playing a card would lead, and which discards would then rescue', () => {
    const v = view(basic, setup);
    expect(previewPlay(v, 'G6')).toMatchObject({ leads: true, leader: 0, rule: 'R', rescues: [] });
    const low = previewPlay(v, 'V2')!;
    expect(low.leads).toBe(false);
    expect(low.leader).toBe(1);
    // After V2, O3 V2 against Y5: Green (V2 against nothing) and Blue (two colours against one)
    // would rescue; Red (R1) would not, Y5 stays the highest card.
    expect(low.rescues).toEqual(['G6', 'B4']);
    expect(low.action).toBeNull();
  });

  it('says what a discard would do to the rule and the lead', () => {
    const v = view(basic, setup);
    // Blue: one colour each, the tie goes to the higher card, Y5.
    expect(previewDiscard(v, 'B4')).toMatchObject({ rule: 'B', leads: false, leader: 1, draw: null });
    // Green: nobody has an even card, so nobody leads.
    expect(previewDiscard(v, 'G6')).toMatchObject({ rule: 'G', leads: false, leader: null });
    expect(previewDiscard(v, 'R1')).toMatchObject({ rule: 'R', leads: false, leader: 1 });
    // Violet: O3 counts for seat 0, Y5 does not count for seat 1.
    expect(previewDiscard(v, 'V2')).toMatchObject({ rule: 'V', leads: true, leader: 0 });
  });

  it('agrees with the engine on which discards are legal', () => {
    const v = view(basic, setup);
    for (const card of v.hand) expect(canDiscard(v, card), card).toBe(previewDiscard(v, card)!.leads);
  });

  it('offers the advanced draw only when the value beats the palette size and the deck has cards', () => {
    const v = view(advanced, { ...setup, palettes: [['O3', 'B2'], ['Y5']] });
    expect(previewDiscard(v, 'V2')!.draw).toBeNull(); // 2 is not more than 2 palette cards
    const seven = view(advanced, {
      hands: [['G6', 'V7'], ['I7']],
      palettes: [['O3', 'B2'], ['Y5']],
      current: 0,
    });
    expect(previewDiscard(seven, 'V7')).toMatchObject({ leads: true, draw: 'offer' });
    const auto = view(
      { ...advanced, autoDraw: true },
      { hands: [['G6', 'V7'], ['I7']], palettes: [['O3', 'B2'], ['Y5']], current: 0 },
    );
    expect(previewDiscard(auto, 'V7')!.draw).toBe('auto');
  });

  it('names the action an odd card brings under the Action rule', () => {
    const v = view(advanced, setup);
    expect(previewPlay(v, 'R1')!.action).toBe(1);
    expect(previewPlay(v, 'G6')!.action).toBeNull();
    expect(previewPlay(view(basic, setup), 'R1')!.action).toBeNull();
  });

  it('warns that ending the turn now would put the player out', () => {
    let state = setupState(basic, setup);
    state = applyMove(state, { type: 'play', card: 'V2' });
    const v = viewFor(state, 0);
    expect(previewEnd(v)).toMatchObject({ leads: false, leader: 1 });
    expect(isLegal(v, { type: 'end' })).toBe(true);
  });

  it('highlights each seat’s counting cards and none for a seat that is out', () => {
    const v = view(
      { ...basic, players: 3 },
      {
        hands: [['G6'], ['I7'], ['B1']],
        palettes: [['O3', 'R2'], ['Y5'], ['G4']],
        out: [false, false, true],
        current: 0,
      },
    );
    expect(countingCards(v)).toEqual([['O3'], ['Y5'], []]);
  });

  it('gives nothing to a spectator', () => {
    const v = view(basic, setup, null);
    expect(v.hand).toEqual([]);
    expect(previewPlay(v, 'G6')).toBeNull();
    expect(previewDiscard(v, 'G6')).toBeNull();
    expect(previewEnd(v)).toBeNull();
  });
});

describe('the engine’s reasons for moves that are not legal, in words', () => {
  const setup: RoundSetup = {
    hands: [
      ['G6', 'V2', 'B4'],
      ['I7', 'O1'],
    ],
    palettes: [['O3'], ['Y5']],
    current: 0,
  };
  const say = (v: SeatView, move: Move, locale: Locale = 'en'): string | null => {
    const reason = whyNot(v, move);
    return reason && gameText(locale).reasonText(reason);
  };

  it('is silent for a legal move', () => {
    expect(say(view(basic, setup), { type: 'play', card: 'G6' })).toBeNull();
  });

  it('words turn order, spent plays and rules that would not lead, in each language', () => {
    expect(say(view(basic, setup, 1), { type: 'play', card: 'I7' })).toBe('It is not your turn.');
    expect(say(view(basic, setup, null), { type: 'play', card: 'G6' })).toBe('You are watching this game.');
    expect(say(view(basic, setup), { type: 'discard', card: 'B4' })).toBe('Under Blue you would not lead.');
    expect(say(view(basic, setup), { type: 'discard', card: 'B4' }, 'it')).toBe(
      'Con la regola Blu non saresti in testa.',
    );
    expect(say(view(basic, setup), { type: 'discard', card: 'B4' }, 'ko')).toBe(
      '파랑 규칙에서는 1위가 아닙니다.',
    );
    const after = viewFor(applyMove(setupState(basic, setup), { type: 'play', card: 'V2' }), 0);
    expect(say(after, { type: 'play', card: 'G6' })).toBe('You already played a card this turn.');
    expect(say(view(basic, setup), { type: 'end' })).toBe('Play or discard a card first, or pass.');
    expect(say(view(basic, setup), { type: 'play', card: 'R7' })).toBe('Red 7 is not in your hand.');
  });

  it('explains a pending action first', () => {
    // Playing the 7 under the Action rule asks for a palette card before anything else.
    const s = setupState(advanced, {
      hands: [['R7', 'V2'], ['I1']],
      palettes: [['O3', 'G2'], ['Y5']],
      current: 0,
    });
    const v = viewFor(applyMove(s, { type: 'play', card: 'R7' }), 0);
    expect(v.turn?.pending).toBe('seven');
    expect(say(v, { type: 'discard', card: 'V2' })).toBe("First finish your 7's action.");
    // O3 to the canvas leaves R7 leading under Orange; G2 to the canvas leaves no even card.
    expect(sevenChoices(v)).toEqual(
      expect.arrayContaining([
        { card: 'O3', to: 'canvas' },
        { card: 'O3', to: 'deck' },
        { card: 'G2', to: 'deck' },
      ]),
    );
    expect(sevenChoices(v)).toHaveLength(3);
  });

  it('lists the cards a pending 1 may take', () => {
    const s = setupState(advanced, {
      hands: [['R1', 'V2'], ['I1']],
      palettes: [['O3'], ['Y5', 'B6']],
      current: 0,
    });
    const v = viewFor(applyMove(s, { type: 'play', card: 'R1' }), 0);
    expect(v.turn?.pending).toBe('one');
    expect(oneChoices(v)).toEqual([
      { seat: 1, card: 'Y5' },
      { seat: 1, card: 'B6' },
    ]);
  });

  it('compares moves field by field', () => {
    expect(sameMove({ type: 'play', card: 'R1' }, { type: 'play', card: 'R1' })).toBe(true);
    expect(sameMove({ type: 'play', card: 'R1' }, { type: 'discard', card: 'R1' })).toBe(false);
    expect(
      sameMove({ type: 'seven', card: 'R1', to: 'deck' }, { type: 'seven', card: 'R1', to: 'canvas' }),
    ).toBe(false);
    expect(canPlay(view(basic, setup), 'G6')).toBe(true);
  });
});
