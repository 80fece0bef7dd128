// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { applyMove, countingSet, seatStandings, setupState, viewFor } from '../../shared/engine';
import type { GameOptions, Move, SeatView } from '../../shared/engine/types';
import type { SeatInfo } from '../../shared/protocol';
import GameCard from '../../renderer/src/components/common/GameCard.vue';
import HandView from '../../renderer/src/components/board/HandView.vue';
import NoticeToasts from '../../renderer/src/components/app/NoticeToasts.vue';
import { useNoticesStore } from '../../renderer/src/stores/notices';
import RuleReference from '../../renderer/src/components/app/RuleReference.vue';
import SeatPanel from '../../renderer/src/components/board/SeatPanel.vue';
import TurnPanel from '../../renderer/src/components/table/TurnPanel.vue';
import { COLOR_SHAPES } from '../../renderer/src/table-models/symbols';
import { RULE_EXAMPLES } from '../../renderer/src/table-models/ruleExamples';
import { defineComponent, h } from 'vue';
import { mountApp, seatInfo, seatView, turnOf } from './mount';

const basic: GameOptions = { players: 2, mode: 'basic', actionRule: false };
const action: GameOptions = { players: 2, mode: 'advanced', actionRule: true };

afterEach(() => {
  document.body.innerHTML = '';
});

describe('GameCard', () => {
  it('shows the value and a shape for the colour, never colour alone', () => {
    const w = mountApp(GameCard, { props: { card: 'B4' } });
    expect(w.attributes('aria-label')).toBe('Blue 4');
    expect(w.attributes('role')).toBe('img');
    expect(w.text()).toContain('4');
    expect(w.find('path').attributes('d')).toBe(COLOR_SHAPES.B);
    expect(new Set(Object.values(COLOR_SHAPES)).size).toBe(7);
  });

  it('says when a card counts, and draws face-down cards without revealing them', () => {
    expect(mountApp(GameCard, { props: { card: 'R7', counting: true } }).attributes('aria-label')).toBe(
      'Red 7. counts under the rule',
    );
    const back = mountApp(GameCard, { props: { card: null } });
    expect(back.attributes('aria-label')).toBe('face-down card');
    expect(back.attributes('data-card')).toBeUndefined();
  });

  it('is a focusable button when interactive, still focusable (with its reason) when disabled', async () => {
    const w = mountApp(GameCard, {
      props: { card: 'G2', interactive: true, disabled: true, note: 'It is not your turn.' },
    });
    expect(w.element.tagName).toBe('BUTTON');
    expect(w.attributes('disabled')).toBeUndefined();
    expect(w.attributes('aria-disabled')).toBe('true');
    expect(w.attributes('aria-label')).toBe('Green 2. It is not your turn.');
    await w.trigger('click');
    expect(w.emitted('choose')).toEqual([['G2']]);
  });
});

