import * as v from 'valibot';
import { BOT_LEVEL_NAMES, BOT_THINK_NAMES } from '../bots/levels';
import { BOT_NAME_LANGUAGES } from '../bots/names';
import type { BotNameLanguage } from '../bots/names';
import type { BotLevel, BotThink } from '../bots/levels';
import { BOT_PACE_NAMES } from './tables';
import { CLOCK_EXPIRY_NAMES, TURN_CLOCK_SECONDS } from './turn-clock';
import { REACTIONS, type Reaction } from './reactions';
import type { Move } from '../engine/types';
import type { Same } from '../same-type';
import type { TableOptions } from './tables';
import { CLIENT_NAME_MAX, PLAYER_NAME_MAX, TABLE_NAME_MAX, TURN_STEPS_MAX } from './limits';
import { SEAT_CODE_PATTERN } from './table-control';
import { GameOptionsSchema, MoveSchema } from './game-schemas';
import { EveningSettingsSchema } from './evening';
import type { EveningSettings } from '../evening/evening';

/** Every client → host message. Each is one JSON text frame. */
export type ClientMessage =
  | { type: 'hello'; protocol: number; client?: string }
  | { type: 'ping'; id?: number }
  | { type: 'listTables' }
  | {
      type: 'createTable';
      name: string;
      player: string;
      options: TableOptions;
      seat?: number;
      /** Bot seats: a seat number (the table's bot level), or a seat with its own level and think time. */
      bots?: (number | BotSeatChoice)[];
      /** The creator's language: the host names the bots from its list. */
      lang?: BotNameLanguage;
    }
  /** `code`: the table's seat code, when its creator set one (a resume needs none). */
  | { type: 'join'; tableId: string; name: string; seat?: number; code?: string }
  | { type: 'resume'; token: string }
  /** `name` (optional) lets the players see who is watching. */
  | { type: 'spectate'; tableId: string; name?: string }
  | { type: 'leave' }
  /**
   * The creator fills a free seat with a bot (or frees a bot's seat); `level`/`think` are the seat's own
   * (without them: the table's), `lang` names it. On a seat that already holds a bot, `bot: true` changes
   * its level and think time only.
   */
  | {
      type: 'setBot';
      seat: number;
      bot: boolean;
      level?: BotLevel;
      think?: BotThink;
      lang?: BotNameLanguage;
    }
  /** The creator: no new people take a seat (`locked`); `watchers` false also turns new spectators away. */
  | { type: 'lockTable'; locked: boolean; watchers: boolean }
  /** The creator: the four digits people must type to take a seat; null takes the code away. */
  | { type: 'setCode'; code: string | null }
  /** The creator: frees a person's seat before the start, or gives it to a bot for good during a game. */
  | { type: 'removePerson'; seat: number }
  | { type: 'start' }
  /**
   * A turn, or the part of it up to a draw, confirmed on the sender's screen: `steps` in order, at move
   * `moveCount`. The host applies all of them or none (docs/protocol.md, "A turn in one message").
   */
  | { type: 'turn'; steps: Move[]; moveCount: number }
  /** Between rounds: I am ready for the next round (`ready` false takes it back). Default true. */
  | { type: 'ready'; ready?: boolean }
  /** After a game: I want a rematch (`ready` false takes it back). Default true. */
  | { type: 'rematch'; ready?: boolean }
  | { type: 'replaceByBot'; seat: number }
  /** `seat`'s turn clock ran out: a bot plays this one turn for them (any other seated person may ask). */
  | { type: 'botTurn'; seat: number }
  | { type: 'voteOut'; seat: number }
  /** A quick reaction from the fixed set, shown on the sender's seat for everyone at the table. */
  | { type: 'react'; reaction: Reaction }
  /** Asks for the whole view of your table again (a delta did not apply to the view you hold). */
  | { type: 'sync' }
  /** Opens the host's evening of several tables (one at a time), the sender its first person (docs/evening.md). */
  | { type: 'openEvening'; settings: EveningSettings; player: string }
  /** Joins the evening as a new person (seated from the next heat on). */
  | { type: 'joinEvening'; name: string }
  /** The same person again (a new connection, or back after leaving) with the token `eveningJoined` gave. */
  | { type: 'resumeEvening'; token: string }
  /** Not seated in later heats (a heat in play keeps the seat). */
  | { type: 'leaveEvening' }
  /** The opener: seats and deals the next heat. */
  | { type: 'nextHeat' };

export type ClientMessageType = ClientMessage['type'];

/** The evening's messages (the host's evening, not a table's). */
export type EveningMessageType =
  'openEvening' | 'joinEvening' | 'resumeEvening' | 'leaveEvening' | 'nextHeat';
export type EveningMessage = Extract<ClientMessage, { type: EveningMessageType }>;

const EVENING_MESSAGES: Record<EveningMessageType, true> = {
  openEvening: true,
  joinEvening: true,
  resumeEvening: true,
  leaveEvening: true,
  nextHeat: true,
};

export const isEveningMessage = (msg: ClientMessage): msg is EveningMessage => msg.type in EVENING_MESSAGES;

/** A bot seat asked for in `createTable`, with its own level and (for hard) think time. */
export interface BotSeatChoice {
  seat: number;
  level?: BotLevel;
  think?: BotThink;
}

const seat = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(3));
const moveCount = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000));
/** Control characters would let a name break other players' screens or logs. */
const printable = (max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(max, `must be at most ${max} characters`),
    v.regex(/^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u, 'must not contain control characters'),
  );
/** Ids and tokens are the host's own base64url strings; anything else is refused before any lookup. */
const tableId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{4,32}$/, 'is not a table id'));
const token = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/, 'is not a token'));
/** Never echoed: a malformed code is refused with a fixed text. */
const seatCode = v.pipe(v.string('must be 4 digits'), v.regex(SEAT_CODE_PATTERN, 'must be 4 digits'));

