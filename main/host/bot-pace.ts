import type { GameState } from '../../shared/engine';
import type { BotPace, PaceMs } from '../../shared/protocol';

/** A round's first move is to be made now: the last thing logged opened the round's first turn (a deal always opens one). */
const justDealt = (state: GameState): boolean => {
  const last = state.log.at(-1);
  return last?.kind === 'turn' && last.turn === 1;
};

/** How long after its turn began a bot's move may land. `fixedMs` (tests) replaces every pace. */
export function botWaitMs(
  pace: BotPace,
  state: GameState,
  paces: Record<BotPace, PaceMs>,
  fixedMs: number | null,
): number {
  if (fixedMs !== null) return fixedMs;
  const p = paces[pace];
  return justDealt(state) ? p.deal : p.step;
}
