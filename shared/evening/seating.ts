/**
 * Who sits where in a heat of an evening: the room split into tables of 2 to 4, then people placed
 * Swiss-style (neighbours in the standings together, people who already met kept apart where possible).
 * Pure and deterministic: the host decides, every screen can check, a restart seats the same way.
 */

export type PersonId = string;

/**
 * Table sizes for `count` people: balanced (sizes differ by at most one), each 2 to 4, as near to the
 * preferred size as the count allows, largest first. Fewer than 2 people: one table of 2 (a bot fills it).
 */
export function tableSizes(count: number, prefer: 3 | 4): number[] {
  if (count < 2) return [2];
  let best: number[] = [];
  let bestCost = Infinity;
  for (let tables = Math.ceil(count / 4); tables <= Math.floor(count / 2); tables++) {
    const small = Math.floor(count / tables);
    const sizes = Array.from({ length: tables }, (_, i) => (i < count % tables ? small + 1 : small));
    const cost = sizes.reduce((sum, size) => sum + Math.abs(size - prefer), 0);
    // Ties: fewer tables, so fewer people wait on a slow table.
    if (cost < bestCost) [best, bestCost] = [sizes, cost];
  }
  return best;
}

/** How many bots a heat needs so that everyone has a table: only when fewer than two people are left. */
export const botsNeeded = (count: number): number => Math.max(0, 2 - count);

/** Two people who have sat at one table, in either order. */
const pairKey = (a: PersonId, b: PersonId): string => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/** Every pair that has already met, with how often, from the tables of the heats played. */
export function meetings(heats: readonly (readonly (readonly PersonId[])[])[]): Map<string, number> {
  const met = new Map<string, number>();
  for (const tables of heats)
    for (const table of tables)
      for (let i = 0; i < table.length; i++)
        for (let j = i + 1; j < table.length; j++) {
          const key = pairKey(table[i], table[j]);
          met.set(key, (met.get(key) ?? 0) + 1);
        }
  return met;
}

/** A repeat meeting costs more than any spread of ranks at the tables of a 20-person room can. */
const REPEAT_COST = 1000;

/**
 * Seats people (given best standing first) at tables of `sizes` for the next heat, at the lowest cost
 * found: repeat meetings count first, then how far apart in the standings a table's people are.
 * Each table lists its people best standing first (seat 1 holds the first seat's cards).
 */
export function seatHeat(
  ranked: readonly PersonId[],
  sizes: readonly number[],
  met: ReadonlyMap<string, number>,
): PersonId[][] {
  if (sizes.reduce((a, b) => a + b, 0) !== ranked.length)
    throw new RangeError(`${ranked.length} people cannot fill tables of ${sizes.join('+')}`);
  const rank = new Map(ranked.map((p, i) => [p, i]));
  const tableCost = (table: readonly PersonId[]): number => {
    let cost = 0;
    for (let i = 0; i < table.length; i++)
      for (let j = i + 1; j < table.length; j++) {
        cost += REPEAT_COST * (met.get(pairKey(table[i], table[j])) ?? 0);
        cost += Math.abs(rank.get(table[i])! - rank.get(table[j])!);
      }
    return cost;
  };
  const tables: PersonId[][] = [];
  let next = 0;
  for (const size of sizes) tables.push(ranked.slice(next, (next += size)));
  // From tables filled in standing order, swaps lower the cost (seeded random rooms: always to the fewest repeats).
  return climb(tables, tableCost).map((table) => [...table].sort((x, y) => rank.get(x)! - rank.get(y)!));
}

/** Swaps two people at different tables while that lowers the cost (at most 20 people: quick). */
function climb(tables: PersonId[][], tableCost: (table: readonly PersonId[]) => number): PersonId[][] {
  for (let improved = true; improved;) {
    improved = false;
    for (let a = 0; a < tables.length; a++)
      for (let b = a + 1; b < tables.length; b++)
        for (let i = 0; i < tables[a].length; i++)
          for (let j = 0; j < tables[b].length; j++) {
            const before = tableCost(tables[a]) + tableCost(tables[b]);
            [tables[a][i], tables[b][j]] = [tables[b][j], tables[a][i]];
            if (tableCost(tables[a]) + tableCost(tables[b]) < before) improved = true;
            else [tables[a][i], tables[b][j]] = [tables[b][j], tables[a][i]];
          }
  }
  return tables;
}
