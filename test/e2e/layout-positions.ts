import { applyMove, setupState } from '../../shared/engine';
import type { CardId, GameOptions, GameState, Move } from '../../shared/engine/types';

/**
 * Hand-made positions for the layout tests: the deal (a full hand, short palettes) and mid-round
 * (palettes of 5–7 cards, a card face up on the deck) with a pending 1, 7, 5 or advanced draw, the
 * game's end, and a seat that is out. Seat 0 is the player looked at; it is to act unless said otherwise.
 */

export type Players = 2 | 3 | 4;
export type Pending = 'one' | 'seven' | 'five' | 'draw';
export const PENDINGS: readonly Pending[] = ['one', 'seven', 'five', 'draw'];

export const optionsFor = (players: Players, mode: 'basic' | 'advanced' = 'basic'): GameOptions => ({
  players,
  mode,
  actionRule: true,
  rulesVersion: '1.2',
  targetScore: ({ 2: 40, 3: 35, 4: 30 } as const)[players],
  autoDraw: false,
});

const DEAL_HANDS: CardId[][] = [
  ['G3', 'Y6', 'O1', 'B2', 'V5', 'I7', 'R4'],
  ['V7', 'B5', 'Y4', 'O3', 'G1', 'R3', 'I2'],
  ['G7', 'I3', 'O2', 'Y1', 'B6', 'V4', 'R1'],
  ['R2', 'I4', 'V3', 'B1', 'G6', 'O5', 'Y2'],
];
const DEAL_PALETTES: CardId[][] = [['O6'], ['R6'], ['Y3'], ['V1']];

/** The deal: seven cards in every hand, one in every palette. */
export function dealPosition(players: Players): GameState {
  return setupState(optionsFor(players), {
    hands: DEAL_HANDS.slice(0, players),
    palettes: DEAL_PALETTES.slice(0, players),
    current: 0,
  });
}

const MID_PALETTES: CardId[][] = [
  ['O6', 'Y6', 'B4', 'V3', 'G2'],
  ['R6', 'V2', 'I1', 'G4', 'B3', 'Y2'],
  ['Y3', 'G5', 'O2', 'B6', 'I4', 'V6', 'R1'],
  ['V1', 'O4', 'I6', 'G6', 'B2', 'Y4'],
];
const MID_HANDS: CardId[][] = [
  ['O1', 'R7', 'G7', 'B5', 'I2', 'O7'],
  ['V7', 'Y1', 'O3'],
  ['G3', 'I3', 'R2'],
  ['R4', 'V4', 'B1'],
];
/** The card seat 0 plays (or, for the draw, discards) to bring the choice up. */
const TRIGGER: Record<Pending, Move> = {
  one: { type: 'play', card: 'O1' },
  seven: { type: 'play', card: 'R7' },
  five: { type: 'play', card: 'B5' },
  draw: { type: 'discard', card: 'O7' },
};

/** Mid-round, seat 0 in the middle of its turn with `pending` to answer; Violet 5 lies face up on the deck. */
export function midPosition(players: Players, pending: Pending): GameState {
  const start = setupState(optionsFor(players, pending === 'draw' ? 'advanced' : 'basic'), {
    hands: MID_HANDS.slice(0, players),
    palettes: MID_PALETTES.slice(0, players),
    canvas: ['I5'],
    deck: ['V5'],
    knownTop: 1,
    current: 0,
  });
  const next = applyMove(start, TRIGGER[pending]);
  if (next.turn?.pending !== pending) throw new Error(`midPosition: no pending ${pending}`);
  return next;
}

/** An Advanced game with every seat's score near the target; everyone but the last seat passes: it wins. */
export function gameOverPosition(players: Players): GameState {
  const target = optionsFor(players).targetScore!;
  const scores = [target - 8, target - 3, target - 15, target - 5].slice(0, players);
  scores[players - 1] = target - 1;
  let s = setupState(optionsFor(players, 'advanced'), {
    hands: MID_HANDS.slice(0, players),
    palettes: MID_PALETTES.slice(0, players),
    canvas: ['I5'],
    scores,
    current: 0,
    round: 4,
  });
  while (s.phase === 'turn') s = applyMove(s, { type: 'pass' });
  if (s.phase !== 'gameOver') throw new Error('gameOverPosition: the game did not end');
  return s;
}
