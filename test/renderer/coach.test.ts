// @vitest-environment happy-dom
import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { nextTick } from 'vue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseBotMove } from '../../shared/bots';
import { applyMove, newGame, setupState, viewFor } from '../../shared/engine';
import type { GameState, SeatView } from '../../shared/engine/types';
import CoachHint from '../../renderer/src/components/CoachHint.vue';
import NewTableForm from '../../renderer/src/components/NewTableForm.vue';
import RoundSummary from '../../renderer/src/components/RoundSummary.vue';
import TurnPanel from '../../renderer/src/components/TurnPanel.vue';
import WaitingRoom from '../../renderer/src/views/WaitingRoom.vue';
import { setCoachWorker } from '../../renderer/src/coach/client';
import { handleCoachMessage } from '../../renderer/src/coach/handler';
import { useTableStore } from '../../renderer/src/stores/table';
import type { Locale } from '../../renderer/src/i18n/locales';
import { mountApp, seatInfo, tableInfo, turnPanelProps, useTestServices } from './mount';

/*
 * The coach in the page: "Suggest a move" and "Review your round". The worker is stood in for by an
 * object that runs the real handler a moment later (as a worker would), or by one that never answers.
 */

class StandInWorker {
  static made: StandInWorker[] = [];
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  terminated = false;
  asked: unknown[] = [];
  constructor(private readonly answers: boolean) {
    StandInWorker.made.push(this);
  }
  postMessage(data: unknown): void {
    this.asked.push(data);
    if (!this.answers) return;
    setTimeout(() =>
      handleCoachMessage(data, (m) => {
        if (!this.terminated) this.onmessage?.({ data: m });
      }),
    );
  }
  terminate(): void {
    this.terminated = true;
  }
}

const useWorker = (answers: boolean) => setCoachWorker(() => new StandInWorker(answers) as unknown as Worker);

beforeEach(() => {
  StandInWorker.made = [];
  useTestServices();
  useWorker(true);
});
enableAutoUnmount(afterEach);
afterEach(() => {
  setCoachWorker();
  document.body.innerHTML = '';
});

const names = ['Ada', 'Bot 2'];

/** A 2-player game (Basic unless said) moved on by easy bots until seat 0 is to act (or, `toEnd`, until it is over). */
function game(seed: number, toEnd = false, mode: 'basic' | 'advanced' = 'basic'): GameState {
  let state = newGame({ players: 2, mode, actionRule: false }, seed);
  while (state.phase === 'turn' && (toEnd || state.current !== 0))
    state = applyMove(state, chooseBotMove(viewFor(state, state.current!), state.moveCount, 'easy'));
  return state;
}

/** Mounts `component` at a table whose hints are on or off. */
function atTable<C extends Parameters<typeof mountApp>[0]>(
  component: C,
  props: Record<string, unknown>,
  hints: boolean,
  locale: Locale = 'en',
) {
  const pinia = createPinia();
  setActivePinia(pinia);
  const info = tableInfo([seatInfo(0, 'Ada'), seatInfo(1, 'Bot 2', { bot: true, person: false })]);
  useTableStore().table = { ...info, options: { ...info.options, hints } };
  return mountApp(component, { props } as never, pinia, locale);
}

const hint = (view: SeatView, hints = true, locale: Locale = 'en') =>
  atTable(CoachHint, { view, names }, hints, locale);

