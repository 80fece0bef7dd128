import { describe, expect, it } from 'vitest';
import {
  applyMove,
  completeTurns,
  newGame,
  setupState,
  type GameState,
  type Move,
} from '../../../shared/engine';
import { roundHindsight, type SeatMove } from '../../../shared/bots/hindsight';
import { seatWins, solveRound } from '../../../shared/bots/solver';

const BASIC = { players: 2, mode: 'basic', actionRule: false } as const;
const UNBOUND = { turnMs: Infinity, totalMs: Infinity };
const PASS: Move = { type: 'pass' };
const play = (s: GameState, turn: readonly Move[]) => turn.reduce(applyMove, s);

/** The moves of whole turns, each with its seat, as a record lists them. */
function movesOf(start: GameState, turns: readonly (readonly Move[])[]): SeatMove[] {
  const moves: SeatMove[] = [];
  let s = start;
  for (const turn of turns)
    for (const move of turn) {
      moves.push({ seat: s.current!, move });
      s = applyMove(s, move);
    }
  return moves;
}

/** Red rule. Ann (seat 0) holds Red 7 and Green 2 against Bo's Red 6 and a lone Blue 2: Red 7 wins, anything else loses. */
const redSeven = () =>
  setupState(BASIC, { hands: [['R7', 'G2'], ['B2']], palettes: [['B1'], ['R6']], current: 0 });

describe('a round looked back on with every card known', () => {
  it('says where the round was lost: the turn that let a forced win go, and the turn that would have kept it', () => {
    const s = redSeven();
    const found = roundHindsight(s, movesOf(s, [[PASS]]), 0, UNBOUND);
    expect(found.won).toBe(false);
    expect(found.turns).toHaveLength(1);
    expect(found.turns[0]).toMatchObject({ turnNumber: 1, ownNumber: 1, verdict: 'win', kept: 'loss' });
    expect(found.turns[0].played).toEqual([PASS]);
    expect(found.finding).toEqual({ kind: 'lostAt', at: found.turns[0] });
    expect(found.turns[0].win).toEqual([{ type: 'play', card: 'R7' }]);
  });

  it('names the forced win the seat had when it won, and never lists the turn end', () => {
    const s = redSeven();
    const win = completeTurns(s).find((t) => t[0].type === 'play' && t[0].card === 'R7')!;
    const after = play(s, win);
    // Bo has nothing that leads under Red or by discarding his Blue 2: he passes.
    const found = roundHindsight(s, movesOf(s, [win, [PASS]]), 0, UNBOUND);
    expect(after.current).toBe(1);
    expect(found.won).toBe(true);
    expect(found.finding).toMatchObject({ kind: 'won', from: { ownNumber: 1, verdict: 'win', kept: 'win' } });
    expect(found.turns[0].played).toEqual([{ type: 'play', card: 'R7' }]);
    // Bo's side of the same round: no line won for him from his first turn.
    const bo = roundHindsight(s, movesOf(s, [win, [PASS]]), 1, UNBOUND);
    expect(bo.turns).toHaveLength(1);
    expect(bo.finding).toMatchObject({
      kind: 'noWin',
      from: { turnNumber: 2, ownNumber: 1, verdict: 'loss' },
    });
  });

  it('says no line won when the seat had nothing that leads from its first turn', () => {
    // Ann holds only Green 2 against Bo's Red 6 on the palette and Red 7 in hand: nothing she does leads.
    const s = setupState(BASIC, { hands: [['G2'], ['R7']], palettes: [['B1'], ['R6']], current: 0 });
    const found = roundHindsight(s, movesOf(s, [[PASS]]), 0, UNBOUND);
    expect(found.finding).toEqual({ kind: 'noWin', from: found.turns[0] });
    expect(found.turns[0].win).toBeNull();
  });

  it('says it cannot tell when the budget runs out (the review then shows the estimate)', () => {
    const s = newGame(BASIC, 5);
    const found = roundHindsight(s, movesOf(s, [[PASS]]), 0, { turnMs: 1000, totalMs: 1000, nodes: 20 });
    expect(found.turns[0].verdict).toBe('unknown');
    expect(found.finding).toEqual({ kind: 'unknown' });
    // Out of time altogether: every turn unknown, nothing searched.
    expect(roundHindsight(s, movesOf(s, [[PASS]]), 0, { turnMs: 0, totalMs: 0 }).turns[0].verdict).toBe(
      'unknown',
    );
  });

  it('agrees with the solver at every turn of 40 random late rounds, and its turning points are right', () => {
    const findings = new Set<string>();
    let rounds = 0;
    for (let seed = 1; rounds < 40 && seed < 400; seed++) {
      const players = seed % 4 === 0 ? 3 : 2;
      let r = seed;
      const random = (n: number) => (r = (Math.imul(r, 1103515245) + 12345) >>> 0) % n;
      let s = newGame({ players, mode: 'basic', actionRule: seed % 2 === 0 }, seed);
      // Late in the round: the rest is solved exactly in a moment.
      while (s.phase === 'turn' && s.hands.reduce((n, h) => n + h.length, 0) > (players === 3 ? 8 : 7)) {
        const turns = completeTurns(s);
        s = turns.length ? play(s, turns[random(turns.length)]) : applyMove(s, PASS);
      }
      if (s.phase !== 'turn') continue;
      const start = s;
      const seat = start.current!;
      const turns: Move[][] = [];
      while (s.phase === 'turn') {
        const options = completeTurns(s);
        // Now and then a pass, so that some rounds are thrown away.
        const turn = options.length && random(6) > 0 ? options[random(options.length)] : [PASS];
        turns.push(turn);
        s = play(s, turn);
      }
      rounds++;
      const found = roundHindsight(start, movesOf(start, turns), seat, UNBOUND);
      expect(found.won).toBe(s.roundWinner === seat);
      // Each turn's verdict is the solver's from that turn's start, and its winning turn does win.
      let at = start;
      let own = 0;
      for (const turn of turns) {
        if (at.current === seat) {
          const mine = found.turns[own++];
          const truth = solveRound(at, { nodes: Infinity });
          expect(mine.verdict, `seed ${seed}`).toBe(truth.verdict);
          if (mine.win) expect(seatWins(play(at, mine.win), seat, { nodes: Infinity })).toBe('win');
          if (mine.verdict === 'win')
            expect(mine.kept).toBe(seatWins(play(at, turn), seat, { nodes: Infinity }));
        }
        at = play(at, turn);
      }
      expect(own).toBe(found.turns.length);
      const f = found.finding;
      findings.add(f.kind);
      if (f.kind === 'lostAt') {
        expect(f.at.kept).toBe('loss');
        // No later turn of the seat had a forced win.
        expect(found.turns.filter((t) => t.ownNumber > f.at.ownNumber).map((t) => t.verdict)).not.toContain(
          'win',
        );
      }
      if (f.kind === 'noWin') expect(found.turns.map((t) => t.verdict)).not.toContain('win');
    }
    expect(rounds).toBe(40);
    expect([...findings].sort()).toEqual(['lostAt', 'noWin', 'won']);
  });
});
