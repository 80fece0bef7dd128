import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { BotThink } from '../../../shared/bots';
import type { SeatView } from '../../../shared/engine/types';
import { askCoach, type CoachJob } from '../coach/client';
import type { Suggestion } from '../coach/handler';
import type { GivenSuggestion } from '../coach/review';
import { useTableStore } from './table';

/** An answer as shown: the position it is about, and whether it came from the longer look after a cut one. */
export type ShownSuggestion = Suggestion & {
  moveCount: number;
  /** The longer look found another turn ('better') or the same one ('same'). */
  after?: 'better' | 'same';
};

/** Suggestions remembered for the reviews (a few rounds' worth). */
const GIVEN_KEPT = 100;

const sameTurn = (a: Suggestion, b: Suggestion): boolean => JSON.stringify(a.turn) === JSON.stringify(b.turn);

/**
 * The coach: a question about the player's own view, put to the hard bot in a worker, and its answer. The
 * answer names the move count of the position it was asked about (stale, and so not shown, once a move is
 * made); the hint says it in words and the hand marks its cards.
 *
 * A device too slow for the table's think time gets a quick answer (cut by the clock): the coach then keeps
 * looking, without the clock, and while the position stands it shows what the longer look found. Every
 * answer shown is remembered with its round and strength, so the round's review can say which turns
 * followed a suggestion rather than call them the player's own mistakes.
 */
export const useCoachStore = defineStore('coach', () => {
  const job = shallowRef<CoachJob | null>(null);
  /** The longer look after a quick answer. */
  const deeper = shallowRef<CoachJob | null>(null);
  const suggestion = ref<ShownSuggestion | null>(null);
  /** The worker's reason when it could not answer. */
  const failed = ref<string | null>(null);
  /** Seconds the current question has been thought about. */
  const seconds = ref(0);
  const given = shallowRef<(GivenSuggestion & { round: string })[]>([]);
  let timer: ReturnType<typeof setInterval> | null = null;

  /** Names a round of a game at the current table (a rematch is another game). */
  function roundKey(round: number): string {
    const table = useTableStore().table;
    return `${table?.id}:${table?.game}:${round}`;
  }

  function show(view: SeatView, answer: Suggestion, after?: ShownSuggestion['after']): void {
    suggestion.value = { ...answer, moveCount: view.moveCount, ...(after ? { after } : {}) };
    const record = { round: roundKey(view.round), moveCount: view.moveCount, turn: answer.turn };
    given.value = [...given.value, { ...record, quick: answer.quick === true }].slice(-GIVEN_KEPT);
  }

  async function ask(view: SeatView): Promise<void> {
    if (job.value || deeper.value) return;
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
    if (answer?.kind === 'suggestion') {
      show(view, answer.suggestion);
      if (answer.suggestion.quick) void lookDeeper(view, think, answer.suggestion);
    } else if (answer?.kind === 'failed') failed.value = answer.reason;
  }

  /** After a quick answer: the same question without the clock; its answer replaces the quick one if still current. */
  async function lookDeeper(view: SeatView, think: BotThink | undefined, quick: Suggestion): Promise<void> {
    const mine = askCoach({
      kind: 'suggest',
      view,
      seed: view.moveCount,
      full: true,
      ...(think ? { think } : {}),
    });
    deeper.value = mine;
    const answer = await mine.answer;
    if (deeper.value !== mine) return;
    deeper.value = null;
    // A failed longer look leaves the quick answer as it was.
    if (answer?.kind === 'suggestion')
      show(view, answer.suggestion, sameTurn(answer.suggestion, quick) ? 'same' : 'better');
  }

  /** Stops thinking (the longer look too); an answer already given stays. */
  function stop(): void {
    job.value?.cancel();
    job.value = null;
    deeper.value?.cancel();
    deeper.value = null;
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

  /** The suggestions shown during `round` of the game at the current table, for its review. */
  function givenIn(round: number): GivenSuggestion[] {
    const key = roundKey(round);
    return given.value
      .filter((g) => g.round === key)
      .map(({ moveCount, turn, quick }) => ({ moveCount, turn, quick }));
  }

  return { job, deeper, suggestion, failed, seconds, given, ask, stop, forget, givenIn };
});