describe('HandView', () => {
  it('moves focus with the arrow keys (one tab stop) and selects with a click or Enter', async () => {
    const w = mountApp(HandView, {
      props: {
        hand: ['R1', 'O2', 'Y3'],
        selected: null,
        blocked: { O2: 'Under Red you would not lead.' },
        fresh: [],
      },
    });
    const cards = () => w.findAll('button.card');
    expect(cards().map((c) => c.attributes('tabindex'))).toEqual(['0', '-1', '-1']);
    await cards()[0].trigger('keydown', { key: 'ArrowRight' });
    await new Promise((r) => setTimeout(r, 0));
    expect(document.activeElement?.getAttribute('data-card')).toBe('O2');
    expect(cards().map((c) => c.attributes('tabindex'))).toEqual(['-1', '0', '-1']);
    await cards()[1].trigger('keydown', { key: 'End' });
    await new Promise((r) => setTimeout(r, 0));
    expect(document.activeElement?.getAttribute('data-card')).toBe('Y3');
    await cards()[2].trigger('click');
    expect(w.emitted('select')).toEqual([['Y3']]);
    expect(cards()[1].attributes('aria-label')).toBe(
      'Orange 2. Can do nothing now. Under Red you would not lead.',
    );
    expect(cards()[1].classes()).toContain('disabled');
  });

  /*
   * What the stripes mean: a key on the line above the hand (a phone's and a tablet's style shows it), or, where
   * the marks' line under the cards shows, a striped card's own mark. A screen reader hears it in the card's name.
   */
  it('says what a striped card means: a key over the hand, or its mark under it', () => {
    const blocked = { V5: 'You already played a card this turn.' };
    const after = mountApp(HandView, { props: { hand: ['G3', 'V5'], selected: null, blocked, fresh: [] } });
    const key = after.find('[data-testid="stripes-key"]');
    expect(key.text()).toBe('Striped: can do nothing now');
    expect(key.attributes('aria-hidden')).toBe('true');
    expect(after.find('[data-card="V5"]').attributes('aria-label')).toBe(
      'Violet 5. Can do nothing now. You already played a card this turn.',
    );
    expect(after.find('[data-card="G3"]').attributes('aria-label')).toBe('Green 3');

    const start = mountApp(HandView, {
      props: { hand: ['G3', 'V5'], selected: null, blocked, fresh: [], marks: { G3: 'play' } },
    });
    expect(start.find('[data-testid="stripes-key"]').exists()).toBe(false);
    expect(start.findAll('[data-testid="blocked-mark"]').map((m) => m.text())).toEqual(['not now']);
    expect(
      start
        .find('[data-testid="blocked-mark"]')
        .element.closest('li')
        ?.querySelector('[data-card]')
        ?.getAttribute('data-card'),
    ).toBe('V5');

    const none = mountApp(HandView, { props: { hand: ['G3'], selected: null, blocked: {}, fresh: [] } });
    expect(none.find('[data-testid="stripes-key"]').exists()).toBe(false);
  });
});

describe('SeatPanel', () => {
  it('raises the counting cards, crowns the leader and marks the turn', () => {
    const view = seatView(basic, { hands: [['G6'], ['I7']], palettes: [['O3', 'R6'], ['Y5']], current: 0 });
    const w = mountApp(SeatPanel, {
      props: { view, seat: 0, name: 'Ada', info: null, standing: seatStandings(view)[0] },
    });
    expect(w.findAll('.card.counting').map((c) => c.attributes('data-card'))).toEqual(['R6']);
    expect(w.get('[data-testid="standing"]').text()).toBe('Red 6 counts');
    expect(w.text()).toContain('leads');
    expect(w.text()).toContain('(you)');
    expect(w.classes()).toContain('turn');
    expect(w.find('.sr-only').text()).toBe('to play, leads');
  });

  it('keeps an eliminated player’s palette face up, dimmed: it shows what decided the loss', () => {
    const view = seatView(
      { ...basic, players: 3 },
      {
        hands: [['G6'], ['I7'], ['B2']],
        palettes: [['O3'], ['Y5'], ['V1']],
        out: [false, false, true],
        current: 0,
      },
    );
    const w = mountApp(SeatPanel, {
      props: { view, seat: 2, name: 'Cy', info: null, standing: seatStandings(view)[2] },
    });
    expect(w.text()).toContain('out');
    expect(w.findAll('[data-card]').map((c) => c.attributes('data-card'))).toEqual(['V1']);
    expect(w.findAll('.card.back')).toHaveLength(0);
    expect(w.findAll('.card.counting')).toHaveLength(0); // out of the round: its cards no longer count
    expect(w.find('[data-testid="standing"]').exists()).toBe(false);
    expect(w.classes()).toContain('out');
  });

  it('shows the away badge only on a seat the host calls away (never on a voted-out one)', () => {
    const view = seatView(basic, { hands: [['G6'], ['I7']], palettes: [['O3'], ['Y5']], current: 0 });
    const seat = (info: Partial<SeatInfo>) =>
      mountApp(SeatPanel, {
        props: { view, seat: 1, name: 'Bo', info: seatInfo(1, 'Bo', info), standing: null },
      });
    expect(seat({ connected: false, away: true }).find('.badge.away').exists()).toBe(true);
    const out = seat({ connected: false, votedOut: true, person: false, away: false });
    expect(out.find('.badge.away').exists()).toBe(false);
    expect(out.find('.sr-only').text()).not.toContain('away');
  });

  it('makes only the offered cards pickable', async () => {
    const view = seatView(basic, { hands: [['G6'], ['I7']], palettes: [['O3'], ['Y5', 'B6']], current: 0 });
    const w = mountApp(SeatPanel, {
      props: { view, seat: 1, name: 'Bo', info: null, standing: null, pickable: ['B6'] },
    });
    const buttons = w.findAll('button.card');
    expect(buttons.map((b) => b.attributes('data-card'))).toEqual(['B6']);
    await buttons[0].trigger('click');
    expect(w.emitted('pick')).toEqual([['B6']]);
  });
});

