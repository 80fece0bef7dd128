// @vitest-environment happy-dom
import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { nextTick } from 'vue';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { chooseBotMove } from '../../shared/bots';
import { applyMove, newGame, setupState, viewFor } from '../../shared/engine';
import type { GameState, SeatView } from '../../shared/engine/types';
import CoachHint from '../../renderer/src/components/table/CoachHint.vue';
import NewTableForm from '../../renderer/src/components/lobby/NewTableForm.vue';
import RoundSummary from '../../renderer/src/components/round/RoundSummary.vue';
import TurnPanel from '../../renderer/src/components/table/TurnPanel.vue';
import WaitingRoom from '../../renderer/src/views/WaitingRoom.vue';
import { setCoachWorker } from '../../renderer/src/coach/client';
import { COACH_TIME, handleCoachMessage } from '../../renderer/src/coach/handler';
import { useCoachStore } from '../../renderer/src/stores/coach';
import { useTableStore } from '../../renderer/src/stores/table';
import type { Locale } from '../../renderer/src/i18n/locales';
import { mountApp, seatInfo, tableInfo, turnPanelProps, useTestServices } from './mount';
import { eventually } from './wait';

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
  /** While set, a `full` question (the longer look) waits here until the test runs it. */
  static holdFull = false;
  static held: (() => void)[] = [];
  postMessage(data: unknown): void {
    this.asked.push(data);
    if (!this.answers) return;
    const run = () =>
      handleCoachMessage(data, (m) => {
        if (!this.terminated) this.onmessage?.({ data: m });
      });
    if (StandInWorker.holdFull && (data as { full?: boolean }).full) StandInWorker.held.push(run);
    else setTimeout(run);
  }
  terminate(): void {
    this.terminated = true;
  }
}

/** A worker that answers any review with the same one, remembering the last question. */
class CannedReview {
  static asked: unknown = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  constructor(private readonly review: unknown) {}
  postMessage(data: { id: number }): void {
    CannedReview.asked = data;
    setTimeout(() => this.onmessage?.({ data: { id: data.id, kind: 'review', review: this.review } }));
  }
  terminate(): void {}
}

const useWorker = (answers: boolean) => setCoachWorker(() => new StandInWorker(answers) as unknown as Worker);

