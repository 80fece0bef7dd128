// A snapshot written by a protocol-2 host (its game log has no `turn` entries) is restored with its turns
// logged, the moves logged after it replayed on top; one whose game does not play back is skipped, reported.
import { describe, expect, it } from 'vitest';
import { applyMove, legalMoves, turnsInRound, upgradeLog } from '../../../shared/engine';
import type { GameState, Move } from '../../../shared/engine';
import { parseSnapshot } from '../../../main/host/store-format';
import { restoreTable } from '../../../main/host/restore';
import protocol2 from '../engine/fixtures/protocol-2-state.json';

const state = protocol2 as unknown as GameState;

/** The snapshot file as a protocol-2 host wrote it for a 3-seat table with two bots. */
const snapshotText = (saved: GameState) =>
  JSON.stringify({
    format: 1,
    id: 'abcdEFGH',
    name: 'Friday',
    options: saved.options,
    botLevel: 'normal',
    botPace: 'fast',
    botThink: 'normal',
    wins: [0, 0, 0],
    hints: true,
    creator: 0,
    seats: [
      { name: 'Ann', tokenHash: 'a'.repeat(64), bot: false, standIn: false, votedOut: false },
      { name: 'Bot 2', tokenHash: null, bot: true, standIn: false, votedOut: false },
      { name: 'Bot 3', tokenHash: null, bot: true, standIn: false, votedOut: false },
    ],
    game: 1,
    state: saved,
    createdAt: 1_700_000_000_000,
    unattendedSince: null,
  });

function restore(saved: GameState, moves: { n: number; m: Move }[]) {
  const parsed = parseSnapshot(snapshotText(saved));
  if (!parsed.ok) throw new Error(parsed.reason);
  const problems: string[] = [];
  const log = moves.map(({ n, m }) => ({ g: 1, n, s: null, m }));
  const record = restoreTable({ record: parsed.record, log, logLinesInRecord: 0 }, (p) => problems.push(p));
  return { record, problems };
}

describe('a protocol-2 snapshot', () => {
  it('is restored with its turns logged, and the moves logged after it replayed', () => {
    const upgraded = upgradeLog(state)!;
    const move = legalMoves(upgraded)[0];
    const { record, problems } = restore(state, [{ n: state.moveCount, m: move }]);
    expect(problems).toEqual([]);
    expect(record?.state).toEqual(applyMove(upgraded, move));
    expect(turnsInRound(record!.state!.log).length).toBeGreaterThan(1);
  });

  it('whose game does not play back is skipped, with the reason', () => {
    const { record, problems } = restore({ ...state, seed: state.seed + 1 }, []);
    expect(record).toBeNull();
    expect(problems).toEqual([
      'table abcdEFGH: cannot rebuild the game (its saved game cannot be played again); skipped',
    ]);
  });
});
