// completeTurns (every complete turn that keeps the player in) and playout (the fast random round used by
// bots and the benchmark), checked against an enumeration written from docs/rules.md and an exact computation.
import { describe, expect, it } from 'vitest';
import {
  advancedDrawOffered,
  applyMove,
  cardColor,
  completeTurns,
  leader,
  legalMoves,
  newGame,
  playout,
} from '../../../shared/engine';
import type { CardId, GameOptions, GameState, Move } from '../../../shared/engine';
import { deepFreeze, moveKey, play, setup } from './helpers';
import { pick, rng } from '../../helpers/random';

const turnKey = (turn: Move[]) => turn.map(moveKey).join(' ');
const turnKeys = (turns: Move[][]) => turns.map(turnKey).sort();

/** States at the start of a turn, taken from seeded random games. */
function turnStarts(options: GameOptions, games: number, seed: number): GameState[] {
  const random = rng(seed);
  const states: GameState[] = [];
  for (let g = 0; g < games; g++) {
    let s = newGame(options, seed + g);
    while (s.phase !== 'gameOver') {
      const t = s.turn;
      if (s.phase === 'turn' && t && t.played === 0 && !t.discarded && t.pending === null) states.push(s);
      const moves = legalMoves(s);
      const active = moves.filter((m) => m.type !== 'pass');
      s = applyMove(s, active.length && random() > 0.05 ? pick(random, active) : pick(random, moves));
    }
  }
  return states;
}

/** docs/rules.md steps 5-7 without actions: play (and end), discard, or play then discard, leading at the end. */
function expectedTurns(s: GameState): string[] {
  const seat = s.current!;
  const hand = s.hands[seat];
  const rule = s.canvas.length ? cardColor(s.canvas[s.canvas.length - 1]) : 'R';
  const leads = (palette: CardId[], r: typeof rule) =>
    leader(
      s.palettes.map((p, i) => (i === seat ? palette : s.out[i] ? [] : p)),
      r,
    ) === seat;
  const drawChoices = (card: CardId, paletteSize: number): Move[][] =>
    !s.options.autoDraw && advancedDrawOffered(s.options, card, paletteSize, s.deck.length)
      ? [[{ type: 'draw' }], [{ type: 'noDraw' }]]
      : [[]];
  const turns: Move[][] = [];
  const mine = s.palettes[seat];
  for (const d of hand)
    if (leads(mine, cardColor(d)))
      for (const tail of drawChoices(d, mine.length)) turns.push([{ type: 'discard', card: d }, ...tail]);
  for (const c of hand) {
    const after = [...mine, c];
    if (leads(after, rule)) turns.push([{ type: 'play', card: c }, { type: 'end' }]);
    for (const d of hand)
      if (d !== c && leads(after, cardColor(d)))
        for (const tail of drawChoices(d, after.length))
          turns.push([{ type: 'play', card: c }, { type: 'discard', card: d }, ...tail]);
  }
  return turnKeys(turns);
}

describe('completeTurns', () => {
  for (const options of [
    { players: 3, mode: 'basic', actionRule: false },
    { players: 2, mode: 'advanced', actionRule: false },
    { players: 4, mode: 'advanced', actionRule: false, autoDraw: true },
  ] as GameOptions[]) {
    it(`without actions: exactly play+end, discard and play+discard that lead (${options.players}p ${options.mode}${options.autoDraw ? ' autoDraw' : ''})`, () => {
      const states = turnStarts(options, 12, 11);
      expect(states.length).toBeGreaterThan(50);
      for (const s of states) expect(turnKeys(completeTurns(s))).toEqual(expectedTurns(s));
    });
  }

  it('with actions: every listed turn is distinct, applies, and ends the turn with the player still in', () => {
    for (const rulesVersion of ['1.1', '1.2'] as const) {
      const states = turnStarts({ players: 3, mode: 'advanced', actionRule: true, rulesVersion }, 3, 21);
      for (const s of states.slice(0, 60)) {
        const seat = s.current!;
        const turns = completeTurns(deepFreeze(s));
        expect(new Set(turns.map(turnKey)).size).toBe(turns.length);
        for (const turn of turns) {
          const end = play(s, ...turn);
          expect(end.out[seat]).toBe(false);
          expect(end.phase !== 'turn' || end.current !== seat).toBe(true);
          // No prefix of the turn already ends it.
          expect(play(s, ...turn.slice(0, -1)).current).toBe(seat);
        }
      }
    }
  });

  it('with actions: every turn found by random walks over legalMoves that keeps the player in is listed', () => {
    const random = rng(5);
    for (const rulesVersion of ['1.1', '1.2'] as const) {
      const states = turnStarts({ players: 2, mode: 'advanced', actionRule: true, rulesVersion }, 3, 31);
      for (const s of states.slice(0, 60)) {
        const seat = s.current!;
        const listed = new Set(completeTurns(s).map(turnKey));
        for (let walk = 0; walk < 10; walk++) {
          let t = s;
          const turn: Move[] = [];
          while (t.phase === 'turn' && t.current === seat && !t.out[seat]) {
            const moves = legalMoves(t).filter((m) => m.type !== 'pass');
            if (moves.length === 0) break;
            const m = pick(random, moves);
            turn.push(m);
            t = applyMove(t, m);
          }
          if (!t.out[seat] && (t.phase !== 'turn' || t.current !== seat))
            expect(listed.has(turnKey(turn)), turnKey(turn)).toBe(true);
        }
      }
    }
  });

  it('is empty when the round is not in play', () => {
    let s = newGame({ players: 2, mode: 'advanced', actionRule: false }, 3);
    s = play(s, { type: 'pass' });
    expect(s.phase).not.toBe('turn');
    expect(completeTurns(s)).toEqual([]);
  });
});

