import * as v from 'valibot';
import type { LogEntry, SeatView } from '../engine/types';
import { logContinues, sharedPartOf, type SharedView } from '../engine/view-shares';
import { sameJson } from '../same-json';
import { LogSchema, LOG_ENTRIES_MAX, MoveCountSchema, ViewFieldsSchema } from './view-schema';

/** Every field of a view but `log` (which only grows) and `moveCount` (which a delta names as `to`). */
export type ViewFields = Omit<SeatView, 'log' | 'moveCount'>;
export type ViewField = keyof ViewFields;
export const VIEW_FIELDS = Object.keys(ViewFieldsSchema.entries) as ViewField[];

/**
 * What turns the view at move `from` into the view at move `to`: the log entries after the first
 * `logFrom`, and the fields whose value changed. Both are taken from the newer view, already projected
 * for its seat, so a delta never says more than the full view would.
 */
export interface ViewDelta {
  from: number;
  to: number;
  /** The log length of the view this applies to: the new entries follow it. */
  logFrom: number;
  log: LogEntry[];
  set: Partial<ViewFields>;
}

const deltaEntries = {
  from: MoveCountSchema,
  to: MoveCountSchema,
  logFrom: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(LOG_ENTRIES_MAX)),
  log: LogSchema,
  // An object schema alone would let an array through (it has no keys to check).
  set: v.pipe(
    v.custom<object>((x) => typeof x === 'object' && x !== null && !Array.isArray(x), 'must be an object'),
    v.partial(ViewFieldsSchema),
  ),
};
const follows = <T extends { from: number; to: number }>() =>
  v.check<T, string>((d) => d.to > d.from, 'to: must come after from');

export const ViewDeltaSchema = v.pipe(v.strictObject(deltaEntries), follows());

/** The `viewDelta` message as a client must find it before merging it into what it shows. */
export const ViewDeltaMessageSchema = v.pipe(
  v.strictObject({
    type: v.literal('viewDelta'),
    tableId: v.pipe(v.string(), v.maxLength(64)),
    ...deltaEntries,
  }),
  follows(),
);

/** Fields a view has of its own; every other field is the same in each view of one state (viewFor). */
const OWN_FIELDS: readonly ViewField[] = ['seat', 'hand', 'legalMoves'];
const SHARED_FIELDS = VIEW_FIELDS.filter((k) => !OWN_FIELDS.includes(k));

/** What changed in the shared fields between two states' views, and its JSON text without braces. */
interface SharedChange {
  prev: object;
  next: object;
  set: Partial<ViewFields>;
  json: string;
}

/**
 * The last change worked out: a move's views are framed one after the other, and each seat's delta asks
 * for the same change of the shared fields, so it is worked out and written once a move, not once a seat.
 * Only the last is kept: a chain of them would hold every state of a game.
 */
let lastChange: SharedChange | null = null;

function sharedChange(prev: SharedView | SeatView, next: SharedView | SeatView): SharedChange {
  if (lastChange?.prev === prev && lastChange.next === next) return lastChange;
  const set: Partial<Record<ViewField, unknown>> = {};
  for (const k of SHARED_FIELDS) {
    const is = next[k as keyof typeof next];
    if (!sameJson(prev[k as keyof typeof prev], is)) set[k] = is;
  }
  const change = { prev, next, set: set as Partial<ViewFields>, json: JSON.stringify(set).slice(1, -1) };
  lastChange = change;
  return change;
}

/** A delta's parts: the shared fields' change (made once a move), and this view's own changed fields. */
interface DeltaParts {
  shared: SharedChange;
  own: Partial<ViewFields>;
}

function deltaParts(prev: SeatView, next: SeatView): DeltaParts | null {
  if (next.moveCount <= prev.moveCount || next.log.length < prev.log.length) return null;
  // Views of one game share their log entries (viewFor), so this is mostly a check of identity, and none
  // when viewFor made next's log from prev's.
  if (!logContinues(prev.log, next.log)) {
    for (let i = 0; i < prev.log.length; i++) {
      if (prev.log[i] !== next.log[i] && !sameJson(prev.log[i], next.log[i])) return null;
    }
  }
  const prevShared = sharedPartOf(prev);
  const nextShared = sharedPartOf(next);
  // Views made elsewhere (no shared part) are compared field by field, as themselves.
  const shared = prevShared && nextShared ? sharedChange(prevShared, nextShared) : sharedChange(prev, next);
  const own: Partial<Record<ViewField, unknown>> = {};
  for (const k of OWN_FIELDS) if (!sameJson(prev[k], next[k])) own[k] = next[k];
  return { shared, own: own as Partial<ViewFields> };
}

