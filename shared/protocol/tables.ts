import type { GameOptions, RulesVersion } from '../engine/types';
import type { BotLevel, BotThink } from '../bots/levels';
import type { ClockExpiry, TurnClockInfo, TurnClockSeconds } from './turn-clock';

/** How long the host lets each bot step stay on screen before the next (a table option). */
export const BOT_PACE_NAMES = ['relaxed', 'normal', 'fast'] as const;
export type BotPace = (typeof BOT_PACE_NAMES)[number];
/** Slow enough to read each step of a bot's chained turn; tables without a pace (older snapshots) get it too. */
export const DEFAULT_BOT_PACE: BotPace = 'relaxed';

/** How long a bot's step stays on screen before its next, and how long a fresh deal is shown first. */
export interface PaceMs {
  /** Between one step and the next (a 5's extra play, the 3's draw, the closing discard each count). */
  step: number;
  /** Before a round's first bot move: everyone looks at the new hands and palettes first. */
  deal: number;
}

/**
 * Relaxed gives a person time to read one line of the log and see the card land for each step of a
 * chained turn (5, then 3, then a discard: about 5 s in all); fast only keeps bots from looking instant.
 */
export const BOT_PACES: Record<BotPace, PaceMs> = {
  relaxed: { step: 1600, deal: 2500 },
  normal: { step: 900, deal: 1600 },
  fast: { step: 250, deal: 700 },
};

/** Games won at this table across rematches, per named seat in seat order ("Ann 2 · Bob 1"). */
export interface MatchEntry {
  name: string;
  wins: number;
}

/** A table is open (seats being taken), playing (a game under way) or finished (the game is over). */
export const TABLE_STATES = ['open', 'playing', 'finished'] as const;
export type TableState = (typeof TABLE_STATES)[number];

/** What a lobby shows for one table (also served as JSON by GET /api/tables). */
export interface TableSummary {
  id: string;
  name: string;
  /** Seats taken, by people or bots. */
  players: number;
  seats: number;
  state: TableState;
  mode: 'basic' | 'advanced';
  actionRule: boolean;
  rulesVersion: RulesVersion;
  spectators: number;
  /**
   * The creator's hold on the table (every host of this protocol sends all three; a missing one reads as
   * false, true, false): no new people take a seat (those seated come back with their tokens) ...
   */
  locked?: boolean;
  /** ... new spectators are welcome (false only at a locked table whose creator turned watchers away) ... */
  watchers?: boolean;
  /** ... a seat is taken only with the table's four-digit code (the code itself is never in a summary). */
  hasCode?: boolean;
  /** Games won so far at this table, every named seat in seat order; all zero before the first game ends. */
  match: MatchEntry[];
  /** A table of the host's evening: its heat and its letter there (its seats and one game are the evening's). */
  evening?: { name: string; heat: number; table: string };
}

/**
 * The options a table is created with: the engine's GameOptions (described there, once), how strongly
 * every bot at the table plays (default 'normal'), how fast they move (default 'relaxed'), how long its hard
 * bots think on a decision (default 'normal'; easy and normal bots keep their budgets), and whether
 * players may ask the coach for a suggested move (default: on when the table is created with bots, off
 * otherwise), and a turn clock for people (`turnClock` seconds, default 0: none; `clockExpiry`, default
 * 'vote', see turn-clock.ts). The engine knows nothing of these.
 */
export type TableOptions = GameOptions & {
  botLevel?: BotLevel;
  botPace?: BotPace;
  botThink?: BotThink;
  hints?: boolean;
  turnClock?: TurnClockSeconds;
  clockExpiry?: ClockExpiry;
};

/** One seat as every connection at the table sees it. Never holds a token. */
export interface SeatInfo {
  seat: number;
  /** null: the seat is free. */
  name: string | null;
  /** A person's socket is attached to the seat now (always false for a bot). */
  connected: boolean;
  /** A bot plays this seat (from the start, or standing in for a player who was away). */
  bot: boolean;
  /** The bot stands in for a person, who takes the seat back by resuming with their token. */
  standIn: boolean;
  /** This seat created the table: it alone may start the game and change bot seats. */
  creator: boolean;
  /** The table voted this player out: the host passes for them; their token no longer works. */
  votedOut: boolean;
  /** A person holds the seat (named, not a bot, not voted out): they vote on a rematch and may be away. */
  person: boolean;
  /** A person whose socket is not attached: the table may wait, let a bot stand in, or vote them out. */
  away: boolean;
  /** Milliseconds since the person's socket dropped; null while connected, for bots and free seats. */
  awayMs: number | null;
  /**
   * When the person's socket dropped, by the host's clock (ms since the epoch; see `TableInfo.hostNow`);
   * null like `awayMs`. Every screen counts from this one moment, so all show the same second.
   */
  awaySince: number | null;
  /** Seats that voted to remove this player. */
  votes: number[];
  /** How strongly the bot on this seat plays (its own level, else the table's); null when no bot plays it. */
  botLevel: BotLevel | null;
  /** A hard bot's think time (its own, else the table's); null for other levels and when no bot plays it. */
  botThink: BotThink | null;
}

/** The full table as sent in a `table` message. */
export interface TableInfo extends TableSummary {
  options: Required<TableOptions>;
  seatList: SeatInfo[];
  /** How long a player must be away before the table may replace them by a bot or vote them out. */
  awayGraceMs: number;
  /** The person to play's turn clock; null with no clock, on a bot's turn and between rounds. */
  turnClock: TurnClockInfo | null;
  /** Counts games at this table: 1 for the first, +1 per rematch. */
  game: number;
  /**
   * After a game: the seats whose players asked for a rematch. It starts once every seated person has
   * (bots always agree); empty otherwise.
   */
  rematch: number[];
  /**
   * Between rounds: the seats whose players said they are ready for the next round. It is dealt once every
   * seated person has (bots, stand-ins and voted-out seats always are; a person away longer than
   * `awayGraceMs` counts as ready); empty otherwise.
   */
  nextRoundReady: number[];
  /** Names of the people watching (spectators who gave none are counted in `spectators` only). */
  watching: string[];
  /** The host's clock when it sent this (ms since the epoch): a screen's offset to the host's time. */
  hostNow: number;
}
