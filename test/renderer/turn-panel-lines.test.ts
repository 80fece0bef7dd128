// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { applyMove, setupState, viewFor } from '../../shared/engine';
import type { CardId, GameOptions, SeatView } from '../../shared/engine/types';
import TurnPanel from '../../renderer/src/components/table/TurnPanel.vue';
import type { Locale } from '../../renderer/src/i18n/locales';
import en from '../../renderer/src/i18n/locales/en.json';
import it_ from '../../renderer/src/i18n/locales/it.json';
import ko from '../../renderer/src/i18n/locales/ko.json';
import { mountApp, turnOf } from './mount';

/*
 * The turn panel's lines say what is true of what is on screen: no reason for a button that is not there,
 * and no "select a card" when no card of the hand can do anything.
 */

const LOCALES: [Locale, typeof en][] = [
  ['en', en],
  ['it', it_ as typeof en],
  ['ko', ko as typeof en],
];
const basic: GameOptions = { players: 2, mode: 'basic', actionRule: false };
const action: GameOptions = { players: 2, mode: 'advanced', actionRule: true };

afterEach(() => {
  document.body.innerHTML = '';
});

/** The panel as the table draws it (the staged table), in `locale`. */
function panel(view: SeatView, locale: Locale, selected: CardId | null = null) {
  const { turn } = turnOf(view, { selected });
  const Table = defineComponent(
    () => () => h(TurnPanel, { model: turn, view: turn.shown, names: ['Ada', 'Bo'] }),
  );
  return Object.assign(mountApp(Table, {}, undefined, locale), { turn });
}

describe('a staged 5 that asks for another card', () => {
  const setupStart = () =>
    setupState(action, { hands: [['G5', 'V2', 'B4'], ['I7']], palettes: [['O3'], ['Y5']], current: 0 });
  const start = () => viewFor(setupStart(), 0);

  it.each(LOCALES)(
    'gives no reason for a Confirm or Discard button that is not shown (%s)',
    async (locale, words) => {
      const w = panel(start(), locale, 'G5');
      await w.get('[data-testid="play"]').trigger('click');
      expect(w.get('[data-testid="turn-status"]').text()).toBe(words.turn.five);
      expect(w.find('[data-testid="confirm-turn"]').exists()).toBe(false);
      expect(w.text()).not.toContain(words.turn.confirm);
      expect(w.text()).not.toContain(words.why.resolveFive);
      // A card selected for the 5: no reason for a Discard button that is not shown either.
      w.turn.select('V2');
      await w.vm.$nextTick();
      expect(w.find('[data-testid="play-preview"]').exists()).toBe(true);
      expect(w.find('[data-testid="discard"]').exists()).toBe(false);
      expect(w.text()).not.toContain(`${words.turn.discard}:`);
      expect(w.text()).not.toContain(words.why.resolveFive);
      // The 5's card played, Confirm is there.
      w.unmount();
      const played = [
        { type: 'play', card: 'G5' },
        { type: 'play', card: 'B4' },
      ] as const;
      const after = panel(
        viewFor(
          played.reduce((s, m) => applyMove(s, m), setupStart()),
          0,
        ),
        locale,
      );
      expect(after.find('[data-testid="confirm-turn"]').exists()).toBe(true);
    },
  );
});

describe('a hand whose cards can do nothing', () => {
  it.each(LOCALES)(
    'says at the turn’s start that the card can do nothing, not “select a card” (%s)',
    (locale, words) => {
      // Action rule: a 1 that cannot end the turn leading may not be played; discarded, Red keeps Bo's 5 ahead.
      const v = viewFor(
        setupState(action, { hands: [['R1'], ['I6']], palettes: [['O3'], ['Y5']], current: 0 }),
        0,
      );
      const w = panel(v, locale);
      expect(w.text()).not.toContain(words.turn.selectHint);
      const hint = w.get('[data-testid="stuck-hint"]').text();
      expect(hint).toBe(words.turn.stuckStart.split(' | ')[0]);
      expect(w.find('[data-testid="pass"]').exists()).toBe(true);
    },
  );

  it.each(LOCALES)(
    'after a play, says the last card cannot be discarded: confirm or undo (%s)',
    (locale, words) => {
      // G6 leads under Red; Y1 discarded would make it Yellow, where Bo's two yellows lead.
      const s = setupState(basic, {
        hands: [['G6', 'Y1'], ['I7']],
        palettes: [['O3'], ['Y5', 'Y2']],
        current: 0,
      });
      const w = panel(viewFor(applyMove(s, { type: 'play', card: 'G6' }), 0), locale);
      expect(w.text()).not.toContain(words.turn.selectHint);
      expect(w.get('[data-testid="stuck-hint"]').text()).toBe(words.turn.stuckAfterPlay.split(' | ')[0]);
      expect(w.find('[data-testid="confirm-turn"]').exists()).toBe(true);
    },
  );

  it.each(LOCALES)(
    'after a staged play whose hand cannot be discarded, the status asks only to confirm (%s)',
    async (locale, words) => {
      const s = setupState(basic, {
        hands: [['G6', 'Y1', 'Y3'], ['I7']],
        palettes: [['O3'], ['Y5', 'Y2']],
        current: 0,
      });
      const w = panel(viewFor(s, 0), locale, 'G6');
      await w.get('[data-testid="play"]').trigger('click');
      const status = () => w.get('[data-testid="turn-status"]').text();
      expect(status()).toBe(words.turn.afterPlayStuck);
      expect(w.find('[data-testid="confirm-turn"]').exists()).toBe(true);
      // A card selected to look at it: still nothing to discard.
      w.turn.select('Y1');
      await w.vm.$nextTick();
      expect(status()).toBe(words.turn.afterPlayStuck);
      // While a discard is possible the status still offers it.
      w.unmount();
      const free = setupState(basic, {
        hands: [['G6', 'R1'], ['I7']],
        palettes: [['O3'], ['Y5', 'Y2']],
        current: 0,
      });
      const v = panel(viewFor(free, 0), locale, 'G6');
      await v.get('[data-testid="play"]').trigger('click');
      expect(v.get('[data-testid="turn-status"]').text()).toBe(words.turn.afterPlay);
    },
  );

  it.each(LOCALES)(
    'at the start of a turn with no usable card, the status offers no play or discard (%s)',
    (locale, words) => {
      const v = viewFor(
        setupState(action, { hands: [['R1'], ['I6']], palettes: [['O3'], ['Y5']], current: 0 }),
        0,
      );
      const w = panel(v, locale);
      expect(w.get('[data-testid="turn-status"]').text()).toBe(words.turn.startStuck);
    },
  );

  it('speaks of the cards in the plural when several can do nothing', () => {
    const s = setupState(basic, {
      hands: [['G6', 'Y1', 'Y3'], ['I7']],
      palettes: [['O3'], ['Y5', 'Y2']],
      current: 0,
    });
    const w = panel(viewFor(applyMove(s, { type: 'play', card: 'G6' }), 0), 'en');
    expect(w.get('[data-testid="stuck-hint"]').text()).toBe(en.turn.stuckAfterPlay.split(' | ')[1]);
  });

  it('still invites a selection while some card can do something', () => {
    const s = setupState(basic, {
      hands: [['G6', 'Y1'], ['I7']],
      palettes: [['O3'], ['Y5', 'Y2']],
      current: 0,
    });
    const w = panel(viewFor(s, 0), 'en');
    expect(w.text()).toContain(en.turn.selectHint);
    expect(w.find('[data-testid="stuck-hint"]').exists()).toBe(false);
  });
});