function panel(
  view: SeatView,
  selected: SeatView['hand'][number] | null = null,
  sevenCard: SeatView['hand'][number] | null = null,
) {
  const { turn, sent } = turnOf(view, { selected, sevenCard });
  // As the table draws it: the panel shows the staged table.
  const Table = defineComponent(
    () => () => h(TurnPanel, { model: turn, view: turn.shown, names: ['Ada', 'Bo'] }),
  );
  return Object.assign(mountApp(Table), { sent, turn });
}
/** The messages the panel's buttons handed on to the host (each the steps of one turn message). */
const moves = (w: ReturnType<typeof panel>): Move[][] => w.sent;

describe('TurnPanel', () => {
  const setup = {
    hands: [
      ['G6', 'V2', 'B4'],
      ['I7', 'O1'],
    ],
    palettes: [['O3'], ['Y5']],
    current: 0,
  } as const;
  const start = () =>
    setupState(basic, {
      hands: setup.hands.map((h) => [...h]),
      palettes: setup.palettes.map((p) => [...p]),
      current: 0,
    });

  it('previews the selected card, stages the move it allows, and sends the turn once confirmed', async () => {
    const w = panel(viewFor(start(), 0), 'G6');
    expect(w.text()).toContain('Play Green 6: you would lead.');
    // Discarding it instead leaves O3 against Y5 under Green: no even card, nobody leads.
    expect(w.text()).toContain('Discard Green 6: the rule becomes Green, but you would not lead.');
    expect(w.find('[data-testid="confirm-turn"]').exists()).toBe(false); // nothing staged yet
    await w.get('[data-testid="play"]').trigger('click');
    expect(moves(w)).toEqual([]);
    expect(w.get('[data-testid="not-sent"]').text()).toBe(
      'Not sent yet: the others see your turn once you confirm it.',
    );
    expect(w.get('[data-testid="undo"]').attributes('aria-label')).toBe('Undo: playing Green 6');
    expect(w.text()).toContain('Ending now: you stay in the round.');
    await w.get('[data-testid="confirm-turn"]').trigger('click');
    expect(moves(w)).toEqual([[{ type: 'play', card: 'G6' }, { type: 'end' }]]);
  });

  it('takes a staged step back with Undo: nothing is sent, the card is back in hand and selected', async () => {
    const w = panel(viewFor(start(), 0), 'G6');
    await w.get('[data-testid="play"]').trigger('click');
    expect(w.turn.shown.hand).toEqual(['V2', 'B4']);
    await w.get('[data-testid="undo"]').trigger('click');
    expect(w.turn.shown.hand).toEqual(['G6', 'V2', 'B4']);
    expect(w.turn.selected).toBe('G6');
    expect(w.find('[data-testid="undo"]').exists()).toBe(false);
    expect(moves(w)).toEqual([]);
  });

  it('after a staged discard the turn is over on screen: only Confirm and Undo are left', async () => {
    const w = panel(viewFor(start(), 0), 'V2'); // Violet: O3 against Y5, the lower card: Ada leads
    await w.get('[data-testid="discard"]').trigger('click');
    expect(w.get('[data-testid="turn-status"]').text()).toBe(
      'Your turn is ready. Confirm it to send it, or undo a step.',
    );
    expect(w.find('[data-testid="play"]').exists()).toBe(false);
    expect(w.get('[data-testid="staged-preview"]').text()).toBe(
      'You lead: this turn keeps you in the round.',
    );
    expect(w.find('[data-testid="pass"]').exists()).toBe(false);
    await w.get('[data-testid="confirm-turn"]').trigger('click');
    expect(moves(w)).toEqual([[{ type: 'discard', card: 'V2' }]]); // the discard ended it: no `end`
  });

  it('disables a discard that would not lead and says why', () => {
    const w = panel(viewFor(start(), 0), 'B4');
    const discard = w.get('[data-testid="discard"]');
    expect(discard.attributes('disabled')).toBeDefined();
    expect(w.get(`#${discard.attributes('aria-describedby')}`).text()).toBe(
      'Discard: Under Blue you would not lead.',
    );
  });

  it('suggests the discards that would rescue a play that falls behind', () => {
    const w = panel(viewFor(start(), 0), 'V2');
    expect(w.text()).toContain(
      'Play Violet 2: you would not lead yet. Then discarding any one of Green 6 or Blue 4 would make you lead.',
    );
  });

  it('asks before ending a turn that would eliminate, and sends nothing on cancel', async () => {
    const after = viewFor(applyMove(start(), { type: 'play', card: 'V2' }), 0);
    const w = panel(after);
    expect(w.text()).toContain('Ending now would put you out of the round.');
    await w.get('[data-testid="confirm-turn"]').trigger('click');
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain(
      'If you end your turn now, you are out of this round.',
    );
    (document.querySelector('[data-testid="confirm-no"]') as HTMLButtonElement).click();
    await w.vm.$nextTick();
    expect(moves(w)).toEqual([]);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    await w.get('[data-testid="confirm-turn"]').trigger('click');
    (document.querySelector('[data-testid="confirm-yes"]') as HTMLButtonElement).click();
    expect(moves(w)).toEqual([[{ type: 'end' }]]);
  });

  it('ends a turn that keeps the lead without asking', async () => {
    const w = panel(viewFor(applyMove(start(), { type: 'play', card: 'G6' }), 0));
    await w.get('[data-testid="confirm-turn"]').trigger('click');
    expect(moves(w)).toEqual([[{ type: 'end' }]]);
  });

  it('passes only after a confirmation', async () => {
    const w = panel(viewFor(start(), 0));
    await w.get('[data-testid="pass"]').trigger('click');
    expect(moves(w)).toEqual([]);
    (document.querySelector('[data-testid="confirm-yes"]') as HTMLButtonElement).click();
    expect(moves(w)).toEqual([[{ type: 'pass' }]]);
  });

  it('offers the advanced draw after a discard', async () => {
    const s = setupState(action, {
      hands: [['G6', 'V7'], ['I7']],
      palettes: [['O3', 'B2'], ['Y5']],
      current: 0,
    });
    const after = viewFor(applyMove(s, { type: 'discard', card: 'V7' }), 0);
    const w = panel(after);
    expect(w.text()).toContain('You may draw a card from the deck.');
    // The deck's top card is face down: the draw goes to the host at once, and says so (wider than a phone,
    // in a short label described by the line under the buttons).
    const draw = w.get('[data-testid="draw"]');
    expect(draw.text()).toBe('Draw and send');
    const why = w.get(`#${draw.attributes('aria-describedby')}`);
    expect(why.text()).toContain('this step goes now');
    expect(w.find('[data-testid="play"]').exists()).toBe(false); // the draw's answer first, nothing else
    await w.get('[data-testid="draw"]').trigger('click');
    expect(moves(w)).toEqual([[{ type: 'draw' }]]);
    // "No, thanks" is staged like any step, and ends the turn on screen.
    const no = panel(after);
    await no.get('[data-testid="no-draw"]').trigger('click');
    expect(moves(no)).toEqual([]);
    await no.get('[data-testid="confirm-turn"]').trigger('click');
    expect(moves(no)).toEqual([[{ type: 'noDraw' }]]);
  });

  it('walks the 7: pick a palette card, then the canvas (only when it leads) or the deck', async () => {
    const s = setupState(action, {
      hands: [['R7', 'V2'], ['I1']],
      palettes: [['O3', 'G2'], ['Y5']],
      current: 0,
    });
    const v = viewFor(applyMove(s, { type: 'play', card: 'R7' }), 0);
    expect(panel(v).text()).toContain('Choose one of the outlined cards of your palette.');
    const g2 = panel(v, null, 'G2');
    expect(g2.get('[data-testid="seven-canvas"]').attributes('disabled')).toBeDefined();
    expect(g2.text()).toContain('Under Green you would not lead, so it cannot go to the canvas.');
    await g2.get('[data-testid="seven-deck"]').trigger('click');
    await g2.get('[data-testid="confirm-turn"]').trigger('click');
    const o3 = panel(v, null, 'O3');
    await o3.get('[data-testid="seven-canvas"]').trigger('click');
    await o3.get('[data-testid="confirm-turn"]').trigger('click');
    expect([...moves(g2), ...moves(o3)]).toEqual([
      [{ type: 'seven', card: 'G2', to: 'deck' }, { type: 'end' }],
      [{ type: 'seven', card: 'O3', to: 'canvas' }, { type: 'end' }],
    ]);
  });

  it('has no deck choice for a 7 under rules v1.1', () => {
    const s = setupState(
      { ...action, rulesVersion: '1.1' },
      { hands: [['R7', 'V2'], ['I1']], palettes: [['O3', 'G2'], ['Y5']], current: 0 },
    );
    const w = panel(viewFor(applyMove(s, { type: 'play', card: 'R7' }), 0), null, 'O3');
    expect(w.find('[data-testid="seven-deck"]').exists()).toBe(false);
  });

  it('asks for another card after a 5, without a discard button', () => {
    const s = setupState(action, {
      hands: [['R5', 'G6', 'V2'], ['I1']],
      palettes: [['O3'], ['Y4']],
      current: 0,
    });
    const w = panel(viewFor(applyMove(s, { type: 'play', card: 'R5' }), 0), 'G6');
    expect(w.text()).toContain('Your 5: play another card');
    expect(w.find('[data-testid="discard"]').exists()).toBe(false);
    expect(w.get('[data-testid="play"]').attributes('disabled')).toBeUndefined();
  });

  it('speaks whose turn it is, but not the end (the announcer says who won, and the summary opens)', () => {
    const status = (v: SeatView) => panel(v).get('[data-testid="turn-status"]');
    const during = status(viewFor(start(), 1));
    expect(during.attributes('role')).toBe('status');
    expect(during.attributes('aria-live')).toBeUndefined();
    const over = status(viewFor(applyMove(start(), { type: 'pass' }), 0));
    expect(over.text()).toContain('Game over');
    expect(over.attributes('aria-live')).toBe('off');
  });

  it('tells whose turn it is when it is not ours, and shows no actions', () => {
    const w = panel(viewFor(start(), 1), 'I7');
    expect(w.text()).toContain('Ada is playing…');
    expect(w.find('[data-testid="play"]').exists()).toBe(false);
  });
});

