import type { TableInfo } from '../../../shared/protocol';

/** A person at the table and where they stand on a rematch. */
export interface RematchVoter {
  seat: number;
  name: string;
  ready: boolean;
  away: boolean;
  /**
   * For an away person: ms until their grace is over (0 once it is: the others may let a bot play for
   * them, which agrees); null when not away.
   */
  graceLeftMs: number | null;
}

/**
 * Whose yes a rematch waits for: every person the host seats (bots, stand-ins and voted-out seats always
 * agree). An away person is waited for too, until the others let a bot stand in after the grace.
 */
export function rematchVoters(
  info: TableInfo,
  graceLeftMs: (seat: number) => number | null = () => null,
): RematchVoter[] {
  return info.seatList
    .filter((s) => s.person)
    .map((s) => ({
      seat: s.seat,
      name: s.name ?? `#${s.seat + 1}`,
      ready: (info.rematch ?? []).includes(s.seat),
      away: s.away,
      graceLeftMs: s.away ? graceLeftMs(s.seat) : null,
    }));
}