describe('Suggest a move', () => {
  it('is offered only on your own turn at a table with hints on', async () => {
    const mine = viewFor(game(3), 0);
    const w = hint(mine);
    await flushPromises();
    expect(w.find('[data-testid="suggest"]').exists()).toBe(true);
    await w.setProps({ view: { ...mine, current: 1 } });
    expect(w.find('[data-testid="suggest"]').exists()).toBe(false);
    const off = hint(mine, false);
    await flushPromises();
    expect(off.find('[data-testid="suggest"]').exists()).toBe(false);
  });

  it('thinks in the worker on your own view, then tells the turn in words with its chances', async () => {
    const view = viewFor(game(3), 0);
    const w = hint(view);
    await flushPromises();
    await w.get('[data-testid="suggest"]').trigger('click');
    const answer = w.get('[data-testid="suggestion"]');
    expect(answer.attributes('aria-live')).toBe('polite');
    expect(answer.text()).toContain('Thinking');
    expect(w.get('[data-testid="suggest"]').attributes('disabled')).toBeDefined();
    // The question holds the seat's own view only.
    const asked = StandInWorker.made[0].asked[0] as { kind: string; view: SeatView };
    expect(asked.kind).toBe('suggest');
    expect(asked.view.hand).toEqual(view.hand);
    expect(asked.view).not.toHaveProperty('hands');
    await vi.waitFor(() => w.get('[data-testid="suggestion-words"]'), { timeout: 10_000 });
    expect(w.get('[data-testid="suggestion-words"]').text()).toMatch(
      /^Suggested: (playing|discarding) \S+ \d/,
    );
    expect(w.get('[data-testid="suggestion-chances"]').text()).toMatch(
      /^Estimated chance to still be in at your next turn: \d+% · to win the round: \d+%$/,
    );
  });

  it('tells the chance to win the game too in Advanced, where the bot weighs rounds by the match', async () => {
    const w = hint(viewFor(game(4, false, 'advanced'), 0));
    await flushPromises();
    await w.get('[data-testid="suggest"]').trigger('click');
    await vi.waitFor(() => w.get('[data-testid="suggestion-chances"]'), { timeout: 10_000 });
    expect(w.get('[data-testid="suggestion-chances"]').text()).toMatch(
      /^Estimated chance to still be in at your next turn: \d+% · to win the round: \d+% · to win the game: \d+%$/,
    );
  });

  it('says why when it suggests going out on purpose (Advanced: the winner scores less)', async () => {
    // Ada at 30 of 40 can stay in one more turn, after which Bot 2 (at 35) wins with its growing yellows.
    const position = setupState(
      { players: 2, mode: 'advanced', actionRule: false, targetScore: 40 },
      {
        hands: [['G3'], ['Y5', 'Y6', 'Y7', 'R1', 'O1']],
        palettes: [['B2'], ['Y1']],
        canvas: ['Y2'],
        scores: [30, 35],
        current: 0,
      },
    );
    const w = hint(viewFor(position, 0));
    await flushPromises();
    await w.get('[data-testid="suggest"]').trigger('click');
    await vi.waitFor(() => w.get('[data-testid="suggestion-words"]'), { timeout: 10_000 });
    expect(w.get('[data-testid="suggestion-words"]').text()).toBe('Suggested: passing (out of the round).');
    expect(w.get('[data-testid="suggestion-why"]').text()).toContain(
      'the winner scores only what their palette counts now',
    );
    // A suggestion to stay in needs no such word.
    const staying = hint(viewFor(game(4, false, 'advanced'), 0));
    await flushPromises();
    await staying.get('[data-testid="suggest"]').trigger('click');
    await vi.waitFor(() => staying.get('[data-testid="suggestion-words"]'), { timeout: 10_000 });
    expect(staying.find('[data-testid="suggestion-why"]').exists()).toBe(false);
  });

  it('answers the H key, but not while typing', async () => {
    const w = hint(viewFor(game(3), 0));
    await flushPromises();
    const input = document.createElement('input');
    document.body.append(input);
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'h', bubbles: true }));
    expect(StandInWorker.made).toHaveLength(0);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'H' }));
    await nextTick();
    expect(StandInWorker.made).toHaveLength(1);
    expect(w.get('[data-testid="suggestion"]').text()).toContain('Thinking');
  });

  it('drops the question when a new view comes, and can be stopped', async () => {
    useWorker(false);
    const view = viewFor(game(3), 0);
    const w = hint(view);
    await flushPromises();
    await w.get('[data-testid="suggest"]').trigger('click');
    expect(StandInWorker.made[0].terminated).toBe(false);
    await w.setProps({ view: { ...view, moveCount: view.moveCount + 1 } });
    expect(StandInWorker.made[0].terminated).toBe(true);
    expect(w.get('[data-testid="suggestion"]').text()).toBe('');
    await w.get('[data-testid="suggest"]').trigger('click');
    await w.get('[data-testid="suggest-stop"]').trigger('click');
    expect(StandInWorker.made[1].terminated).toBe(true);
    expect(w.find('[data-testid="suggest-stop"]').exists()).toBe(false);
  });

  it('speaks Italian and Korean', async () => {
    for (const [locale, words] of [
      ['it', /^Suggerimento: (giocare|scartare)/],
      ['ko', /^추천: /],
    ] as const) {
      const w = hint(viewFor(game(3), 0), true, locale);
      await flushPromises();
      await w.get('[data-testid="suggest"]').trigger('click');
      await vi.waitFor(() => w.get('[data-testid="suggestion-words"]'), { timeout: 10_000 });
      expect(w.get('[data-testid="suggest"]').text()).toContain(locale === 'it' ? 'Suggerisci' : '수 추천');
      expect(w.get('[data-testid="suggestion-words"]').text()).toMatch(words);
      w.unmount();
    }
  });

  it('sits in the turn panel', async () => {
    const view = viewFor(game(3), 0);
    const w = atTable(TurnPanel, { ...turnPanelProps(view), names }, true);
    await flushPromises();
    expect(w.find('[data-testid="coach"]').exists()).toBe(true);
  });
});

