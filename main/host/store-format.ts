import * as v from 'valibot';
import {
  BOT_LEVEL_NAMES,
  BOT_PACE_NAMES,
  BOT_THINK_NAMES,
  CLOCK_EXPIRY_NAMES,
  DEFAULT_BOT_LEVEL,
  DEFAULT_BOT_PACE,
  DEFAULT_BOT_THINK,
  MoveSchema,
  SEAT_CODE_PATTERN,
  GameOptionsSchema,
  TURN_CLOCK_SECONDS,
} from '../../shared/protocol';
import type { GameState, Move, NormalizedOptions } from '../../shared/engine';
import type { Same } from '../../shared/same-type';
import { openControl, type ControlRecord } from './table-control';
import { hintsByDefault } from './table-record';
import type { AcceptedMove, Seating, TableRecord } from './table-record';
import { noClock } from './turn-clock';

/** Who sits where, and since when nobody has been at the table (null: someone is). */
export type SeatingLine = Seating & { unattendedSince: number | null; control?: ControlRecord };

/**
 * One line of a table's log: the table as it was made (the first line), a change of who sits where or of
 * whether anyone is at the table, a game's start (options and seed), or an accepted move.
 */
export type LogLine =
  | { created: TableRecord }
  | { seating: SeatingLine }
  | { g: number; start: { options: NormalizedOptions; seed: number } }
  | { g: number; n: number; s: number | null; m: Move };

const int = v.pipe(v.number(), v.integer(), v.minValue(0));
const seatNo = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(3));

/**
 * The game's options as a table keeps them (protocol's one schema), read as the wire reads: a field this
 * version does not know, written by another, is left out rather than the table lost.
 */
const OptionsSchema = v.object(GameOptionsSchema.entries);

/** The turn clock's option and the turn it was timing (see main/host/turn-clock.ts). */
const ClockSchema = v.object({
  seconds: v.picklist(TURN_CLOCK_SECONDS),
  expiry: v.picklist(CLOCK_EXPIRY_NAMES),
  turn: v.nullable(
    v.object({
      game: int,
      since: int,
      seat: seatNo,
      endsAt: v.nullable(v.number()),
      leftMs: v.pipe(v.number(), v.minValue(0)),
      expired: v.boolean(),
      botTurn: v.boolean(),
    }),
  ),
});
/** The creator's lock and seat code; tables from before them have none (open, no code). */
const ControlSchema = v.object({
  locked: v.boolean(),
  watchers: v.boolean(),
  code: v.nullable(v.pipe(v.string(), v.regex(SEAT_CODE_PATTERN))),
  removed: v.pipe(v.array(v.string()), v.maxLength(64)),
});
const _controlAgrees: Same<v.InferOutput<typeof ControlSchema>, ControlRecord> = true;
void _controlAgrees;

const SeatSchema = v.object({
  name: v.nullable(v.string()),
  tokenHash: v.nullable(v.string()),
  bot: v.boolean(),
  standIn: v.boolean(),
  votedOut: v.boolean(),
  /** Snapshots from before bots had a level per seat: every bot plays at the table's level. */
  botLevel: v.optional(v.nullable(v.picklist(BOT_LEVEL_NAMES)), null),
  botThink: v.optional(v.nullable(v.picklist(BOT_THINK_NAMES)), null),
});

/**
 * The game state is the engine's plain JSON; its shape is checked here so that a damaged file fails at
 * load time with a reason instead of inside a later move.
 */
const cards = v.array(v.string());
const StateSchema = v.looseObject({
  options: OptionsSchema,
  seed: int,
  rng: v.number(),
  phase: v.picklist(['turn', 'roundOver', 'gameOver']),
  round: int,
  deck: cards,
  knownTop: int,
  hands: v.array(cards),
  palettes: v.array(cards),
  canvas: cards,
  out: v.array(v.boolean()),
  scores: v.array(v.number()),
  scored: v.array(cards),
  current: v.nullable(seatNo),
  log: v.array(v.looseObject({ kind: v.string() })),
  moveCount: int,
});

