import { analyseTurn, botOptions } from '../../../shared/bots';
import { movesOfTurn, replayRound, turnsInRound } from '../../../shared/engine';
import type { BotThink, TurnEstimate } from '../../../shared/bots';
import type { Move, SeatView } from '../../../shared/engine/types';
import { inCardOrder } from './position';

/** A suggestion the coach gave during the round, as the page remembers it. */
export interface GivenSuggestion {
  /** The position it was asked about (a turn's start, or partway through it). */
  moveCount: number;
  /** The rest of the turn it suggested (end left out). */
  turn: Move[];
  /** The device's clock cut its search short (a weaker answer than the table's bots would give). */
  quick: boolean;
}

/** How a turn followed a suggestion: from its `from`-th move on (0: the whole turn), and whether that was cut short. */
export interface Followed {
  from: number;
  quick: boolean;
}

/** One of the seat's turns that cost it the most, by the search's estimate. */
export interface CostlyTurn {
  /** The round's turn number, as the game log shows it (1 = the round's first turn, every seat's counted). */
  turnNumber: number;
  /** Which of the seat's own reviewed turns it was (1 = its first). */
  ownNumber: number;
  /** The turn as the seat made it (end left out). */
  played: Move[];
  /** The turn the search likes best. */
  better: Move[];
  /** Estimated chance to win after the turn made, and after the better one: the game or the round (`measure`). */
  playedWin: number;
  betterWin: number;
  /** 'game' in Advanced, where the search weighs each round by the match; 'round' otherwise. */
  measure: 'game' | 'round';
  /** The turn was played as the coach suggested: the review must say so (and why it now finds better). */
  suggested?: Followed;
}

export interface RoundReview {
  /** How many of the seat's turns were looked at. */
  reviewed: number;
  /** The costliest turns, costliest first (at most MAX_SHOWN). */
  costly: CostlyTurn[];
}

/** A turn costs something only when the estimate drops by at least this much (rollouts are noisy). */
export const MIN_COST = 0.05;
export const MAX_SHOWN = 3;

const withoutEnd = (turn: readonly Move[]): Move[] => turn.filter((m) => m.type !== 'end');
const sameTurn = (a: readonly Move[], b: readonly Move[]): boolean =>
  JSON.stringify(withoutEnd(a)) === JSON.stringify(withoutEnd(b));

/**
 * The suggestion a turn (its moves `played`, from move count `start`) followed: one asked at that turn's
 * start or partway through it, whose moves are the rest of the turn. The earliest counts (it covers more of
 * the turn), a full-strength answer before a cut one. Null when the turn followed none.
 */
export function followedSuggestion(
  given: readonly GivenSuggestion[],
  start: number,
  played: readonly Move[],
): Followed | null {
  const followed = given
    .map((g) => ({ from: g.moveCount - start, quick: g.quick, turn: g.turn }))
    .filter(
      (g) =>
        g.from >= 0 && g.from < played.length && g.turn.length > 0 && sameTurn(played.slice(g.from), g.turn),
    )
    .sort((a, b) => a.from - b.from || Number(a.quick) - Number(b.quick));
  return followed.length ? { from: followed[0].from, quick: followed[0].quick } : null;
}

/** What the review knows of the round beyond the view: the table's think time and the suggestions given. */
export interface ReviewContext {
  /** The think time the table's hard bots, and so the coach's suggestions, use (default 'normal'). */
  think?: BotThink;
  given?: readonly GivenSuggestion[];
}

/**
 * The seat's round looked back on, from its own views as they were at the start of each of its turns
 * (replayRound): each turn is analysed, and the turns where the choice made lost the most win chance
 * against the search's best are kept. A turn that put the seat out counts as a chance of 0.
 * `progress(done, total)` is called after each turn analysed.
 *
 * Each turn is searched as a suggestion is (the same budget, seed and card order), so a turn played as a
 * full-strength suggestion asked at its start gets the same answer and is never listed. A turn that
 * followed a suggestion and is listed anyway (the device cut that suggestion short, or it was asked partway
 * through the turn) carries `suggested`, for the review to say so.
 */
export function reviewRound(
  view: SeatView,
  seed = 0,
  progress: (done: number, total: number) => void = () => {},
  context: ReviewContext = {},
): RoundReview {
  const seat = view.seat;
  if (seat === null) return { reviewed: 0, costly: [] };
  const logged = new Map(turnsInRound(view.log).map((turn) => [turn.turn, turn]));
  const mine = replayRound(view).filter((step) => step.seat === seat && step.view.legalMoves.length > 0);
  const costly: CostlyTurn[] = [];
  mine.forEach((step, done) => {
    const turn = logged.get(step.turn);
    const entries = turn?.entries ?? [];
    const played = turn ? movesOfTurn(turn, view.options.autoDraw) : [];
    // Seeded by the position and thought as long, as a suggestion is: the same turn gets the same estimate.
    const how = botOptions('hard', context.think);
    const analysis = analyseTurn(inCardOrder(step.view), seed + step.view.moveCount, how);
    const wentOut = entries.some((e) => e.kind === 'out' && e.seat === seat);
    // In Advanced the search weighs turns by the game, and going out is one of them: a turn that put the
    // seat out is worth what passing was. Judged by the round, going out is worth 0.
    const byGame = analysis.winGame !== undefined;
    const worth = (o: TurnEstimate | undefined): number | undefined => (byGame ? o?.winGame : o?.winRound);
    const out = byGame ? (worth(analysis.options.find((o) => o.turn[0]?.type === 'pass')) ?? 0) : 0;
    // A turn the search did not weigh and that kept the seat in (it hung on a card a 3 drew) is not judged.
    const playedWin = worth(analysis.options.find((o) => sameTurn(o.turn, played))) ?? (wentOut ? out : null);
    const betterWin = worth(analysis.options[0]) ?? 0;
    const suggested = followedSuggestion(context.given ?? [], step.view.moveCount, withoutEnd(played));
    if (playedWin !== null && !sameTurn(analysis.best, played) && betterWin - playedWin >= MIN_COST)
      costly.push({
        turnNumber: step.turn,
        ownNumber: done + 1,
        played,
        better: withoutEnd(analysis.best),
        playedWin,
        betterWin,
        measure: byGame ? 'game' : 'round',
        ...(suggested ? { suggested } : {}),
      });
    progress(done + 1, mine.length);
  });
  costly.sort((a, b) => b.betterWin - b.playedWin - (a.betterWin - a.playedWin));
  return { reviewed: mine.length, costly: costly.slice(0, MAX_SHOWN) };
}
