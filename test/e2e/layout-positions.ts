import { applyMove, legalMoves, setupState } from '../../shared/engine';
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

/**
 * An Advanced game, 4 players: seat 0 discarded Orange 7, more than its palette's cards, and may draw; the
 * deck's top card is face down, so the draw goes to the host at once with the turn so far (final).
 */
export function drawFinalPosition(): GameState {
  const start = setupState(optionsFor(4, 'advanced'), {
    hands: MID_HANDS,
    palettes: MID_PALETTES,
    canvas: ['I5'],
    deck: ['V5', 'G1'],
    current: 0,
  });
  const next = applyMove(start, TRIGGER.draw);
  if (next.turn?.pending !== 'draw' || next.knownTop !== 0)
    throw new Error('drawFinalPosition: no draw from a face-down deck');
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

/**
 * One whole turn of the seat to act, the first legal one found (no pass, the seat still in): with
 * `discard`, one that puts a hand card on the canvas (changes the rule).
 */
function someTurn(state: GameState, discard: boolean): GameState {
  const seat = state.current!;
  const search = (s: GameState, depth: number, discarded: boolean): GameState | null => {
    if (s.current !== seat) return discarded || !discard ? s : null;
    if (depth > 3) return null;
    for (const move of legalMoves(s)) {
      if (move.type === 'pass') continue;
      const after = search(applyMove(s, move), depth + 1, discarded || move.type === 'discard');
      if (after && after.phase === 'turn' && !after.out[seat]) return after;
    }
    return null;
  };
  const next = search(state, 0, false);
  if (!next) throw new Error(`someTurn: no turn for seat ${seat}`);
  return next;
}

/**
 * An Advanced game with the action rule, 4 players: each has had a turn, the last seat changed the rule;
 * seat 0 to act, with a 3 in hand (Blue 3, drawn by the Green 3 it played), whose play would draw: final.
 */
export function ruleChangedPosition(): GameState {
  let s = setupState(optionsFor(4, 'advanced'), {
    hands: DEAL_HANDS,
    palettes: DEAL_PALETTES,
    deck: ['B3', 'V6', 'G5', 'B7', 'O7', 'Y7', 'R5', 'I6', 'G2'],
    current: 0,
  });
  for (let seat = 0; seat < 3; seat++) s = someTurn(s, false);
  s = someTurn(s, true);
  if (s.current !== 0 || !s.hands[0].includes('B3'))
    throw new Error('ruleChangedPosition: seat 0 is not to act with Blue 3 in hand');
  return s;
}
