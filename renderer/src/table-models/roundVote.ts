import type { TableInfo } from '../../../shared/protocol';

/**
 * Where a seat stands on dealing the next round: said ready, a bot (always ready), not yet, or away —
 * then ready once their grace is over (`readyInMs` counts down to it).
 */
export type RoundVoterState = 'ready' | 'bot' | 'notYet' | 'away' | 'awayReady';

export interface RoundVoter {
  seat: number;
  name: string;
  state: RoundVoterState;
  /** For an away person not yet counted ready: ms until they are. */
  readyInMs: number | null;
}

/** The states that let the round be dealt. */
export const countsReady = (v: RoundVoter): boolean =>
  v.state === 'ready' || v.state === 'bot' || v.state === 'awayReady';

/**
 * Every seat still at the table (voted-out seats are gone) and where it stands, as the host counts it:
 * bots and stand-ins are ready, a person is ready once they say so, or once away for the whole grace.
 */
export function roundVoters(info: TableInfo, graceLeftMs: (seat: number) => number | null): RoundVoter[] {
  return info.seatList
    .filter((s) => s.name !== null && !s.votedOut)
    .map((s): RoundVoter => {
      const voter = { seat: s.seat, name: s.name ?? `#${s.seat + 1}`, readyInMs: null };
      if (!s.person) return { ...voter, state: 'bot' };
      if ((info.nextRoundReady ?? []).includes(s.seat)) return { ...voter, state: 'ready' };
      if (!s.away) return { ...voter, state: 'notYet' };
      const left = graceLeftMs(s.seat);
      return left === null || left > 0
        ? { ...voter, state: 'away', readyInMs: left }
        : { ...voter, state: 'awayReady' };
    });
}

/** The names the round still waits for, in seat order. */
export const roundWaitsFor = (voters: readonly RoundVoter[]): string[] =>
  voters.filter((v) => !countsReady(v)).map((v) => v.name);
