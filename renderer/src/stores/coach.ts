import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { SeatView } from '../../../shared/engine/types';
import { askCoach, type CoachJob } from '../coach/client';
import type { Suggestion } from '../coach/handler';
import { useTableStore } from './table';

/**
 * The coach: a question about the player's own view, put to the hard bot in a worker, and its answer. The
 * answer names the move count of the position it was asked about (stale, and so not shown, once a move is
 * made); the hint says it in words and the hand marks its cards.
 */
export const useCoachStore = defineStore('coach', () => {
  const job = shallowRef<CoachJob | null>(null);
  const suggestion = ref<(Suggestion & { moveCount: number }) | null>(null);
  /** The worker's reason when it could not answer. */
  const failed = ref<string | null>(null);
  /** Seconds the current question has been thought about. */
  const seconds = ref(0);
  let timer: ReturnType<typeof setInterval> | null = null;

  async function ask(view: SeatView): Promise<void> {
    if (job.value) return;
    forget();
    const started = Date.now();
    timer = setInterval(() => (seconds.value = Math.floor((Date.now() - started) / 1000)), 250);
    // The coach thinks as long as the table's hard bots do.
    const think = useTableStore().table?.options.botThink;
    const mine = askCoach({ kind: 'suggest', view, seed: view.moveCount, ...(think ? { think } : {}) });
    job.value = mine;
    const answer = await mine.answer;
    if (job.value !== mine) return; // stopped, or overtaken by a new position
    stop();
    if (answer?.kind === 'suggestion') suggestion.value = { ...answer.suggestion, moveCount: view.moveCount };
    else if (answer?.kind === 'failed') failed.value = answer.reason;
  }

  /** Stops thinking; an answer already given stays. */
  function stop(): void {
    job.value?.cancel();
    job.value = null;
    if (timer) clearInterval(timer);
    timer = null;
  }

  /** The position moved on or the hint left the table: no question, no answer, no failure. */
  function forget(): void {
    stop();
    suggestion.value = null;
    failed.value = null;
    seconds.value = 0;
  }

  return { job, suggestion, failed, seconds, ask, stop, forget };
});
