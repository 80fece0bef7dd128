import * as v from 'valibot';
import { ClientMessageSchema, type ClientMessage } from './client-messages';
import type { ServerMessage, ServerMessageType } from './server-messages';
import { tidyQuoted } from './tidy';
import { ViewDeltaMessageSchema } from './view-delta';

export type ParseResult<T> = { ok: true; msg: T } | { ok: false; reason: string; type?: string };

/**
 * Each message type's own schema: a frame is checked against its type's schema straight away, which gives
 * the same result and issues as the variant (it picks that same option) in half the time.
 */
const SCHEMA_OF_TYPE = new Map<string, (typeof ClientMessageSchema.options)[number]>(
  ClientMessageSchema.options.map((o) => [readType(o), o]),
);
const ABORT_EARLY = { abortEarly: true } as const;

function readType(schema: unknown): string {
  // A variant option is either an object schema or a pipe whose first item is one.
  const s = schema as { entries?: { type: { literal: string } }; pipe?: unknown[] };
  return s.entries ? s.entries.type.literal : readType(s.pipe?.[0]);
}

/** A frame's JSON object and its `type` field, or why the frame is not one. */
function readEnvelope(
  raw: string,
): { ok: true; data: object; type: unknown } | { ok: false; reason: string } {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'not valid JSON' };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, reason: 'a message must be a JSON object' };
  }
  return { ok: true, data, type: (data as { type?: unknown }).type };
}

/** The one door for untrusted input: a raw text frame in, a typed message or a reason out. */
export function parseClientMessage(raw: string): ParseResult<ClientMessage> {
  const envelope = readEnvelope(raw);
  if (!envelope.ok) return envelope;
  const { data, type } = envelope;
  if (typeof type !== 'string') return { ok: false, reason: 'type: missing or not a string' };
  const schema = SCHEMA_OF_TYPE.get(type);
  if (schema === undefined) {
    return { ok: false, reason: `unknown message type "${tidyQuoted(type, TYPE_MAX)}"` };
  }
  const result = v.safeParse(schema, data, ABORT_EARLY);
  if (result.success) return { ok: true, msg: result.output as ClientMessage };
  const issue = result.issues[0];
  const path = v.getDotPath(issue);
  // The schema's messages (and the path's keys) quote what was received.
  return {
    ok: false,
    reason: tidyQuoted(path ? `${path}: ${issue.message}` : issue.message, REASON_MAX),
    type,
  };
}

/** The longest quoted message type, and the longest reason, in characters. */
const TYPE_MAX = 32;
const REASON_MAX = 160;

const SERVER_TYPES: ReadonlySet<ServerMessageType> = new Set<ServerMessageType>([
  'welcome',
  'pong',
  'tables',
  'joined',
  'spectating',
  'left',
  'moved',
  'tableCode',
  'table',
  'view',
  'viewDelta',
  'reaction',
  'eveningJoined',
  'evening',
  'error',
]);

/**
 * For clients: reads a host frame. The host is trusted for content, so this checks the envelope (a JSON
 * object with a known type), which is what keeps an older client from misreading a newer host; and a
 * `viewDelta` whole, since it is merged into the view the client already shows.
 */
export function parseServerMessage(raw: string): ParseResult<ServerMessage> {
  const envelope = readEnvelope(raw);
  if (!envelope.ok) return envelope;
  const { data, type } = envelope;
  if (typeof type !== 'string' || !SERVER_TYPES.has(type as ServerMessageType)) {
    return {
      ok: false,
      reason: `unknown message type ${tidyQuoted(JSON.stringify(type) ?? 'none', TYPE_MAX)}`,
    };
  }
  if (type === 'viewDelta') {
    const result = v.safeParse(ViewDeltaMessageSchema, data, { abortEarly: true });
    if (!result.success) {
      const issue = result.issues[0];
      const path = v.getDotPath(issue);
      return {
        ok: false,
        reason: tidyQuoted(`viewDelta: ${path ? `${path}: ` : ''}${issue.message}`, REASON_MAX),
        type,
      };
    }
    return { ok: true, msg: result.output };
  }
  return { ok: true, msg: data as ServerMessage };
}
