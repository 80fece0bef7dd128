// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { applyMove, setupState, viewFor, whyNot } from '../../shared/engine';
import type { GameOptions, Move, RoundSetup, SeatView } from '../../shared/engine/types';
import { canDiscard, canPlay, isLegal } from '../../renderer/src/table-models/moves';
import { createApp } from 'vue';
import { useGameText } from '../../renderer/src/table-models/text';
import { i18nWithAllLocales } from './mount';
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
  app.use(i18nWithAllLocales(locale));
  app.mount(document.createElement('div'));
  return words;
}

const basic: GameOptions = { players: 2, mode: 'basic', actionRule: false };
const advanced: GameOptions = { players: 2, mode: 'advanced', actionRule: true };

function view(options: GameOptions, setup: RoundSetup, seat: number | null = 0): SeatView {
  return viewFor(setupState(options, setup), seat);
}

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
  });

  it('reads what is allowed from the view’s legal moves', () => {
    const v = view(basic, setup);
    expect(canPlay(v, 'G6')).toBe(true);
    expect(canDiscard(v, 'B4')).toBe(false);
    expect(isLegal(v, { type: 'end' })).toBe(false);
    expect(isLegal(v, { type: 'pass' })).toBe(true);
  });
});
