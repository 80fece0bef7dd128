import * as v from 'valibot';

/**
 * Why a hand-over, or one of its tables, did not go: a code the screens word in the person's language,
 * plain data for that sentence, and the host's English text only as a technical detail (logs, "Technical
 * details"). A host of an older version sends the text alone: its code reads as `other`.
 */

/** Why the receiver kept a table back (its sender plays it on). */
export const TABLE_REFUSED_CODES = [
  /** A table of that id is on the receiver already (or in a hand-over it prepared). */
  'alreadyHere',
  /** The receiver holds an evening of its own: the sender's evening, and its tables, stay. */
  'eveningHere',
  /** Its record, or a line of its log (`line`), cannot be read. */
  'damaged',
  /** Its log holds a move the engine refuses, or moves out of order, at `line`. */
  'badMove',
  /** Its log does not give its record (the game, the match score), or the table cannot be rebuilt. */
  'inconsistent',
  /** Its log does not begin with the table as made (a folder from before seats were logged). */
  'tooOld',
  /** No code: a receiver of an older version (its `reason` is all it says). */
  'other',
] as const;
export type TableRefusedCode = (typeof TABLE_REFUSED_CODES)[number];

/** A table the receiver kept back. `reason` is English, for logs and older apps: never the sentence shown. */
export interface RefusedTable {
  id: string;
  /** Absent from a receiver of an older version. */
  code?: TableRefusedCode;
  /** The log line (from 1) at fault, for `damaged` and `badMove`. */
  line?: number;
  reason: string;
}

/** Why a hand-over failed as a whole (nothing moved, unless `commitUnsure`). */
export const HAND_OVER_FAILURE_CODES = [
  // The sender's own:
  /** Nothing answers at `address`: refused, or no route to it. */
  'unreachable',
  /** `address` never answered, not even to refuse (its packets dropped), before the sender's time ran out. */
  'noAnswer',
  /** Something at `address` answered, but not as a Red7 LAN host does. */
  'badAnswer',
  /** The tables were on their way to `name` (at `address`) and nothing got through for a while: the network. */
  'stalled',
  /** A hand-over is already under way on this host. */
  'busy',
  /** The commit's answer did not come from `name`: the tables wait, frozen, until it answers. */
  'commitUnsure',
  /** Desktop: the chosen computer is no longer listed as taking tables. */
  'targetGone',
  /** The typed address is not ADDRESS or ADDRESS:PORT (`address`). */
  'badAddress',
  /** This host's person cancelled the ask (the receiver refuses it, should it arrive after the withdrawal). */
  'withdrawn',
  // The receiver's refusals (either side may find `version`):
  /** `name` runs another protocol version. */
  'version',
  /** `name` does not take tables now: its person must switch it on. */
  'notReceiving',
  /** `name` is being asked by another host now. */
  'askedByAnother',
  /** No code waits for this host, or it expired. */
  'noCode',
  'wrongCode',
  /** Wrong codes too many times: the ask is over. */
  'tooManyWrongCodes',
  /** The receiver knows no such hand-over (aborted, or dropped after waiting too long). */
  'unknownHandOver',
  /** The hand-over was committed: it cannot be aborted. */
  'committed',
  /** A request the host does not take (not JSON, a field wrong, no such API). */
  'badRequest',
  /** The tables are larger than a receiver reads. */
  'tooLarge',
  /** Not from this computer, or from a web page. */
  'notAllowed',
  'rateLimited',
  /** No code (a host of an older version), or a failure nobody foresaw: the detail says more. */
  'other',
] as const;
export type HandOverFailureCode = (typeof HAND_OVER_FAILURE_CODES)[number];

export interface HandOverFailure {
  code: HandOverFailureCode;
  /** The other host's name (`version`, `notReceiving`, `askedByAnother`, `commitUnsure`). */
  name?: string;
  /** Where the other host was looked for (`unreachable`, `noAnswer`, `badAnswer`, `badAddress`). */
  address?: string;
  /** English, for logs and "Technical details": never the sentence shown. */
  detail?: string;
}

/** A failure a host throws and answers with: its message is the English detail. */
export class HandOverError extends Error {
  readonly failure: HandOverFailure;
  constructor(failure: Omit<HandOverFailure, 'detail'>, message: string, options?: ErrorOptions) {
    super(message, options);
    this.failure = { ...failure, detail: message };
  }
}

/** What a failed request answers (its HTTP status aside): `error` is the detail, and all an older host sends. */
export type HandOverFailureAnswer = { error: string } & Omit<HandOverFailure, 'detail'>;

export function failureAnswer(failure: HandOverFailure): HandOverFailureAnswer {
  const { detail, ...rest } = failure;
  return { error: detail ?? failure.code, ...rest };
}

/** A code this version does not know (a newer host's) reads as absent: the detail still tells. */
const known = <T extends readonly string[]>(codes: T) => v.fallback(v.optional(v.picklist(codes)), undefined);
const text = (max: number) => v.fallback(v.optional(v.pipe(v.string(), v.maxLength(max))), undefined);

const FailureAnswerSchema = v.object({
  error: v.pipe(v.string(), v.maxLength(2000)),
  code: known(HAND_OVER_FAILURE_CODES),
  name: text(80),
  address: text(300),
});

/** A failed answer as the failure it reports; `fallback` when the body is not one (no JSON, no `error`). */
export function failureOfAnswer(body: unknown, fallback: HandOverFailure): HandOverFailure {
  const r = v.safeParse(FailureAnswerSchema, body);
  if (!r.success) return fallback;
  const { error, code, name, address } = r.output;
  return {
    code: code ?? 'other',
    ...(name !== undefined ? { name } : {}),
    ...(address !== undefined ? { address } : {}),
    detail: error,
  };
}

/** One refused table of a prepare's answer. */
export const RefusedTableSchema = v.object({
  id: v.pipe(v.string(), v.maxLength(64)),
  code: known(TABLE_REFUSED_CODES),
  line: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
  reason: v.pipe(v.string(), v.maxLength(2000)),
});

/** Any thrown thing as a failure: a HandOverError's own, else `other` with its message. */
export function failureOf(e: unknown): HandOverFailure {
  if (e instanceof HandOverError) return e.failure;
  return { code: 'other', detail: e instanceof Error ? e.message : String(e) };
}