/**
 * The delta from `prev` to `next`, or null when `next` does not continue `prev` (an older or equal
 * move, a log that is not an extension of prev's: a new game).
 */
export function diffView(prev: SeatView, next: SeatView): ViewDelta | null {
  const parts = deltaParts(prev, next);
  if (!parts) return null;
  return {
    from: prev.moveCount,
    to: next.moveCount,
    logFrom: prev.log.length,
    log: next.log.slice(prev.log.length),
    set: { ...parts.shared.set, ...parts.own },
  };
}

export type DeltaResult =
  | { ok: true; view: SeatView }
  /** gap: the delta starts at another move (a frame was missed); mismatch: same move, other log. */
  | { ok: false; problem: 'gap' | 'mismatch' };

/**
 * The view `delta` leads to from `view`, as a new object (`view` is left as it was), or why it does not
 * apply. Only the known view fields are taken from `set`, whatever else it holds.
 */
export function applyDelta(view: SeatView, delta: ViewDelta): DeltaResult {
  if (view.moveCount !== delta.from) return { ok: false, problem: 'gap' };
  if (view.log.length !== delta.logFrom || delta.to <= delta.from) return { ok: false, problem: 'mismatch' };
  const next = { ...view, log: [...view.log, ...delta.log], moveCount: delta.to };
  const fields = next as Record<ViewField, unknown>;
  for (const k of VIEW_FIELDS) if (Object.hasOwn(delta.set, k)) fields[k] = delta.set[k];
  return { ok: true, view: next };
}

/** Why a view is sent whole rather than as a delta (for tests and logs). */
export type FullReason = 'first' | 'asked' | 'seat' | 'newGame' | 'notSmaller';

export interface ViewFrame {
  /** The text frame to send: a `view` or a `viewDelta` message. */
  text: string;
  full: FullReason | null;
}

/** JSON text lengths of logs already measured: a log only grows, so its length is known from its prefix's. */
const logJsonLength = new WeakMap<readonly LogEntry[], number>();

function measuredLog(log: readonly LogEntry[]): number {
  let n = logJsonLength.get(log);
  if (n === undefined) {
    n = JSON.stringify(log).length;
    logJsonLength.set(log, n);
  }
  return n;
}

const fullFrame = (tableId: string, next: SeatView, full: FullReason): ViewFrame => ({
  text: JSON.stringify({ type: 'view', tableId, view: next }),
  full,
});

/**
 * The frame that brings a client from `prev` (the last view it was sent, null: none) to `next`: a delta
 * when one applies and is smaller; the whole view on request (`asked`), to a new seat, into a new game,
 * and when the delta would not be smaller. A new round goes as a delta too: its whole view would repeat
 * the log of every earlier round (the log spans the game), which alone kept the saving near 7× instead
 * of 13× over a 4-player game; the delta already carries every field the deal changed.
 */
export function viewFrame(tableId: string, prev: SeatView | null, next: SeatView, asked = false): ViewFrame {
  if (!prev) return fullFrame(tableId, next, 'first');
  if (asked) return fullFrame(tableId, next, 'asked');
  if (prev.seat !== next.seat) return fullFrame(tableId, next, 'seat');
  const parts = deltaParts(prev, next);
  if (!parts) return fullFrame(tableId, next, 'newGame');
  const added = next.log.length - prev.log.length;
  const logText = added === 0 ? '[]' : JSON.stringify(next.log.slice(prev.log.length));
  // `next.log`'s text is prev's plus the new entries' (less a bracket pair, plus a comma when both hold some).
  const prevLog = measuredLog(prev.log);
  const both = prev.log.length > 0 && added > 0;
  logJsonLength.set(next.log, added === 0 ? prevLog : prevLog + logText.length - 2 + (both ? 1 : 0));
  const own = JSON.stringify(parts.own).slice(1, -1);
  const set = parts.shared.json && own ? `${parts.shared.json},${own}` : parts.shared.json || own;
  const text =
    `{"type":"viewDelta","tableId":${JSON.stringify(tableId)},"from":${prev.moveCount},"to":${next.moveCount},` +
    `"logFrom":${prev.log.length},"log":${logText},"set":{${set}}}`;
  // The full view holds the whole log: a delta shorter than the log alone is surely the smaller frame.
  if (text.length < logJsonLength.get(next.log)!) return { text, full: null };
  const whole = fullFrame(tableId, next, 'notSmaller');
  return text.length < whole.text.length ? { text, full: null } : whole;
}
