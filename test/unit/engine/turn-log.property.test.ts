// Properties over seeded random games in every variant: the turns read from the log (its `turn` entries)
// are the turns the engine played — same seats, numbers, move counts and moves — at every point of every
// round, from every seat's view and a spectator's; and a game saved before turns were logged is played
// again into exactly the same game, its turns logged. (The saved-game examples: upgrade.test.ts.)
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  legalMoves,
  logsNoTurns,
  movesOfTurn,
  newGame,
  turnsInRound,
  upgradeLog,
  viewFor,
} from '../../../shared/engine';
import type { GameOptions, GameState, LogEntry, Move } from '../../../shared/engine';
import { VARIANTS, variantName } from './helpers';
import { pick, rng } from '../../helpers/random';
import { isTurnStart } from './explain-hindsight-helpers';

/** 48 variants × 21 = 1,008 games. */
const GAMES_PER_VARIANT = 21;

/** A turn as the engine played it: whose, the moves made before it, and its own moves. */
interface PlayedTurn {
  seat: number;
  moveCount: number;
  moves: Move[];
}

/**
 * Plays a seeded random game (passing rarely, so that rounds last). Turns are told apart by the engine's
 * own state, not by the log: a turn begins in each state where the seat to act has done nothing yet.
 * `visit(state, the turns of its round so far)` is called after every move.
 */
function randomGame(options: GameOptions, seed: number, visit: (s: GameState, turns: PlayedTurn[]) => void) {
  const random = rng(seed);
  let s = newGame(options, seed);
  let turns: PlayedTurn[] = [];
  const begin = () => {
    if (isTurnStart(s)) turns.push({ seat: s.current!, moveCount: s.moveCount, moves: [] });
  };
  begin();
  for (let n = 0; n < 2000 && s.phase !== 'gameOver'; n++) {
    const moves = legalMoves(s);
    const nonPass = moves.filter((m) => m.type !== 'pass');
    const move = nonPass.length > 0 && random() < 0.97 ? pick(random, nonPass) : pick(random, moves);
    if (move.type === 'nextRound') turns = [];
    else turns[turns.length - 1].moves.push(move);
    s = applyMove(s, move);
    begin();
    visit(s, turns);
  }
}

/** The round's turns as the log tells them; `end` (which logs nothing) from the move counts. */
function turnsFromLog(log: readonly LogEntry[], moveCount: number, autoDraw: boolean): PlayedTurn[] {
  const logged = turnsInRound(log);
  return logged.map((turn, i) => {
    const moves = movesOfTurn(turn, autoDraw);
    const length = (logged[i + 1]?.moveCount ?? moveCount) - turn.moveCount;
    if (length === moves.length + 1) moves.push({ type: 'end' });
    else if (length !== moves.length)
      expect.fail(`turn ${turn.turn}: ${length} moves, the log tells ${moves.length}`);
    return { seat: turn.seat, moveCount: turn.moveCount, moves };
  });
}

const text = (value: unknown): string => JSON.stringify(value);

describe('the turns in the log are the turns the engine played', () => {
  it.each(VARIANTS.map((o) => [variantName(o), o] as const))('%s', (_, options) => {
    let compared = 0;
    for (let g = 0; g < GAMES_PER_VARIANT; g++) {
      const seed = 5000 + g;
      const random = rng(seed * 3 + 1);
      randomGame(options, seed, (s, played) => {
        // Every round's end from the host's state; a sample of the moments in between from one view.
        const roundEnd = s.phase !== 'turn';
        if (!roundEnd && random() > 0.05) return;
        const seat = roundEnd ? undefined : random() < 0.8 ? Math.floor(random() * options.players) : null;
        const log = seat === undefined ? s.log : viewFor(s, seat).log;
        const read = turnsFromLog(log, s.moveCount, s.options.autoDraw);
        if (text(read) !== text(played))
          expect(read, `seed ${seed} after ${s.moveCount} moves`).toEqual(played);
        const numbers = turnsInRound(log).map((t) => t.turn);
        if (text(numbers) !== text(numbers.map((_, i) => i + 1)))
          expect.fail(`seed ${seed}: turn numbers ${numbers}`);
        compared += read.length;
      });
    }
    expect(compared).toBeGreaterThan(GAMES_PER_VARIANT * 3);
  });
});

/** What a version-2 host saved: the same state, its log without `turn` entries. */
const asSavedBefore = (s: GameState): GameState => ({ ...s, log: s.log.filter((e) => e.kind !== 'turn') });

describe('a game saved before turns were logged', () => {
  it('is played again from its seed into the same game, its turns logged (every variant)', () => {
    let upgraded = 0;
    for (const options of VARIANTS) {
      const random = rng(options.players * 100 + (options.actionRule ? 10 : 0));
      let stopAt = 20 + Math.floor(random() * 200);
      randomGame(options, 9000 + stopAt, (s) => {
        if (--stopAt !== 0 && s.phase !== 'gameOver') return;
        const old = asSavedBefore(s);
        expect(logsNoTurns(old)).toBe(true);
        expect(upgradeLog(old)).toEqual(s);
        upgraded += 1;
      });
    }
    expect(upgraded).toBeGreaterThanOrEqual(VARIANTS.length);
  });
});