const recordEntries = {
  id: v.string(),
  name: v.string(),
  options: OptionsSchema,
  /** Snapshots from before bot levels have none: their bots keep playing as they did. */
  botLevel: v.optional(v.picklist(BOT_LEVEL_NAMES), DEFAULT_BOT_LEVEL),
  /** Snapshots from before paces and match scores: relaxed bots, no games counted yet. */
  botPace: v.optional(v.picklist(BOT_PACE_NAMES), DEFAULT_BOT_PACE),
  /** Snapshots from before think times: hard bots think as long as they always did. */
  botThink: v.optional(v.picklist(BOT_THINK_NAMES), DEFAULT_BOT_THINK),
  wins: v.optional(v.array(int)),
  /** Snapshots from before hints have none: they get the default a new table gets (see hintsByDefault). */
  hints: v.optional(v.boolean()),
  /** Snapshots from before the turn clock have none: no clock. */
  clock: v.optional(ClockSchema, noClock),
  creator: seatNo,
  seats: v.array(SeatSchema),
  game: int,
  state: v.nullable(StateSchema),
  createdAt: v.number(),
  control: v.optional(ControlSchema, openControl),
  /** Snapshots from before it was kept have none: the table counts as attended until the restart. */
  unattendedSince: v.optional(v.nullable(v.number()), null),
  evening: v.optional(v.object({ name: v.string(), heat: int, table: v.string() })),
};

/** What every count of a table must agree with: its size. */
interface Sized {
  options: { players: number };
  seats: unknown[];
  wins?: unknown[];
  state: { hands: unknown[] } | null;
}
/** A table's counts must agree with its size. */
const sizeChecked = <T extends Sized>(schema: v.GenericSchema<unknown, T>) =>
  v.pipe(
    schema,
    v.check((s: T) => s.seats.length === s.options.players, 'seat count differs from the table size'),
    v.check(
      (s: T) => !s.wins || s.wins.length === s.options.players,
      'win count differs from the table size',
    ),
    v.check(
      (s: T) => s.state === null || s.state.hands.length === s.options.players,
      'hand count differs from the table size',
    ),
  );

/** The table as it was made: the first line of its log. */
const RecordSchema = sizeChecked(v.object(recordEntries));

/**
 * The snapshot file: a table's record, and how many lines its log held when the record was taken (the
 * seat changes after them are newer than the record; snapshots from before seat changes were logged have
 * no count: every seat change in their log is newer).
 */
const SnapshotSchema = sizeChecked(
  v.object({ format: v.literal(1), ...recordEntries, logLines: v.optional(int, 0) }),
);

const SeatingSchema = v.object({
  creator: seatNo,
  seats: v.pipe(v.array(SeatSchema), v.minLength(2), v.maxLength(4)),
  unattendedSince: v.nullable(v.number()),
  control: v.optional(ControlSchema),
});

const LogLineSchema = v.union([
  v.object({ created: RecordSchema }),
  v.object({ seating: SeatingSchema }),
  v.object({ g: int, start: v.object({ options: OptionsSchema, seed: int }) }),
  v.object({ g: int, n: int, s: v.nullable(seatNo), m: MoveSchema }),
]);

/** A parsed record with the defaults of older files filled in. */
function toRecord({ wins, ...record }: v.InferOutput<typeof RecordSchema>): TableRecord {
  return {
    ...record,
    wins: wins ?? record.seats.map(() => 0),
    hints: record.hints ?? hintsByDefault(record.seats.filter((s) => s.bot && !s.standIn).length),
    state: record.state as unknown as GameState | null,
  };
}

const reasonOf = (issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]) => {
  const path = v.getDotPath(issues[0]);
  return path ? `${path}: ${issues[0].message}` : issues[0].message;
};

/** A snapshot file's text: the record, and how many lines of the table's log it already holds. */
/** A move, or a turn's moves, as log lines: one line each. */
export function logLinesOf(moves: readonly AcceptedMove[]): LogLine[] {
  return moves.map((m) => ({ g: m.game, n: m.n, s: m.seat, m: m.move }));
}

export function snapshotJson(record: TableRecord, logLines: number): string {
  return JSON.stringify({ format: 1, ...record, logLines });
}

export function parseSnapshot(
  text: string,
): { ok: true; record: TableRecord; logLines: number } | { ok: false; reason: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, reason: `not JSON: ${(e as Error).message}` };
  }
  const r = v.safeParse(SnapshotSchema, data);
  if (!r.success) return { ok: false, reason: reasonOf(r.issues) };
  const { format: _format, logLines, ...record } = r.output;
  return { ok: true, record: toRecord(record), logLines };
}

export function parseLogLine(text: string): { ok: true; line: LogLine } | { ok: false; reason: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const r = v.safeParse(LogLineSchema, data);
  if (!r.success) return { ok: false, reason: reasonOf(r.issues) };
  const line = r.output;
  return { ok: true, line: 'created' in line ? { created: toRecord(line.created) } : line };
}
