// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyMove, seatStandings, setupState, viewFor } from '../../shared/engine';
import type { GameOptions, Move } from '../../shared/engine/types';
import type { DesktopApi } from '../../shared/desktop-api';
import CanvasArea from '../../renderer/src/components/board/CanvasArea.vue';
import GameCard from '../../renderer/src/components/common/GameCard.vue';
import SeatPanel from '../../renderer/src/components/board/SeatPanel.vue';
import TableBoard from '../../renderer/src/components/board/TableBoard.vue';
import { desktopBridge } from '../../renderer/src/bridge/desktop';
import { lastMoves } from '../../renderer/src/table-models/lastMoves';
import { land, snapshot } from '../../renderer/src/table-models/flights';
import {
  audioOnGesture,
  chime,
  cueTurn,
  vibrationAfterGesture,
} from '../../renderer/src/table-models/turnCue';
import { GameClient } from '../../renderer/src/net/client';
import { setServices } from '../../renderer/src/services';
import { useConnectionStore } from '../../renderer/src/stores/connection';
import { useSettingsStore } from '../../renderer/src/stores/settings';
import TableView from '../../renderer/src/views/TableView.vue';
import { MemoryStorage } from './memory-storage';
import { mountApp, roundAfter, seatInfo, seatView, tableInfo } from './mount';

const three: GameOptions = { players: 3, mode: 'basic', actionRule: false };
const notify = vi.fn(async () => true);
let local: MemoryStorage;

