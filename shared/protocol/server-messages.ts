import type { SeatView } from '../engine/types';
import type { ClientMessageType } from './client-messages';
import type { LeftReason } from './table-control';
import type { Reaction } from './reactions';
import type { TableInfo, TableSummary } from './tables';
import type { ViewDelta } from './view-delta';
import type { EveningInfo } from './evening';
import type { MovedTo } from './hand-over';

/** Why the host refused something. A client may switch on the code; `reason` is for people and logs. */
export type ErrorCode =
  /** The frame is not JSON, is binary, or does not match any message schema. */
  | 'badMessage'
  /**
   * Too many messages per second from this connection; the message was dropped. Also: too many wrong seat
   * codes from this connection or its address (`to: 'join'`, with `retryAfterSeconds`).
   */
  | 'rateLimited'
  /** `hello` carried another protocol version; the socket is then closed. */
  | 'protocolMismatch'
  /** The first message must be `hello`. */
  | 'helloRequired'
  | 'noSuchTable'
  /** The creator locked the table: only the people already seated there come in (with their tokens). */
  | 'tableLocked'
  /** The creator locked the table to watchers too. */
  | 'noWatchers'
  /** The table has a seat code: send `join` again with `code`. */
  | 'codeRequired'
  /** Not the table's code (the same answer for any wrong one). */
  | 'badCode'
  | 'tableFull'
  | 'seatTaken'
  /** Another seat at the table has this name (compared without case). */
  | 'nameTaken'
  | 'tooManyTables'
  /** The token is unknown, revoked (voted out) or belongs to a table that is gone. */
  | 'badToken'
  /**
   * The table is being handed over to another host (a few seconds): nothing changes here now. A client
   * keeps what it sent (a staged turn) and sends it again where the table goes (`moved`).
   */
  | 'moving'
  /** The token was this table's, but its creator removed that person (or gave the seat to a bot). */
  | 'removed'
  /** The connection holds no seat (or no table) for this request. */
  | 'notSeated'
  | 'notCreator'
  /** Already seated at a table; `leave` first (before the start) to go elsewhere. */
  | 'alreadySeated'
  | 'alreadyStarted'
  | 'notStarted'
  /** `start` with free seats; `sync` before the game has started. */
  | 'notReady'
  | 'notYourTurn'
  /** `moveCount` differs from the game's: the move was sent for an older position. */
  | 'staleMove'
  /** The engine refused the move; `reason` says why. */
  | 'illegalMove'
  | 'gameNotOver'
  /** `ready` while a round is being played, or after the game (a rematch is voted with `rematch`). */
  | 'roundNotOver'
  /** replaceByBot / voteOut on a seat that is connected, a bot, free, or not away long enough. */
  | 'notAway'
  /** botTurn for a seat whose time has not run out, or whose turn a bot already plays. */
  | 'notTimedOut'
  | 'badSeat'
  /** The host is shutting down, or its disk refused to save the change (full, folder gone); nothing changed. */
  | 'unavailable'
  /** The host failed on this request (a bug, logged on the host); nothing was changed. */
  | 'internal'
  /** `openEvening` while the host has an evening (one at a time). */
  | 'eveningOpen'
  /** `openEvening` with the name of the evening the host has just held (its tables still show under it). */
  | 'eveningName'
  /** An evening message, and the host has no evening. */
  | 'noEvening'
  /** `joinEvening` (or `resumeEvening` of a present person on this very connection): already in it. */
  | 'alreadyIn'
  /** `leaveEvening` or `nextHeat` from a connection that is no present person of the evening. */
  | 'notIn'
  /** `nextHeat` while a table of the heat in play has not ended. */
  | 'heatInPlay'
  /** `nextHeat` after the last heat. */
  | 'noHeatsLeft'
  /** A message an evening's table does not take (its seats and its one game are the evening's). */
  | 'eveningTable';

/** Every host → client message. Each is one JSON text frame. */
export type ServerMessage =
  | { type: 'welcome'; protocol: number; host: { name: string; version: string } }
  | { type: 'pong'; id?: number }
  /**
   * The lobby list. `handedOverTo`: this host handed its tables over to that host (the last hand-over since
   * it started): a lobby says where they went and offers that host's page. Absent when it has not (and
   * from older hosts).
   */
  | { type: 'tables'; tables: TableSummary[]; handedOverTo?: MovedTo }
  /** Your seat and its private token; keep the token to `resume` after a dropped connection. */
  | { type: 'joined'; tableId: string; seat: number; token: string }
  | { type: 'spectating'; tableId: string }
  /**
   * You are no longer attached to this table (you left, or the table was removed). `reason`: the creator
   * removed you before the start, or gave your seat to a bot during the game; your token opens nothing.
   */
  | { type: 'left'; tableId: string; reason?: LeftReason }
  /**
   * The table moved to another host (its host handed it over): connect to `to` and `resume` with the same
   * token; the seat, the game and every move told are there. This connection is closed after it.
   */
  | { type: 'moved'; tableId: string; to: MovedTo }
  /** To the table's creator only, whenever it changes or they arrive: the seat code (null: none). */
  | { type: 'tableCode'; tableId: string; code: string | null }
  | { type: 'table'; table: TableInfo }
  /**
   * The game as your seat may see it (`viewFor`); spectators get seat null. Sent whole on join, resume,
   * spectate, a new game, `sync`, and when a delta would not be smaller.
   */
  | { type: 'view'; tableId: string; view: SeatView }
  /** What changed since the last view sent to you (see ViewDelta); `sync` if it does not apply. */
  | ({ type: 'viewDelta'; tableId: string } & ViewDelta)
  /** Someone seated at your table reacted (everyone there hears it, spectators too; nothing keeps it). */
  | { type: 'reaction'; tableId: string; seat: number; reaction: Reaction }
  /** You are a person of the evening: keep the token to `resumeEvening` (it goes to nobody else). */
  | { type: 'eveningJoined'; person: string; token: string }
  /**
   * The host's evening as it now is (null: none), after each change, to the lobby's watchers and the
   * evening's people; `you` is the receiver's own.
   */
  | { type: 'evening'; evening: EveningInfo | null }
  | {
      type: 'error';
      code: ErrorCode;
      reason: string;
      /** The type of the message that was refused, when it could be read. */
      to?: ClientMessageType;
      /** With `protocolMismatch`: the version this host speaks. */
      protocol?: number;
      /** With `staleMove` / `notYourTurn` / `illegalMove`: the game's current move count. */
      moveCount?: number;
      /** With `rateLimited` for wrong seat codes: how long until the next try is heard. */
      retryAfterSeconds?: number;
    };

export type ServerMessageType = ServerMessage['type'];

/** WebSocket close codes the host uses besides the standard ones. */
export const CLOSE_CODES = {
  protocolMismatch: 4000,
  /** Kept sending after being rate limited. */
  abusive: 4001,
  /** Host stopping. */
  shutdown: 4002,
  /** The table moved to another host (after `moved`, which says where). */
  moved: 4003,
} as const;
