import { applyMove, legalMoves, newGame } from './game';
import type { GameState, LogEntry } from './types';
import { sameJson } from '../same-json';

/** Does this state's log come from before turns were logged (protocol 2)? Such a log has no `turn` entry. */
export const logsNoTurns = (state: GameState): boolean =>
  state.log.length > 0 && !state.log.some((e) => e.kind === 'turn');

const withoutTurns = (log: readonly LogEntry[]): LogEntry[] => log.filter((e) => e.kind !== 'turn');

/**
 * A game saved before turns were logged, played again by the engine from its seed so that its log has
 * them: at each step the one legal move whose entries are the old log's next ones (`end`, which logs
 * nothing of its own, when no other move fits). Null when that does not give back the saved game exactly.
 * A state that logs its turns already is returned as it is.
 */
export function upgradeLog(old: GameState): GameState | null {
  if (!logsNoTurns(old)) return old;
  let s = newGame(old.options, old.seed);
  if (!sameJson(withoutTurns(s.log), old.log.slice(0, 1))) return null;
  let at = 1;
  while (s.moveCount < old.moveCount) {
    let chosen: GameState | null = null;
    for (const move of legalMoves(s)) {
      const next = applyMove(s, move);
      const added = withoutTurns(next.log.slice(s.log.length));
      if (!sameJson(added, old.log.slice(at, at + added.length))) continue;
      if (added.length > 0 || chosen === null) chosen = next;
      if (added.length > 0) break;
    }
    if (chosen === null) return null;
    at += withoutTurns(chosen.log.slice(s.log.length)).length;
    s = chosen;
  }
  const { log: _new, ...rest } = s;
  const { log: _old, ...saved } = old;
  return sameJson(rest, saved) && sameJson(withoutTurns(s.log), old.log) ? s : null;
}
