import { BOT_THINK_NAMES, analyseTurn, botOptions } from '../../../shared/bots';
import type { BotThink } from '../../../shared/bots';
import { solveRound, type Solution } from '../../../shared/bots/solver';
import { roundHindsight, type RoundHindsight, type SeatMove } from '../../../shared/bots/hindsight';
import type { GameState, Move, SeatView } from '../../../shared/engine/types';
import { inCardOrder } from './position';
import { reviewRound } from './review';
import { nextTurnSurvival } from './survival';
import type { GivenSuggestion, RoundReview } from './review';

/*
 * The coach's side of the worker: what the page asks, what it answers. Kept apart from the worker entry
 * (coach.worker.ts) so the handler runs and is tested in plain Node.
 */

export type CoachRequest =
  /**
   * The best complete turn for the seat to act, from its own view, thought as long as the table's hard bots.
   * The clock may cut it short on a slow device (`quick` in the answer); `full` asks again without the
   * clock, for the deeper answer that follows a cut one.
   */
  | { id: number; kind: 'suggest'; view: SeatView; seed: number; think?: BotThink; full?: boolean }
  /** The seat's round, looked back on after it ended, knowing the suggestions the coach gave in it. */
  | {
      id: number;
      kind: 'review';
      view: SeatView;
      seed: number;
      think?: BotThink;
      given?: GivenSuggestion[];
    }
  /**
   * Hindsight only (a replay, where every hand is shown): does the player to act win the round whatever
   * the others do? The whole state, so never asked about a round in play.
   */
  | { id: number; kind: 'solve'; state: GameState }
  /**
   * Hindsight only (a finished game's record, a replay): one round from its deal and its moves, looked back
   * on for `seat` (where it had a forced win, where the round was lost).
   */
  | { id: number; kind: 'hindsight'; deal: GameState; moves: SeatMove[]; seat: number };

export interface Suggestion {
  turn: Move[];
  /** Still in at the seat's next turn (see nextTurnSurvival). */
  stayIn: number;
  winRound: number;
  /** Chance to win the game (Advanced: the search weighs its rounds by the match). */
  winGame?: number;
  /** The search was cut by the clock (a slow device): the answer is quicker, and weaker, than the bots'. */
  quick?: boolean;
}

/**
 * A suggestion comes within 1.5 s on any device: the search stops after SEARCH_MS (on this project's
 * machines it needs at most about a third of that at the widest positions, a slow phone several times as
 * long), the survival estimate by ANSWER_MS, and the rest is the worker's messages.
 */
export const COACH_TIME = { searchMs: 1000, answerMs: 1300 };

/** The solver's time for one replayed position: most whole 2-player deals are decided within it (docs/bots.md). */
export const SOLVE_MS = 1000;

export type CoachReply =
  | { id: number; kind: 'suggestion'; suggestion: Suggestion }
  | { id: number; kind: 'progress'; done: number; total: number }
  | { id: number; kind: 'review'; review: RoundReview }
  | { id: number; kind: 'solved'; solution: Solution }
  | { id: number; kind: 'hindsight'; hindsight: RoundHindsight }
  | { id: number; kind: 'failed'; reason: string };

const isGiven = (g: Partial<GivenSuggestion> | null): boolean =>
  typeof g === 'object' &&
  g !== null &&
  typeof g.moveCount === 'number' &&
  Array.isArray(g.turn) &&
  typeof g.quick === 'boolean';

const isRequest = (data: unknown): data is CoachRequest => {
  // Every field either kind of request may carry, each checked when present.
  const r = data as
    | (Partial<Omit<Extract<CoachRequest, { kind: 'review' }>, 'kind'>> & {
        kind?: CoachRequest['kind'];
        state?: unknown;
      })
    | null;
  if (typeof r !== 'object' || r === null || typeof r.id !== 'number') return false;
  if (r.kind === 'solve') return isRoundState(r.state);
  if (r.kind === 'hindsight') return isHindsight(data as Record<string, unknown>);
  return (
    (r.kind === 'suggest' || r.kind === 'review') &&
    typeof r.view === 'object' &&
    r.view !== null &&
    typeof r.seed === 'number' &&
    (r.think === undefined || BOT_THINK_NAMES.includes(r.think)) &&
    (r.given === undefined || (Array.isArray(r.given) && r.given.every(isGiven)))
  );
};

/** Enough of a game state to solve: a round in play (the page made it by replaying a checked record). */
const isRoundState = (s: unknown): s is GameState => {
  const g = s as Partial<GameState> | null;
  return (
    typeof g === 'object' &&
    g !== null &&
    g.phase === 'turn' &&
    typeof g.current === 'number' &&
    Array.isArray(g.hands) &&
    Array.isArray(g.palettes) &&
    Array.isArray(g.deck)
  );
};

const isHindsight = (r: Record<string, unknown>): boolean =>
  isRoundState(r.deal) &&
  Array.isArray(r.moves) &&
  r.moves.every((m: Partial<SeatMove> | null) => typeof m?.seat === 'number' && typeof m.move === 'object') &&
  typeof r.seat === 'number';

/** Answers one request: progress while reviewing, then the result, or `failed` with the reason. */
export function handleCoachMessage(data: unknown, reply: (message: CoachReply) => void): void {
  if (!isRequest(data)) {
    const id = typeof (data as { id?: unknown })?.id === 'number' ? (data as { id: number }).id : -1;
    reply({ id, kind: 'failed', reason: 'not a coach request' });
    return;
  }
  const { id } = data;
  if (data.kind === 'solve' || data.kind === 'hindsight') {
    try {
      if (data.kind === 'solve')
        reply({ id, kind: 'solved', solution: solveRound(data.state, { ms: SOLVE_MS, nodes: Infinity }) });
      else reply({ id, kind: 'hindsight', hindsight: roundHindsight(data.deal, data.moves, data.seat) });
    } catch (e) {
      reply({ id, kind: 'failed', reason: e instanceof Error ? e.message : String(e) });
    }
    return;
  }
  const { seed } = data;
  // In card order: the review asks about the same turn in the order its replay knows (see inCardOrder).
  const view = inCardOrder(data.view);
  try {
    if (data.kind === 'suggest') {
      const start = performance.now();
      const how = data.full
        ? botOptions('hard', data.think)
        : { ...botOptions('hard', data.think), timeLimitMs: COACH_TIME.searchMs };
      const { best, winRound, winGame, timeCut } = analyseTurn(view, seed, how);
      const until = data.full ? Infinity : start + COACH_TIME.answerMs;
      const stayIn = nextTurnSurvival(view, best, seed, 10, until);
      // `end` is the button after a play; the words of a suggestion leave it out.
      const turn = best.filter((m) => m.type !== 'end');
      reply({
        id,
        kind: 'suggestion',
        suggestion: {
          turn,
          stayIn,
          winRound,
          ...(winGame === undefined ? {} : { winGame }),
          ...(timeCut ? { quick: true } : {}),
        },
      });
    } else {
      const progress = (done: number, total: number) => reply({ id, kind: 'progress', done, total });
      const review = reviewRound(view, seed, progress, { think: data.think, given: data.given });
      reply({ id, kind: 'review', review });
    }
  } catch (e) {
    reply({ id, kind: 'failed', reason: e instanceof Error ? e.message : String(e) });
  }
}