describe('RuleReference', () => {
  it('draws each rule’s example with the engine’s counting cards raised', () => {
    const w = mountApp(RuleReference, { props: { options: null } });
    for (const [rule, palette] of Object.entries(RULE_EXAMPLES)) {
      const block = w.get(`[data-rule="${rule}"]`);
      const raised = block.findAll('.card.counting').map((c) => c.attributes('data-card'));
      expect(raised.sort(), rule).toEqual(countingSet(palette, rule as keyof typeof RULE_EXAMPLES).sort());
      expect(raised.length, rule).toBeLessThan(palette.length);
    }
    expect(w.get('[data-testid="rules-variants"]').text()).toContain('Join a table to see its options.');
  });

  it('describes the variants in play at this table', () => {
    const w = mountApp(RuleReference, {
      props: {
        options: {
          players: 3,
          mode: 'advanced',
          actionRule: true,
          rulesVersion: '1.1',
          targetScore: 20,
          autoDraw: true,
        },
      },
    });
    const text = w.get('[data-testid="rules-variants"]').text();
    expect(text).toContain('First to 20 points');
    expect(text).toContain('Advanced draw (automatic)');
    expect(text).toContain('Action rule (rules v1.1)');
    expect(text).toContain('never a palette');
    expect(text).not.toContain('face down on top of the deck');
  });
});

describe('NoticeToasts', () => {
  it("tells the player why the host could not do something (e.g. its disk is full), in the host's words", async () => {
    const w = mountApp(NoticeToasts);
    useNoticesStore().push({
      kind: 'error',
      key: 'errors.unavailable',
      params: { reason: 'could not save this (ENOSPC); nothing changed' },
    });
    await w.vm.$nextTick();
    expect(w.get('[data-testid="notice"]').text()).toContain(
      'The host could not do that: could not save this (ENOSPC); nothing changed',
    );
  });
});
