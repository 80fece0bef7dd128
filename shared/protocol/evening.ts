import * as v from 'valibot';
import type { EveningSettings } from '../evening/evening';
import type { SeatResult } from '../evening/duplicate';
import type { Standing } from '../evening/standings';
import type { Same } from '../same-type';
import { GameOptionsSchema } from './game-schemas';
import { EVENING_HEATS_MAX, TABLE_NAME_MAX } from './limits';

/*
 * An evening of several tables on the wire (docs/evening.md says what it is, docs/protocol.md how it is
 * spoken): what a client sends to open one, and the public state every screen of it renders.
 */

const game = GameOptionsSchema.entries;

/** An evening's settings as its opener chooses them (the table size is the host's, per table). */
export const EveningSettingsSchema = v.strictObject({
  name: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(TABLE_NAME_MAX, `must be at most ${TABLE_NAME_MAX} characters`),
    v.regex(/^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u, 'must not contain control characters'),
  ),
  game: v.strictObject({
    mode: game.mode,
    actionRule: game.actionRule,
    rulesVersion: v.optional(game.rulesVersion),
    targetScore: v.optional(game.targetScore),
    autoDraw: v.optional(game.autoDraw),
  }),
  prefer: v.picklist([3, 4], 'must be 3 or 4'),
  heats: v.pipe(
    v.number(),
    v.integer('must be a whole number'),
    v.minValue(1, 'must be at least 1'),
    v.maxValue(EVENING_HEATS_MAX, `must be at most ${EVENING_HEATS_MAX}`),
  ),
});

/** One person of the evening as everyone sees them (ids are the host's: `p1`, `p2`…; bots `bot:N`). */
export interface EveningPersonInfo {
  id: string;
  name: string;
  present: boolean;
}

/** A table of a heat: who sits where (seat 1 first), and its results once its game ended. */
export interface EveningTableInfo {
  /** A, B, C… in the heat. */
  name: string;
  people: string[];
  results: SeatResult[] | null;
}

/** The receiving person's table in the heat in play: `resume` with `token` takes their seat there. */
export interface YourEveningTable {
  heat: number;
  /** The table's name in the heat (A, B…). */
  table: string;
  tableId: string;
  seat: number;
  token: string;
}

/** The evening as a screen shows it, sent to each connection with its own `you`. */
export interface EveningInfo {
  settings: EveningSettings;
  /** The person who opened it (the only one who starts a heat). */
  opener: string;
  people: EveningPersonInfo[];
  heats: { number: number; tables: EveningTableInfo[] }[];
  /** `eveningStandings`: best first. */
  standings: Standing[];
  /** The heat being played (seated, a result still missing), if any. */
  heatInPlay: number | null;
  /** Every heat played and every result in. */
  over: boolean;
  /** The receiving connection's person (null: not in the evening), and their table in the heat in play. */
  you: { person: string; table: YourEveningTable | null } | null;
}

// Compile-time guard: the schema and the evening's own type describe the same settings.
const _settingsAgree: Same<v.InferOutput<typeof EveningSettingsSchema>, EveningSettings> = true;
void _settingsAgree;
