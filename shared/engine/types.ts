/** Colour letters, highest rank first: Red, Orange, Yellow, Green, Blue, Indigo, Violet. */
export type Color = 'R' | 'O' | 'Y' | 'G' | 'B' | 'I' | 'V';
/** A rule is named by the colour of the top canvas card. */
export type Rule = Color;
export type Value = 1 | 2 | 3 | 4 | 5 | 6 | 7;
/** Colour initial + value: 'R7' is the best card, 'V1' the worst. */
export type CardId = `${Color}${Value}`;

export type RulesVersion = '1.1' | '1.2';

export interface GameOptions {
  players: 2 | 3 | 4;
  mode: 'basic' | 'advanced';
  actionRule: boolean;
  /** Default '1.2'. In '1.1' a 7 only goes to the canvas and a 1 may take any card but a palette's only one. */
  rulesVersion?: RulesVersion;
  /** Advanced only. Default: 40 / 35 / 30 for 2 / 3 / 4 players. */
  targetScore?: number;
  /** Advanced only. Take the advanced draw without asking. Default false (it is offered). */
  autoDraw?: boolean;
}

export type NormalizedOptions = Required<GameOptions>;

export type Move =
  | { type: 'play'; card: CardId }
  | { type: 'discard'; card: CardId }
  | { type: 'draw' }
  | { type: 'noDraw' }
  | { type: 'seven'; card: CardId; to: 'canvas' | 'deck' }
  | { type: 'one'; seat: number; card: CardId }
  | { type: 'end' }
  | { type: 'pass' }
  | { type: 'nextRound' };

/** What the player to act must decide before anything else in the turn. */
export type Pending = 'seven' | 'five' | 'one' | 'draw';

export interface TurnState {
  /** The odd card whose action is pending (the 7 or 1 a choice is made for), else null. */
  actionCard: CardId | null;
  /** Cards played from hand to palette this turn (a 5 allows more than one). */
  played: number;
  /** A hand card went to the canvas this turn (the turn then ends). */
  discarded: boolean;
  pending: Pending | null;
}

export type OutReason = 'notLeading' | 'emptyHand' | 'pass';

/**
 * The public table a hand-made position (setupState) starts from; a dealt round needs none (empty canvas,
 * 7 cards a hand, every seat in, the rest of the cards in play face down in the deck).
 */
export interface SetupFacts {
  canvas: CardId[];
  handSizes: number[];
  deckSize: number;
  /** Public cards on top of the deck, top first. */
  deckKnownTop: CardId[];
  out: boolean[];
}

/**
 * The public game log (docs/protocol.md, "The game log"). Each turn opens with a `turn` entry: the
 * entries after it, up to the next `turn`, `deal` or `roundWon`, are that turn's (an `out` for an empty
 * hand comes last in the turn it followed). A 'draw' entry carries the card only in the drawer's own view
 * (and in the host's state); everyone else sees `card: null`, unless the card was public (`known`:
 * a 7 or a 1 had put it on top of the deck face up).
 */
export type LogEntry =
  | { kind: 'deal'; round: number; palettes: CardId[][]; first: number; setup?: SetupFacts }
  /** A turn begins: the round's `turn`-th (1-based, every seat's turns counted), `seat`'s, after `moveCount` moves. */
  | { kind: 'turn'; seat: number; turn: number; moveCount: number }
  | { kind: 'play'; seat: number; card: CardId }
  | { kind: 'discard'; seat: number; card: CardId }
  | { kind: 'draw'; seat: number; card: CardId | null; cause: 'advanced' | 'three'; known: boolean }
  | { kind: 'noDraw'; seat: number }
  | { kind: 'seven'; seat: number; card: CardId; to: 'canvas' | 'deck' }
  | { kind: 'one'; seat: number; target: number; card: CardId }
  | { kind: 'actionSkipped'; seat: number; card: CardId }
  | { kind: 'out'; seat: number; reason: OutReason }
  | { kind: 'roundWon'; seat: number; round: number; rule: Rule; scored: CardId[]; points: number }
  | { kind: 'gameOver'; winners: number[]; scores: number[] };

export type Phase = 'turn' | 'roundOver' | 'gameOver';

/** The whole game as only the host knows it. Plain JSON: safe to persist and clone. */
export interface GameState {
  options: NormalizedOptions;
  /** Never leaves the host. */
  seed: number;
  /** RNG position (the next shuffle). Never leaves the host. */
  rng: number;
  phase: Phase;
  /** 1-based. */
  round: number;
  /** Top of the deck is the last element. Never leaves the host. */
  deck: CardId[];
  /** How many cards at the top of the deck are public (they came from a palette by a 7 or a 1). */
  knownTop: number;
  hands: CardId[][];
  palettes: CardId[][];
  /** Cards on the canvas, top last. Empty: the Red starter is the rule. */
  canvas: CardId[];
  out: boolean[];
  scores: number[];
  /** Cards each seat has scored; they have left the game. */
  scored: CardId[][];
  /** Seat to act, or null between rounds and after the game. */
  current: number | null;
  turn: TurnState | null;
  roundWinner: number | null;
  winners: number[];
  log: LogEntry[];
  /** Number of moves applied so far; lets a host refuse stale moves. */
  moveCount: number;
}

/** What one seat (or a spectator) may know. Other hands, the deck order and the seed are never in it. */
export interface SeatView {
  seat: number | null;
  options: NormalizedOptions;
  phase: Phase;
  round: number;
  current: number | null;
  turn: TurnState | null;
  rule: Rule;
  canvas: CardId[];
  palettes: CardId[][];
  out: boolean[];
  /** Own hand; [] for a spectator. */
  hand: CardId[];
  handSizes: number[];
  deckSize: number;
  /** Public cards at the top of the deck, top first (put there by a 7 or a 1). */
  deckKnownTop: CardId[];
  scores: number[];
  scored: CardId[][];
  roundWinner: number | null;
  gameOver: boolean;
  winners: number[];
  /** Seat currently leading under the rule (null if nobody). */
  leader: number | null;
  /** Moves this seat may make now ([] when it is not this seat's turn). */
  legalMoves: Move[];
  log: LogEntry[];
  moveCount: number;
}

/**
 * A hand-made position, for tests and tools: `setupState(options, setup, seed?)` builds a state in phase 'turn'.
 * Cards not listed anywhere go under the listed deck cards (bottom of the deck), in ALL_CARDS order, so the
 * 49 cards are always conserved.
 */
export interface RoundSetup {
  hands: CardId[][];
  palettes: CardId[][];
  /** The deck's listed cards, TOP FIRST. */
  deck?: CardId[];
  /** Canvas cards, bottom first (the last one is the rule). Default: empty (the Red starter). */
  canvas?: CardId[];
  /** Seat to act. Default: the seat after the one holding the highest palette card. */
  current?: number;
  out?: boolean[];
  scores?: number[];
  /** Cards already scored (they are out of the game). */
  scored?: CardId[][];
  round?: number;
  /** How many listed deck cards (from the top) are public. Default 0. */
  knownTop?: number;
}
