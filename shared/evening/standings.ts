import { matchpoints, type SeatResult } from './duplicate';
import type { PersonId } from './seating';

/** One person's evening so far. */
export interface Standing {
  person: PersonId;
  games: number;
  wins: number;
  points: number;
  /** Mean matchpoint share over the heats where someone else held the same cards; null before any. */
  duplicate: number | null;
  /** The heat they played best against the field (highest share), if any was compared. */
  best: { heat: number; table: string; share: number } | null;
}

/**
 * The standings after the given heats (index = heat number - 1), best first: by duplicate share (people
 * with none yet count as ½, the share of an average game), then wins, then points, then who joined first,
 * so that luck of the deal decides as little as possible and the order never depends on anything hidden.
 * The last key only orders rows that are level: they share their rank (ranks.ts).
 */
export function standings(
  heats: readonly (readonly SeatResult[])[],
  /** Everyone of the evening, in the order they joined. */
  people: readonly PersonId[],
): Standing[] {
  const rows = new Map<PersonId, Standing & { shares: number[] }>(
    people.map((person) => [
      person,
      { person, games: 0, wins: 0, points: 0, duplicate: null, best: null, shares: [] },
    ]),
  );
  heats.forEach((heat, index) => {
    const shares = matchpoints(heat);
    for (const r of heat) {
      const row = rows.get(r.person);
      if (!row) continue; // a bot's seat
      row.games += 1;
      row.wins += r.won ? 1 : 0;
      row.points += r.points;
      const share = shares.get(r.person);
      if (share === null || share === undefined) continue;
      row.shares.push(share);
      if (!row.best || share > row.best.share) row.best = { heat: index + 1, table: r.table, share };
    }
  });
  const list = [...rows.values()].map(({ shares, ...row }) => ({
    ...row,
    duplicate: shares.length ? shares.reduce((a, b) => a + b, 0) / shares.length : null,
  }));
  // `people` in the order they joined (ids compared as text would put p10 before p2).
  const joined = new Map(people.map((p, i) => [p, i]));
  return list.sort(
    (a, b) =>
      (b.duplicate ?? 0.5) - (a.duplicate ?? 0.5) ||
      b.wins - a.wins ||
      b.points - a.points ||
      joined.get(a.person)! - joined.get(b.person)!,
  );
}
