// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TableInfo, TurnClockInfo } from '../../shared/protocol';
import ClockPanel from '../../renderer/src/components/table/ClockPanel.vue';
import SeatClock from '../../renderer/src/components/board/SeatClock.vue';
import { forgetHostClock } from '../../renderer/src/table-models/hostClock';
import { clockLeftMs, clockSeconds } from '../../renderer/src/table-models/turnClock';
import { useSettingsStore } from '../../renderer/src/stores/settings';
import { mountApp, seatInfo, tableInfo, useTestServices } from './mount';

afterEach(() => {
  forgetHostClock();
  document.body.innerHTML = '';
});

const running = (leftMs: number, extra: Partial<TurnClockInfo> = {}): TurnClockInfo => ({
  seat: 1,
  endsAt: Date.now() + leftMs,
  leftMs,
  totalMs: 30_000,
  paused: false,
  expired: false,
  botTurn: false,
  ...extra,
});
const expired = (extra: Partial<TurnClockInfo> = {}) => running(0, { endsAt: null, expired: true, ...extra });
const table = (clock: TurnClockInfo | null): TableInfo => ({
  ...tableInfo([seatInfo(0, 'Ada'), seatInfo(1, 'Bruno'), seatInfo(2, 'Chloé')]),
  turnClock: clock,
});

