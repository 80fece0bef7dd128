import { nextRandom } from '../../../shared/engine';

/** A seeded generator (the engine's own step) so a failing random game can be replayed from its seed. */
export function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    const [value, next] = nextRandom(state);
    state = next;
    return value;
  };
}

export const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)];
