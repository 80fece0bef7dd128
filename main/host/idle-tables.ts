/**
 * Which tables the host may remove, by how long nobody has been at them: `idleSince` is null while someone
 * is, or while a game is in play (then the table is never removed).
 */
interface Attended {
  readonly idleSince: number | null;
}

/** The tables nobody has been at for longer than `idleMs`. */
export const idleLongerThan = <T extends Attended>(tables: Iterable<T>, now: number, idleMs: number): T[] =>
  [...tables].filter((t) => t.idleSince !== null && now - t.idleSince > idleMs);

/** The table unattended longest (at the table cap it makes room), if any may go. */
export function longestUnattended<T extends Attended>(tables: Iterable<T>): T | undefined {
  let longest: { table: T; since: number } | undefined;
  for (const table of tables) {
    const since = table.idleSince;
    if (since !== null && (longest === undefined || since < longest.since)) longest = { table, since };
  }
  return longest?.table;
}