describe('playout', () => {
  it('returns the only possible winner: a player with no leading turn goes out', () => {
    // Seat 1 to play with I1 against R7 O7: playing leaves V2 on top, discarding I1 (Indigo) still loses.
    const s = setup(
      { players: 2 },
      { hands: [['Y7'], ['I1']], palettes: [['R7', 'O7'], ['V2']], current: 1 },
    );
    for (let seed = 1; seed <= 50; seed++) expect(playout(s, seed)).toBe(0);
  });

  it('a player who starts a turn with an empty hand goes out', () => {
    // Seat 1 (empty hand) goes out at once. Seat 2 then keeps the lead whatever it does (V2 and I2 against
    // V1 and I1), and seat 0 cannot overtake it.
    const s = setup(
      { players: 3 },
      { hands: [['I1'], [], ['I2']], palettes: [['V1'], ['R7'], ['V2']], current: 1 },
    );
    for (let seed = 1; seed <= 20; seed++) expect(playout(s, seed)).toBe(2);
  });

  it('is deterministic in its seed, never mutates the state, and picks a seat still in the round', () => {
    for (const players of [2, 3, 4] as const) {
      const s = deepFreeze(newGame({ players, mode: 'advanced', actionRule: false }, players));
      const before = JSON.stringify(s);
      const winners = new Set<number>();
      for (let seed = 1; seed <= 300; seed++) {
        const w = playout(s, seed);
        expect(w).toBe(playout(s, seed));
        expect(w).toBeGreaterThanOrEqual(0);
        expect(w).toBeLessThan(players);
        winners.add(w);
      }
      expect(JSON.stringify(s)).toBe(before);
      expect(winners.size).toBeGreaterThan(1);
    }
    const partly = setup(
      { players: 3, mode: 'advanced' },
      {
        hands: [['I1', 'I4'], ['I2'], ['I3', 'B5']],
        palettes: [['V1'], ['R7'], ['V2']],
        out: [false, true, false],
      },
    );
    for (let seed = 1; seed <= 50; seed++) expect(playout(partly, seed)).not.toBe(1);
  });

  it('wins with the exact probabilities of "uniform among complete turns, draw always taken"', () => {
    // A small endgame (3 players, 3 cards in hand, a short deck, Advanced with autoDraw as in the benchmark).
    const s = setup(
      { players: 3, mode: 'advanced', autoDraw: true },
      {
        hands: [
          ['B4', 'I1', 'Y2'],
          ['G1', 'O7', 'G3'],
          ['G2', 'R4', 'B5'],
        ],
        palettes: [['B3'], ['I5'], ['Y3']],
        deck: ['G6', 'I7', 'B2'],
        current: 0,
      },
    );
    const exact = winProbabilities(s);
    expect(exact.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(Math.min(...exact)).toBeGreaterThan(0.05); // every seat has a real chance: the test can tell them apart
    const n = 20_000;
    const wins = [0, 0, 0];
    for (let seed = 1; seed <= n; seed++) wins[playout(s, seed)]++;
    // 5 standard deviations of a frequency over 20,000 playouts is at most 0.018.
    wins.forEach((w, seat) => expect(Math.abs(w / n - exact[seat]), `seat ${seat}`).toBeLessThan(0.018));
  });
});

/** Exact win probabilities when each turn is chosen uniformly among completeTurns (none → out). */
function winProbabilities(s: GameState): number[] {
  const n = s.options.players;
  if (s.phase !== 'turn') return Array.from({ length: n }, (_, i) => (i === s.roundWinner ? 1 : 0));
  const turns = completeTurns(s);
  if (turns.length === 0) return winProbabilities(applyMove(s, { type: 'pass' }));
  const total = Array<number>(n).fill(0);
  for (const turn of turns) {
    const p = winProbabilities(play(s, ...turn));
    for (let i = 0; i < n; i++) total[i] += p[i] / turns.length;
  }
  return total;
}
