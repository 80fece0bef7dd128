import { describe, expect, it } from 'vitest';
import { gameFacts, playerStats, winRate } from '../../../shared/record/stats';
import type { GameFacts, RoundFacts } from '../../../shared/record/stats';
import { randomRecord } from './games';

const round = (
  winner: number,
  rule: RoundFacts['rule'],
  points: number,
  firstOut: number | null,
): RoundFacts => ({
  winner,
  rule,
  points,
  firstOut,
  scores: [],
});

/** Three games of an evening, given out of order: the answers below are counted by hand. */
const EVENING: GameFacts[] = [
  {
    id: 'g2',
    finishedAt: '2026-12-01T21:00:00.000Z',
    players: 3,
    variant: 'basic+action',
    seats: [
      { name: 'ann', bot: null },
      { name: 'Ben', bot: null },
      { name: 'Bot 3', bot: 'easy' },
    ],
    winners: [1],
    rounds: [round(1, 'B', 0, 0)],
  },
  {
    id: 'g1',
    finishedAt: '2026-12-01T20:00:00.000Z',
    players: 2,
    variant: 'advanced',
    seats: [
      { name: 'Ann', bot: null },
      { name: 'Bot 2', bot: 'hard' },
    ],
    winners: [0],
    rounds: [round(0, 'R', 7, 1), round(1, 'O', 5, 0), round(0, 'G', 9, null), round(0, 'G', 20, 1)],
  },
  {
    id: 'g3',
    finishedAt: '2026-12-01T22:00:00.000Z',
    players: 4,
    variant: 'advanced+action',
    seats: [
      { name: 'Ann', bot: null },
      { name: 'Bot 2', bot: 'hard' },
      { name: 'Ben', bot: null },
      { name: 'Bot 4', bot: 'hard' },
    ],
    winners: [0, 2],
    rounds: [round(0, 'R', 10, 3), round(2, 'V', 30, 0), round(0, 'R', 20, 1)],
  },
];

describe('playerStats: the evening per person', () => {
  const [ann, ben] = playerStats(EVENING);

  it('lists people only (bots are opponents), most games first, names folded across case', () => {
    expect(playerStats(EVENING).map((p) => p.name)).toEqual(['Ann', 'Ben']);
    expect(ann.name).toBe('Ann'); // the first game's spelling (g1 finished first)
  });

  it('counts games, wins, win rate by variant and by player count', () => {
    expect([ann.games, ann.won]).toEqual([3, 2]);
    expect(ann.byVariant).toEqual({
      advanced: { games: 1, won: 1 },
      'basic+action': { games: 1, won: 0 },
      'advanced+action': { games: 1, won: 1 },
    });
    expect(ann.byPlayers).toEqual({
      2: { games: 1, won: 1 },
      3: { games: 1, won: 0 },
      4: { games: 1, won: 1 },
    });
    expect([ben.games, ben.won]).toEqual([2, 2]);
    expect(winRate(ann.byPlayers[3])).toBe(0);
    expect(winRate({ games: 3, won: 2 })).toBe(67);
    expect(winRate(undefined)).toBeNull();
  });

  it('counts rounds won, points per won round (scoring games only), first out, the favourite rule', () => {
    expect([ann.roundsPlayed, ann.roundsWon]).toEqual([8, 5]);
    // 7 + 9 + 20 + 10 + 20 over 5 rounds (the Basic game scores none and had no win of Ann's).
    expect(ann.pointsPerWonRound).toBe(13.2);
    expect(ann.outFirst).toBe(3); // g1 round 2, g2 round 1, g3 round 2
    expect(ann.rulesWon).toEqual({ R: 3, G: 2 });
    expect(ann.favouriteRule).toBe('R');
    // Ben won a Basic round (no points) and a round of 30.
    expect([ben.roundsWon, ben.pointsPerWonRound, ben.outFirst]).toEqual([2, 30, 0]);
    // A tie of rules goes to the higher one: Blue beats Violet.
    expect(ben.rulesWon).toEqual({ B: 1, V: 1 });
    expect(ben.favouriteRule).toBe('B');
  });

  it('head to head: each other name, then each bot level once per game', () => {
    expect(ann.headToHead).toEqual([
      // g2: Ben won, Ann not; g3: both won (a shared win counts for neither).
      { against: 'Ben', bot: null, games: 2, won: 0, lost: 1 },
      { against: 'easy', bot: 'easy', games: 1, won: 0, lost: 0 },
      // g1 and g3: two hard bots at g3 are one opponent.
      { against: 'hard', bot: 'hard', games: 2, won: 2, lost: 0 },
    ]);
    expect(ben.headToHead[0]).toEqual({ against: 'ann', bot: null, games: 2, won: 1, lost: 0 });
  });

  it('the evening curve: wins after each game, in the order they finished', () => {
    expect(ann.wonOverTime.map((p) => [p.at.slice(11, 13), p.games, p.won])).toEqual([
      ['20', 1, 1],
      ['21', 2, 1],
      ['22', 3, 2],
    ]);
  });

  it('a player without a won round has no favourite rule and no points per round', () => {
    const lost: GameFacts = { ...EVENING[1], id: 'x', winners: [1], rounds: [round(1, 'R', 4, 0)] };
    const [p] = playerStats([lost]);
    expect([p.won, p.roundsWon, p.favouriteRule, p.pointsPerWonRound, p.outFirst]).toEqual([
      0,
      0,
      null,
      null,
      1,
    ]);
    expect(playerStats([])).toEqual([]);
  });
});

describe('gameFacts: a record replayed', () => {
  it("reads every round's winner, rule, points and first out off the engine, and the scores through the game", () => {
    for (const seed of [1, 2, 3]) {
      const { states, record } = randomRecord(
        { players: 3, mode: 'advanced', actionRule: true, targetScore: 15 },
        seed,
      );
      const f = gameFacts(record)!;
      const log = states[states.length - 1].log;
      const won = log.filter((e) => e.kind === 'roundWon');
      expect(f.rounds.map((r) => [r.winner, r.rule, r.points])).toEqual(
        won.map((e) => [e.seat, e.rule, e.points]),
      );
      expect(f.rounds.length).toBe(record.rounds.length);
      expect(f.rounds[f.rounds.length - 1].scores).toEqual(record.result.scores);
      // The first out of each round is the first `out` entry after that round's deal.
      const deals = log.flatMap((e, i) => (e.kind === 'deal' ? [i] : []));
      deals.forEach((d, r) => {
        const out = log.slice(d, deals[r + 1]).find((e) => e.kind === 'out');
        expect(f.rounds[r].firstOut).toBe(out && out.kind === 'out' ? out.seat : null);
      });
      expect([f.variant, f.players, f.winners]).toEqual(['advanced+action', 3, record.result.winners]);
    }
  });

  it('is null for a record that does not replay', () => {
    const { record } = randomRecord({ players: 2, mode: 'basic', actionRule: false }, 4);
    expect(
      gameFacts({ ...record, result: { ...record.result, winners: [record.result.winners[0] ^ 1] } }),
    ).toBeNull();
    expect(gameFacts('nope')).toBeNull();
  });
});
