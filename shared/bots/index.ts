import { sameMove, type GameState, type Move, type SeatView } from '../engine';
import { determinize, determinizer, knownHandCards } from './determinize';
import type { TurnAnalysis, TurnEstimate } from './estimate';
import { flatSearch } from './flat';
import type { FlatOptions } from './flat';
import { ismctsSearch } from './ismcts';
import type { IsmctsOptions } from './ismcts';
import { DEFAULT_BOT_THINK } from './levels';
import type { BotLevel, BotThink } from './levels';

export { determinize, determinizer, knownHandCards };
export { BOT_LEVEL_NAMES, DEFAULT_BOT_LEVEL, BOT_THINK_NAMES, DEFAULT_BOT_THINK } from './levels';
export type { BotLevel, BotThink } from './levels';
export type { TurnAnalysis, TurnEstimate, FlatOptions, IsmctsOptions };

/** How a bot thinks: the flat search (easy, normal) or Information Set MCTS (hard). */
export type BotOptions = ({ search: 'flat' } & FlatOptions) | ({ search: 'ismcts' } & IsmctsOptions);
/** Options a caller may give: a search and any of its settings (the rest: normal's, or hard's for 'ismcts'). */
export type BotSettings =
  ({ search?: 'flat' } & Partial<FlatOptions>) | ({ search: 'ismcts' } & Partial<IsmctsOptions>);

/**
 * The strengths a table may choose.
 * - easy: one guess, a few rollouts, and shy of spending two cards in a turn: a beginner who still never
 *   gives up a round it can stay in, and always takes the free draw.
 * - normal: the long-standing flat search (several guesses, every turn rolled out), capped so the widest
 *   Action-rule positions stay fast.
 * - hard: Information Set MCTS over complete turns, its budget counted in iterations (same seed, same move).
 */
export const BOT_LEVELS = {
  easy: { search: 'flat', samples: 1, playouts: 40, comboPenalty: 0.2, maxTurnEvaluations: 400 },
  normal: { search: 'flat', samples: 6, playouts: 2400, comboPenalty: 0, maxTurnEvaluations: 3000 },
  // Opponents' turns are not expanded by default: enumerating them in each guess costs ~2 ms (applyMove
  // path), so a deeper tree searched far fewer iterations in the same time and played no better.
  hard: {
    search: 'ismcts',
    iterations: 8000,
    maxWork: 400_000,
    exploration: 0.7,
    expandAfter: Infinity,
    ownTurns: 300,
    otherTurns: 40,
    rollout: 'informed',
    reward: 'match',
    // Reading the opponents' turns: +6.5 points of 4-player games against normals; nothing with fewer seats.
    reading: 'four-players',
    match: 'merged',
    rolloutActions: true,
  },
} as const satisfies Record<BotLevel, BotOptions>;

/** `level`'s options with its budget (rollouts or iterations) multiplied by `scale` (at least one). */
export function scaledLevel(level: BotLevel, scale: number): BotOptions {
  const o: BotOptions = BOT_LEVELS[level];
  return o.search === 'flat'
    ? { ...o, playouts: Math.max(1, Math.round(o.playouts * scale)) }
    : {
        ...o,
        iterations: Math.max(1, Math.round(o.iterations * scale)),
        maxWork: Math.max(1, Math.round(o.maxWork * scale)),
      };
}

/**
 * Hard's budget for each think time, as a share of its default. The longest decisions measured (thread CPU,
 * 4-player Advanced + Action, 2-core machine): about 0.1 s, ⅓ s and 1 s.
 */
export const THINK_SCALE: Readonly<Record<BotThink, number>> = { quick: 0.25, normal: 1, long: 3 };

/** The options a table's bots think with: its level, with hard's budget set by the table's think time. */
export function botOptions(level: BotLevel, think: BotThink = DEFAULT_BOT_THINK): BotOptions {
  return level === 'hard' ? scaledLevel(level, THINK_SCALE[think]) : BOT_LEVELS[level];
}

function optionsOf(how: BotLevel | BotSettings | undefined): BotOptions {
  if (how === undefined) return BOT_LEVELS.normal;
  if (typeof how === 'string') return BOT_LEVELS[how] as BotOptions;
  return how.search === 'ismcts'
    ? ({ ...BOT_LEVELS.hard, ...how } as BotOptions)
    : ({ ...BOT_LEVELS.normal, ...how, search: 'flat' } as BotOptions);
}

/** A move needing no thought: the only one, or the free Advanced draw (never worse). */
function obviousMove(view: SeatView): Move | null {
  const legal = view.legalMoves;
  if (legal.length === 0) throw new RangeError('The bot has no move to make.');
  if (legal.length === 1) return legal[0];
  return legal.find((m) => m.type === 'draw') ?? null;
}

/**
 * The search's view of the seat's turn from where it stands: the best complete turn, its chances to stay in
 * and to win the round, and every other turn searched. A pure function of the seat's own view and the seed.
 */
export function analyseTurn(view: SeatView, seed = 0, how?: BotLevel | BotSettings): TurnAnalysis {
  if (view.seat === null || view.phase !== 'turn' || view.current !== view.seat)
    throw new RangeError('analyseTurn needs the view of the seat to act.');
  const options = optionsOf(how);
  return options.search === 'ismcts'
    ? ismctsSearch(view, seed, options)
    : flatSearch(view, seed, options).analysis;
}

/**
 * The bot: a pure function of one seat's view (the same view and seed give the same move). It plays the
 * first move of the turn its search likes best; it only passes with no turn that keeps it in the round.
 * `guess` replaces hard's guesses of the hidden cards: only the bench's all-seeing player passes one.
 */
export function chooseBotMove(
  view: SeatView,
  seed = 0,
  how?: BotLevel | BotSettings,
  guess?: (seed: number) => GameState,
): Move {
  const obvious = obviousMove(view);
  if (obvious) return obvious;
  const options = optionsOf(how);
  const legal = view.legalMoves;
  const isLegal = (move: Move | undefined): move is Move =>
    move !== undefined && legal.some((m) => sameMove(m, move));
  // With no turn that keeps it in under the guesses, a move still beats passing: a card a 3 draws may save it.
  const fallback = legal.find((m) => m.type === 'play') ?? legal.find((m) => m.type !== 'pass') ?? legal[0];
  if (options.search === 'flat') {
    const { move } = flatSearch(view, seed, options);
    return isLegal(move ?? undefined) ? move! : fallback;
  }
  const first = ismctsSearch(view, seed, options, guess).best[0];
  return isLegal(first) ? first : fallback;
}
