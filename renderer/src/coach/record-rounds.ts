import type { SeatMove } from '../../../shared/bots/hindsight';
import type { GameState } from '../../../shared/engine/types';
import { replayRecord } from '../../../shared/record';

/** One round of a finished game as the hindsight review asks about it: its deal and its moves. */
export interface HindsightRound {
  deal: GameState;
  moves: SeatMove[];
}

/** Every round of a record, each from its deal (every hand known); null when the record does not replay. */
export function recordRounds(record: unknown): HindsightRound[] | null {
  const replayed = replayRecord(record);
  if (!replayed.ok) return null;
  const rounds: HindsightRound[] = [];
  for (const step of replayed.steps)
    if (step.move === null) rounds.push({ deal: step.state, moves: [] });
    else rounds[rounds.length - 1].moves.push(step.move);
  return rounds;
}