beforeEach(() => {
  local = new MemoryStorage();
  notify.mockClear();
  setServices({
    bridge: desktopBridge({ app: { notify } } as unknown as DesktopApi),
    createClient: (url) => new GameClient({ url, backoff: { maxAttempts: 0 } }),
    session: new MemoryStorage(),
    local,
    originWsUrl: null,
  });
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const after = roundAfter;

describe('GameCard: the latest move', () => {
  it('carries a mark that is a shape (a dot), and says so to screen readers', () => {
    const w = mountApp(GameCard, { props: { card: 'V6', moved: true } });
    expect(w.find('[data-testid="moved-mark"]').exists()).toBe(true);
    expect(w.attributes('aria-label')).toBe('Violet 6. moved in the latest turn');
    expect(
      mountApp(GameCard, { props: { card: 'V6' } })
        .find('[data-testid="moved-mark"]')
        .exists(),
    ).toBe(false);
  });
});

describe('SeatPanel on a phone (compact)', () => {
  const view = seatView(three, {
    hands: [['G6'], ['I7', 'B1'], ['R2']],
    palettes: [['O3'], ['R6', 'Y5'], ['V1']],
    current: 0,
  });
  const props = (extra = {}) => ({
    view,
    seat: 1,
    name: 'Bea',
    info: seatInfo(1, 'Bea', { bot: true, person: false }),
    standing: seatStandings(view)[1],
    compact: true,
    ...extra,
  });

  it('folds into one row: name, hand size, the leader mark and the palette as small cards; a tap opens it', async () => {
    const w = mountApp(SeatPanel, { props: props({ moved: ['Y5'] }) });
    const row = w.get('[data-testid="seat-row"]');
    expect(row.attributes('aria-expanded')).toBe('false');
    // Its accessible name comes from its content: the spoken summary, the visible parts hidden from speech.
    expect(row.get('.sr-only').text()).toBe(
      'Bea: leads, A bot plays this seat, Normal, 2 in hand, Red 6 counts. Show the palette',
    );
    expect(row.findAll('.who, .mini, .turnmark').every((el) => el.attributes('aria-hidden') === 'true')).toBe(
      true,
    );
    // The standing stays in sight, under the name.
    expect(row.get('[data-testid="standing"]').text()).toBe('Red 6 counts');
    expect(row.find('.crown').exists()).toBe(true);
    expect(row.text()).toContain('2');
    const mini = row.findAll('.card.size-xs');
    expect(mini.map((c) => c.attributes('data-card'))).toEqual(['R6', 'Y5']);
    expect(row.find('[data-card="Y5"] [data-testid="moved-mark"]').exists()).toBe(true);

    // A tap opens it: the same button says so, and the palette and words drop down under it.
    await row.trigger('click');
    expect(row.attributes('aria-expanded')).toBe('true');
    const drop = w.get('[data-testid="seat-unfolded"]');
    expect(row.attributes('aria-controls')).toBe(drop.attributes('id'));
    expect(drop.classes()).toContain('drop');
    expect(row.get('.sr-only').text()).toBe("Fold Bea's place");
    expect(drop.get('.meta [data-testid="standing"]').text()).toBe('Red 6 counts');
    expect(drop.findAll('.palette .card.size-sm').map((c) => c.attributes('data-card'))).toEqual([
      'R6',
      'Y5',
    ]);
    // Tapped again, it folds.
    await row.trigger('click');
    expect(row.attributes('aria-expanded')).toBe('false');
    expect(row.attributes('aria-controls')).toBeUndefined();
    expect(w.find('[data-testid="seat-unfolded"]').exists()).toBe(false);
  });

  it('an opened row folds on Escape (the focus on it, the table not stepping back too) and on a tap elsewhere', async () => {
    const w = mountApp(SeatPanel, { props: props() });
    const row = w.get('[data-testid="seat-row"]');
    const opened = () => row.attributes('aria-expanded');
    await row.trigger('click');
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    w.get('.palette').element.dispatchEvent(escape);
    await flushPromises();
    expect(opened()).toBe('false');
    expect(escape.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(row.element);

    await row.trigger('click');
    // A tap inside (its palette) keeps it open; one outside folds it.
    w.get('.palette').element.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await flushPromises();
    expect(opened()).toBe('true');
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await flushPromises();
    expect(opened()).toBe('false');

    // The focus moving on to another control folds it too (the rows under it are what it would cover).
    const other = document.createElement('button');
    document.body.append(other);
    await row.trigger('click');
    row.element.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: other }));
    await flushPromises();
    expect(opened()).toBe('false');
  });

  it('on the board, opening one row folds the one open before', async () => {
    const four = seatView(
      { players: 4, mode: 'basic', actionRule: false },
      { hands: [['G6'], ['I7'], ['R2'], ['B3']], palettes: [['O3'], ['R6'], ['V1'], ['Y4']], current: 0 },
    );
    const w = mountApp(TableBoard, {
      props: { view: four, names: ['Ada', 'Bea', 'Cyd', 'Dov'], marks: null, compact: true },
    });
    const expanded = () =>
      w
        .findAll('[data-testid="seat-row"]')
        .map((r) => [
          r.element.closest('[data-seat]')!.getAttribute('data-seat'),
          r.attributes('aria-expanded'),
        ]);
    const rowOf = (seat: number) => w.get(`[data-seat="${seat}"] [data-testid="seat-row"]`);
    await rowOf(1).trigger('click');
    await rowOf(2).trigger('click');
    expect(expanded()).toEqual([
      ['0', 'false'],
      ['1', 'false'],
      ['2', 'true'],
      ['3', 'false'],
    ]);
    expect(w.findAll('[data-testid="seat-unfolded"]')).toHaveLength(1);
    await rowOf(2).trigger('click');
    expect(w.findAll('[data-testid="seat-unfolded"]')).toHaveLength(0);
  });

  it('opens by itself when its cards are to be picked (a 1), as buttons', () => {
    const w = mountApp(SeatPanel, { props: props({ pickable: ['Y5'] }) });
    expect(w.find('[data-testid="seat-row"]').exists()).toBe(false);
    expect(w.findAll('button.card').map((b) => b.attributes('data-card'))).toEqual(['Y5']);
  });

  it('on a wide screen it is the full panel, with the latest cards marked', () => {
    const w = mountApp(SeatPanel, { props: props({ compact: false, moved: ['Y5'] }) });
    expect(w.find('[data-testid="seat-row"]').exists()).toBe(false);
    expect(w.findAll('[data-testid="moved-mark"]')).toHaveLength(1);
  });
});

