import type { LeftReason } from '../../shared/protocol';
import type { Audience } from './audience';
import { afterKept, type Announcement, type Carried } from './changes';
import type { CodeAttempts } from './code-attempts';
import { TableError } from './errors';
import type { HostedTable } from './hosted-table';
import { hashToken, newToken } from './ids';
import type { RoomContext } from './room-context';
import type { RoomPlay } from './room-play';
import { SeatLog } from './seat-log';
import type { Session } from './session';
import type { BotChoice } from './table-record';

/** A seat kept for a person (with the token that opens it; `resumed`: they had it before), or a watcher's name. */
export type Arrival = { seat: number; token: string; resumed?: boolean } | { watcher: string | null };

/** What the hub asks of a room's seats before a connection comes in (the connection then moves there). */
export type RoomDoor = Pick<
  RoomSeats,
  'admit' | 'join' | 'resume' | 'spectate' | 'seatOpenedBy' | 'removed' | 'heldSeats'
>;

/**
 * Who sits where at one room, changed on request: a seat kept for a person who comes (join, resume), one
 * given up, bot seats, stand-ins, votes to remove, and the creator's hold on the table (lock, seat code,
 * removing a person). Each change is in the table's log (`SeatLog`) before anyone hears of it; who is
 * connected is the audience's, and telling everyone is the room's `announce`. A seat's token is known here
 * by its hash only, in the seat itself: nothing else keeps which token opens what.
 */
export class RoomSeats {
  /** Seat changes and attendance, into the table's log. */
  readonly log: SeatLog;
  /** The seat code as last told to the creator's connection (it goes to nobody else). */
  private codeTold: { to: Session; code: string | null } | null = null;

  constructor(
    private readonly table: HostedTable,
    private readonly audience: Audience,
    private readonly play: Pick<RoomPlay, 'agreedAfterSeatChange'>,
    private readonly ctx: Pick<RoomContext, 'store' | 'report' | 'clock'>,
    private readonly announce: (announcement: Announcement) => void,
    unattendedSince: number | null,
  ) {
    this.log = new SeatLog(table, () => audience.emptySince, ctx, unattendedSince);
  }

  // -------------------------------------------------------------------------------------------
  // Coming to the table: the seat is kept here, then the hub moves the connection (Room.attach)

  join(name: string, wanted: number | undefined): Arrival {
    const token = newToken();
    const seat = this.log.keep(() => this.table.seating.join(name, wanted, hashToken(token)));
    return { seat, token };
  }

  /** The same person again (a new socket, a restarted app) with their seat's token; they take it back from a stand-in. */
  resume(token: string): Arrival {
    const seat = this.seatOpenedBy(hashToken(token));
    if (seat === null) throw new TableError('badToken', 'this token opens no seat on this host');
    this.log.keep(() => this.table.seating.arrived(seat));
    return { seat, token, resumed: true };
  }

  spectate(name: string | null): Arrival {
    this.table.control.requireWatchable();
    return { watcher: name };
  }

  /** The seat here that the token (by its hash) opens, if any. */
  seatOpenedBy(tokenHash: string): number | null {
    const seat = this.table.seats.findIndex((s) => s.tokenHash === tokenHash);
    return seat < 0 ? null : seat;
  }

  /**
   * The seats people hold (by token), for a hand-over: their token hashes, each told where the table went
   * when brought back here, and how many of them are away now (not told until then).
   */
  heldSeats(): { tokenHashes: string[]; away: number } {
    const held = this.table.seats.flatMap((s, i) => (s.tokenHash === null ? [] : [{ hash: s.tokenHash, i }]));
    return {
      tokenHashes: held.map((h) => h.hash),
      away: held.filter((h) => !this.audience.connected(h.i)).length,
    };
  }

  /** Whether the creator removed the token's person from this table. */
  removed(tokenHash: string): boolean {
    return this.table.control.wasRemoved(tokenHash);
  }

  /** The seat code's gate (before the start only): a lock or a wrong code refuses. */
  admit(codes: CodeAttempts, session: Session, code: string | undefined): void {
    if (!this.table.started) codes.admit(this.table.control, session, code);
  }

  /**
   * A seat is given up only before the game (its token then opens nothing; in play: alreadyStarted). After
   * a game the seat stays the person's, away, as when they hang up: the rematch vote waits for them.
   */
  leave(seat: number | null): void {
    if (seat !== null && this.table.status !== 'finished') {
      this.log.keep(() => this.table.seating.leave(seat));
    }
  }

  // -------------------------------------------------------------------------------------------
  // Seat changes a seated person asks for (`by`: their seat)

  setBot(by: number, seat: number, bot: boolean, choice: BotChoice): Carried {
    this.log.keep(() => this.table.seating.setBot(by, seat, bot, choice));
    return afterKept(() => this.announce({ lobbyList: true }));
  }

  replaceByBot(by: number, seat: number): Carried {
    const now = this.ctx.clock.now();
    this.log.keep(() => this.table.seating.replaceByBot(by, seat, this.audience.connected, now));
    return afterKept(() => this.announce(this.play.agreedAfterSeatChange() ?? {}));
  }

  voteOut(by: number, seat: number): Carried {
    const now = this.ctx.clock.now();
    const { out } = this.log.keep(() => this.table.seating.voteOut(by, seat, this.audience.connected, now));
    return afterKept(() => this.announce(this.play.agreedAfterSeatChange() ?? { lobbyList: out }));
  }

  // -------------------------------------------------------------------------------------------
  // The creator's hold on the table (table-control.ts): lock, seat code, removing a person

  lockTable(by: number, locked: boolean, watchers: boolean): Carried {
    this.table.seating.requireCreator(by, 'lock the table');
    this.log.keep(() => this.table.control.lock(locked, watchers));
    return afterKept(() => this.announce({ lobbyList: true }));
  }

  setCode(by: number, code: string | null): Carried {
    this.table.seating.requireCreator(by, 'set a seat code');
    this.log.keep(() => this.table.control.setCode(code));
    return afterKept(() => this.announce({ lobbyList: true }));
  }

  /** Before the start the seat is freed; during a game a bot plays it for good. Their token opens nothing. */
  removePerson(by: number, seat: number): Carried {
    const reason: LeftReason = this.table.started ? 'replaced' : 'removed';
    this.log.keep(() => this.table.control.removedToken(this.table.seating.removeByCreator(by, seat)));
    return afterKept(() => {
      const gone = this.audience.sessionAt(seat);
      if (gone) {
        this.audience.remove(gone, this.ctx.clock.now());
        this.log.attendanceChanged();
        gone.send({ type: 'left', tableId: this.table.id, reason });
      }
      this.announce(this.play.agreedAfterSeatChange() ?? { lobbyList: true, views: reason === 'replaced' });
    });
  }

  /** The code goes to the creator's connection alone, when it changes or a new connection speaks for them. */
  tellCreatorCode(): void {
    const to = this.audience.sessionAt(this.table.seating.creator);
    const code = this.table.control.code;
    if (!to || (this.codeTold?.to === to && this.codeTold.code === code)) return;
    this.codeTold = { to, code };
    to.send({ type: 'tableCode', tableId: this.table.id, code });
  }
}
