import { describe, expect, it } from 'vitest';
import {
  applyMove,
  completeTurns,
  newGame,
  previousRoundView,
  roundSummary,
  viewFor,
} from '../../../shared/engine';
import type { GameState } from '../../../shared/engine';

/** Plays whole keeping turns (or passes) until the phase is `phase` in round `round`. */
function playTo(state: GameState, round: number, phase: GameState['phase']): GameState {
  let s = state;
  while (!(s.round === round && s.phase === phase)) {
    if (s.phase === 'gameOver') throw new Error('the game ended first');
    if (s.phase === 'roundOver') {
      s = applyMove(s, { type: 'nextRound' });
      continue;
    }
    const turn = completeTurns(s)[0] ?? [{ type: 'pass' as const }];
    for (const m of turn) s = applyMove(s, m);
  }
  return s;
}

describe('previousRoundView', () => {
  it('rebuilds the last round as each seat saw it end, from the log of the round after', () => {
    for (const seed of [1, 2, 3, 4]) {
      const options = { players: 3, mode: 'advanced', actionRule: seed % 2 === 0 } as const;
      const ended = playTo(newGame(options, seed), 1, 'roundOver');
      const next = applyMove(ended, { type: 'nextRound' });
      const later = completeTurns(next)[0] ? applyMove(next, completeTurns(next)[0][0]) : next;
      for (const seat of [0, 1, 2, null]) {
        const then = viewFor(ended, seat);
        const rebuilt = previousRoundView(viewFor(later, seat))!;
        expect(rebuilt).toMatchObject({
          phase: 'roundOver',
          round: 1,
          scores: then.scores,
          scored: then.scored,
          palettes: then.palettes,
          canvas: then.canvas,
          out: then.out,
          roundWinner: then.roundWinner,
          rule: then.rule,
          log: then.log,
          moveCount: then.moveCount,
          hand: [],
        });
        // The summary reads the same from either: palettes at the end, who went out, the winner.
        expect(roundSummary(rebuilt)).toEqual(roundSummary(then));
      }
    }
  });

  it('is null in the first round and between rounds', () => {
    const s = newGame({ players: 2, mode: 'advanced', actionRule: false }, 9);
    expect(previousRoundView(viewFor(s, 0))).toBeNull();
    expect(previousRoundView(viewFor(playTo(s, 1, 'roundOver'), 0))).toBeNull();
    expect(previousRoundView(viewFor(playTo(s, 2, 'roundOver'), 0))).toBeNull();
  });
});
