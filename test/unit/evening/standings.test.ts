import { describe, expect, it } from 'vitest';
import type { SeatResult } from '../../../shared/evening/duplicate';
import { ranks } from '../../../shared/evening/ranks';
import { standings } from '../../../shared/evening/standings';

const r = (
  person: string,
  table: string,
  seat: number,
  place: number,
  points = place === 1 ? 1 : 0,
): SeatResult => ({
  person,
  table,
  tableSize: 2,
  seat,
  place,
  points,
  won: place === 1,
});

describe('the evening standings', () => {
  it('rank by the duplicate share first: winning with good cards counts less than beating the field', () => {
    // Heat 1, two tables of 2 with the same deal: seat 0's cards win at both tables.
    const heat1 = [r('ada', 'A', 0, 1), r('bo', 'A', 1, 2), r('cy', 'B', 0, 1), r('di', 'B', 1, 2)];
    // Heat 2: ada and di both hold seat 0; di wins with them, ada does not.
    const heat2 = [r('ada', 'A', 0, 2), r('cy', 'A', 1, 1), r('di', 'B', 0, 1), r('bo', 'B', 1, 2)];
    const table = standings([heat1, heat2], ['ada', 'bo', 'cy', 'di']);
    expect(table.map((s) => [s.person, s.duplicate, s.wins])).toEqual([
      ['cy', 0.75, 2],
      ['di', 0.75, 1],
      ['ada', 0.25, 1],
      ['bo', 0.25, 0],
    ]);
    expect(table.find((s) => s.person === 'di')!.best).toEqual({ heat: 2, table: 'B', share: 1 });
    expect(table.every((s) => s.games === 2)).toBe(true);
  });

  it('someone with no comparison yet counts as average; ties fall to wins, points, then who joined first', () => {
    const heat = [r('zed', 'A', 0, 1, 5), r('amy', 'A', 1, 2, 3)];
    const table = standings([heat], ['amy', 'zed', 'new']);
    expect(table.map((s) => s.person)).toEqual(['zed', 'amy', 'new']);
    expect(table.map((s) => s.duplicate)).toEqual([null, null, null]);
    expect(table.find((s) => s.person === 'new')).toMatchObject({ games: 0, wins: 0, points: 0, best: null });
  });

  it('a bot’s seat counts for the field but gets no row', () => {
    const heat = [r('ada', 'A', 0, 1), r('bot:1', 'A', 1, 2), r('bo', 'B', 0, 2), r('cy', 'B', 1, 1)];
    const table = standings([heat], ['ada', 'bo', 'cy']);
    expect(table.map((s) => [s.person, s.duplicate])).toEqual([
      ['ada', 1],
      ['cy', 1],
      ['bo', 0],
    ]);
  });

  it('people level on share, wins and points share a rank, listed in the order they joined (p2 before p10)', () => {
    // Two tables of 2 with the same deal, and nobody compared better than anyone: all at ½.
    const heat = [r('p10', 'A', 0, 1), r('p3', 'A', 1, 2), r('p2', 'B', 0, 1), r('p4', 'B', 1, 2)];
    const people = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9', 'p10'];
    const table = standings([heat], people);
    expect(table.map((s) => s.person)).toEqual(['p2', 'p10', 'p1', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9']);
    // The two winners (1 win each) share first; p3, p4 (½, no win) and the six who did not play share third.
    expect(ranks(table)).toEqual([1, 1, 3, 3, 3, 3, 3, 3, 3, 3]);
    expect(ranks([])).toEqual([]);
  });
});