describe('CanvasArea: the latest rule change and the deck', () => {
  it("names who changed the rule, and 'you' for my own change", () => {
    const moves: Move[] = [
      { type: 'play', card: 'Y6' },
      { type: 'discard', card: 'B2' },
    ];
    const theirs = after(moves, 1);
    const w = mountApp(CanvasArea, {
      props: { view: theirs, names: ['Ada', 'Bea', 'Cyd'], marks: lastMoves(theirs) },
    });
    expect(w.get('[data-testid="rule-changed"]').text()).toBe('Ada changed the rule');
    expect(w.find('[data-card="B2"] [data-testid="moved-mark"]').exists()).toBe(true);

    const mine = after(moves, 0);
    const me = mountApp(CanvasArea, {
      props: { view: mine, names: ['Ada', 'Bea', 'Cyd'], marks: lastMoves(mine) },
    });
    expect(me.get('[data-testid="rule-changed"]').text()).toBe('You changed the rule');
    // Without marks (or once that seat has moved again) the canvas carries none.
    const none = mountApp(CanvasArea, { props: { view: mine, names: ['Ada', 'Bea', 'Cyd'], marks: null } });
    expect(none.find('[data-testid="rule-changed"]').exists()).toBe(false);
    expect(none.find('[data-testid="moved-mark"]').exists()).toBe(false);
  });

  it('shows a card a 1 put on the deck face up, marked, with who put it there', () => {
    const state = setupState(
      { players: 2, mode: 'basic', actionRule: true },
      { hands: [['V1', 'G2'], ['R7']], palettes: [['O5'], ['B4', 'Y2']], current: 0 },
    );
    const played = applyMove(applyMove(state, { type: 'play', card: 'V1' }), {
      type: 'one',
      seat: 1,
      card: 'Y2',
    });
    const view = viewFor(played, 1);
    const w = mountApp(CanvasArea, { props: { view, names: ['Ada', 'Bea'], marks: lastMoves(view) } });
    const deck = w.get('[data-testid="deck"]');
    expect(deck.find('[data-card="Y2"] [data-testid="moved-mark"]').exists()).toBe(true);
    expect(deck.text()).toContain('On top of the deck: Yellow 2 · put there by Ada');
  });
});

describe('TableView: connection lost', () => {
  it('greys the board under "Reconnecting…" (not only the header pill), and lifts it when the link is back', async () => {
    const view = after([]);
    const w = mountApp(
      TableView,
      { props: { info: tableInfo([seatInfo(0, 'Ada'), seatInfo(1, 'Bea'), seatInfo(2, 'Cyd')]), view } },
      createPinia(),
    );
    const connection = useConnectionStore();
    connection.status = { state: 'reconnecting', attempt: 1, retryAt: null, reason: null };
    await flushPromises();
    expect(w.get('[data-testid="reconnect-overlay"]').text()).toContain('Reconnecting…');
    expect(w.classes()).toContain('link-down');
    expect(w.get('.felt').attributes('inert')).toBeDefined();
    connection.status = { state: 'lost', attempt: 5, retryAt: null, reason: 'unreachable' };
    await flushPromises();
    expect(w.get('[data-testid="reconnect-overlay"]').text()).toContain('Connection lost');
    connection.status = { state: 'open', attempt: 0, retryAt: null, reason: null };
    await flushPromises();
    expect(w.find('[data-testid="reconnect-overlay"]').exists()).toBe(false);
    expect(w.get('.felt').attributes('inert')).toBeUndefined();
  });

  it('in Korean and Italian too', async () => {
    for (const [locale, words] of [
      ['ko', '다시 연결하는 중…'],
      ['it', 'Riconnessione…'],
    ] as const) {
      const w = mountApp(
        TableView,
        {
          props: {
            info: tableInfo([seatInfo(0, 'Ada'), seatInfo(1, 'Bea'), seatInfo(2, 'Cyd')]),
            view: after([]),
          },
        },
        createPinia(),
        locale,
      );
      useConnectionStore().status = { state: 'reconnecting', attempt: 1, retryAt: null, reason: null };
      await flushPromises();
      expect(w.get('[data-testid="reconnect-overlay"]').text()).toContain(words);
      w.unmount();
    }
  });
});

