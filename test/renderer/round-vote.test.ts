// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { applyMove, setupState, viewFor } from '../../shared/engine';
import type { SeatView } from '../../shared/engine';
import type { TableInfo } from '../../shared/protocol';
import RoundSummary from '../../renderer/src/components/round/RoundSummary.vue';
import { countdownClock, nextFlipMs } from '../../renderer/src/table-models/away';
import { forgetHostClock, heardFromHost, hostTime } from '../../renderer/src/table-models/hostClock';
import { roundVoters, roundWaitsFor } from '../../renderer/src/table-models/roundVote';
import { mountApp, seatInfo, tableInfo } from './mount';

/*
 * Between rounds: who the next round waits for (bots ready, an away person ready once their grace is
 * over), the "I'm ready" toggle, and the one clock every screen counts the away grace by.
 */

afterEach(forgetHostClock);

const NAMES = ['Ann', 'Bob', 'Cy', 'Bot 4'];
/** Ann, Bob (away since `awaySince` unless null), Cy, and a bot; `ready` said so. */
function table(ready: number[], awaySince: number | null = null): TableInfo {
  return {
    ...tableInfo([
      seatInfo(0, 'Ann'),
      seatInfo(1, 'Bob', awaySince === null ? {} : { connected: false, away: true, awayMs: 0, awaySince }),
      seatInfo(2, 'Cy'),
      seatInfo(3, 'Bot 4', { bot: true, person: false, connected: false }),
    ]),
    nextRoundReady: ready,
    awayGraceMs: 60_000,
  };
}
const grace = (info: TableInfo, now: number) => (seat: number) => {
  const since = info.seatList[seat].awaySince;
  return since === null ? null : since + info.awayGraceMs - now;
};

/** An Advanced round over: Ann, Bob and Cy gave it up, the bot won it, as `seat` sees it. */
function roundOverView(seat: number | null): SeatView {
  let s = setupState(
    { players: 4, mode: 'advanced', actionRule: false },
    {
      hands: [['G6'], ['B4'], ['R1'], ['I2']],
      palettes: [['O3'], ['Y5'], ['V2'], ['B1']],
      current: 0,
    },
  );
  for (let i = 0; i < 3; i++) s = applyMove(s, { type: 'pass' });
  expect(s.phase).toBe('roundOver');
  return viewFor(s, seat);
}

describe('who the next round waits for', () => {
  it('counts bots ready, a yes, and an away person once their grace is over', () => {
    const now = 1_000_000;
    const info = table([2], now - 20_500);
    const voters = roundVoters(info, grace(info, now));
    expect(voters.map((v) => [v.name, v.state, v.readyInMs])).toEqual([
      ['Ann', 'notYet', null],
      ['Bob', 'away', 39_500],
      ['Cy', 'ready', null],
      ['Bot 4', 'bot', null],
    ]);
    expect(roundWaitsFor(voters)).toEqual(['Ann', 'Bob']);
    const later = roundVoters(info, grace(info, now + 39_500));
    expect(later[1].state).toBe('awayReady');
    expect(roundWaitsFor(later)).toEqual(['Ann']);
  });

  it('leaves voted-out seats out', () => {
    const info = table([]);
    info.seatList[2] = seatInfo(2, 'Cy', { votedOut: true, person: false });
    expect(roundVoters(info, () => null).map((v) => v.name)).toEqual(['Ann', 'Bob', 'Bot 4']);
  });
});

