// Shared helpers for the engine tests: building positions, applying moves, comparing move lists,
// a seeded RNG for the property tests, and an independent card order taken straight from docs/rules.md.
import { expect } from 'vitest';
import { ALL_CARDS, IllegalMoveError, applyMove, setupState } from '../../../shared/engine';
import type {
  CardId,
  Color,
  GameOptions,
  GameState,
  LogEntry,
  Move,
  RoundSetup,
} from '../../../shared/engine';

export const COLORS: Color[] = ['R', 'O', 'Y', 'G', 'B', 'I', 'V'];

export const valueOf = (card: CardId): number => Number(card[1]);
export const colorOf = (card: CardId): Color => card[0] as Color;

/** docs/rules.md "Cards": higher value wins; equal values → the colour closer to Red wins. */
export function beats(a: CardId, b: CardId): boolean {
  if (valueOf(a) !== valueOf(b)) return valueOf(a) > valueOf(b);
  return COLORS.indexOf(colorOf(a)) < COLORS.indexOf(colorOf(b));
}

export function highest(cards: CardId[]): CardId | null {
  let best: CardId | null = null;
  for (const c of cards) if (best === null || beats(c, best)) best = c;
  return best;
}

export function options(o: Partial<GameOptions> = {}): GameOptions {
  return { players: 2, mode: 'basic', actionRule: false, ...o };
}

export function setup(o: Partial<GameOptions>, s: RoundSetup, seed?: number): GameState {
  return setupState(options(o), s, seed);
}

/**
 * A setup whose deck is empty: every card not listed anywhere goes under the given canvas
 * (which must be non-empty so that its top card still names the rule).
 */
export function withEmptyDeck(s: RoundSetup): RoundSetup {
  if (!s.canvas?.length) throw new Error('withEmptyDeck needs a canvas whose top card names the rule');
  const listed = new Set<CardId>([
    ...s.hands.flat(),
    ...s.palettes.flat(),
    ...(s.deck ?? []),
    ...s.canvas,
    ...(s.scored ?? []).flat(),
  ]);
  const rest = ALL_CARDS.filter((c) => !listed.has(c));
  return { ...s, deck: [], canvas: [...rest, ...s.canvas] };
}

export function play(state: GameState, ...moves: Move[]): GameState {
  return moves.reduce((s, m) => applyMove(s, m), state);
}

/** Canonical text of a move, so move lists compare as sets whatever the key order. */
export function moveKey(m: Move): string {
  const r = m as Record<string, unknown>;
  return JSON.stringify([r.type, r.card ?? null, r.seat ?? null, r.to ?? null]);
}

export function keys(moves: Move[]): string[] {
  return moves.map(moveKey).sort();
}

export function hasMove(moves: Move[], m: Move): boolean {
  const k = moveKey(m);
  return moves.some((x) => moveKey(x) === k);
}

export function sorted(cards: readonly CardId[]): CardId[] {
  return [...cards].sort();
}

/** The move must be refused with an IllegalMoveError that says something, and the state must stay as it was. */
export function expectIllegal(state: GameState, move: Move): IllegalMoveError {
  const before = JSON.stringify(state);
  let caught: unknown = null;
  try {
    applyMove(state, move);
  } catch (e) {
    caught = e;
  }
  expect(caught, `${JSON.stringify(move)} should be refused`).toBeInstanceOf(IllegalMoveError);
  expect((caught as Error).message.length).toBeGreaterThan(0);
  expect(JSON.stringify(state)).toBe(before);
  return caught as IllegalMoveError;
}

/** Every card of the state, wherever it is (hands, palettes, deck, canvas, scored piles). */
export function cardsOf(state: GameState): CardId[] {
  return [
    ...state.hands.flat(),
    ...state.palettes.flat(),
    ...state.deck,
    ...state.canvas,
    ...state.scored.flat(),
  ];
}

/** Freeze a value and everything reachable from it, so any mutation throws (ES modules are strict). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

/** Every option combination: 3 table sizes × Basic/Advanced × Action rule off/on × v1.1/v1.2 × autoDraw. */
export const VARIANTS: GameOptions[] = [];
for (const players of [2, 3, 4] as const)
  for (const mode of ['basic', 'advanced'] as const)
    for (const actionRule of [false, true])
      for (const rulesVersion of ['1.1', '1.2'] as const)
        for (const autoDraw of [false, true])
          VARIANTS.push({ players, mode, actionRule, rulesVersion, autoDraw });

export const variantName = (o: GameOptions): string =>
  `${o.players}p ${o.mode} actions:${o.actionRule ? 'on' : 'off'} v${o.rulesVersion} autoDraw:${o.autoDraw}`;

/** Every move of every shape. */
export const MOVE_UNIVERSE: Move[] = [
  ...ALL_CARDS.flatMap((card): Move[] => [
    { type: 'play', card },
    { type: 'discard', card },
    { type: 'seven', card, to: 'canvas' },
    { type: 'seven', card, to: 'deck' },
    ...[0, 1, 2, 3].map((seat): Move => ({ type: 'one', seat, card })),
  ]),
  { type: 'draw' },
  { type: 'noDraw' },
  { type: 'end' },
  { type: 'pass' },
  { type: 'nextRound' },
];

/** Moves that look possible at a table: the hand's cards, every palette card, every step move. */
export function plausibleMoves(hand: readonly CardId[], palettes: readonly (readonly CardId[])[]): Move[] {
  return [
    ...hand.flatMap((card): Move[] => [
      { type: 'play', card },
      { type: 'discard', card },
    ]),
    ...palettes.flatMap((palette, seat) =>
      palette.flatMap((card): Move[] => [
        { type: 'seven', card, to: 'canvas' },
        { type: 'seven', card, to: 'deck' },
        { type: 'one', seat, card },
      ]),
    ),
    { type: 'draw' },
    { type: 'noDraw' },
    { type: 'end' },
    { type: 'pass' },
    { type: 'nextRound' },
  ];
}

/**
 * The host's table right after the turn's own moves: what passing the turn on added is taken back (the
 * empty-hand outs of the seats skipped, the round's scoring), so it compares with the staged table.
 */
export function beforePassingOn(s: GameState, added: readonly LogEntry[]) {
  const out = [...s.out];
  const palettes = s.palettes.map((p) => [...p]);
  for (const e of added) {
    if (e.kind === 'out' && e.reason === 'emptyHand') out[e.seat] = false;
    if (e.kind === 'roundWon') palettes[e.seat].push(...e.scored);
  }
  return { palettes: palettes.map(sorted), canvas: s.canvas, out };
}
