import { describe, expect, it } from 'vitest';
import type { SeatResult } from '../../shared/evening/duplicate';
import type { EveningInfo } from '../../shared/protocol';
import { personName } from '../../shared/evening/people';
import { sameCardsOf } from '../../renderer/src/room/heatResults';

const result = (table: string, person: string, seat: number, place: number, size = 3): SeatResult => ({
  person,
  table,
  tableSize: size,
  seat,
  place,
  points: place === 1 ? 1 : 0,
  won: place === 1,
});

/** Heat 1 of 3+3+2: A and B share their cards, C (two seats) holds cards nobody else had. */
function evening(bEnded: boolean): EveningInfo {
  return {
    settings: { name: 'Friday', game: { mode: 'basic', actionRule: false }, prefer: 3, heats: 2 },
    opener: 'p1',
    people: ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gil', 'Hal'].map((name, i) => ({ id: `p${i + 1}`, name, present: true })),
    heats: [
      {
        number: 1,
        tables: [
          { name: 'A', people: ['p1', 'p2', 'p3'], results: [result('A', 'p1', 0, 2), result('A', 'p2', 1, 1), result('A', 'p3', 2, 3)] },
          {
            name: 'B',
            people: ['p4', 'p5', 'p6'],
            results: bEnded ? [result('B', 'p4', 0, 1), result('B', 'p5', 1, 3), result('B', 'p6', 2, 2)] : null,
          },
          { name: 'C', people: ['p7', 'p8'], results: [result('C', 'p7', 0, 1, 2), result('C', 'p8', 1, 2, 2)] },
        ],
      },
    ],
    standings: [],
    heatInPlay: bEnded ? null : 1,
    over: false,
    you: null,
  }; // prettier-ignore
}

describe("the room screen's heat side by side", () => {
  it('shows nothing of a size while one of its tables plays on, and never a size that one table held', () => {
    expect(sameCardsOf(evening(false), 1)).toEqual([]);
    expect(sameCardsOf(evening(true), 2)).toEqual([]);
  });

  it('lists each seat of a shared size, best result first, once every such table has ended', () => {
    const same = sameCardsOf(evening(true), 1);
    expect(same.map((s) => [s.tableSize, s.seat])).toEqual([
      [3, 0],
      [3, 1],
      [3, 2],
    ]);
    expect(same[0].results.map((r) => [r.table, r.person, r.place])).toEqual([
      ['B', 'p4', 1],
      ['A', 'p1', 2],
    ]);
    expect(same[1].results.map((r) => r.person)).toEqual(['p2', 'p5']);
  });

  it("names people by the evening's list and a bot seat by its number", () => {
    const e = evening(true);
    expect(personName(e, 'p3', (n) => `Bot ${n}`)).toBe('Cy');
    expect(personName(e, 'bot:2', (n) => `Bot ${n}`)).toBe('Bot 2');
  });
});
