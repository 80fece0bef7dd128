import { applyMove, completeTurns } from '../engine';
import type { GameState, Move } from '../engine';

/**
 * An exact solver for a round whose every card is known (a review after the round, a replay with every
 * hand, a test): does the player to act win this round whatever the others do? Depth-first over complete
 * turns, AND/OR (with three or four players the others are taken to play together against them, so a
 * "win" is a win against any play), with a table of positions already decided. It proves a win or a loss
 * within its budget of positions, or says it could not. It reads hidden cards, so it is for hindsight only:
 * never for a seat's play during a round.
 */

export type Verdict = 'win' | 'loss' | 'unknown';

export interface Solution {
  verdict: Verdict;
  /** The player the verdict is for: the one to act at the start. */
  seat: number;
  /** A winning turn (on a win), else null. */
  turn: Move[] | null;
  /** Positions searched. */
  nodes: number;
}

export interface SolveBudget {
  /** At most this many positions (default 200,000). */
  nodes?: number;
  /** At most this long, in milliseconds (default: no limit but the positions'). */
  ms?: number;
}

class OutOfBudget extends Error {}

/** What decides the rest of the round: hands and palettes as sets, the rule's card, the deck, who is out and to act. */
function positionKey(s: GameState): string {
  const sorted = (cards: readonly string[]) => [...cards].sort().join('');
  return [
    s.current,
    s.out.map(Number).join(''),
    s.canvas.at(-1) ?? '-',
    s.hands.map(sorted).join('/'),
    s.palettes.map(sorted).join('/'),
    s.deck.join(''),
  ].join('|');
}

const PASS: Move = { type: 'pass' };

export function solveRound(
  state: GameState,
  budget: SolveBudget = {},
  /** Positions decided for the player to act, kept by the caller across calls (see `seatWins`). */
  table?: Map<string, boolean>,
): Solution {
  const seat = state.current;
  if (state.phase !== 'turn' || seat === null) throw new RangeError('no round in play');
  const search = searchFor(seat, budget, table);
  try {
    for (const turn of completeTurns(state))
      if (search.wins(play(state, turn))) return { verdict: 'win', seat, turn, nodes: search.nodes() };
    return { verdict: 'loss', seat, turn: null, nodes: search.nodes() };
  } catch (e) {
    if (e instanceof OutOfBudget) return { verdict: 'unknown', seat, turn: null, nodes: search.nodes() };
    throw e;
  }
}

/**
 * Does `seat` win the round from `state`, whoever is to act (e.g. just after its own turn)? `table`, kept
 * by the caller across calls for the same seat, remembers the positions decided: the looks at one round's
 * turns share most of their positions.
 */
export function seatWins(
  state: GameState,
  seat: number,
  budget: SolveBudget = {},
  table: Map<string, boolean> = new Map(),
): Verdict {
  try {
    return searchFor(seat, budget, table).wins(state) ? 'win' : 'loss';
  } catch (e) {
    if (e instanceof OutOfBudget) return 'unknown';
    throw e;
  }
}

/** The AND/OR search for `seat`, within `budget`, remembering decided positions in `decided`. */
function searchFor(seat: number, budget: SolveBudget, decided = new Map<string, boolean>()) {
  const limit = budget.nodes ?? 200_000;
  const deadline = budget.ms === undefined ? Infinity : performance.now() + budget.ms;
  let nodes = 0;

  /** Does `seat` win the round from `s`? */
  const wins = (s: GameState): boolean => {
    if (s.phase !== 'turn') return s.roundWinner === seat;
    if (s.out[seat]) return false;
    const key = positionKey(s);
    const known = decided.get(key);
    if (known !== undefined) return known;
    // The clock is read every 256 positions: cheap, and within a millisecond of the deadline.
    if (++nodes > limit || ((nodes & 255) === 0 && performance.now() > deadline)) throw new OutOfBudget();
    const turns = completeTurns(s);
    const reach = (turn: Move[]) => wins(play(s, turn));
    // Leaving the round loses it for the solver's player; for the others it is one more answer to try
    // (in three or four players, one leaving can change who wins).
    const result = s.current === seat ? turns.some(reach) : turns.every(reach) && wins(applyMove(s, PASS));
    decided.set(key, result);
    return result;
  };
  return { wins, nodes: () => nodes };
}

const play = (s: GameState, turn: readonly Move[]): GameState => turn.reduce(applyMove, s);
