import { meetings } from '../../../shared/evening/seating';

/** Repeat meetings at some tables, and the fewest any seating could have (tried every way): for seating tests. */

const pairsOf = (table: readonly string[]) => [...meetings([[table]]).keys()];

export function repeats(tables: readonly string[][], met: ReadonlyMap<string, number>): number {
  return tables.flatMap(pairsOf).reduce((sum, pair) => sum + (met.get(pair) ?? 0), 0);
}

/** Every way to seat the room at tables of these sizes, tried: the fewest repeat meetings possible. */
export function fewestRepeats(
  room: readonly string[],
  sizes: readonly number[],
  met: ReadonlyMap<string, number>,
): number {
  let fewest = Infinity;
  const tables: string[][] = sizes.map(() => []);
  const place = (next: number) => {
    if (next === room.length) {
      fewest = Math.min(fewest, repeats(tables, met));
      return;
    }
    for (let t = 0; t < sizes.length; t++)
      if (tables[t].length < sizes[t]) {
        tables[t].push(room[next]);
        place(next + 1);
        tables[t].pop();
      }
  };
  place(0);
  return fewest;
}
