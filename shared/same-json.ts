/**
 * Equal as JSON text would be: whatever the order of keys (a state read back from a file has its own), and a
 * key whose value is `undefined` counts as absent (JSON.stringify leaves it out, so no peer could tell).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  // Arrays, element by element (no key lists to build: views are compared this way on every move).
  if (Array.isArray(a)) {
    const y = b as unknown[];
    if (a.length !== y.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], y[i])) return false;
    return true;
  }
  // Objects, key by key, counting rather than listing keys: no arrays made on this path either.
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let keys = 0;
  for (const k in x) {
    if (!Object.hasOwn(x, k) || x[k] === undefined) continue;
    if (!Object.hasOwn(y, k) || !sameJson(x[k], y[k])) return false;
    keys++;
  }
  for (const k in y) if (Object.hasOwn(y, k) && y[k] !== undefined) keys--;
  return keys === 0;
}
