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
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x).filter((k) => x[k] !== undefined);
  return (
    keys.length === Object.keys(y).filter((k) => y[k] !== undefined).length &&
    keys.every((k) => Object.hasOwn(y, k) && sameJson(x[k], y[k]))
  );
}
