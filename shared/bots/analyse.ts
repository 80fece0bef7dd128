import { applyMove, completeTurns, nextRandom } from '../engine';
import type { GameState, Move, SeatView } from '../engine';
import { determinize } from './determinize';
import { BOT_LEVELS, winRate } from './index';
import type { BotLevel } from './levels';

/** One complete turn open to the seat, with the search's estimates (0..1). */
export interface TurnOption {
  turn: Move[];
  /** The seat is still in the round when this turn ends. */
  stayIn: number;
  /** The seat wins the round. */
  winRound: number;
}

export interface TurnAnalysis {
  /** The turn the level's search likes best (the first of `options`). */
  best: Move[];
  /**
   * After the best turn: the seat is still in when its next turn comes and has a turn then that keeps it
   * in (or the round ended with it the winner). Staying in to the end of one's own turn is decided by the
   * turn; what the others do next is the risk a player wants to know.
   */
  stayIn: number;
  winRound: number;
  /** Every turn found, best first; passing is among them whenever it is allowed. */
  options: TurnOption[];
}

const keyOf = (turn: readonly Move[]): string => JSON.stringify(turn);

/**
 * One guess at the orbit after the seat's turn: each other player makes a complete turn chosen at random
 * among those that keep them in (a player with none passes), then the seat looks for a turn that keeps it in.
 */
function survivesOrbit(after: GameState, seat: number, seed: number): boolean {
  let state = after;
  let random = seed >>> 0;
  while (state.phase === 'turn' && state.current !== seat) {
    const turns = completeTurns(state);
    if (turns.length === 0) {
      state = applyMove(state, { type: 'pass' });
      continue;
    }
    const [value, next] = nextRandom(random);
    random = next;
    state = turns[Math.floor(value * turns.length)].reduce(applyMove, state);
  }
  if (state.phase !== 'turn') return state.roundWinner === seat;
  return !state.out[seat] && completeTurns(state).length > 0;
}

/**
 * What the level's search thinks of every complete turn open to `view.seat` now, from that seat's view
 * alone: it guesses the hidden cards several times and rolls out each turn under each guess, as the bot
 * does. A turn missing from some guess (it discards a card a 3 drew from the unknown deck) depends on
 * what the seat cannot know and is left out. Throws unless it is the seat's turn.
 */
export function analyseTurn(view: SeatView, seed = 0, level: BotLevel = 'hard'): TurnAnalysis {
  const seat = view.seat;
  if (seat === null || view.phase !== 'turn' || view.current !== seat)
    throw new RangeError("analyseTurn: it is not the seat's turn.");
  const { samples: wanted, playouts, maxTurnEvaluations } = BOT_LEVELS[level];
  const guess = (k: number) => determinize(view, seed * 31 + k);
  const first = guess(0);
  const firstTurns = completeTurns(first);
  const samples = Math.max(
    1,
    Math.min(wanted, Math.floor(maxTurnEvaluations / Math.max(1, firstTurns.length))),
  );
  const found = new Map<string, { turn: Move[]; stayIn: number; winRound: number; seen: number }>();
  for (let k = 0; k < samples; k++) {
    const state = k === 0 ? first : guess(k);
    const turns = k === 0 ? firstTurns : completeTurns(state);
    const each = Math.max(2, Math.floor(playouts / samples / Math.max(1, turns.length)));
    turns.forEach((turn, t) => {
      const after = turn.reduce(applyMove, state);
      const entry = found.get(keyOf(turn)) ?? { turn, stayIn: 0, winRound: 0, seen: 0 };
      entry.stayIn += after.out[seat] ? 0 : 1;
      entry.winRound += winRate(after, seat, each, seed + k * 1_000_003 + t * 101);
      entry.seen += 1;
      found.set(keyOf(turn), entry);
    });
  }
  const options: TurnOption[] = [...found.values()]
    .filter((e) => e.seen === samples)
    .map((e) => ({ turn: e.turn, stayIn: e.stayIn / samples, winRound: e.winRound / samples }));
  if (view.legalMoves.some((m) => m.type === 'pass'))
    options.push({ turn: [{ type: 'pass' }], stayIn: 0, winRound: 0 });
  if (options.length === 0) throw new RangeError('analyseTurn: the seat has no move to make.');
  // Best first; between equals, the turn that spends fewer moves.
  options.sort((a, b) => b.winRound - a.winRound || b.stayIn - a.stayIn || a.turn.length - b.turn.length);
  const [top] = options;
  if (top.stayIn === 0) return { best: top.turn, stayIn: 0, winRound: top.winRound, options };
  let survived = 0;
  for (let k = 0; k < samples; k++) {
    const after = top.turn.reduce(applyMove, guess(k));
    if (survivesOrbit(after, seat, seed + k * 7919)) survived++;
  }
  return { best: top.turn, stayIn: survived / samples, winRound: top.winRound, options };
}
