import { describe, expect, it } from 'vitest';
import {
  applyMove,
  dealGiven,
  legalMoves,
  newGame,
  type GameOptions,
  type GameState,
  type Move,
} from '../../../shared/engine';
import {
  duplicateDeal,
  heatSeed,
  matchpoints,
  seatResults,
  type SeatResult,
} from '../../../shared/evening/duplicate';

const result = (
  person: string,
  table: string,
  seat: number,
  place: number,
  points = 0,
  size = 3,
): SeatResult => ({
  person,
  table,
  tableSize: size,
  seat,
  place,
  points,
  won: place === 1,
});

/** Plays a game to its end, always the first legal move. */
function playOut(options: GameOptions, seed: number): GameState {
  let s = newGame(options, seed);
  for (let i = 0; s.phase !== 'gameOver' && i < 5000; i++) s = applyMove(s, legalMoves(s)[0]);
  return s;
}

describe('duplicate deals', () => {
  it('tables of one size in a heat get the same seed; another size, heat or evening does not', () => {
    const seed = heatSeed(1234, 2, 3);
    expect(heatSeed(1234, 2, 3)).toBe(seed);
    expect(new Set([seed, heatSeed(1234, 2, 4), heatSeed(1234, 3, 3), heatSeed(1235, 2, 3)]).size).toBe(4);
  });

  it('the same seed deals every hand and palette alike at two tables', () => {
    const options: GameOptions = { players: 3, mode: 'basic', actionRule: false };
    const a = newGame(options, heatSeed(99, 1, 3));
    const b = newGame(options, heatSeed(99, 1, 3));
    expect(b.hands).toEqual(a.hands);
    expect(b.palettes).toEqual(a.palettes);
    expect(b.deck).toEqual(a.deck);
  });
});

/** An Advanced game played to its end with every round dealt by `duplicateDeal`; `pick` chooses each move. */
function duplicateGame(seed: number, pick: (moves: Move[]) => Move): { game: GameState; deals: unknown[] } {
  const options: GameOptions = { players: 3, mode: 'advanced', actionRule: true };
  const deals: unknown[] = [];
  let game: GameState | null = null;
  for (let round = 1; round < 20; round++) {
    const deal = duplicateDeal(seed, round, 3, game ? game.scored.flat() : []);
    deals.push(deal);
    game = dealGiven(options, game, deal);
    for (let i = 0; game.phase === 'turn' && i < 2000; i++) game = applyMove(game, pick(legalMoves(game)));
    if (game.phase === 'gameOver') break;
  }
  return { game: game!, deals };
}

describe('duplicate deals over rounds', () => {
  it('a round-1 deal is one the engine accepts, the same at every table of the heat, another for another seed', () => {
    const a = duplicateDeal(heatSeed(5, 1, 4), 1, 4, []);
    expect(duplicateDeal(heatSeed(5, 1, 4), 1, 4, [])).toEqual(a);
    expect(duplicateDeal(heatSeed(5, 2, 4), 1, 4, [])).not.toEqual(a);
    const game = dealGiven({ players: 4, mode: 'basic', actionRule: false }, null, a);
    expect(game.hands).toEqual(a.hands);
    expect(game.palettes).toEqual(a.palettes);
  });

  it('Advanced: two tables that play alike get the same deal every round; tables that score differently still play out', () => {
    const seed = heatSeed(77, 1, 3);
    const first = duplicateGame(seed, (moves) => moves[0]);
    const again = duplicateGame(seed, (moves) => moves[0]);
    expect(again.deals).toEqual(first.deals);
    expect(first.game.phase).toBe('gameOver');
    const other = duplicateGame(seed, (moves) => moves[moves.length - 1]);
    expect(other.game.phase).toBe('gameOver');
    // The same first deal; later rounds follow from what each table scored.
    expect(other.deals[0]).toEqual(first.deals[0]);
  });

  it('a later round leaves out exactly the scored cards', () => {
    const scored = ['R7', 'O6', 'Y5'] as const;
    const deal = duplicateDeal(3, 2, 2, [...scored]);
    const dealt = [...deal.hands.flat(), ...deal.palettes.flat(), ...deal.deck];
    expect(dealt).toHaveLength(46);
    for (const card of scored) expect(dealt).not.toContain(card);
  });
});

describe('matchpoints', () => {
  it('score each person against the others who held the same seat at same-size tables', () => {
    const heat = [
      result('ada', 'A', 0, 1),
      result('bo', 'A', 1, 3),
      result('cy', 'A', 2, 2),
      result('di', 'B', 0, 2),
      result('ed', 'B', 1, 1),
      result('fa', 'B', 2, 3),
      result('gu', 'C', 0, 2),
      result('hu', 'C', 1, 3),
      result('io', 'C', 2, 1),
    ];
    // Seat 0: ada 1st beats di and gu (2nd, 2nd); di and gu tie with each other.
    // Seat 1: ed 1st, bo and hu both 3rd. Seat 2: io 1st, cy 2nd, fa 3rd.
    expect(Object.fromEntries(matchpoints(heat))).toEqual({
      ada: 1,
      di: 0.25,
      gu: 0.25,
      ed: 1,
      bo: 0.25,
      hu: 0.25,
      io: 1,
      cy: 0.5,
      fa: 0,
    });
  });

  it('points break a tie of places (Advanced), and a seat nobody else held is not compared', () => {
    const heat = [
      result('ada', 'A', 0, 2, 12, 4),
      result('bo', 'B', 0, 2, 9, 4),
      result('cy', 'C', 0, 1, 20, 3),
    ];
    expect(Object.fromEntries(matchpoints(heat))).toEqual({ ada: 1, bo: 0, cy: null });
  });
});

describe('a finished game as seat results', () => {
  it('Basic: the winner first, then who lasted longest; one point to the winner', () => {
    const game = playOut({ players: 4, mode: 'basic', actionRule: true }, 7);
    const results = seatResults(game, ['a', 'b', 'c', 'd'], 'A');
    const outOrder = game.log.flatMap((e) => (e.kind === 'out' ? [e.seat] : []));
    expect(outOrder).toHaveLength(3);
    expect(results.map((r) => r.place).sort()).toEqual([1, 2, 3, 4]);
    expect(results[outOrder[0]].place).toBe(4);
    expect(results[outOrder[2]].place).toBe(2);
    const winner = results.find((r) => r.won)!;
    expect(winner.place).toBe(1);
    expect(winner.points).toBe(1);
    expect(results.filter((r) => !r.won).every((r) => r.points === 0)).toBe(true);
  });

  it('Advanced: places by the final scores', () => {
    const game = playOut({ players: 3, mode: 'advanced', actionRule: false, target: 20 } as GameOptions, 3);
    const results = seatResults(game, ['a', 'b', 'c'], 'B');
    expect(results.map((r) => r.points)).toEqual(game.scores);
    for (const r of results) expect(r.place).toBe(1 + game.scores.filter((s) => s > r.points).length);
    expect(results.filter((r) => r.place === 1).map((r) => r.person)).toEqual(
      game.winners.map((seat) => ['a', 'b', 'c'][seat]),
    );
  });

  it('refuses a game that has not ended', () => {
    expect(() =>
      seatResults(newGame({ players: 2, mode: 'basic', actionRule: false }, 1), ['a', 'b'], 'A'),
    ).toThrow(RangeError);
  });
});