/** A stand-in AudioContext that records the notes scheduled on it. */
class FakeAudio {
  static made: FakeAudio[] = [];
  state = 'suspended';
  currentTime = 0;
  destination = {};
  notes: number[] = [];
  resume = vi.fn(async () => {
    this.state = 'running';
  });
  suspend = vi.fn(async () => {
    this.state = 'suspended';
  });
  constructor() {
    FakeAudio.made.push(this);
  }
  createOscillator() {
    const osc = {
      type: '',
      frequency: { value: 0 },
      connect: (g: unknown) => g,
      start: vi.fn(),
      stop: vi.fn(),
    };
    queueMicrotask(() => this.notes.push(osc.frequency.value));
    return osc;
  }
  createGain() {
    const ramp = vi.fn();
    return {
      gain: { setValueAtTime: ramp, exponentialRampToValueAtTime: ramp },
      connect: (d: unknown) => d,
    };
  }
}

describe('the turn cue', () => {
  it('chime: two short rising notes, generated (no audio file)', async () => {
    const ctx = new FakeAudio();
    chime(ctx as unknown as AudioContext);
    await Promise.resolve();
    expect(ctx.notes).toHaveLength(2);
    expect(ctx.notes[1]).toBeGreaterThan(ctx.notes[0]);
  });

  it('sounds only when switched on, buzzes where it can, notifies the desktop app; a failing part stops nothing', async () => {
    const ctx = new FakeAudio();
    const vibrate = vi.fn(() => {
      throw new Error('no user gesture yet');
    });
    const notice = { title: 'Your turn', body: 'It is your turn at Kitchen.' };
    cueTurn({ soundOn: () => false, audio: () => ctx as unknown as AudioContext, vibrate, notify }, notice);
    await Promise.resolve();
    expect(ctx.notes).toEqual([]);
    expect(vibrate).toHaveBeenCalledWith([140, 70, 140]);
    expect(notify).toHaveBeenCalledWith(notice);

    const failing = vi.fn(async () => Promise.reject(new Error('no notifications here')));
    cueTurn({ soundOn: () => true, audio: () => ctx as unknown as AudioContext, notify: failing }, notice);
    await flushPromises();
    expect(ctx.notes).toHaveLength(2);
  });

  it('makes the page’s audio only at the first tap or key press (browsers refuse sound before one)', () => {
    const target = new EventTarget() as EventTarget & { AudioContext?: unknown };
    target.AudioContext = FakeAudio;
    FakeAudio.made = [];
    const audio = audioOnGesture(target as never);
    expect(audio.wake()).toBeNull();
    target.dispatchEvent(new Event('pointerdown'));
    expect(audio.wake()).toBe(FakeAudio.made[0]);
    target.dispatchEvent(new Event('keydown'));
    expect(FakeAudio.made).toHaveLength(1);
  });

  it('the page’s audio runs for a sound and sleeps a while after the last one (a running one costs CPU)', async () => {
    vi.useFakeTimers();
    try {
      const target = new EventTarget() as EventTarget & { AudioContext?: unknown };
      target.AudioContext = FakeAudio;
      FakeAudio.made = [];
      const audio = audioOnGesture(target as never, 5000);
      expect(audio.wake()).toBeNull(); // no gesture yet: nothing to wake
      target.dispatchEvent(new Event('pointerdown'));
      const ctx = FakeAudio.made[0];
      expect(ctx.resume).toHaveBeenCalledTimes(1); // started by the gesture itself
      await vi.advanceTimersByTimeAsync(4999);
      expect(ctx.suspend).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(ctx.suspend).toHaveBeenCalledTimes(1);
      expect(ctx.state).toBe('suspended');

      // A cue wakes it; a second one before it sleeps keeps it awake 5 s from then.
      expect(audio.wake()).toBe(ctx);
      expect(ctx.resume).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(3000);
      expect(audio.wake()).toBe(ctx);
      expect(ctx.resume).toHaveBeenCalledTimes(2); // already running
      await vi.advanceTimersByTimeAsync(3000);
      expect(ctx.suspend).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(2000);
      expect(ctx.suspend).toHaveBeenCalledTimes(2);

      // iOS may leave it 'interrupted' (a call): a wake resumes that too.
      ctx.state = 'interrupted';
      audio.wake();
      expect(ctx.resume).toHaveBeenCalledTimes(3);

      // Put to sleep a moment ago, its suspend() not settled (still 'running'): a wake resumes it after.
      ctx.state = 'running';
      ctx.suspend.mockImplementationOnce(async () => {});
      await vi.advanceTimersByTimeAsync(5000);
      expect(ctx.suspend).toHaveBeenCalledTimes(3);
      audio.wake();
      expect(ctx.resume).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the table cues when the turn comes (not on a reload): title, sound switch, vibration, the desktop notice', async () => {
    const vibrate = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, vibrate });
    const info = tableInfo([seatInfo(0, 'Ada'), seatInfo(1, 'Bea'), seatInfo(2, 'Cyd')]);
    const first = after([{ type: 'play', card: 'G4' }]); // still Ada's turn: she has not ended it
    const w = mountApp(TableView, { props: { info, view: first } }, createPinia());
    expect(document.title).toBe('● Your turn — Red7 LAN');
    expect(vibrate).not.toHaveBeenCalled(); // a reload in the middle of a turn cues nothing
    const theirs = after([{ type: 'play', card: 'G4' }, { type: 'end' }]);
    await w.setProps({ view: theirs });
    expect(document.title).toBe('Red7 LAN');
    const back = after([
      { type: 'play', card: 'G4' },
      { type: 'end' },
      { type: 'play', card: 'V6' },
      { type: 'end' },
      { type: 'play', card: 'I5' },
      { type: 'end' },
    ]);
    await w.setProps({ view: back });
    expect(back.current).toBe(0);
    expect(document.title).toBe('● Your turn — Red7 LAN');
    expect(vibrate).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith({ title: 'Your turn', body: 'It is your turn at Kitchen table.' });
  });

  it('the sound switch is remembered on this device', () => {
    mountApp(GameCard, { props: { card: 'R1' } }); // a Pinia with the app's plugins
    const settings = useSettingsStore();
    expect(settings.sound).toBe(true);
    settings.setSound(false);
    expect(local.getItem('red7.sound')).toBe('off');
    mountApp(GameCard, { props: { card: 'R1' } }, createPinia());
    expect(useSettingsStore().sound).toBe(false);
  });
});

