import type { EveningInfo } from '../../../shared/protocol';

/** One seat's cards across the tables of a size that held them, best result first. */
export interface SameCards {
  tableSize: number;
  /** 0-based: seat 1's cards are 0. */
  seat: number;
  results: { table: string; person: string; place: number; won: boolean; points: number }[];
}

/**
 * A heat's results side by side: for each seat of each table size that more than one table played, how
 * each table did with those cards. Only sizes whose every table has ended: before that a finished table
 * would tell a slower one what its opponents hold (the same rule as `dealMayBeShown`).
 */
export function sameCardsOf(evening: EveningInfo, heatNumber: number): SameCards[] {
  const heat = evening.heats.find((h) => h.number === heatNumber);
  if (!heat) return [];
  const sizes = [...new Set(heat.tables.map((t) => t.people.length))].sort((a, b) => b - a);
  const out: SameCards[] = [];
  for (const size of sizes) {
    const tables = heat.tables.filter((t) => t.people.length === size);
    if (tables.length < 2 || tables.some((t) => t.results === null)) continue;
    for (let seat = 0; seat < size; seat++) {
      const results = tables
        .map((t) => t.results![seat])
        .map((r) => ({ table: r.table, person: r.person, place: r.place, won: r.won, points: r.points }))
        .sort((a, b) => a.place - b.place || b.points - a.points || a.table.localeCompare(b.table));
      out.push({ tableSize: size, seat, results });
    }
  }
  return out;
}