describe('the turn clock on screen', () => {
  it('counts from the host’s end time; a paused or expired clock stands still', () => {
    expect(clockLeftMs(running(0, { endsAt: 10_500, leftMs: 99 }), 4_000)).toBe(6_500);
    expect(clockLeftMs(running(0, { endsAt: 1_000 }), 4_000)).toBe(0);
    expect(clockLeftMs(running(0, { endsAt: null, leftMs: 7_000, paused: true }), 4_000)).toBe(7_000);
    expect([0, 1, 999, 1000, 1001, 9_999].map(clockSeconds)).toEqual([0, 1, 1, 1, 2, 10]);
  });

  it('shows a ring on the timed seat, and the seconds only when few or up; paused, no figure of its own', () => {
    useTestServices();
    const long = mountApp(SeatClock, { props: { clock: running(25_000) } });
    expect(long.find('[data-testid="seat-clock"]').attributes('aria-label')).toMatch(/^0:2[45] left$/);
    expect(long.find('.secs').exists()).toBe(false);
    const short = mountApp(SeatClock, { props: { clock: running(7_200) } });
    expect(short.find('.secs').text()).toBe('8');
    expect(short.classes()).toContain('short');
    const paused = mountApp(SeatClock, {
      props: { clock: running(0, { endsAt: null, leftMs: 18_000, paused: true }) },
    });
    // Paused while the player is away: the one clock then is their grace, by their seat.
    expect(paused.find('.secs').exists()).toBe(false);
    expect(paused.classes()).toContain('paused');
    expect(paused.attributes('aria-label')).toBe('Turn clock paused while they are away');
    expect(mountApp(SeatClock, { props: { clock: expired() } }).attributes('aria-label')).toBe('Time is up');
    expect(
      mountApp(SeatClock, { props: { clock: null } })
        .find('[data-testid="seat-clock"]')
        .exists(),
    ).toBe(false);
  });

  it('offers the others a bot for the timed-out turn, tells the player, and a spectator only sees it', async () => {
    useTestServices();
    const other = mountApp(ClockPanel, { props: { info: table(expired()), mySeat: 0 } });
    expect(other.text()).toContain("Bruno's time is up.");
    await other.find('[data-testid="clock-bot"]').trigger('click');
    expect(other.emitted('botTurn')).toEqual([[1]]);

    const timed = mountApp(ClockPanel, { props: { info: table(expired()), mySeat: 1 } });
    expect(timed.text()).toContain('Your time is up. You may still play');
    expect(timed.find('[data-testid="clock-bot"]').exists()).toBe(false);
    await timed.setProps({ info: table(expired({ botTurn: true })) });
    expect(timed.text()).toContain('Your time ran out: a bot plays this turn for you.');
    expect(timed.find('[data-testid="clock-spoken"]').text()).toContain('a bot plays this turn for you');

    const watcher = mountApp(ClockPanel, { props: { info: table(expired()), mySeat: null } });
    expect(watcher.find('[data-testid="clock-bot"]').exists()).toBe(false);
    expect(mountApp(ClockPanel, { props: { info: table(running(20_000)), mySeat: 0 } }).text()).toBe('');
  });

  it('speaks Italian and Korean too', () => {
    useTestServices();
    const it = mountApp(ClockPanel, { props: { info: table(expired()), mySeat: 0 } }, undefined, 'it');
    expect(it.text()).toContain('Il tempo di Bruno è scaduto.');
    expect(it.find('[data-testid="clock-bot"]').text()).toBe('Fai giocare un bot per questo turno');
    const ko = mountApp(ClockPanel, { props: { info: table(expired()), mySeat: 0 } }, undefined, 'ko');
    expect(ko.text()).toContain('Bruno님의 시간이 다 되었습니다.');
    expect(ko.find('[data-testid="clock-bot"]').text()).toBe('이번 턴은 봇에게 맡기기');
    const ring = mountApp(
      SeatClock,
      { props: { clock: running(0, { endsAt: null, leftMs: 18_000, paused: true }) } },
      undefined,
      'ko',
    );
    expect(ring.attributes('aria-label')).toBe('자리를 비운 동안 턴 시계가 멈춰 있습니다');
  });

  it('says the last ten seconds once to screen readers', async () => {
    useTestServices();
    const w = mountApp(ClockPanel, { props: { info: table(running(20_000)), mySeat: 1 } });
    expect(w.find('[data-testid="clock-spoken"]').text()).toBe('');
    await w.setProps({ info: table(running(9_500)) });
    expect(w.find('[data-testid="clock-spoken"]').text()).toBe('10 seconds left.');
    // The next turn is another's; when it is ours again, the same words are said again (the region was emptied).
    await w.setProps({ info: table(running(20_000, { seat: 2 })) });
    expect(w.find('[data-testid="clock-spoken"]').text()).toBe('');
    await w.setProps({ info: table(running(20_000)) });
    await w.setProps({ info: table(running(9_000)) });
    expect(w.find('[data-testid="clock-spoken"]').text()).toBe('10 seconds left.');
  });

  it('gives the timed player, and only them, a soft cue at ten seconds, if this device’s sound is on', async () => {
    const made: { notes: number[]; peak: number }[] = [];
    class FakeAudio {
      state = 'running';
      currentTime = 0;
      destination = {};
      rec = { notes: [] as number[], peak: 0 };
      // The page's audio is woken for each sound and put to sleep after it, as a real context is.
      resume = async () => {};
      suspend = async () => {};
      constructor() {
        made.push(this.rec);
      }
      createOscillator() {
        const osc = {
          type: '',
          frequency: { value: 0 },
          connect: (g: unknown) => g,
          start: () => {},
          stop: () => {},
        };
        queueMicrotask(() => this.rec.notes.push(osc.frequency.value));
        return osc;
      }
      createGain() {
        const ramp = (v: number) => (this.rec.peak = Math.max(this.rec.peak, v));
        return {
          gain: { setValueAtTime: ramp, exponentialRampToValueAtTime: ramp },
          connect: (d: unknown) => d,
        };
      }
    }
    vi.stubGlobal('AudioContext', FakeAudio);
    useTestServices();
    const mine = mountApp(ClockPanel, { props: { info: table(running(20_000)), mySeat: 1 } });
    window.dispatchEvent(new Event('pointerdown')); // browsers allow sound after a gesture
    expect(made).toHaveLength(1);
    await mine.setProps({ info: table(running(9_500)) });
    await mine.setProps({ info: table(running(8_500)) }); // once a turn, not each second
    await Promise.resolve();
    expect(made[0].notes).toHaveLength(2);
    expect(made[0].peak).toBeLessThanOrEqual(0.12); // softer than the turn's chime (0.22)

    const theirs = mountApp(ClockPanel, { props: { info: table(running(20_000)), mySeat: 0 } });
    await theirs.setProps({ info: table(running(9_500)) });
    await Promise.resolve();
    expect(made[0].notes).toHaveLength(2);

    const quiet = mountApp(ClockPanel, { props: { info: table(running(20_000)), mySeat: 1 } });
    useSettingsStore().setSound(false);
    await quiet.setProps({ info: table(running(9_500)) });
    await Promise.resolve();
    expect(made[0].notes).toHaveLength(2);
    expect(quiet.find('[data-testid="clock-spoken"]').text()).toBe('10 seconds left.');
    vi.unstubAllGlobals();
  });
});