describe('card flights (FLIP)', () => {
  function table(): HTMLElement {
    const root = document.createElement('div');
    root.innerHTML = `
      <section data-seat="0"><span data-fly data-card="G4"></span></section>
      <section data-seat="1"></section>
      <div data-testid="deck"></div>`;
    document.body.append(root);
    return root;
  }
  const at = (el: Element, x: number, y: number) =>
    vi.spyOn(el, 'getBoundingClientRect').mockReturnValue(new DOMRect(x, y, 40, 56));

  it('a card slides from where it was to where it lands; with reduced motion it fades in', () => {
    const root = table();
    const card = root.querySelector<HTMLElement>('[data-card="G4"]')!;
    at(card, 10, 500);
    const before = snapshot(root, after([]));
    at(card, 110, 300);
    const animate = vi.fn();
    card.animate = animate as never;
    land(root, before, after([{ type: 'play', card: 'G4' }]), false);
    expect(animate.mock.calls[0][0][0].transform).toBe('translate(-100px, 200px)');
    expect(animate.mock.calls[0][1].duration).toBeLessThanOrEqual(400);

    root.querySelector('[data-seat="1"]')!.append(card); // it changed place: reduced motion fades it in
    land(root, before, after([{ type: 'play', card: 'G4' }]), true);
    expect(animate.mock.calls[1][0]).toEqual([{ opacity: 0 }, { opacity: 1 }]);
  });

  it('with reduced motion only a card that moved fades in: the others stay still instead of all blinking at every move', () => {
    const root = table();
    const card = root.querySelector<HTMLElement>('[data-card="G4"]')!;
    at(card, 10, 500);
    const before = snapshot(root, after([]));
    const animate = vi.fn();
    card.animate = animate as never;
    land(root, before, after([{ type: 'play', card: 'G4' }]), true);
    land(root, before, after([{ type: 'play', card: 'G4' }]), false);
    expect(animate).not.toHaveBeenCalled();
  });

  it('with reduced motion a hand that closes up after a play stays still; the played card fades in at its new place', () => {
    const root = document.createElement('div');
    root.innerHTML = `
      <section data-seat="0"><ul class="palette"></ul></section>
      <ul class="hand"><li><span data-fly data-card="R3"></span></li><li><span data-fly data-card="G5"></span></li></ul>`;
    document.body.append(root);
    const [r3, g5] = ['R3', 'G5'].map((c) => root.querySelector<HTMLElement>(`[data-card="${c}"]`)!);
    at(r3, 0, 500);
    at(g5, 50, 500);
    const before = snapshot(root, after([]));
    // R3 is played to the palette; G5 slides left into its place.
    const li = document.createElement('li');
    li.append(r3);
    root.querySelector('.palette')!.append(li);
    at(r3, 0, 100);
    at(g5, 0, 500);
    const animations = { R3: vi.fn(), G5: vi.fn() };
    r3.animate = animations.R3 as never;
    g5.animate = animations.G5 as never;
    land(root, before, after([]), true);
    expect(animations.R3).toHaveBeenCalledWith([{ opacity: 0 }, { opacity: 1 }], expect.anything());
    expect(animations.G5).not.toHaveBeenCalled();
  });

  it('a new game (the move count starts again) is a fresh deal: nothing flies from the last game', () => {
    const root = table();
    const card = root.querySelector<HTMLElement>('[data-card="G4"]')!;
    at(card, 10, 500);
    const last = after([{ type: 'play', card: 'G4' }]);
    const before = snapshot(root, last);
    at(card, 110, 300);
    const animate = vi.fn();
    card.animate = animate as never;
    const rematch = { ...after([]), round: last.round, moveCount: 0 };
    expect(last.moveCount).toBeGreaterThan(0);
    land(root, before, rematch, false);
    land(root, before, rematch, true);
    expect(animate).not.toHaveBeenCalled();
  });

  it("a card from a hidden hand starts at its seat; another player's draw is a card back flying from the deck", () => {
    const root = table();
    const seat1 = root.querySelector('[data-seat="1"]')!;
    at(seat1, 0, 0);
    at(root.querySelector('[data-testid="deck"]')!, 200, 200);
    const before = snapshot(root, after([], 0));
    const newcomer = document.createElement('span');
    newcomer.dataset.fly = '';
    newcomer.dataset.card = 'I2';
    seat1.append(newcomer);
    at(newcomer, 0, 100);
    const animate = vi.fn();
    newcomer.animate = animate as never;
    const now = after([], 0);
    land(root, before, { ...now, handSizes: [3, 4, 3] }, false);
    expect(animate).toHaveBeenCalledOnce();
    expect(animate.mock.calls[0][0][0].transform).toBe('translate(0px, -100px)');
    expect(document.querySelectorAll('.flight-ghost')).toHaveLength(1);
  });
});

describe('vibration on a turn', () => {
  it('waits for the first touch (Chromium refuses and logs before one), then buzzes; none without the API', () => {
    const calls: number[][] = [];
    const nav = {
      vibrate: (p: number[]) => (calls.push(p), true),
      userActivation: { hasBeenActive: false },
    };
    const buzz = vibrationAfterGesture(nav)!;
    expect(buzz([100])).toBe(false);
    expect(calls).toEqual([]);
    nav.userActivation.hasBeenActive = true;
    expect(buzz([100])).toBe(true);
    expect(calls).toEqual([[100]]);
    // Browsers without userActivation (older ones) are trusted to decide themselves.
    expect(vibrationAfterGesture({ vibrate: () => true })!([1])).toBe(true);
    expect(vibrationAfterGesture({})).toBeNull();
  });
});
