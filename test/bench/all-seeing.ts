// The all-seeing players: hard's search given the true hidden hands. Bench only: they need the whole game
// state, which no table ever hands a bot. Two of them: the yardstick as it was first written (pinned, so
// figures from different days compare) and today's hard search with the true cards (the gap as it is now);
// and, where no card is drawn, today's search with the exact solver in front of it (the strongest there is).
import { shuffle, viewFor } from '../../shared/engine';
import type { GameState, Move } from '../../shared/engine';
import { BOT_LEVELS, chooseBotMove } from '../../shared/bots';
import type { IsmctsOptions } from '../../shared/bots';
import { solveRound } from '../../shared/bots/solver';

/**
 * What it sees: every hand as it truly is, so also which cards are in the deck; not the deck's order below
 * its public top (each guess shuffles it), which no reading of the opponents could ever tell.
 */
export function allSeeingGuesser(state: GameState): (seed: number) => GameState {
  const top = state.deck.slice(state.deck.length - state.knownTop);
  const hidden = state.deck.slice(0, state.deck.length - state.knownTop);
  return (seed) => {
    const [order, rng] = shuffle(hidden, seed >>> 0);
    return { ...state, hands: state.hands.map((h) => [...h]), deck: [...order, ...top], rng, log: [] };
  };
}

/**
 * Hard's options on the day the yardstick was written, every one spelt out so that whatever hard later
 * becomes, this player stays the same: uniform guesses, the other seats merged in the match model, no card
 * actions in its rollouts.
 */
export const ALL_SEEING: IsmctsOptions = {
  iterations: 8000,
  maxWork: 400_000,
  exploration: 0.7,
  expandAfter: Infinity,
  ownTurns: 300,
  otherTurns: 40,
  rollout: 'informed',
  reward: 'match',
  reading: 'uniform',
  match: 'merged',
  rolloutActions: false,
};

/**
 * Today's hard with the true cards: the gap to it is what hard's guesses cost now. (Its reading setting is
 * moot: given guesses are never weighed.)
 */
export const ALL_SEEING_TODAY: IsmctsOptions = BOT_LEVELS.hard;

/**
 * The move for the seat to act; `scale` multiplies the budget as the bench's scale does hard's; `options`:
 * the pinned yardstick unless said.
 */
export function allSeeingMove(
  state: GameState,
  seed: number,
  scale = 1,
  options: IsmctsOptions = ALL_SEEING,
): Move {
  const view = viewFor(state, state.current!);
  const budget = {
    iterations: Math.max(1, Math.round(options.iterations * scale)),
    maxWork: Math.max(1, Math.round(options.maxWork * scale)),
  };
  return chooseBotMove(view, seed, { ...options, ...budget, search: 'ismcts' }, allSeeingGuesser(state));
}

/** The solver's time for one decision: the reach table's second column (docs/bots.md), a whole deal 97 %. */
const SOLVE_MS = 1000;

/**
 * The all-seeing player with the exact solver in front: where no card is ever drawn (Basic without the
 * Action rule), the true hands are every card that matters, so a win the solver proves within its second is
 * certain and it plays that turn's next step (a step at a time: the turn's rest is proved again at the next
 * one). A proved loss or an undecided position goes to today's all-seeing search, which still plays for the
 * others' mistakes. Where cards are drawn it is the all-seeing player of today.
 */
export function allSeeingSolverMove(state: GameState, seed: number, scale = 1): Move {
  const noDraws = state.options.mode === 'basic' && !state.options.actionRule;
  if (noDraws) {
    const solved = solveRound(state, { ms: SOLVE_MS, nodes: Infinity });
    if (solved.verdict === 'win') return solved.turn![0];
  }
  return allSeeingMove(state, seed, scale, ALL_SEEING_TODAY);
}
