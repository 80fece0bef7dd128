// @vitest-environment happy-dom
import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { viewFor } from '../../shared/engine';
import { replayRecord, type ReplayStep } from '../../shared/record';
import GameReview from '../../renderer/src/components/history/GameReview.vue';
import { setCoachWorker } from '../../renderer/src/coach/client';
import type { CoachReply, CoachRequest } from '../../renderer/src/coach/handler';
import { randomRecord, VARIANTS } from '../unit/record/games';
import { mountApp, useTestServices } from './mount';

/** The replay's review asks the coach about one seat's view (no solver is asked in this test). */
type Review = Extract<CoachRequest, { kind: 'review' }>;

/*
 * The coach's review of a whole game in the replay: one question per round and seat, each from that seat's
 * own view at the round's end, asked one after another; the costly turns shown per seat with a way to their
 * step; the worker stopped when the review goes away. The worker is a stand-in that answers a moment later.
 */

class StandIn {
  static made: StandIn[] = [];
  onmessage: ((e: { data: CoachReply }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  terminated = false;
  asked: Review[] = [];
  constructor() {
    StandIn.made.push(this);
  }
  postMessage(data: Review): void {
    this.asked.push(data);
    setTimeout(() => {
      if (this.terminated) return;
      // Each seat's first turn of the round cost it 0.2 (more in later rounds): a made-up judgement.
      const round = data.view.round;
      this.onmessage?.({
        data: {
          id: data.id,
          kind: 'review',
          review: {
            reviewed: 2,
            costly: [
              {
                turnNumber: 1 + (data.view.seat ?? 0),
                ownNumber: 1,
                played: [{ type: 'pass' }],
                better: [{ type: 'play', card: 'R7' }],
                playedWin: 0.1,
                betterWin: 0.3 + round / 100,
                measure: 'round',
              },
            ],
          },
        },
      });
    });
  }
  terminate(): void {
    this.terminated = true;
  }
}

function stepsOf(variant: number, seed: number): ReplayStep[] {
  const replayed = replayRecord(randomRecord(VARIANTS[variant], seed).record);
  if (!replayed.ok) throw new Error(replayed.reason);
  return replayed.steps;
}
const settle = async () => {
  for (let i = 0; i < 60; i++) {
    await new Promise((r) => setTimeout(r, 1));
    await flushPromises();
  }
};

beforeEach(() => {
  StandIn.made = [];
  useTestServices();
  setCoachWorker(() => new StandIn() as unknown as Worker);
});
enableAutoUnmount(afterEach);
afterEach(() => {
  setCoachWorker();
  document.body.innerHTML = '';
});

describe("the coach's review of a whole game", () => {
  it('asks about every round of every seat, in order, each from that seat’s own view at the round’s end', async () => {
    const steps = stepsOf(4, 3); // 3 players, Advanced
    const ends = steps.filter((s) => s.state.phase !== 'turn');
    expect(ends.length).toBeGreaterThan(1);
    const w = mountApp(GameReview, { props: { steps, names: ['Ann', 'Bo', 'Cy'] } });
    // What a screen reader hears (the live regions): that the coach works, once, with no count or name
    // (the visible line's "(0 of 12 looked at)" was read out, then again at every seat and round).
    const live = () =>
      w.findAll('[aria-live], [role="status"], [role="alert"]').map((el) => el.text().trim());
    expect(live()).toEqual(["The coach is reviewing every player's turns…"]);
    expect(w.get('[data-testid="game-review-status"]').text()).not.toMatch(/\b0 (of|turns)\b/);
    await settle();
    expect(live()).toEqual(['Review done: the turns that cost the most are listed under each player.']);
    const asked = StandIn.made.flatMap((m) => m.asked);
    expect(asked).toHaveLength(ends.length * 3);
    asked.forEach((req, k) => {
      const end = ends[Math.floor(k / 3)];
      const seat = k % 3;
      expect(req.kind).toBe('review');
      // Exactly what that seat's screen had: its own hand, no other hand and no deck order anywhere.
      expect(req.view).toEqual(JSON.parse(JSON.stringify(viewFor(end.state, seat))));
      expect(req.view.seat).toBe(seat);
      expect(Object.keys(req.view)).not.toContain('hands');
      expect(Object.keys(req.view)).not.toContain('deck');
    });
    expect(w.get('[data-testid="game-review"]').attributes('data-done')).toBe('true');
    // Per seat, its three costliest turns over the game (here: its last three rounds' first turns).
    for (const seat of [0, 1, 2]) {
      const rows = w.findAll(`[data-testid="game-review-seat-${seat}"] [data-testid="game-review-turn"]`);
      expect(rows).toHaveLength(Math.min(3, ends.length));
      const last = ends.at(-1)!.round;
      expect(rows[0].text()).toContain(`Round ${last}, turn ${1 + seat}`);
      expect(rows[0].text()).toContain('Better: playing Red 7.');
      expect(rows[0].text()).toContain(`Chance to win the round: 10% → ${Math.round(30 + last)}%`);
    }
    // A turn's button goes to the step where that turn starts.
    await w
      .findAll('[data-testid="game-review-seat-1"] [data-testid="game-review-turn"] button')[0]
      .trigger('click');
    const went = w.emitted('go')![0][0] as number;
    const last = steps[went].state.log.at(-1);
    expect(steps[went].round).toBe(ends.at(-1)!.round);
    expect(last).toMatchObject({ kind: 'turn', turn: 2 });
  });

  it('stops the worker when it goes away, and asks nothing more', async () => {
    const steps = stepsOf(5, 1); // 4 players, Advanced
    const w = mountApp(GameReview, { props: { steps, names: ['Ann', 'Bo', 'Cy', 'Di'] } });
    await new Promise((r) => setTimeout(r, 1));
    await flushPromises();
    const before = StandIn.made.flatMap((m) => m.asked).length;
    expect(before).toBeGreaterThan(0);
    w.unmount();
    await settle();
    expect(StandIn.made.every((m) => m.terminated)).toBe(true);
    expect(StandIn.made.flatMap((m) => m.asked).length).toBe(before);
  });
});
