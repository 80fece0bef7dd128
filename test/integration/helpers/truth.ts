import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyMove, newGame } from '../../../shared/engine';
import type { GameState, Move, NormalizedOptions } from '../../../shared/engine';

type Line =
  | { created: Record<string, unknown>; g?: never }
  | { seating: { creator: number; seats: unknown[]; unattendedSince: number | null }; g?: never }
  | { g: number; start: { options: NormalizedOptions; seed: number } }
  | { g: number; n: number; s: number | null; m: Move };

export function readMoveLog(dataDir: string, tableId: string): Line[] {
  const text = readFileSync(join(dataDir, 'tables', tableId, 'moves.jsonl'), 'utf8');
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Line);
}

/**
 * The host's hidden truth, rebuilt independently from its move log: `states[m]` is the game after m moves.
 * It also proves the log holds every accepted move, in order, without gaps.
 */
export function replayGame(dataDir: string, tableId: string, game = 1): GameState[] {
  const lines = readMoveLog(dataDir, tableId).filter((l) => l.g === game);
  const start = lines[0];
  if (!start || !('start' in start)) throw new Error(`game ${game} of ${tableId} has no start line`);
  const states = [newGame(start.start.options, start.start.seed)];
  for (const line of lines.slice(1)) {
    if (!('m' in line)) throw new Error('a second start line within one game');
    const state = states[states.length - 1];
    if (line.n !== state.moveCount)
      throw new Error(`log line for move ${line.n} follows move ${state.moveCount}`);
    states.push(applyMove(state, line.m));
  }
  return states;
}

/**
 * The host's truth for one game, rebuilt from its move log as far as asked: the host appends each move
 * before it sends any frame about it, so the state behind any frame received is already there.
 */
export function truthOf(dataDir: string, tableId: string, game = 1) {
  const states: GameState[] = [];
  return (moveCount: number): GameState | undefined => {
    if (moveCount >= states.length) {
      const lines = readMoveLog(dataDir, tableId).filter((l) => l.g === game);
      for (const line of lines) {
        if ('start' in line) {
          if (states.length === 0) states.push(newGame(line.start.options, line.start.seed));
        } else if ('m' in line && line.n === states.length - 1) {
          states.push(applyMove(states[states.length - 1], line.m));
        }
      }
    }
    return states[moveCount];
  };
}
