import type { TableInfo } from '../../../shared/protocol';

/** A seat at the table and where it stands on a rematch. */
export interface RematchVoter {
  seat: number;
  name: string;
  /** A bot plays the seat (from the start, or standing in): it always agrees. */
  bot: boolean;
  ready: boolean;
  away: boolean;
  /**
   * For an away person: ms until their grace is over (0 once it is: the others may let a bot play for
   * them, which agrees); null when not away.
   */
  graceLeftMs: number | null;
}

/**
 * Every seat still at the table and its yes, listed as the round's vote lists them (voted-out seats are
 * gone): bots and stand-ins agree, so the list shows them ready; a person is ready once they say so. An away
 * person is waited for too, until the others let a bot stand in after the grace.
 */
export function rematchVoters(
  info: TableInfo,
  graceLeftMs: (seat: number) => number | null = () => null,
): RematchVoter[] {
  return info.seatList
    .filter((s) => s.name !== null && !s.votedOut)
    .map((s) => ({
      seat: s.seat,
      name: s.name ?? `#${s.seat + 1}`,
      bot: !s.person,
      ready: !s.person || (info.rematch ?? []).includes(s.seat),
      away: s.person && s.away,
      graceLeftMs: s.person && s.away ? graceLeftMs(s.seat) : null,
    }));
}
