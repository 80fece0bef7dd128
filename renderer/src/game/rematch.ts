import type { TableInfo } from '../../../shared/protocol';

/** A person at the table and where they stand on a rematch. */
export interface RematchVoter {
  seat: number;
  name: string;
  ready: boolean;
  away: boolean;
}

/** Whose yes a rematch waits for: every seated person (bots, stand-ins and voted-out seats always agree). */
export function rematchVoters(info: TableInfo): RematchVoter[] {
  return info.seatList
    .filter((s) => s.name !== null && !s.bot && !s.votedOut)
    .map((s) => ({
      seat: s.seat,
      name: s.name!,
      ready: (info.rematch ?? []).includes(s.seat),
      away: !s.connected,
    }));
}
