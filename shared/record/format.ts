import type { BotLevel } from '../bots/levels';
import type { CardId, Move, NormalizedOptions } from '../engine';

/** What a game record file says it is (docs/game-record.md). */
export const GAME_RECORD_FORMAT = 'red7-lan/game-record';
/** Bumped when a record's meaning changes; a reader refuses versions it does not know. */
export const GAME_RECORD_VERSION = 1;

/** Game ids: the host's own `<table id>-<game number>`, or any such name in an imported file. */
export const GAME_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** One seat as it was when the game ended. */
export interface RecordSeat {
  name: string;
  /** A bot's level; null for a person (also one a bot stood in for a while). */
  bot: BotLevel | null;
}

/** A round's deal, in the open: after the game none of it is secret. */
export interface RecordDeal {
  hands: CardId[][];
  palettes: CardId[][];
  /** The rest of the cards in play, TOP FIRST (the next card drawn is `deck[0]`). */
  deck: CardId[];
}

/** A move made in a round, with the seat that made it. `nextRound` is no move here: a round opens with its deal. */
export interface RecordMove {
  seat: number;
  move: Exclude<Move, { type: 'nextRound' }>;
}

export interface RecordRound {
  deal: RecordDeal;
  moves: RecordMove[];
}

/**
 * A finished game, whole: enough to replay every state through the engine without the seed (docs/game-record.md).
 * Times are ISO 8601 (UTC).
 */
export interface GameRecord {
  format: typeof GAME_RECORD_FORMAT;
  version: typeof GAME_RECORD_VERSION;
  id: string;
  app: { name: string; version: string };
  table: { name: string };
  /** A game of an evening (docs/evening.md): its name, the heat and the table (A, B…) in it. */
  evening?: { name: string; heat: number; table: string };
  /** Null when the host restarted during the game and no longer knew when it began. */
  startedAt: string | null;
  finishedAt: string;
  options: NormalizedOptions;
  seats: RecordSeat[];
  rounds: RecordRound[];
  result: { winners: number[]; scores: number[] };
}

/** What a history list shows of a game, without its cards. */
export interface GameSummary {
  id: string;
  table: string;
  startedAt: string | null;
  finishedAt: string;
  options: NormalizedOptions;
  seats: RecordSeat[];
  rounds: number;
  winners: number[];
  scores: number[];
  /** A game of an evening: which, and where in it (as the record says). */
  evening?: { name: string; heat: number; table: string };
}

export const summaryOf = (r: GameRecord): GameSummary => ({
  id: r.id,
  table: r.table.name,
  startedAt: r.startedAt,
  finishedAt: r.finishedAt,
  options: r.options,
  seats: r.seats,
  rounds: r.rounds.length,
  winners: r.result.winners,
  scores: r.result.scores,
  ...(r.evening ? { evening: r.evening } : {}),
});
