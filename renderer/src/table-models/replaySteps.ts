import type { ReplayStep } from '../../../shared/record';

/**
 * Where a replay may stop, read off the record's states (replayRecord): every move is a step; a turn
 * starts where the engine opened one (its log ends with a `turn` entry), at a deal and at a round's end;
 * a round starts at its deal. Step 0 is the first deal, the last step the game's end.
 */
export interface ReplayStops {
  /** Steps where a turn starts, or a round begins or ends, in order. */
  turns: number[];
  /** Each round's deal, in order. */
  rounds: number[];
  last: number;
}

export function replayStops(steps: readonly ReplayStep[]): ReplayStops {
  const turns: number[] = [];
  const rounds: number[] = [];
  steps.forEach((step, i) => {
    if (step.move === null) rounds.push(i);
    const s = step.state;
    if (step.move === null || s.phase !== 'turn' || s.log.at(-1)?.kind === 'turn') turns.push(i);
  });
  return { turns, rounds, last: Math.max(0, steps.length - 1) };
}

const clamp = (i: number, last: number) => Math.min(Math.max(0, Math.trunc(i)), last);

/** The first stop after `i` (the last step when there is none). */
function after(stops: readonly number[], i: number, last: number): number {
  return stops.find((s) => s > i) ?? last;
}

/** The last stop before `i` (step 0 when there is none). */
function before(stops: readonly number[], i: number): number {
  return stops.findLast((s) => s < i) ?? 0;
}

export type StepBy = 'move' | 'turn' | 'round' | 'end';

/** The step `by` a move, turn or round forward (`dir` 1) or back (-1) from `i`; 'end' goes to either end. */
export function stepFrom(stops: ReplayStops, i: number, by: StepBy, dir: 1 | -1): number {
  const at = clamp(i, stops.last);
  if (by === 'end') return dir > 0 ? stops.last : 0;
  if (by === 'move') return clamp(at + dir, stops.last);
  const list = by === 'turn' ? stops.turns : stops.rounds;
  return dir > 0 ? after(list, at, stops.last) : before(list, at);
}

/** The round (1-based) and the turn in it (1-based, as the game log numbers them) that step `i` is in. */
export function positionOf(steps: readonly ReplayStep[], i: number): { round: number; turn: number } {
  const step = steps[clamp(i, steps.length - 1)];
  if (!step) return { round: 0, turn: 0 };
  const turn = step.state.log.findLast((e) => e.kind === 'turn' || e.kind === 'deal');
  return { round: step.round, turn: turn?.kind === 'turn' ? turn.turn : 0 };
}
