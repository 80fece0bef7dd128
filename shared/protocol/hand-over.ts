import * as v from 'valibot';
import { RefusedTableSchema, type RefusedTable } from './hand-over-failure';

/**
 * Handing a host's tables over to another host on the LAN (docs/host.md "Handing the tables over"): the
 * host-to-host HTTP messages, and what the hosts report to their people. Never a client's.
 */

/** A sender asked this host for its code: shown to this host's person, read out to the sender's. */
export interface HandOverAsk {
  /** The asking host's name. */
  from: string;
  /** 6 digits. */
  code: string;
  /** ms since the epoch; one ask at a time, valid 2 minutes. */
  expiresAt: number;
  /** Its sender took it back (its person's Cancel): the code is good no more, and no longer shown. */
  withdrawn?: boolean;
}

/** What a hand-over moved, and what the receiver refused (the sender keeps playing those). */
export interface HandOverReport {
  /** The receiving host's name. */
  to: string;
  /** Table ids. */
  moved: string[];
  /** Each with its code (why), worded by the screens; an older receiver's carry only `reason`. */
  refused: RefusedTable[];
  /**
   * How many people at the moved tables were away (no connection: a phone asleep) when they were told: this
   * host tells each where their table went when they come back, while it runs. Absent: nobody was away
   * (or an older host).
   */
  away?: number;
  /** This host's evening, when it had one: it moved with the tables, or stayed (the receiver has its own). */
  evening?: 'moved' | 'stayed';
}

/** Where a moved table went, as its clients are told (`moved`): the receiving host. */
export interface MovedTo {
  name: string;
  /** Where the LAN reaches it, best first (its /api/info `addresses`). */
  addresses: string[];
  port: number;
}

/**
 * How long a sender waits for the other host to answer an ask (and its /api/info, as small) before it says
 * nothing answered; the sender's screen counts it down. A Red7 host on the LAN answers in milliseconds, and
 * a wrong address mostly fails at once (refused, no route); only an address whose packets are dropped (a
 * firewall, a machine on another network) leaves the sender waiting. 5 s still lets through a connection
 * whose first packet was lost on a busy Wi-Fi (TCP sends it again after 1 s on Linux and macOS, 3 s on
 * Windows), and is about the page's own 4 s check of a typed host (renderer/src/net/host-check.ts); the
 * 15 s it was left the person looking at "Asking…" three times as long for the same answer. The tables'
 * bundle and the commit keep a longer wait (main/host/hand-over/sender.ts).
 */
export const HAND_OVER_ASK_TIMEOUT_MS = 5_000;

/**
 * How often a receiver says it is still at the tables' bundle (`102 Processing`), while its bytes arrive
 * and between the tables it checks: the sender waits as long as something happens, not a fixed time for up
 * to 32 MB (which a busy Wi-Fi may take minutes to carry).
 */
export const HAND_OVER_PROGRESS_MS = 1_000;

/** The largest bundle a receiver reads (every table's log, the evening); the other requests are small. */
export const HAND_OVER_BUNDLE_BYTES_MAX = 32 * 2 ** 20;

export const HAND_OVER_CODE = /^\d{6}$/;
/** A hand-over's id: made by the sender, names its marker and the receiver's prepared file. */
export const HAND_OVER_ID = /^[A-Za-z0-9_-]{8,40}$/;

const name = v.pipe(v.string(), v.minLength(1), v.maxLength(80));
const id = v.pipe(v.string(), v.regex(HAND_OVER_ID));
const seats = v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(3))), v.maxLength(4));

/**
 * POST /api/hand-over/ask. `ask`, the sender's id for it (absent from older senders), lets the sender take
 * it back (`withdraw`), even when the withdrawal overtakes the ask on the way.
 */
export const HandOverAskSchema = v.object({ from: name, protocol: v.number(), ask: v.optional(id) });

/** POST /api/hand-over/withdraw: the sender's person cancelled; the receiver stops showing its code. */
export const HandOverWithdrawSchema = v.object({ ask: id });

/** One table as the sender's store holds it: its last snapshot's record, its whole log, and how many lines the record holds. */
export const HandOverTableSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{4,32}$/)),
  /** Checked by the receiver with the store's own schemas (main/host/store-format.ts). */
  snapshot: v.string(),
  log: v.pipe(v.array(v.string()), v.maxLength(200_000)),
  /** The seats that said ready for the next round, and those that asked for a rematch (runtime, not in the log). */
  votes: v.optional(v.object({ ready: seats, rematch: seats })),
});
export type HandOverTable = v.InferOutput<typeof HandOverTableSchema>;

/** POST /api/hand-over/prepare: the code and the bundle. */
export const HandOverPrepareSchema = v.object({
  id,
  code: v.pipe(v.string(), v.regex(HAND_OVER_CODE)),
  from: name,
  /** Where the sender's LAN clients reach the receiver (the address the sender used). */
  tables: v.pipe(v.array(HandOverTableSchema), v.maxLength(256)),
  /** The sender's evening.json (with its secrets), or null. */
  evening: v.nullable(v.string()),
});
export type HandOverPrepare = v.InferOutput<typeof HandOverPrepareSchema>;

/** The prepare's answer, as the sender reads it (a refused table's unknown code reads as absent). */
export const HandOverPrepareAnswerSchema = v.object({
  to: name,
  moved: v.pipe(v.array(v.string()), v.maxLength(256)),
  refused: v.pipe(v.array(RefusedTableSchema), v.maxLength(256)),
  evening: v.optional(v.boolean()),
});
/** `evening`: whether the receiver took the sender's evening (a receiver of its own evening does not). */
export type HandOverPrepareAnswer = v.InferOutput<typeof HandOverPrepareAnswerSchema>;

/** POST /api/hand-over/commit and /abort */
export const HandOverIdSchema = v.object({ id });

/**
 * The loopback-only POST /api/hand-over: ask `to` (no code), send to it with its person's code, or
 * (`withdraw`) take this host's ask of it back.
 */
export const HandOverStartSchema = v.object({
  to: v.pipe(v.string(), v.minLength(1), v.maxLength(300)),
  code: v.optional(v.pipe(v.string(), v.regex(HAND_OVER_CODE))),
  withdraw: v.optional(v.literal(true)),
});

/** A hand-over's state at the receiver (GET /api/hand-over/<id>). */
export type HandOverState = 'prepared' | 'committed' | 'unknown';