beforeEach(() => {
  StandInWorker.made = [];
  StandInWorker.holdFull = false;
  StandInWorker.held = [];
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

  it('keeps looking after a quick answer on a slow device and says when it found a better move', async () => {
    // Basic, seed 12: cut after 15 iterations (a clock that has already run out) the search likes playing
    // Orange 1 then discarding Blue 7; searched in full, playing Blue 7.
    const saved = { ...COACH_TIME };
    Object.assign(COACH_TIME, { searchMs: 0, answerMs: 0 });
    onTestFinished(() => void Object.assign(COACH_TIME, saved));
    StandInWorker.holdFull = true;
    const view = viewFor(game(12), 0);
    const w = hint(view);
    await flushPromises();
    await w.get('[data-testid="suggest"]').trigger('click');
    await vi.waitFor(() => w.get('[data-testid="suggestion-deeper"]'), { timeout: 10_000 });
    // The quick answer shows, said to be quick, while the coach keeps looking; no new question meanwhile.
    expect(w.get('[data-testid="suggestion-words"]').text()).toBe(
      'Suggested: playing Orange 1, then discarding Blue 7.',
    );
    expect(w.get('[data-testid="suggestion-quick"]').text()).toMatch(/^Answered quickly/);
    expect(w.get('[data-testid="suggestion-deeper"]').text()).toBe(
      'The coach keeps looking for a better move…',
    );
    expect(w.get('[data-testid="suggest"]').attributes('disabled')).toBeDefined();
    expect(w.find('[data-testid="suggest-stop"]').exists()).toBe(true);
    const [, deeper] = StandInWorker.made[0].asked as { kind: string; full?: boolean }[];
    expect(deeper).toMatchObject({ kind: 'suggest', full: true });
    StandInWorker.held.forEach((run) => run());
    await vi.waitFor(() => expect(w.find('[data-testid="suggestion-deeper"]').exists()).toBe(false), {
      timeout: 10_000,
    });
    expect(w.get('[data-testid="suggestion-words"]').text()).toBe('A better move was found: playing Blue 7.');
    expect(w.get('[data-testid="suggestion-quick"]').text()).toBe(
      'The coach kept thinking after its quick answer and found this better move.',
    );
    expect(w.get('[data-testid="suggest"]').attributes('disabled')).toBeUndefined();
    // Both answers are remembered for the round's review, each with its strength.
    expect(useCoachStore().givenIn(view.round)).toEqual([
      {
        moveCount: 0,
        turn: [
          { type: 'play', card: 'O1' },
          { type: 'discard', card: 'B7' },
        ],
        quick: true,
      },
      { moveCount: 0, turn: [{ type: 'play', card: 'B7' }], quick: false },
    ]);
  });

  it('says so when the longer look after a quick answer agrees with it', async () => {
    // Basic, seed 2: 15 iterations and the full search both play Indigo 1 then discard Violet 3.
    const saved = { ...COACH_TIME };
    Object.assign(COACH_TIME, { searchMs: 0, answerMs: 0 });
    onTestFinished(() => void Object.assign(COACH_TIME, saved));
    const w = hint(viewFor(game(2), 0));
    await flushPromises();
    await w.get('[data-testid="suggest"]').trigger('click');
    await vi.waitFor(
      () => expect(w.find('[data-testid="suggestion-quick"]').text()).toMatch(/stands by it/),
      { timeout: 10_000 },
    );
    expect(w.get('[data-testid="suggestion-words"]').text()).toBe(
      'Suggested: playing Indigo 1, then discarding Violet 3.',
    );
    expect(w.get('[data-testid="suggestion-quick"]').text()).toBe(
      'The coach kept thinking after its quick answer and stands by it.',
    );
  });

  it('stops looking further when the position moves on, keeping nothing stale', async () => {
    const saved = { ...COACH_TIME };
    Object.assign(COACH_TIME, { searchMs: 0, answerMs: 0 });
    onTestFinished(() => void Object.assign(COACH_TIME, saved));
    StandInWorker.holdFull = true;
    const view = viewFor(game(12), 0);
    const w = hint(view);
    await flushPromises();
    await w.get('[data-testid="suggest"]').trigger('click');
    await vi.waitFor(() => w.get('[data-testid="suggestion-deeper"]'), { timeout: 10_000 });
    await w.setProps({ view: { ...view, moveCount: view.moveCount + 1 } });
    expect(StandInWorker.made[0].terminated).toBe(true);
    expect(useCoachStore().deeper).toBeNull();
    expect(w.get('[data-testid="suggestion"]').text()).toBe('');
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
    expect(w.get('[data-testid="review-body"]').text()).toMatch(/Reviewing your turns/);
    // What a screen reader hears (the live regions): that it works, with no count ("0 of …" was read out
    // before the worker said how many turns, and each turn after); the body with its count is not live.
    // (The game's end leads with the last round in hindsight: a live region of its own, not the review's.)
    const live = () =>
      w
        .findAll('[data-testid="round-review"] :is([aria-live], [role="status"], [role="alert"])')
        .filter((el) => !el.element.closest('[data-testid="hindsight"]'))
        .map((el) => el.text().trim());
    expect(live()).toEqual(['Reviewing your turns…']);
    expect(w.get('[data-testid="review-status"]').attributes('role')).toBe('status');
    const asked = StandInWorker.made[0].asked[0] as { kind: string };
    expect(asked.kind).toBe('review');
    await vi.waitFor(() => expect(w.get('[data-testid="review-body"]').text()).not.toMatch(/Reviewing/), {
      timeout: 10_000,
    });
    const body = w.get('[data-testid="review-body"]').text();
    // Either the costly turns with a better move, or the word that none cost much.
    expect(body).toMatch(/Better: |none of your \d+ turns cost you much|no turn to review/);
    // Then how it ended, said once: what was found, or that nothing was.
    expect(live()).toEqual([
      expect.stringMatching(
        /^(Review done: \d+ turns? where a better choice was found, listed below\.|By the bot's estimate none of your \d+ turns cost you much this round\.|You had no turn to review this round\.)$/,
      ),
    ]);
  });

  it("says which turns followed the coach's suggestions, and why it now finds better, in every language", async () => {
    // The worker answers with a review of its own making: the page's part is the question and the words.
    const O1 = { type: 'play', card: 'O1' } as const;
    const B7 = { type: 'discard', card: 'B7' } as const;
    const costly = [
      { turnNumber: 1, ownNumber: 1, played: [O1, B7], better: [{ type: 'play', card: 'B7' }] },
      { turnNumber: 3, ownNumber: 2, played: [{ type: 'play', card: 'R2' }, B7], better: [B7] },
      { turnNumber: 5, ownNumber: 3, played: [{ type: 'pass' }], better: [O1] },
    ].map((c, i) => ({
      ...c,
      playedWin: 0.1,
      betterWin: 0.3,
      measure: 'round',
      ...[{ suggested: { from: 0, quick: true } }, { suggested: { from: 1, quick: false } }, {}][i],
    }));
    const end = viewFor(game(8, true), 0);
    // Each mount its own position: a review once worked out is kept for its position (and not asked again).
    let shown = 2000;
    const lines = async (locale: Locale) => {
      const view = { ...end, moveCount: end.moveCount + shown++ };
      setCoachWorker(() => new CannedReview({ reviewed: 3, costly }) as unknown as Worker);
      const pinia = createPinia();
      setActivePinia(pinia);
      const info = tableInfo([seatInfo(0, 'Ada'), seatInfo(1, 'Bot 2', { bot: true, person: false })]);
      useTableStore().table = { ...info, options: { ...info.options, hints: true, botThink: 'long' } };
      const given = {
        round: `${info.id}:${info.game}:${view.round}`,
        moveCount: 0,
        turn: [O1, B7],
        quick: true,
      };
      useCoachStore().given = [given, { ...given, round: 'another game' }];
      const w = mountApp(RoundSummary, { props: { view, names } } as never, pinia, locale);
      await eventually(() => w.get('[data-testid="review-turn"]'));
      // The question: the table's think time and the suggestions given this round (not another game's).
      expect(CannedReview.asked).toMatchObject({
        kind: 'review',
        think: 'long',
        given: [{ moveCount: 0, turn: [O1, B7], quick: true }],
      });
      expect((CannedReview.asked as { given: unknown[] }).given).toHaveLength(1);
      const rows = w.findAll('[data-testid="review-turn"]');
      expect(rows.map((r) => r.attributes('data-suggested'))).toEqual(['quick', 'full', undefined]);
      const text = rows.map((r) => r.findAll('span').map((s) => s.text()));
      w.unmount();
      return text;
    };
    expect(await lines('en')).toEqual([
      [
        "You played the coach's suggestion: playing Orange 1, then discarding Blue 7.",
        'That suggestion was cut short on this device.',
        'A deeper look found better: playing Blue 7.',
        'Chance to win the round: 10% → 30%',
      ],
      [
        'You: playing Red 2, then discarding Blue 7.',
        'You asked the coach partway through the turn and played the rest as it suggested.',
        'From the start of the turn, better: discarding Blue 7.',
        'Chance to win the round: 10% → 30%',
      ],
      ['You: passing (out of the round).', 'Better: playing Orange 1.', 'Chance to win the round: 10% → 30%'],
    ]);
    expect((await lines('it'))[0].slice(0, 3)).toEqual([
      'Hai giocato il suggerimento del coach: giocare Arancione 1, poi scartare Blu 7.',
      'Quel suggerimento era stato interrotto presto su questo dispositivo.',
      'Uno sguardo più approfondito ha trovato di meglio: giocare Blu 7.',
    ]);
    const ko = await lines('ko');
    expect(ko[0][0]).toMatch(/^코치 추천대로 둔 수: /);
    expect(ko[0][1]).toBe('이 기기에서는 그 추천이 일찍 멈췄습니다.');
    expect(ko[0][2]).toMatch(/^더 깊이 보니 더 나은 수: /);
    expect(ko[1][1]).toBe('차례 도중에 코치에게 물어 나머지를 추천대로 두었습니다.');
    expect(ko[1][2]).toMatch(/^차례 처음부터 보면 더 나은 수: /);
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
