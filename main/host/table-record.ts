import { normalizeOptions } from '../../shared/engine';
import type { GameState, Move, NormalizedOptions } from '../../shared/engine';
import { DEFAULT_BOT_LEVEL, DEFAULT_BOT_THINK } from '../../shared/bots/levels';
import type { BotLevel, BotThink } from '../../shared/bots/levels';
import { BOT_NAMES, BOT_NAME_LANGUAGES, pickBotName } from '../../shared/bots/names';
import { DEFAULT_BOT_PACE, botSeatOf } from '../../shared/protocol';
import { DEFAULT_CLOCK_EXPIRY, DEFAULT_TURN_CLOCK } from '../../shared/protocol';
import type { BotNameLanguage, BotPace, BotSeatChoice, TableOptions } from '../../shared/protocol';
import type { ClockRecord } from './turn-clock';
import { openControl, type ControlRecord } from './table-control';

/** One seat as persisted. A free seat has no name. */
export interface SeatRecord {
  name: string | null;
  /** sha256 of the seat token; null for free and bot seats and after a vote-out. */
  tokenHash: string | null;
  bot: boolean;
  /** The bot stands in for the named person until they resume. */
  standIn: boolean;
  /** Voted out: the host passes for this seat. */
  votedOut: boolean;
  /** A bot seat's own level and hard think time; null: the table's (stand-ins, bots without their own). */
  botLevel: BotLevel | null;
  botThink: BotThink | null;
}

/** The persisted form of a table (the snapshot file), plain JSON. */
export interface TableRecord {
  id: string;
  name: string;
  options: NormalizedOptions;
  /** How strongly the table's bots play (kept beside the engine's options, which know nothing of bots). */
  botLevel: BotLevel;
  /** How fast the host moves for the table's bots. */
  botPace: BotPace;
  /** How long the table's hard bots think on a decision (their search budget). */
  botThink: BotThink;
  /** Players may ask for a suggested move (the coach runs in their own renderer, on their own view). */
  hints: boolean;
  /** The turn clock: its option, and the person's turn it times (main/host/turn-clock.ts). */
  clock: ClockRecord;
  creator: number;
  seats: SeatRecord[];
  /** 0 before the first start. */
  game: number;
  state: GameState | null;
  createdAt: number;
  /** Games won per seat across rematches (the match score). */
  wins: number[];
  /** The creator's lock, seat code and removed people (absent, as in snapshots from before them: an open table). */
  control?: ControlRecord;
  /**
   * Since when nobody has been at the table (ms since the epoch), so that after a restart the table cap
   * still removes the longest-unattended table. Null when someone was at it as the snapshot was taken
   * (and in snapshots from before it was kept): it then counts as attended until the restart.
   */
  unattendedSince: number | null;
  /** A table of an evening's heat (absent: a table of its own): its one game is dealt duplicate. */
  evening?: EveningTag;
}

/** Which evening, heat and table (A, B…) a table plays: its game record names them too. */
export interface EveningTag {
  name: string;
  heat: number;
  table: string;
}

/** Who sits where: the part of a table that seat changes alter, as the move log records each change. */
export type Seating = Pick<TableRecord, 'creator' | 'seats'>;

/** A move the table accepted, as the move log records it. */
export interface AcceptedMove {
  game: number;
  /** The game's moveCount before the move. */
  n: number;
  /** The acting seat (null: a `nextRound` is the table's, not a seat's). */
  seat: number | null;
  move: Move;
}

export const emptySeat = (): SeatRecord => ({
  name: null,
  tokenHash: null,
  bot: false,
  standIn: false,
  votedOut: false,
  botLevel: null,
  botThink: null,
});

/** What a bot seat is filled with: its own level and think time (null: the table's), the language that names it. */
export interface BotChoice {
  level: BotLevel | null;
  think: BotThink | null;
  lang: BotNameLanguage | undefined;
}

/** A new bot seat named from its language's list, avoiding every name at the table (`seed`: the table id). */
export function botSeat(seat: number, choice: BotChoice, seed: string, taken: readonly string[]): SeatRecord {
  return {
    ...emptySeat(),
    name: pickBotName(choice.lang, seat, seed, taken),
    bot: true,
    botLevel: choice.level,
    botThink: choice.think,
  };
}

/** A new name for a bot whose name a person took: from the same language's list as its old one. */
export function renamedBot(old: string, seat: number, seed: string, taken: readonly string[]): string {
  const lang = BOT_NAME_LANGUAGES.find((l) => BOT_NAMES[l].includes(old));
  return pickBotName(lang, seat, seed, taken);
}

/** The names seated at a table (people and bots). */
export const namesAt = (seats: readonly SeatRecord[]): string[] =>
  seats.flatMap((s) => (s.name === null ? [] : [s.name]));

/** A table with bots is likely a practice table: the coach is on unless its creator says otherwise. */
export const hintsByDefault = (botSeats: number): boolean => botSeats > 0;

export const botName = (seat: number) => `Bot ${seat + 1}`;

/** What a new table is made of: the creator's request, with the id and the creator's token hash. */
export interface NewTable {
  id: string;
  name: string;
  options: TableOptions;
  creator: { name: string; seat: number; tokenHash: string };
  bots: (number | BotSeatChoice)[];
  /** The creator's language: it names the bots. */
  lang?: BotNameLanguage;
}

export function newTableRecord(
  { id, name, options, creator, bots, lang }: NewTable,
  now: number,
): TableRecord {
  const normalized = normalizeOptions(options);
  const seats = Array.from({ length: normalized.players }, emptySeat);
  seats[creator.seat] = { ...emptySeat(), name: creator.name, tokenHash: creator.tokenHash };
  for (const b of bots) {
    const own: Partial<BotSeatChoice> = typeof b === 'number' ? {} : b;
    const choice = { level: own.level ?? null, think: own.think ?? null, lang };
    seats[botSeatOf(b)] = botSeat(botSeatOf(b), choice, id, namesAt(seats));
  }
  return {
    id,
    name,
    options: normalized,
    botLevel: options.botLevel ?? DEFAULT_BOT_LEVEL,
    botPace: options.botPace ?? DEFAULT_BOT_PACE,
    botThink: options.botThink ?? DEFAULT_BOT_THINK,
    hints: options.hints ?? hintsByDefault(bots.length),
    clock: {
      seconds: options.turnClock ?? DEFAULT_TURN_CLOCK,
      expiry: options.clockExpiry ?? DEFAULT_CLOCK_EXPIRY,
      turn: null,
    },
    creator: creator.seat,
    seats,
    game: 0,
    state: null,
    createdAt: now,
    wins: seats.map(() => 0),
    control: openControl(),
    unattendedSince: null,
  };
}
