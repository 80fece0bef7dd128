import { describe, expect, it } from 'vitest';
import { meetings, seatHeat, tableSizes } from '../../../shared/evening/seating';
import { fewestRepeats, repeats } from './repeats';

describe('Swiss seating in random rooms', () => {
  it('in 30 seeded random rooms of 10, every later heat has the fewest repeat meetings possible', () => {
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const room = Array.from({ length: 10 }, (_, i) => `p${i + 1}`);
    const sizes = tableSizes(10, 4);
    for (let trial = 0; trial < 30; trial++) {
      const played: string[][][] = [];
      for (let heat = 0; heat < 3; heat++) {
        const ranked = room
          .map((p) => [random(), p] as const)
          .sort((a, b) => a[0] - b[0])
          .map(([, p]) => p);
        const met = meetings(played);
        const tables = seatHeat(ranked, sizes, met);
        expect(repeats(tables, met)).toBe(fewestRepeats(room, sizes, met));
        played.push(tables);
      }
    }
  });
});
