// A game saved by a host of protocol 2 (its log has no `turn` entries) loads: played again from its seed
// into exactly the saved game, its turns logged; anything that does not play back the same is refused.
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  legalMoves,
  logsNoTurns,
  newGame,
  turnsInRound,
  upgradeLog,
} from '../../../shared/engine';
import type { GameState } from '../../../shared/engine';
// Written by the engine as it was at protocol 2: a 3-player Advanced game with actions, in round 2.
import protocol2 from './fixtures/protocol-2-state.json';

describe('a game saved before turns were logged', () => {
  it('loads a state a protocol-2 host saved, and plays on', () => {
    const old = protocol2 as unknown as GameState;
    expect(logsNoTurns(old)).toBe(true);
    const s = upgradeLog(old)!;
    expect(s).not.toBeNull();
    expect({ ...s, log: undefined }).toEqual({ ...old, log: undefined });
    expect(s.log.filter((e) => e.kind !== 'turn')).toEqual(old.log);
    expect(turnsInRound(s.log).at(-1)).toMatchObject({
      seat: s.current,
      moveCount: s.moveCount,
      entries: [],
    });
    const next = applyMove(s, legalMoves(s)[0]);
    expect(next.moveCount).toBe(old.moveCount + 1);
  });

  it('is refused when playing it again does not give the saved game back', () => {
    const old = protocol2 as unknown as GameState;
    const i = old.log.findIndex((e) => e.kind === 'play');
    const tampered = { ...old, log: old.log.map((e, k) => (k === i ? { ...e, card: 'R7' as const } : e)) };
    expect(upgradeLog(tampered)).toBeNull();
    expect(upgradeLog({ ...old, seed: old.seed + 1 })).toBeNull();
  });

  it('leaves a log that has its turns as it is', () => {
    const s = newGame({ players: 3, mode: 'basic', actionRule: false }, 1);
    expect(logsNoTurns(s)).toBe(false);
    expect(upgradeLog(s)).toBe(s);
  });
});
