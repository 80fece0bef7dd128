import type { Move } from './types';

/** The same move: same type and same fields (moves are small flat objects; key order does not matter). */
export function sameMove(a: Move, b: Move): boolean {
  const fields = a as Record<string, unknown>;
  const others = b as Record<string, unknown>;
  const keys = Object.keys(fields);
  return keys.length === Object.keys(others).length && keys.every((key) => fields[key] === others[key]);
}