const botLevel = v.picklist(BOT_LEVEL_NAMES, 'must be "easy", "normal" or "hard"');
const botThink = v.picklist(BOT_THINK_NAMES, 'must be "quick", "normal" or "long"');
const lang = v.picklist(BOT_NAME_LANGUAGES, 'must be "en", "it" or "ko"');
const BotSeatSchema = v.union([
  seat,
  v.object({ seat, level: v.optional(botLevel), think: v.optional(botThink) }),
]);
/** The seat number of a `createTable` bot entry. */
export const botSeatOf = (b: number | BotSeatChoice): number => (typeof b === 'number' ? b : b.seat);

/** A new table's options: the game's (its defaults may be left out) and the table's own. */
const game = GameOptionsSchema.entries;
export const TableOptionsSchema = v.object({
  players: game.players,
  mode: game.mode,
  actionRule: game.actionRule,
  rulesVersion: v.optional(game.rulesVersion),
  targetScore: v.optional(game.targetScore),
  autoDraw: v.optional(game.autoDraw),
  botLevel: v.optional(botLevel),
  botPace: v.optional(v.picklist(BOT_PACE_NAMES, 'must be "relaxed", "normal" or "fast"')),
  botThink: v.optional(botThink),
  hints: v.optional(v.boolean('must be true or false')),
  turnClock: v.optional(v.picklist(TURN_CLOCK_SECONDS, 'must be 0, 30, 60 or 120')),
  clockExpiry: v.optional(v.picklist(CLOCK_EXPIRY_NAMES, 'must be "vote" or "bot"')),
});

const CreateTableSchema = v.pipe(
  v.object({
    type: v.literal('createTable'),
    name: printable(TABLE_NAME_MAX),
    player: printable(PLAYER_NAME_MAX),
    options: TableOptionsSchema,
    seat: v.optional(seat),
    bots: v.optional(v.pipe(v.array(BotSeatSchema), v.maxLength(3))),
    lang: v.optional(lang),
  }),
  v.check((m) => m.seat === undefined || m.seat < m.options.players, 'seat: no such seat at this table'),
  v.check(
    (m) => (m.bots ?? []).map(botSeatOf).every((b) => b < m.options.players && b !== (m.seat ?? 0)),
    'bots: each bot seat must exist and differ from your own seat',
  ),
  v.check(
    (m) => new Set((m.bots ?? []).map(botSeatOf)).size === (m.bots ?? []).length,
    'bots: a seat is listed twice',
  ),
);

export const ClientMessageSchema = v.variant('type', [
  v.object({
    type: v.literal('hello'),
    protocol: v.pipe(v.number(), v.integer()),
    client: v.optional(v.pipe(v.string(), v.maxLength(CLIENT_NAME_MAX))),
  }),
  v.object({ type: v.literal('ping'), id: v.optional(v.pipe(v.number(), v.integer())) }),
  v.object({ type: v.literal('listTables') }),
  CreateTableSchema,
  v.object({
    type: v.literal('join'),
    tableId,
    name: printable(PLAYER_NAME_MAX),
    seat: v.optional(seat),
    code: v.optional(seatCode),
  }),
  v.object({ type: v.literal('resume'), token }),
  v.object({ type: v.literal('spectate'), tableId, name: v.optional(printable(PLAYER_NAME_MAX)) }),
  v.object({ type: v.literal('leave') }),
  v.object({
    type: v.literal('setBot'),
    seat,
    bot: v.boolean(),
    level: v.optional(botLevel),
    think: v.optional(botThink),
    lang: v.optional(lang),
  }),
  v.object({ type: v.literal('lockTable'), locked: v.boolean(), watchers: v.boolean() }),
  v.object({ type: v.literal('setCode'), code: v.nullable(seatCode) }),
  v.object({ type: v.literal('removePerson'), seat }),
  v.object({ type: v.literal('start') }),
  v.object({
    type: v.literal('turn'),
    steps: v.pipe(
      v.array(MoveSchema),
      v.minLength(1, 'must hold at least one step'),
      v.maxLength(TURN_STEPS_MAX, `must hold at most ${TURN_STEPS_MAX} steps`),
    ),
    moveCount,
  }),
  v.object({ type: v.literal('ready'), ready: v.optional(v.boolean()) }),
  v.object({ type: v.literal('rematch'), ready: v.optional(v.boolean()) }),
  v.object({ type: v.literal('replaceByBot'), seat }),
  v.object({ type: v.literal('botTurn'), seat }),
  v.object({ type: v.literal('voteOut'), seat }),
  v.object({
    type: v.literal('react'),
    reaction: v.picklist(REACTIONS, `must be one of ${REACTIONS.map((r) => `"${r}"`).join(', ')}`),
  }),
  v.object({ type: v.literal('sync') }),
  v.object({
    type: v.literal('openEvening'),
    settings: EveningSettingsSchema,
    player: printable(PLAYER_NAME_MAX),
  }),
  v.object({ type: v.literal('joinEvening'), name: printable(PLAYER_NAME_MAX) }),
  v.object({ type: v.literal('resumeEvening'), token }),
  v.object({ type: v.literal('leaveEvening') }),
  v.object({ type: v.literal('nextHeat') }),
]);

// Compile-time guard: the schemas and the hand-written types must describe the same messages.
const _messagesAgree: Same<v.InferOutput<typeof ClientMessageSchema>, ClientMessage> = true;
const _optionsAgree: Same<v.InferOutput<typeof TableOptionsSchema>, TableOptions> = true;
void _optionsAgree;
void _messagesAgree;
