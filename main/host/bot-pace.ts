import type { GameState } from '../../shared/engine';
import type { BotPace } from '../../shared/protocol';

/** How long a bot's step stays on screen before its next, and how long a fresh deal is shown first. */
export interface PaceMs {
  /** Between one step and the next (a 5's extra play, the 3's draw, the closing discard each count). */
  step: number;
  /** Before a round's first bot move: everyone looks at the new hands and palettes first. */
  deal: number;
}

/**
 * Relaxed gives a person time to read one line of the log and see the card land for each step of a
 * chained turn (5, then 3, then a discard: about 5 s in all); fast only keeps bots from looking instant.
 */
export const BOT_PACES: Record<BotPace, PaceMs> = {
  relaxed: { step: 1600, deal: 2500 },
  normal: { step: 900, deal: 1600 },
  fast: { step: 250, deal: 700 },
};

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
