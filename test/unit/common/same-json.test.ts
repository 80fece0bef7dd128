import { describe, expect, it } from 'vitest';
import { sameJson } from '../../../shared/same-json';
import { pick, rng } from '../../helpers/random';

/** JSON text with every object's keys sorted: two values are the same to a peer when these are equal. */
const canonical = (x: unknown): string =>
  JSON.stringify(x, (_k, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/** A random JSON-like value, with `undefined` values among an object's keys (JSON leaves those out). */
function value(random: () => number, depth: number): unknown {
  const leaf = () => pick(random, [0, 1, 'a', 'b', true, false, null, undefined, 2.5]);
  if (depth === 0 || random() < 0.4) return leaf();
  const n = Math.floor(random() * 4);
  if (random() < 0.5) return Array.from({ length: n }, () => value(random, depth - 1) ?? null);
  const o: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) o[pick(random, ['p', 'q', 'r', 's'])] = value(random, depth - 1);
  return o;
}

/** The same value built again, each object's keys in a shuffled order. */
function rebuilt(random: () => number, x: unknown): unknown {
  if (Array.isArray(x)) return x.map((e) => rebuilt(random, e));
  if (x === null || typeof x !== 'object') return x;
  const entries = Object.entries(x).sort(() => random() - 0.5);
  return Object.fromEntries(entries.map(([k, v]) => [k, rebuilt(random, v)]));
}

/** A small change somewhere in `x`, or x itself when nothing could change. */
function nudged(random: () => number, x: unknown): unknown {
  if (Array.isArray(x)) {
    if (x.length === 0 || random() < 0.3) return [...x, 0];
    const i = Math.floor(random() * x.length);
    return x.map((e, j) => (j === i ? nudged(random, e) : e));
  }
  if (x === null || typeof x !== 'object') return x === 1 ? 2 : 1;
  const keys = Object.keys(x);
  if (keys.length === 0 || random() < 0.3) return { ...x, t: 1 };
  const k = pick(random, keys);
  return { ...x, [k]: nudged(random, (x as Record<string, unknown>)[k]) };
}

describe('sameJson', () => {
  it('says two values are the same exactly when their JSON text is, whatever the order of keys', () => {
    const random = rng(21);
    let same = 0;
    let different = 0;
    for (let i = 0; i < 3000; i++) {
      const a = value(random, 3);
      const b = pick(random, [rebuilt(random, a), nudged(random, a), value(random, 3)]);
      const expected = canonical(a) === canonical(b);
      expect(sameJson(a, b), `${canonical(a)} vs ${canonical(b)}`).toBe(expected);
      expect(sameJson(b, a)).toBe(expected);
      if (expected) same++;
      else different++;
    }
    // Both answers are asked for often enough to mean something.
    expect(same).toBeGreaterThan(500);
    expect(different).toBeGreaterThan(500);
  });

  it('counts a key whose value is undefined as absent, on either side', () => {
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { b: undefined, a: 1 })).toBe(true);
    expect(sameJson({ a: undefined }, { b: undefined })).toBe(true);
    expect(sameJson({ a: 1, b: undefined }, { a: 1, b: null })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson({ a: 1, b: 2 }, { a: 1, c: 2 })).toBe(false);
    expect(sameJson([1, { a: [] }], [1, { a: [] }])).toBe(true);
    expect(sameJson([], {})).toBe(false);
  });
});
