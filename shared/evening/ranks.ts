import type { Standing } from './standings';

// Apart from standings.ts (which reaches the engine through duplicate.ts): the lobby and the room screen
// read the standings they are sent, and their first load stays without the engine.

/** Level on everything the standings rank by (the joining order only lists them). */
const level = (a: Standing, b: Standing): boolean =>
  (a.duplicate ?? 0.5) === (b.duplicate ?? 0.5) && a.wins === b.wins && a.points === b.points;

/**
 * Each row's rank in standings as `standings` orders them, level rows sharing one (1, 2, 2, 4): a
 * person 3rd at their table is not shown below one who was 4th only because they joined later.
 */
export function ranks(rows: readonly Standing[]): number[] {
  const out: number[] = [];
  rows.forEach((row, i) => out.push(i > 0 && level(row, rows[i - 1]) ? out[i - 1] : i + 1));
  return out;
}

/**
 * Results are in, yet nobody has been compared, because every heat so far had tables of different sizes
 * (7 people at 4 and 3): nobody held anyone else's cards and "50% is an average game" applies to no one. A
 * heat with two tables of one size compares them once both end; part played, it is not this case.
 */
export const noneCompared = (e: {
  heats: readonly { tables: readonly { results: unknown; people: readonly unknown[] }[] }[];
  standings: readonly Standing[];
}): boolean =>
  e.heats.some((h) => h.tables.some((t) => t.results)) &&
  e.standings.every((s) => s.duplicate === null) &&
  e.heats.every((h) => new Set(h.tables.map((t) => t.people.length)).size === h.tables.length);
