import { describe, expect, it } from 'vitest';
import {
  applyMove,
  completeTurns,
  legalMoves,
  newGame,
  setupState,
  type GameState,
  type Move,
} from '../../../shared/engine';
import { solveRound } from '../../../shared/bots/solver';

const play = (s: GameState, turn: readonly Move[]) => turn.reduce(applyMove, s);

/** The whole tree, nothing remembered or cut: does `seat` win against any play of the others? */
function naiveWins(s: GameState, seat: number): boolean {
  if (s.phase !== 'turn') return s.roundWinner === seat;
  const nexts = completeTurns(s).map((t) => play(s, t));
  if (s.current === seat) return nexts.some((n) => naiveWins(n, seat));
  return [...nexts, applyMove(s, { type: 'pass' })].every((n) => naiveWins(n, seat));
}

/** A round played at random (never passing while a turn keeps the player in) until the hands are small. */
function latePosition(players: 2 | 3, seed: number, cardsLeft: number): GameState | null {
  let s = newGame({ players, mode: 'basic', actionRule: seed % 2 === 0 }, seed);
  let r = seed;
  const random = (n: number) => (r = (Math.imul(r, 1103515245) + 12345) >>> 0) % n;
  while (s.phase === 'turn' && s.hands.reduce((sum, h) => sum + h.length, 0) > cardsLeft) {
    const turns = completeTurns(s);
    s = turns.length ? play(s, turns[random(turns.length)]) : applyMove(s, { type: 'pass' });
  }
  return s.phase === 'turn' ? s : null;
}

describe('the exact solver for a round with every card known', () => {
  it('finds the one winning turn of a hand-made position', () => {
    // Red rule. Seat 0 holds Red 7 and Green 2 against Bo's Red 6 and a lone Blue 2: Red 7 takes the lead
    // and Bo cannot answer it.
    const s = setupState(
      { players: 2, mode: 'basic', actionRule: false },
      { hands: [['R7', 'G2'], ['B2']], palettes: [['B1'], ['R6']], current: 0 },
    );
    const solved = solveRound(s);
    expect(solved.verdict).toBe('win');
    expect(solved.seat).toBe(0);
    expect(solved.turn?.[0]).toEqual({ type: 'play', card: 'R7' });
    expect(play(s, solved.turn!).phase).not.toBe('roundOver'); // a real turn, not a shortcut
  });

  it('agrees with the whole tree on 60 late 2- and 3-player positions, wins and losses both found', () => {
    const verdicts: string[] = [];
    for (let seed = 1; verdicts.length < 60 && seed < 500; seed++) {
      const s = latePosition(seed % 3 === 0 ? 3 : 2, seed, seed % 3 === 0 ? 7 : 6);
      if (!s) continue;
      const solved = solveRound(s);
      const truth = naiveWins(s, s.current!);
      expect(solved.verdict, `seed ${seed}`).toBe(truth ? 'win' : 'loss');
      if (solved.turn)
        expect(naiveWins(play(s, solved.turn), s.current!), `seed ${seed}: its winning turn`).toBe(true);
      verdicts.push(solved.verdict);
    }
    expect(verdicts).toHaveLength(60);
    expect(verdicts).toContain('win');
    expect(verdicts).toContain('loss');
  });

  it('says it does not know when the budget runs out, and refuses a round not in play', () => {
    const s = newGame({ players: 2, mode: 'basic', actionRule: true }, 11);
    const solved = solveRound(s, { nodes: 50 });
    expect(solved.verdict).toBe('unknown');
    expect(solved.turn).toBeNull();
    let over = s;
    while (over.phase === 'turn')
      over = applyMove(over, legalMoves(over).find((m) => m.type === 'pass') ?? legalMoves(over)[0]);
    expect(() => solveRound(over)).toThrow(RangeError);
  });
});