describe('one away clock for every screen', () => {
  it('counts down in whole seconds rounded up, and redraws when a second turns', () => {
    expect(countdownClock(39_500)).toBe('0:40');
    expect(countdownClock(1)).toBe('0:01');
    expect(countdownClock(0)).toBe('0:00');
    expect(countdownClock(-5)).toBe('0:00');
    expect(countdownClock(61_000)).toBe('1:01');
    // Away since 10_250: the clocks turn at ..._250; from 12_000 the next is 12_250.
    expect(nextFlipMs(12_000, [10_250])).toBe(250);
    expect(nextFlipMs(12_250, [10_250])).toBe(1000);
    expect(nextFlipMs(12_000, [10_250, 11_900])).toBe(250);
    expect(nextFlipMs(12_000, [10_250, 11_100])).toBe(100);
    expect(nextFlipMs(12_000, [])).toBe(1000);
  });

  it("takes the host's clock from the least delayed table message", () => {
    // The host is 5 s ahead; messages arrive 40 ms, then 3 ms, then 900 ms after they were stamped.
    heardFromHost(105_000, 100_040);
    expect(hostTime(100_040)).toBe(105_000);
    heardFromHost(106_000, 101_003);
    heardFromHost(107_000, 102_900);
    expect(hostTime(200_000)).toBe(204_997);
    // Two screens that heard the same stamp at different moments count the same second.
    forgetHostClock();
    heardFromHost(105_000, 100_000);
    const a = hostTime(100_500);
    forgetHostClock();
    heardFromHost(105_000, 100_000);
    expect(hostTime(100_500)).toBe(a);
  });
});

describe('the round summary between rounds', () => {
  const summary = (info: TableInfo, seat: number | null, now = Date.now()) =>
    mountApp(RoundSummary, {
      props: { view: roundOverView(seat), names: NAMES, roundVoters: roundVoters(info, grace(info, now)) },
    });

  it('offers "I\'m ready" as a toggle, shows who is ready and who it waits for', async () => {
    const now = Date.now();
    const ann = summary(table([2], now - 20_500), 0, now);
    const button = ann.get('[data-testid="ready"]');
    expect(button.text()).toBe("I'm ready");
    expect(button.attributes('aria-pressed')).toBe('false');
    expect(ann.findAll('[data-testid="round-voter"]').map((v) => v.text())).toEqual([
      'Ann (you)not yet',
      'Bobaway · ready in 0:40',
      'Cyready',
      'Bot 4bot · ready',
    ]);
    expect(ann.find('[data-testid="round-waiting"]').exists()).toBe(false);
    await button.trigger('click');
    expect(ann.emitted('ready')).toEqual([[true]]);
    ann.unmount();

    // Ann is ready: the toggle is pressed, pressing it again takes the yes back; she sees whom she waits for.
    const ready = summary(table([0, 2], now - 20_500), 0, now);
    const pressed = ready.get('[data-testid="ready"]');
    expect(pressed.attributes('aria-pressed')).toBe('true');
    expect(ready.get('[data-testid="round-waiting"]').text()).toBe('You are ready. Waiting for Bob.');
    await pressed.trigger('click');
    expect(ready.emitted('ready')).toEqual([[false]]);
    ready.unmount();

    // A spectator sees the vote, without a button.
    const watcher = summary(table([0]), null);
    expect(watcher.find('[data-testid="ready"]').exists()).toBe(false);
    expect(watcher.findAll('[data-testid="round-voter"]')).toHaveLength(4);
    watcher.unmount();
  });

  it('in Italian and Korean too', () => {
    const info = table([0]);
    for (const [locale, label] of [
      ['it', 'Sono pronto'],
      ['ko', '준비 완료'],
    ] as const) {
      const w = mountApp(
        RoundSummary,
        { props: { view: roundOverView(0), names: NAMES, roundVoters: roundVoters(info, () => null) } },
        undefined,
        locale,
      );
      expect(w.get('[data-testid="ready"]').text()).toBe(label);
      w.unmount();
    }
  });

  it('reopened as the last round: the same summary, nothing to vote on, one Close', async () => {
    const w = mountApp(RoundSummary, {
      props: {
        view: roundOverView(0),
        names: NAMES,
        roundVoters: roundVoters(table([]), () => null),
        past: true,
      },
    });
    expect(w.text()).toContain('Round 1, the round before this one');
    expect(w.get('[data-testid="round-winner"]').text()).toContain('Bot 4 wins the round');
    expect(w.find('[data-testid="round-vote"]').exists()).toBe(false);
    expect(w.find('[data-testid="ready"]').exists()).toBe(false);
    await w.get('[data-testid="last-round-close"]').trigger('click');
    expect(w.emitted('close')).toHaveLength(1);
    w.unmount();
  });
});
