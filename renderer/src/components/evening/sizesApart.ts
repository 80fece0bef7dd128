import { noneCompared } from '../../../../shared/evening/ranks';
import type { EveningInfo } from '../../../../shared/protocol';

/**
 * Whether to say that nobody could be compared because every heat's tables had different numbers of seats:
 * `noneCompared`, less an evening with a heat of two tables of one size. While such a heat is part played
 * nobody is compared yet either (the other table of that size plays on), but that reason would be false
 * (seen after heat 1 of 8 people at tables of 3, 3 and 2, one table of 3 still playing).
 */
export const sizesApart = (e: EveningInfo): boolean =>
  noneCompared(e) &&
  e.heats.every((h) => new Set(h.tables.map((tb) => tb.people.length)).size === h.tables.length);
