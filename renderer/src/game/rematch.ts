import type { TableInfo } from '../../../shared/protocol';

/** A person at the table and where they stand on a rematch. */
export interface RematchVoter {
  seat: number;
  name: string;
  ready: boolean;
  away: boolean;
}

/** Whose yes a rematch waits for: every person the host seats (bots, stand-ins and voted-out seats always agree). */
export function rematchVoters(info: TableInfo): RematchVoter[] {
  return info.seatList
    .filter((s) => s.person)
    .map((s) => ({
      seat: s.seat,
      name: s.name ?? `#${s.seat + 1}`,
      ready: (info.rematch ?? []).includes(s.seat),
      away: s.away,
    }));
}
