import * as v from 'valibot';
import { BOT_LEVEL_NAMES } from '../bots/levels';
import { ALL_CARDS } from '../engine';
import { GameOptionsSchema, MoveSchema } from '../protocol/game-schemas';
import { EVENING_HEATS_MAX, PLAYER_NAME_MAX, TABLE_NAME_MAX } from '../protocol/limits';
import type { Same } from '../same-type';
import { GAME_ID, GAME_RECORD_FORMAT, GAME_RECORD_VERSION } from './format';
import type { GameRecord, RecordMove } from './format';

/**
 * Bounds a record cannot exceed and still be a game: every round scores at least one of the 49 cards, so a
 * game has at most 49 rounds; a round's moves are bounded far above any real one (a few hundred at most).
 */
export const RECORD_ROUNDS_MAX = 49;
export const RECORD_ROUND_MOVES_MAX = 2000;

const card = v.picklist(ALL_CARDS, 'is not a card');
const seat = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(3));
const text = (max: number) =>
  v.pipe(
    v.string(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(max, `must be at most ${max} characters`),
    v.regex(/^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u, 'must not contain control characters'),
  );
const time = v.pipe(v.string(), v.isoTimestamp('is not an ISO 8601 time'));

/** Each kind of move's fields, read off the one move schema. */
const MOVE_FIELDS = new Map<unknown, string[]>(
  MoveSchema.options.map((o) => [o.entries.type.literal, Object.keys(o.entries)]),
);
/** The first field a move's kind does not have (the wire ignores such a field; a record refuses it). */
const unknownField = (m: unknown): string | undefined => {
  if (typeof m !== 'object' || m === null) return undefined;
  const fields = MOVE_FIELDS.get((m as { type?: unknown }).type);
  return fields && Object.keys(m).find((k) => !fields.includes(k));
};

/** A move of a round, every field known; a round opens with its deal, so `nextRound` is none. */
const RoundMoveSchema = v.pipe(
  v.unknown(),
  v.check(
    (m) => unknownField(m) === undefined,
    (issue) => `unknown field "${unknownField(issue.input)}"`,
  ),
  MoveSchema,
  v.guard(
    (m): m is RecordMove['move'] => m.type !== 'nextRound',
    'a round opens with its deal: no nextRound',
  ),
);

const cards = (max: number) => v.pipe(v.array(card), v.maxLength(max));
const RoundSchema = v.strictObject({
  deal: v.strictObject({
    hands: v.pipe(v.array(cards(49)), v.minLength(2), v.maxLength(4)),
    palettes: v.pipe(v.array(cards(49)), v.minLength(2), v.maxLength(4)),
    deck: cards(49),
  }),
  moves: v.pipe(
    v.array(v.strictObject({ seat, move: RoundMoveSchema })),
    v.maxLength(RECORD_ROUND_MOVES_MAX),
  ),
});

const RecordSchema = v.pipe(
  v.strictObject({
    format: v.literal(GAME_RECORD_FORMAT, `is not "${GAME_RECORD_FORMAT}"`),
    version: v.literal(GAME_RECORD_VERSION, `is not ${GAME_RECORD_VERSION} (the version this app reads)`),
    id: v.pipe(v.string(), v.regex(GAME_ID, 'is not a game id')),
    app: v.strictObject({ name: text(64), version: text(64) }),
    table: v.strictObject({ name: text(TABLE_NAME_MAX) }),
    evening: v.optional(
      v.strictObject({
        name: text(TABLE_NAME_MAX),
        heat: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(EVENING_HEATS_MAX)),
        table: v.pipe(v.string(), v.regex(/^[A-Z]$/, 'is not a table letter')),
      }),
    ),
    startedAt: v.nullable(time),
    finishedAt: time,
    options: GameOptionsSchema,
    seats: v.pipe(
      v.array(v.strictObject({ name: text(PLAYER_NAME_MAX), bot: v.nullable(v.picklist(BOT_LEVEL_NAMES)) })),
      v.minLength(2),
      v.maxLength(4),
    ),
    rounds: v.pipe(v.array(RoundSchema), v.minLength(1), v.maxLength(RECORD_ROUNDS_MAX)),
    result: v.strictObject({
      winners: v.pipe(v.array(seat), v.minLength(1), v.maxLength(4)),
      scores: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(0))), v.maxLength(4)),
    }),
  }),
  v.check((r) => r.seats.length === r.options.players, 'seats: their number differs from options.players'),
  v.check(
    (r) => r.result.scores.length === r.options.players,
    'result.scores: their number differs from options.players',
  ),
  v.check(
    (r) => r.startedAt === null || Date.parse(r.startedAt) <= Date.parse(r.finishedAt),
    'startedAt: after finishedAt',
  ),
);
const _recordAgrees: Same<v.InferOutput<typeof RecordSchema>, GameRecord> = true;
void _recordAgrees;

/** A refusal's reason is at most this long. */
const REASON_MAX = 200;

export type ParsedRecord = { ok: true; record: GameRecord } | { ok: false; reason: string };

/** Checks a record's every field (not yet whether its game could be played: replayRecord does that). */
export function parseGameRecord(input: unknown): ParsedRecord {
  // Another JSON file altogether (a list, a number, someone else's object): say so, not "format: Invalid key".
  if (typeof input !== 'object' || input === null || Array.isArray(input) || !('format' in input))
    return { ok: false, reason: `not a game record (no "format": "${GAME_RECORD_FORMAT}" at its top)` };
  const r = v.safeParse(RecordSchema, input);
  if (r.success) return { ok: true, record: r.output };
  const issue = r.issues[0];
  const path = v.getDotPath(issue);
  const reason = path ? `${path}: ${issue.message}` : issue.message;
  // Valibot's own messages quote what they received: a hostile file's megabyte string is not repeated.
  return { ok: false, reason: reason.length > REASON_MAX ? `${reason.slice(0, REASON_MAX - 1)}…` : reason };
}

/** The same from a file's text. */
export function parseGameRecordText(text: string): ParsedRecord {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, reason: `not JSON (${(e as Error).message})` };
  }
  return parseGameRecord(data);
}
