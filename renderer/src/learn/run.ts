import { applyMove, sameMove, setupState, viewFor } from '../../../shared/engine';
import type { GameState, Move, SeatView } from '../../../shared/engine/types';
import { chooseBotMove } from '../../../shared/bots';
import type { MoveStep, Scene } from './lesson';

/** The player's seat in every lesson. */
export const ME = 0;

/** A scene's planted position, through the engine (setupState checks every card is dealt once). */
export const sceneStart = (scene: Scene): GameState => setupState(scene.options, scene.setup);

export const myView = (state: GameState): SeatView => viewFor(state, ME);

/** The bots' level in lessons: easy thinks in a few milliseconds, so the page stays responsive. */
const BOT_LEVEL = 'easy';

/** How the player's steps so far stand against a move step's turns. */
export type Fit = 'partial' | 'complete' | 'wrong';

const startsWith = (steps: readonly Move[], prefix: readonly Move[]): boolean =>
  prefix.length <= steps.length && prefix.every((m, i) => sameMove(m, steps[i]));

/**
 * `steps`: the turn so far (the ones already applied in this step, then the staged ones; no `end`).
 * partial: it may still become a taught turn; complete: it is one; wrong: it can no longer become one.
 * A `leading` step holds the player to each turn's first step only: after it, any legal step will do
 * (the turn must still end with the player leading), the rest of the turn is what the guide suggests.
 */
export function fitOf(step: MoveStep, steps: readonly Move[]): Fit {
  const moves = steps.filter((m) => m.type !== 'end');
  if (step.finish === 'leading') {
    const turn = step.turns.find((t) => moves.length === 0 || sameMove(t[0], moves[0]));
    if (!turn) return 'wrong';
    return moves.length >= turn.length ? 'complete' : 'partial';
  }
  if (step.turns.some((turn) => turn.length === moves.length && startsWith(moves, turn))) return 'complete';
  if (step.turns.some((turn) => startsWith(turn, moves))) return 'partial';
  return 'wrong';
}

/** The first step of `steps` that leaves every taught turn (what the coach explains), or null. */
export function firstWrong(step: MoveStep, steps: readonly Move[]): { index: number; move: Move } | null {
  for (let i = 1; i <= steps.length; i++)
    if (fitOf(step, steps.slice(0, i)) === 'wrong') return { index: i - 1, move: steps[i - 1] };
  return null;
}

/** The turn in progress is over: someone else is to act, or the round is. */
export const turnOver = (before: GameState, after: GameState): boolean =>
  after.phase !== 'turn' || after.current !== ME || after.round !== before.round;

/** Applies the player's moves (an IllegalMoveError for one the engine refuses). */
export function applyAll(state: GameState, moves: readonly Move[]): GameState {
  return moves.reduce((s, m) => applyMove(s, m), state);
}

/** What is left of the taught turn the player has begun with `applied` (the first one if none fits). */
export function restOfTurn(step: MoveStep, applied: readonly Move[]): Move[] {
  const turn = step.turns.find((t) => startsWith(t, applied)) ?? step.turns[0];
  return startsWith(turn, applied) ? turn.slice(applied.length) : [];
}

/**
 * The turn a skipped step plays for the player: the rest of a taught turn, finished as the engine allows
 * (the bot's choice for a 7's, 5's or 1's step left open), then ended.
 */
export function skipTurn(
  state: GameState,
  step: MoveStep,
  applied: readonly Move[] = [],
  seed = 1,
): GameState {
  let s = applyAll(state, restOfTurn(step, applied));
  for (let guard = 0; guard < 8 && !turnOver(state, s); guard++) {
    const v = myView(s);
    const end = v.legalMoves.find((m) => m.type === 'end');
    s = applyMove(s, end ?? chooseBotMove(v, seed, BOT_LEVEL));
  }
  return s;
}

/** One bot move, when a bot is to act (null when it is the player's turn or the round is over). */
export function botMove(state: GameState, seed = 1): Move | null {
  if (state.phase !== 'turn' || state.current === null || state.current === ME) return null;
  return chooseBotMove(viewFor(state, state.current), seed, BOT_LEVEL);
}

/** Every bot move until it is the player's turn or the round is over (what skipping the bots' step does). */
export function botsToEnd(state: GameState, seed = 1): GameState {
  let s = state;
  for (let guard = 0; guard < 40; guard++) {
    const m = botMove(s, seed);
    if (!m) return s;
    s = applyMove(s, m);
  }
  return s;
}
