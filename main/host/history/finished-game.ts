import type { GameState } from '../../../shared/engine';
import type { BotLevel } from '../../../shared/bots/levels';
import { recordFromGame } from '../../../shared/record';
import type { GameRecord } from '../../../shared/record';
import type { Dealer } from '../../../shared/evening/dealer';
import { botName, type EveningTag, type SeatRecord } from '../table-record';

/** What the archive reads of a table whose game just ended (a HostedTable fits). */
export interface FinishedTable {
  readonly id: string;
  readonly name: string;
  readonly botLevel: BotLevel;
  /** A bot seat's own level, else the table's. */
  botLevelAt(seat: number): BotLevel;
  readonly game: number;
  readonly state: GameState | null;
  readonly seats: readonly SeatRecord[];
  /** A table of an evening's heat: its record names it, and its game was dealt duplicate. */
  readonly evening?: EveningTag;
  readonly dealer?: Dealer;
}

/**
 * The table as it is now, held apart from it: the record can then be made after the move that ended the
 * game has reached everyone (a table's state and seats are replaced, never changed, when it moves on).
 */
export function tableAsEnded(table: FinishedTable): FinishedTable {
  const levels = table.seats.map((_, seat) => table.botLevelAt(seat));
  return {
    id: table.id,
    name: table.name,
    botLevel: table.botLevel,
    botLevelAt: (seat) => levels[seat] ?? table.botLevel,
    game: table.game,
    state: table.state,
    seats: table.seats.map((s) => ({ ...s })),
    ...(table.evening ? { evening: table.evening } : {}),
    ...(table.dealer ? { dealer: table.dealer } : {}),
  };
}

/** A game's id at this host: its table's id and its number there (a table's rematches are games 2, 3, …). */
export const gameIdOf = (tableId: string, game: number): string => `${tableId}-${game}`;

/** The record of a table's finished game. Throws when the game is not over or its log cannot be followed. */
export function recordOfTable(
  table: FinishedTable,
  times: { startedAt: number | null; finishedAt: number },
  app: { name: string; version: string },
): GameRecord {
  if (table.state === null) throw new Error('no game was played');
  return recordFromGame(
    table.state,
    {
      id: gameIdOf(table.id, table.game),
      app,
      tableName: table.name,
      // A stand-in bot plays for a person who may come back: the seat is the person's.
      seats: table.seats.map((s, seat) => ({
        name: s.name ?? botName(seat),
        bot: s.bot && !s.standIn ? table.botLevelAt(seat) : null,
      })),
      ...times,
      ...(table.evening ? { evening: table.evening } : {}),
    },
    table.dealer,
  );
}
