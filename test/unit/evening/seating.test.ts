import { describe, expect, it } from 'vitest';
import { botsNeeded, meetings, seatHeat, tableSizes } from '../../../shared/evening/seating';
import { fewestRepeats, repeats } from './repeats';

const people = (n: number) => Array.from({ length: n }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);

describe('table sizes for a room', () => {
  it.each([
    [2, 3, [2]],
    [3, 3, [3]],
    [5, 3, [3, 2]],
    [6, 4, [3, 3]],
    [7, 4, [4, 3]],
    [8, 3, [3, 3, 2]],
    [8, 4, [4, 4]],
    [9, 3, [3, 3, 3]],
    [9, 4, [3, 3, 3]],
    [10, 3, [4, 3, 3]],
    [10, 4, [4, 3, 3]],
    [13, 4, [4, 3, 3, 3]],
    [20, 4, [4, 4, 4, 4, 4]],
    [20, 3, [3, 3, 3, 3, 3, 3, 2]],
  ] as const)('%i people, preferring %i: %j', (count, prefer, sizes) => {
    expect(tableSizes(count, prefer)).toEqual(sizes);
  });

  it('every count from 2 to 24 splits into balanced tables of 2 to 4 with nobody left over', () => {
    for (let n = 2; n <= 24; n++)
      for (const prefer of [3, 4] as const) {
        const sizes = tableSizes(n, prefer);
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
        expect(Math.min(...sizes)).toBeGreaterThanOrEqual(2);
        expect(Math.max(...sizes)).toBeLessThanOrEqual(4);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }
  });

  it('bots fill seats only when fewer than two people are left', () => {
    expect([0, 1, 2, 3, 9].map(botsNeeded)).toEqual([2, 1, 0, 0, 0]);
    expect(tableSizes(1, 4)).toEqual([2]);
  });
});

describe('Swiss seating', () => {
  it('the first heat seats neighbours in the standings together, best first at each table', () => {
    expect(seatHeat(people(9), [3, 3, 3], new Map())).toEqual([
      ['p01', 'p02', 'p03'],
      ['p04', 'p05', 'p06'],
      ['p07', 'p08', 'p09'],
    ]);
  });

  it('keeps apart people who already met, as far as the room allows', () => {
    const first = [
      ['p01', 'p02', 'p03'],
      ['p04', 'p05', 'p06'],
      ['p07', 'p08', 'p09'],
    ];
    const second = seatHeat(people(9), [3, 3, 3], meetings([first]));
    const repeats = [...meetings([second]).keys()].filter((pair) => meetings([first]).has(pair));
    expect(repeats).toEqual([]);
    // Still Swiss: the top of the standings plays together.
    expect(second[0]).toContain('p01');
    expect(second.flat().sort()).toEqual(people(9));
  });

  it('over three heats of 10 people (4+3+3) each heat has the fewest repeat meetings the room allows', () => {
    const played: string[][][] = [];
    const room = people(10);
    const sizes = tableSizes(10, 4);
    for (let heat = 0; heat < 3; heat++) {
      // A different standing each heat, as results would give.
      const ranked = [...room].sort((a, b) => score(a, heat) - score(b, heat) || (a < b ? -1 : 1));
      const met = meetings(played);
      const tables = seatHeat(ranked, sizes, met);
      expect(tables.map((t) => t.length)).toEqual([4, 3, 3]);
      expect(tables.flat().sort()).toEqual(room);
      expect(repeats(tables, met)).toBe(fewestRepeats(room, sizes, met));
      played.push(tables);
    }
    // The 4 who shared the first table cannot all be apart at 3 tables: some repeats must happen.
    expect(Math.max(...meetings(played).values())).toBeGreaterThan(1);
  });

  it('refuses tables that do not match the people', () => {
    expect(() => seatHeat(people(5), [3, 3], new Map())).toThrow(RangeError);
  });
});

const score = (person: string, heat: number) => (Number(person.slice(1)) * (heat + 3)) % 7;
