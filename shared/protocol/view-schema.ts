import * as v from 'valibot';
import { ALL_CARDS, COLORS } from '../engine/cards';
import type { LogEntry, SeatView } from '../engine/types';
import type { Same } from '../same-type';
import { GameOptionsSchema, MoveSchema } from './game-schemas';

/**
 * The shape of a seat's view, for a client that rebuilds views from deltas: a delta is merged into what
 * the client shows, so one that does not fit (a field of the wrong kind, a key no view has) is refused
 * whole before anything is changed. Bounds are generous: they only stop absurd sizes.
 */
const card = v.picklist(ALL_CARDS);
const cards = v.pipe(v.array(card), v.maxLength(ALL_CARDS.length));
const int = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
const seat = int(0, 3);
const perSeat = <T extends v.GenericSchema>(item: T) => v.pipe(v.array(item), v.minLength(2), v.maxLength(4));
const count = int(0, 1_000_000);
const points = int(0, 10_000);
const round = int(1, 10_000);

/** A game's log never grows past this many entries in one message (a long game logs about a thousand). */
export const LOG_ENTRIES_MAX = 100_000;

const TurnSchema = v.strictObject({
  actionCard: v.nullable(card),
  played: int(0, ALL_CARDS.length),
  discarded: v.boolean(),
  pending: v.nullable(v.picklist(['seven', 'five', 'one', 'draw'])),
});

/** What a hand-made position (a tool's or a test's, never a host's deal) logs of its table. */
const SetupSchema = v.strictObject({
  canvas: cards,
  handSizes: perSeat(int(0, ALL_CARDS.length)),
  deckSize: int(0, ALL_CARDS.length),
  deckKnownTop: cards,
  out: perSeat(v.boolean()),
});

export const LogEntrySchema = v.variant('kind', [
  v.strictObject({
    kind: v.literal('deal'),
    round,
    palettes: perSeat(cards),
    first: seat,
    setup: v.optional(SetupSchema),
  }),
  // A turn logs at least one entry of its own, so a round never numbers more turns than a log holds entries.
  v.strictObject({ kind: v.literal('turn'), seat, turn: int(1, LOG_ENTRIES_MAX), moveCount: count }),
  v.strictObject({ kind: v.literal('play'), seat, card }),
  v.strictObject({ kind: v.literal('discard'), seat, card }),
  v.strictObject({
    kind: v.literal('draw'),
    seat,
    card: v.nullable(card),
    cause: v.picklist(['advanced', 'three']),
    known: v.boolean(),
  }),
  v.strictObject({ kind: v.literal('noDraw'), seat }),
  v.strictObject({ kind: v.literal('seven'), seat, card, to: v.picklist(['canvas', 'deck']) }),
  v.strictObject({ kind: v.literal('one'), seat, target: seat, card }),
  v.strictObject({ kind: v.literal('actionSkipped'), seat, card }),
  v.strictObject({ kind: v.literal('out'), seat, reason: v.picklist(['notLeading', 'emptyHand', 'pass']) }),
  v.strictObject({
    kind: v.literal('roundWon'),
    seat,
    round,
    rule: v.picklist(COLORS),
    scored: cards,
    points,
  }),
  v.strictObject({
    kind: v.literal('gameOver'),
    winners: v.pipe(v.array(seat), v.maxLength(4)),
    scores: perSeat(points),
  }),
]);

/** Every field of a view except `log` and `moveCount`, which a delta carries in its own way. */
export const ViewFieldsSchema = v.strictObject({
  seat: v.nullable(seat),
  options: GameOptionsSchema,
  phase: v.picklist(['turn', 'roundOver', 'gameOver']),
  round,
  current: v.nullable(seat),
  turn: v.nullable(TurnSchema),
  rule: v.picklist(COLORS),
  canvas: cards,
  palettes: perSeat(cards),
  out: perSeat(v.boolean()),
  hand: cards,
  handSizes: perSeat(int(0, ALL_CARDS.length)),
  deckSize: int(0, ALL_CARDS.length),
  deckKnownTop: cards,
  scores: perSeat(points),
  scored: perSeat(cards),
  roundWinner: v.nullable(seat),
  gameOver: v.boolean(),
  winners: v.pipe(v.array(seat), v.maxLength(4)),
  leader: v.nullable(seat),
  legalMoves: v.pipe(v.array(MoveSchema), v.maxLength(1000)),
});

// The length first: an absurd log is refused before any of its entries is looked at.
export const LogSchema = v.pipe(v.array(v.unknown()), v.maxLength(LOG_ENTRIES_MAX), v.array(LogEntrySchema));

export const SeatViewSchema = v.strictObject({
  ...ViewFieldsSchema.entries,
  log: LogSchema,
  moveCount: count,
});

// Compile-time guard: the schemas describe exactly the engine's types.
const _logAgrees: Same<v.InferOutput<typeof LogEntrySchema>, LogEntry> = true;
const _viewAgrees: Same<v.InferOutput<typeof SeatViewSchema>, SeatView> = true;
void _logAgrees;
void _viewAgrees;

export { count as MoveCountSchema };
