import { nextRandom } from '../../shared/engine';

/** A seeded generator (the engine's own step) so a failing random game can be replayed from its seed. */
export function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    const [value, next] = nextRandom(state);
    state = next;
    return value;
  };
}

/** One of `items`, chosen by `random` (the generator first, as everywhere in the tests). */
export const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)];