describe('Review your round', () => {
  const summary = (view: SeatView, hints = true) => atTable(RoundSummary, { view, names }, hints);

  it('is worked out when the round ends and shown, collapsed, in the summary', async () => {
    const view = viewFor(game(8, true), 0);
    const w = summary(view);
    await nextTick();
    const review = w.get('[data-testid="round-review"]');
    expect(review.element.tagName).toBe('DETAILS');
    expect((review.element as HTMLDetailsElement).open).toBe(false);
    expect(review.get('summary').text()).toBe('Review your round');
    expect(w.get('[data-testid="review-body"]').attributes('aria-live')).toBe('polite');
    expect(w.get('[data-testid="review-body"]').text()).toMatch(/Reviewing your turns/);
    const asked = StandInWorker.made[0].asked[0] as { kind: string };
    expect(asked.kind).toBe('review');
    await vi.waitFor(() => expect(w.get('[data-testid="review-body"]').text()).not.toMatch(/Reviewing/), {
      timeout: 10_000,
    });
    const body = w.get('[data-testid="review-body"]').text();
    // Either the costly turns with a better move, or the word that none cost much.
    expect(body).toMatch(/Better: |none of your \d+ turns cost you much|no turn to review/);
  });

  it('is absent without hints, and stops its work when the summary goes (the next round starts)', async () => {
    const view = viewFor(game(8, true), 0);
    expect(summary(view, false).find('[data-testid="round-review"]').exists()).toBe(false);
    useWorker(false);
    const w = summary({ ...view, moveCount: view.moveCount + 1000 });
    await flushPromises();
    expect(StandInWorker.made).toHaveLength(1);
    w.unmount();
    expect(StandInWorker.made[0].terminated).toBe(true);
  });
});

describe('the hints option', () => {
  it('follows the bots in the new-table form until the creator chooses', async () => {
    const w = mountApp(NewTableForm, { props: { playerName: 'Ada', busy: false } });
    await w.get('[data-testid="preset-custom"]').setValue(true);
    const box = () => w.get('[data-testid="hints"]').element as HTMLInputElement;
    expect(box().checked).toBe(true); // seat 2 is a bot by default
    await w.get('[data-testid="bot-1"]').setValue(false);
    expect(box().checked).toBe(false);
    await w.get('[data-testid="hints"]').setValue(true);
    await w.get('[data-testid="new-table"]').trigger('submit');
    expect(w.emitted('create')![0][1]).toMatchObject({ hints: true });
    expect(w.emitted('create')![0][2]).toEqual([]);
  });

  it("is told in the table's options line", () => {
    const info = tableInfo([seatInfo(0, 'Ada'), seatInfo(1, 'Bot 2', { bot: true, person: false })]);
    const line = (hints: boolean) =>
      mountApp(WaitingRoom, {
        props: { info: { ...info, state: 'open', options: { ...info.options, hints } } },
      })
        .get('.variant')
        .text();
    expect(line(true)).toContain('move hints on');
    expect(line(false)).toContain('no move hints');
  });
});
