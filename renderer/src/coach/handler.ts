import { analyseTurn } from '../../../shared/bots';
import type { Move, SeatView } from '../../../shared/engine/types';
import { reviewRound } from './review';
import { nextTurnSurvival } from './survival';
import type { RoundReview } from './review';

/*
 * The coach's side of the worker: what the page asks, what it answers. Kept apart from the worker entry
 * (coach.worker.ts) so the handler runs and is tested in plain Node.
 */

export type CoachRequest =
  /** The best complete turn for the seat to act, from its own view. */
  | { id: number; kind: 'suggest'; view: SeatView; seed: number }
  /** The seat's round, looked back on after it ended. */
  | { id: number; kind: 'review'; view: SeatView; seed: number };

export interface Suggestion {
  turn: Move[];
  /** Still in at the seat's next turn (see nextTurnSurvival). */
  stayIn: number;
  winRound: number;
  /** Chance to win the game (Advanced: the search weighs its rounds by the match). */
  winGame?: number;
}

export type CoachReply =
  | { id: number; kind: 'suggestion'; suggestion: Suggestion }
  | { id: number; kind: 'progress'; done: number; total: number }
  | { id: number; kind: 'review'; review: RoundReview }
  | { id: number; kind: 'failed'; reason: string };

const isRequest = (data: unknown): data is CoachRequest => {
  const r = data as Partial<CoachRequest> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.id === 'number' &&
    (r.kind === 'suggest' || r.kind === 'review') &&
    typeof r.view === 'object' &&
    r.view !== null &&
    typeof r.seed === 'number'
  );
};

/** Answers one request: progress while reviewing, then the result, or `failed` with the reason. */
export function handleCoachMessage(data: unknown, reply: (message: CoachReply) => void): void {
  if (!isRequest(data)) {
    const id = typeof (data as { id?: unknown })?.id === 'number' ? (data as { id: number }).id : -1;
    reply({ id, kind: 'failed', reason: 'not a coach request' });
    return;
  }
  const { id, view, seed } = data;
  try {
    if (data.kind === 'suggest') {
      const { best, winRound, winGame } = analyseTurn(view, seed, 'hard');
      const stayIn = nextTurnSurvival(view, best, seed);
      // `end` is the button after a play; the words of a suggestion leave it out.
      const turn = best.filter((m) => m.type !== 'end');
      reply({
        id,
        kind: 'suggestion',
        suggestion: { turn, stayIn, winRound, ...(winGame === undefined ? {} : { winGame }) },
      });
    } else {
      const review = reviewRound(view, seed, (done, total) => reply({ id, kind: 'progress', done, total }));
      reply({ id, kind: 'review', review });
    }
  } catch (e) {
    reply({ id, kind: 'failed', reason: e instanceof Error ? e.message : String(e) });
  }
}
