import * as v from 'valibot';
import { EveningSettingsSchema } from '../../shared/protocol';
import type { Evening } from '../../shared/evening/evening';
import type { PersonId } from '../../shared/evening/seating';
import type { Same } from '../../shared/same-type';

/** The evening as kept in the store: the pure `Evening` and what only the host may know. */
export interface EveningRecord {
  evening: Evening;
  /** The heats' deals come from it (`heatSeed`); it never leaves the host. */
  secret: number;
  /** Seat tokens at the heats' tables are made from it (`seatToken`); it never leaves the host. */
  tokenKey: string;
  opener: PersonId;
  /** Each person's evening token, by its hash only. */
  tokenHashes: Record<PersonId, string>;
  /** The host's table of each heat's table, by heat number and letter. */
  tables: { heat: number; table: string; id: string }[];
  /** The next person's number (`p1`, `p2`…). */
  nextPerson: number;
}

/** `evening.json` as read back: a damaged file is refused with a reason (the host then holds no evening). */

const int = v.pipe(v.number(), v.integer());
const id = v.pipe(v.string(), v.regex(/^(p|bot:)\d+$/));
const letter = v.pipe(v.string(), v.regex(/^[A-Z]$/));

const SeatResultSchema = v.object({
  person: id,
  table: letter,
  tableSize: int,
  seat: int,
  place: int,
  points: v.number(),
  won: v.boolean(),
});

const EveningSchema = v.object({
  settings: EveningSettingsSchema,
  people: v.array(v.object({ id, name: v.string(), present: v.boolean() })),
  heats: v.array(
    v.object({
      number: int,
      tables: v.array(
        v.object({
          name: letter,
          people: v.pipe(v.array(id), v.minLength(2), v.maxLength(4)),
          results: v.nullable(v.array(SeatResultSchema)),
        }),
      ),
    }),
  ),
});

const EveningRecordSchema = v.object({
  evening: EveningSchema,
  secret: int,
  tokenKey: v.pipe(v.string(), v.minLength(16)),
  opener: id,
  tokenHashes: v.record(id, v.string()),
  tables: v.array(v.object({ heat: int, table: letter, id: v.string() })),
  nextPerson: int,
});

export function parseEveningRecord(
  text: string,
): { ok: true; record: EveningRecord } | { ok: false; reason: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const result = v.safeParse(EveningRecordSchema, data);
  if (result.success) return { ok: true, record: result.output };
  const path = v.getDotPath(result.issues[0]);
  return { ok: false, reason: `${path ? `${path}: ` : ''}${result.issues[0].message}` };
}

// Compile-time guard: the schema and the record describe the same file.
const _recordAgrees: Same<v.InferOutput<typeof EveningRecordSchema>, EveningRecord> = true;
void _recordAgrees;
