import { describe, expect, it } from 'vitest';
import { applyMove, dealGiven, legalMoves, type GameState } from '../../../shared/engine';
import { duplicateDeal, heatSeed, seatResults } from '../../../shared/evening/duplicate';
import {
  EveningError,
  dealMayBeShown,
  eveningOver,
  eveningStandings,
  heatInPlay,
  joinEvening,
  leaveEvening,
  nextHeat,
  openEvening,
  recordTable,
  type Evening,
} from '../../../shared/evening/evening';

const SECRET = 424242;

function room(count: number): Evening {
  let e = openEvening({ name: 'Friday', game: { mode: 'basic', actionRule: true }, prefer: 3, heats: 3 });
  for (let i = 1; i <= count; i++) e = joinEvening(e, `p${i}`, `Person ${i}`);
  return e;
}

/** Plays the heat in play: every table's game from the heat's duplicate deal, moves chosen by `pick`. */
function playHeat(
  e: Evening,
  pick: (count: number) => number = () => 0,
): { evening: Evening; firstDeals: Map<string, unknown> } {
  const heat = heatInPlay(e)!;
  const firstDeals = new Map<string, unknown>();
  for (const table of heat.tables) {
    const n = table.people.length as 2 | 3 | 4;
    const deal = duplicateDeal(heatSeed(SECRET, heat.number, n), 1, n, []);
    firstDeals.set(table.name, deal);
    let game: GameState = dealGiven({ ...e.settings.game, players: n }, null, deal);
    for (let i = 0; game.phase !== 'gameOver' && i < 3000; i++) {
      const moves = legalMoves(game);
      game = applyMove(game, moves[pick(moves.length) % moves.length]);
    }
    e = recordTable(e, table.name, seatResults(game, table.people, table.name));
  }
  return { evening: e, firstDeals };
}

describe('an evening of heats', () => {
  it('9 people, 3 heats at tables of 3: valid seatings, the same deal at every table of a heat, standings after each', () => {
    let e = room(9);
    for (let h = 1; h <= 3; h++) {
      e = nextHeat(e);
      const heat = heatInPlay(e)!;
      expect(heat.tables.map((t) => [t.name, t.people.length])).toEqual([
        ['A', 3],
        ['B', 3],
        ['C', 3],
      ]);
      expect(
        heat.tables
          .flatMap((t) => t.people)
          .sort()
          .join(),
      ).toBe(
        e.people
          .map((p) => p.id)
          .sort()
          .join(),
      );
      const played = playHeat(e, (n) => h * 7 + n);
      e = played.evening;
      const deals = [...played.firstDeals.values()];
      for (const d of deals) expect(d).toEqual(deals[0]);
      expect(heatInPlay(e)).toBeNull();
      const table = eveningStandings(e);
      expect(table).toHaveLength(9);
      expect(table.every((s) => s.games === h)).toBe(true);
      // Matchpoints share out what each group of cards earned: the room's shares average exactly ½.
      const sum = table.reduce((total, s) => total + s.duplicate!, 0);
      expect(sum).toBeCloseTo(4.5, 9);
    }
    expect(eveningOver(e)).toBe(true);
    expect(() => nextHeat(e)).toThrow(new EveningError('noHeatsLeft'));
  });

  it('10 people sit 4+3+3; someone leaving between heats is not seated, someone joining late is', () => {
    let e = nextHeat(room(10));
    expect(heatInPlay(e)!.tables.map((t) => t.people.length)).toEqual([4, 3, 3]);
    // Not between heats: the heat in play keeps everyone, and no second heat starts.
    expect(() => nextHeat(e)).toThrow(new EveningError('heatInPlay'));
    e = playHeat(e).evening;
    e = leaveEvening(e, 'p4');
    e = joinEvening(e, 'late', 'Late Lu');
    e = nextHeat(e);
    const seated = heatInPlay(e)!.tables.flatMap((t) => t.people);
    expect(seated).not.toContain('p4');
    expect(seated).toContain('late');
    expect(heatInPlay(e)!.tables.map((t) => t.people.length)).toEqual([4, 3, 3]);
    // Back for the third heat.
    e = joinEvening(playHeat(e).evening, 'p4', 'Person 4');
    e = nextHeat(e);
    expect(heatInPlay(e)!.tables.flatMap((t) => t.people)).toContain('p4');
    expect(heatInPlay(e)!.tables.map((t) => t.people.length)).toEqual([3, 3, 3, 2]);
  });

  it('one person left: a bot makes the table of two, and has no row in the standings', () => {
    let e = nextHeat(room(1));
    expect(heatInPlay(e)!.tables[0].people).toEqual(['p1', 'bot:1']);
    e = playHeat(e).evening;
    expect(eveningStandings(e).map((s) => s.person)).toEqual(['p1']);
  });

  it('a deal is shown only once every table dealt the same cards has ended', () => {
    // 11 people: tables of 3, 3, 3 and 2; the three tables of 3 share a deal, the table of 2 has its own.
    let e = nextHeat(room(11));
    const heat = heatInPlay(e)!;
    expect(heat.tables.map((t) => t.people.length)).toEqual([3, 3, 3, 2]);
    const { evening: done } = playHeat(e);
    const resultsOf = (name: string) => done.heats[0].tables.find((t) => t.name === name)!.results!;
    e = recordTable(e, 'A', resultsOf('A'));
    e = recordTable(e, 'D', resultsOf('D'));
    expect(['A', 'B', 'C', 'D'].map((t) => dealMayBeShown(e, 1, t))).toEqual([false, false, false, true]);
    e = recordTable(e, 'B', resultsOf('B'));
    expect(dealMayBeShown(e, 1, 'A')).toBe(false);
    e = recordTable(e, 'C', resultsOf('C'));
    expect(['A', 'B', 'C', 'D'].map((t) => dealMayBeShown(e, 1, t))).toEqual([true, true, true, true]);
    expect(dealMayBeShown(e, 2, 'A')).toBe(false);
    expect(dealMayBeShown(e, 1, 'Z')).toBe(false);
  });

  it('refuses what would change nothing or break the evening, and changes nothing', () => {
    let e = room(3);
    expect(() => joinEvening(e, 'p1', 'Again')).toThrow(new EveningError('alreadyIn'));
    expect(() => leaveEvening(e, 'nobody')).toThrow(new EveningError('notIn'));
    expect(() => recordTable(e, 'A', [])).toThrow(new EveningError('noSuchTable'));
    e = nextHeat(e);
    const before = JSON.stringify(e);
    const [table] = heatInPlay(e)!.tables;
    // Results for other people, or for a table that does not exist, or twice.
    const forged = table.people.map((person, seat) => ({
      person: seat === 0 ? 'intruder' : person,
      table: 'A',
      tableSize: 3,
      seat,
      place: seat + 1,
      points: 0,
      won: seat === 0,
    }));
    expect(() => recordTable(e, 'A', forged)).toThrow(new EveningError('wrongPeople'));
    expect(() => recordTable(e, 'Z', forged)).toThrow(new EveningError('noSuchTable'));
    expect(JSON.stringify(e)).toBe(before);
    e = playHeat(e).evening;
    expect(() => recordTable(e, 'A', forged)).toThrow(new EveningError('noSuchTable'));
  });
});
