import type { Move } from '../../shared/engine';
import type { LeftReason, Reaction, TableInfo, TableSummary } from '../../shared/protocol';
import { Audience } from './audience';
import type { BotTable } from './bots';
import type { Cancel } from './clock';
import type { CodeAttempts } from './code-attempts';
import { afterKept, keepOrUndo, type Announcement, type Carried } from './changes';
import { TableError } from './errors';
import type { HostedTable } from './hosted-table';
import { TableReactions } from './reaction-gate';
import { hashToken, newToken } from './ids';
import type { RoomContext } from './room-context';
import { RoomClock } from './room-clock';
import { RoomPlay } from './room-play';
import { SeatLog } from './seat-log';
import type { Session } from './session';
import type { BotChoice, TableRecord } from './table-record';
import { tableInfo, tableSummary } from './table-info';

export type { Carried } from './changes';

/** A seat kept for a person (with the token that opens it; `resumed`: they had it before), or a watcher's name. */
export type Arrival = { seat: number; token: string; resumed?: boolean } | { watcher: string | null };
export type { RoomContext } from './room-context';

/** How soon the host tries again a bot's move that the disk refused. */
const STORAGE_RETRY_MS = 1000;

/**
 * One table and the connections at it: its requests (seating here, games and moves through `RoomPlay`),
 * its log (each change is in it before anyone hears of it) and every frame about it.
 */
export class Room {
  private readonly audience: Audience;
  private readonly play: RoomPlay;
  /** Removed from the host: a bot's late move no longer lands. */
  private closed = false;
  /** Seat changes and attendance, into the table's log. */
  private readonly seatLog: SeatLog;
  /** Between rounds: the timer that deals the next round when an away person's grace runs out. */
  private cancelRoundTimer: Cancel | null = null;
  /** The person to play's turn clock, and its timer. */
  private readonly turnTimer: RoomClock;
  /** The seat code as last told to the creator's connection (it goes to nobody else). */
  private codeTold: { to: Session; code: string | null } | null = null;
  private readonly reactions = new TableReactions((seat, reaction) =>
    this.audience.sendReaction(seat, reaction),
  );

  /** What the bots see of this room: its table, and the host's moves for its seats. */
  private readonly botTable: BotTable;

  private constructor(
    private readonly table: HostedTable,
    private readonly ctx: RoomContext,
    unattendedSince: number | null,
  ) {
    this.audience = new Audience(table, ctx.viewDeltas, unattendedSince ?? ctx.clock.now());
    this.seatLog = new SeatLog(table, () => this.audience.emptySince, ctx, unattendedSince);
    this.play = new RoomPlay(table, ctx);
    this.turnTimer = new RoomClock(table, ctx);
    this.botTable = { table, playFor: (seat, move, moveCount) => this.playFor(seat, move, moveCount) };
  }

  /** After a restart: a game that ended before the host stopped is history (a crash may have cut that short). */
  archiveIfFinished(): void {
    this.ctx.history.finished(this.table);
  }

  /** The host plays its seats here, if one of them is to move. */
  wakeBots(): void {
    this.ctx.bots.kick(this.botTable);
  }

  get id(): string {
    return this.table.id;
  }

  get name(): string {
    return this.table.name;
  }

  /**
   * A table restored from the data folder: its folder is kept from now on (its seats' tokens open them again).
   * `unattendedSince`: null when someone was at it when it was last saved (it counts as attended until now).
   */
  static restored(
    table: HostedTable,
    unattendedSince: number | null,
    logLines: number,
    ctx: RoomContext,
  ): Room {
    const room = new Room(table, ctx, unattendedSince);
    ctx.store.track(table.id, () => room.record(), logLines);
    ctx.store.save(table.id);
    room.watchRoundVote(); // stopped between rounds: the away graces started again with the host
    room.turnTimer.follow(room.audience.connected); // nobody is back yet: a running clock waits for its player
    return room;
  }

  /** A new table, in its log before anyone hears of it. Throws (and leaves no folder) if the disk refuses. */
  static created(table: HostedTable, ctx: RoomContext): Room {
    const room = new Room(table, ctx, null);
    const keep = (write: () => void, undo: () => void = () => {}) => keepOrUndo(write, undo, ctx.report);
    keep(() => ctx.store.track(table.id, () => room.record()));
    keep(
      () => ctx.store.appendCreated(table.id, { ...table.record(), unattendedSince: null }),
      () => void ctx.store.remove(table.id),
    );
    ctx.store.save(table.id);
    return room;
  }

  private record(): TableRecord {
    return { ...this.table.record(), unattendedSince: this.audience.emptySince };
  }

  // -------------------------------------------------------------------------------------------
  // Who is here

  /** The seat this connection speaks for; null for a spectator or a stranger. */
  seatOf(session: Session): number | null {
    return this.audience.seatOf(session);
  }

  /** Since when an open or finished table has had nobody at it (null: someone is, or a game is in play). */
  get idleSince(): number | null {
    return this.table.status === 'playing' ? null : this.audience.emptySince;
  }

  summary(): TableSummary {
    return tableSummary(this.table, this.audience.spectatorCount);
  }

  private info(): TableInfo {
    const { spectatorCount, watching, connected } = this.audience;
    return tableInfo(this.table, spectatorCount, watching, connected, this.ctx.clock.now());
  }

  /** The seat held by the connection, or a notSeated refusal. */
  private seatHeldBy(session: Session): number {
    const seat = this.seatOf(session);
    if (seat === null) throw new TableError('notSeated', 'you hold no seat at a table');
    return seat;
  }

  // -------------------------------------------------------------------------------------------
  // Seating: the room keeps the seat (an `Arrival`), then the hub takes the session from where it was
  // and attaches it here

  join(name: string, wanted: number | undefined): Arrival {
    const token = newToken();
    const seat = this.seatLog.keep(() => this.table.seating.join(name, wanted, hashToken(token)));
    return { seat, token };
  }

  /** The same person again (a new socket, a restarted app) with their seat's token; they take it back from a stand-in. */
  resume(token: string): Arrival {
    const seat = this.seatOpenedBy(hashToken(token));
    if (seat === null) throw new TableError('badToken', 'this token opens no seat on this host');
    this.seatLog.keep(() => this.table.seating.arrived(seat));
    return { seat, token, resumed: true };
  }

  spectate(name: string | null): Arrival {
    this.table.control.requireWatchable();
    return { watcher: name };
  }

  /** The session comes here (it is at no other table): it sits (or watches), and it and the table are told. */
  attach(session: Session, arrival: Arrival): void {
    if ('watcher' in arrival) return this.watch(session, arrival.watcher);
    const { seat, token } = arrival;
    const previous = this.audience.sit(session, seat);
    // The same person on a new socket: the old one no longer speaks for the seat.
    previous?.send({ type: 'left', tableId: this.id });
    this.table.seating.arrived(seat);
    this.seatLog.attendanceChanged();
    session.send({ type: 'joined', tableId: this.id, seat, token });
    this.announce({ lobbyList: true });
    if (arrival.resumed) this.sendView(session);
  }

  private watch(session: Session, name: string | null): void {
    this.audience.watch(session, name);
    this.seatLog.attendanceChanged();
    session.send({ type: 'spectating', tableId: this.id });
    this.announce({ lobbyList: true });
    this.sendView(session);
  }

  /** Whether this connection is here (seated or watching): the hub asks, a connection is at one table at most. */
  has(session: Session): boolean {
    return this.audience.has(session);
  }

  /**
   * Leaves the table; a seat is given up only before the game (its token then opens nothing). After a game
   * the seat stays the person's, away, as when they hang up: the rematch vote waits for them, and after
   * the grace the others may let a bot stand in (it agrees) or vote them out; their token takes it back.
   */
  leave(session: Session): Carried {
    const seat = this.seatOf(session);
    if (seat !== null && this.table.status !== 'finished') {
      // A seat given up stays given up after a restart, its token void (in play: alreadyStarted).
      this.seatLog.keep(() => this.table.seating.leave(seat));
    }
    return afterKept(() => {
      this.detach(session);
      session.send({ type: 'left', tableId: this.id });
    });
  }

  /** The seat here that the token (by its hash) opens, if any: only the seat keeps its token's hash. */
  seatOpenedBy(tokenHash: string): number | null {
    const seat = this.table.seats.findIndex((s) => s.tokenHash === tokenHash);
    return seat < 0 ? null : seat;
  }

  /** Whether the creator removed the token's person from this table. */
  removed(tokenHash: string): boolean {
    return this.table.control.wasRemoved(tokenHash);
  }

  /** The seat code's gate (before the start only): a lock or a wrong code refuses. */
  admit(codes: CodeAttempts, session: Session, code: string | undefined): void {
    if (!this.table.started) codes.admit(this.table.control, session, code);
  }

  /** The game here is over (the host's person may close the table). */
  get finished(): boolean {
    return this.table.status === 'finished';
  }

  /** When the table was made: the lobby lists tables in that order. */
  get createdAt(): number {
    return this.table.createdAt;
  }

  /** The game's move count (undefined before the start): a stale move's refusal says it. */
  get moveCount(): number | undefined {
    return this.table.state?.moveCount;
  }

  /** An open table nobody holds a seat at any more: the hub removes it. */
  get deserted(): boolean {
    return this.table.status === 'open' && this.table.seating.deserted;
  }

  /** Unhooks a session (gone, or off to another table); a person's seat stays theirs (away) unless they left it. */
  detach(session: Session): void {
    if (!this.audience.has(session)) return;
    const now = this.ctx.clock.now();
    const seat = this.audience.remove(session, now);
    if (seat !== null) this.table.seating.wentAway(seat, now);
    this.seatLog.attendanceChanged();
    this.announce({ lobbyList: true });
  }

  setBot(session: Session, seat: number, bot: boolean, choice: BotChoice): Carried {
    const by = this.seatHeldBy(session);
    this.seatLog.keep(() => this.table.seating.setBot(by, seat, bot, choice));
    return afterKept(() => this.announce({ lobbyList: true }));
  }

  replaceByBot(session: Session, seat: number): Carried {
    const by = this.seatHeldBy(session);
    const now = this.ctx.clock.now();
    this.seatLog.keep(() => this.table.seating.replaceByBot(by, seat, this.audience.connected, now));
    return afterKept(() => this.announce(this.play.agreedAfterSeatChange() ?? {}));
  }

  /** `seat`'s turn clock ran out: a bot plays this one turn for them, then the seat is theirs again. */
  botTurn(session: Session, seat: number): Carried {
    const by = this.seatHeldBy(session);
    this.turnTimer.follow(this.audience.connected); // its time may be up this very moment
    this.table.turnClock.askBot(by, seat);
    this.ctx.store.save(this.id);
    return afterKept(() => this.announce({}));
  }

  voteOut(session: Session, seat: number): Carried {
    const by = this.seatHeldBy(session);
    const now = this.ctx.clock.now();
    const { out } = this.seatLog.keep(() =>
      this.table.seating.voteOut(by, seat, this.audience.connected, now),
    );
    return afterKept(() => this.announce(this.play.agreedAfterSeatChange() ?? { lobbyList: out }));
  }

  /** A quick reaction: to everyone here at once, if the seat's rate allows; nothing keeps it. */
  react(session: Session, reaction: Reaction): void {
    this.reactions.react(this.seatOf(session), reaction, this.ctx.clock.now());
  }

  // -------------------------------------------------------------------------------------------
  // The creator's hold on the table (table-control.ts): lock, seat code, removing a person

  lockTable(session: Session, locked: boolean, watchers: boolean): Carried {
    const by = this.seatHeldBy(session);
    this.table.seating.requireCreator(by, 'lock the table');
    this.seatLog.keep(() => this.table.control.lock(locked, watchers));
    return afterKept(() => this.announce({ lobbyList: true }));
  }

  setCode(session: Session, code: string | null): Carried {
    const by = this.seatHeldBy(session);
    this.table.seating.requireCreator(by, 'set a seat code');
    this.seatLog.keep(() => this.table.control.setCode(code));
    return afterKept(() => this.announce({ lobbyList: true }));
  }

  /** Before the start the seat is freed; during a game a bot plays it for good. Their token opens nothing. */
  removePerson(session: Session, seat: number): Carried {
    const by = this.seatHeldBy(session);
    const reason: LeftReason = this.table.started ? 'replaced' : 'removed';
    this.seatLog.keep(() => this.table.control.removedToken(this.table.seating.removeByCreator(by, seat)));
    return afterKept(() => {
      const gone = this.audience.sessionAt(seat);
      if (gone) {
        this.audience.remove(gone, this.ctx.clock.now());
        this.seatLog.attendanceChanged();
        gone.send({ type: 'left', tableId: this.id, reason });
      }
      this.announce(this.play.agreedAfterSeatChange() ?? { lobbyList: true, views: reason === 'replaced' });
    });
  }

  /** The code goes to the creator's connection alone, when it changes or a new connection speaks for them. */
  private tellCreatorCode(): void {
    const to = this.audience.sessionAt(this.table.seating.creator);
    const code = this.table.control.code;
    if (!to || (this.codeTold?.to === to && this.codeTold.code === code)) return;
    this.codeTold = { to, code };
    to.send({ type: 'tableCode', tableId: this.id, code });
  }

  // -------------------------------------------------------------------------------------------
  // Play: who asks is checked here; starting games and keeping moves is RoomPlay's

  start(session: Session): Carried {
    const announcement = this.play.start(this.seatHeldBy(session));
    return afterKept(() => this.announce(announcement));
  }

  /** A vote for a rematch (or its withdrawal); the last vote needed starts the game for everyone. */
  rematch(session: Session, ready: boolean): Carried {
    const announcement = this.play.rematch(this.seatHeldBy(session), ready);
    return afterKept(() => this.announce(announcement));
  }

  /** Between rounds: ready for the next (or not any more); the last yes needed deals it for everyone. */
  ready(session: Session, ready: boolean): Carried {
    const announcement = this.play.ready(this.seatHeldBy(session), ready);
    return afterKept(() => this.announce(announcement));
  }

  /** The whole view again, for a client whose view a delta did not fit (it missed a frame). */
  sync(session: Session): Carried {
    if (!this.table.state)
      throw new TableError('notStarted', 'the game has not started: there is no view yet');
    return afterKept(() => this.sendView(session));
  }

  /** A person's confirmed turn, applied whole or refused whole; everyone hears of it once. */
  turn(session: Session, steps: readonly Move[], moveCount: number): Carried {
    const announcement = this.play.turn(this.seatHeldBy(session), steps, moveCount);
    return afterKept(() => this.announce(announcement));
  }

  private moveFor(seat: number, move: Move, moveCount: number): Carried {
    const announcement = this.play.move(seat, move, moveCount);
    return afterKept(() => this.announce(announcement));
  }

  /** The host's move for a bot or voted-out seat. Returns whether the move stands. */
  playFor(seat: number, move: Move, moveCount: number): boolean {
    if (this.closed) return false;
    let carried: Carried;
    try {
      carried = this.moveFor(seat, move, moveCount);
    } catch (e) {
      this.ctx.report(
        `table ${this.id}: the host's move for seat ${seat} was refused (${(e as Error).message})`,
      );
      // A disk that refused the move may take it later; nobody else can move meanwhile, so try again.
      if (e instanceof TableError && e.code === 'unavailable') {
        this.ctx.clock.after(STORAGE_RETRY_MS, () => this.ctx.bots.kick(this.botTable));
      }
      return false;
    }
    if (carried.failedAfter) {
      // The move is logged and stands; something after it failed (a bug): tell everyone the game as it is.
      this.ctx.report(
        `table ${this.id}: after the host's move for seat ${seat}: ${carried.failedAfter.message}`,
      );
      try {
        this.announce({ views: true });
      } catch {
        /* reported above */
      }
    }
    return true;
  }

  // -------------------------------------------------------------------------------------------
  // Telling people: the only places that send table or game content

  /**
   * The one notification after a change: the table's info (and the game's views) to everyone here, the
   * lobby list if it may show, and the bots, in case one is now to move.
   */
  private announce({ tableInfo = true, views = false, lobbyList = false }: Announcement): void {
    const clockChanged = this.turnTimer.follow(this.audience.connected);
    if (tableInfo) this.audience.sendTable(this.info());
    this.tellCreatorCode();
    if (views) this.audience.sendViews();
    // A new turn's clock (after its view, which shows whose turn it is).
    if (clockChanged && !tableInfo) this.audience.sendTable(this.info());
    if (lobbyList) this.ctx.lobbyChanged();
    this.ctx.bots.kick(this.botTable);
    this.watchRoundVote();
    this.turnTimer.watch(() => this.announce({ tableInfo: false }));
  }

  /**
   * Between rounds, the vote may complete without anyone's message: at once at a table of bots and
   * stand-ins, or when an away person's grace runs out. One timer per room, set again after each change.
   */
  private watchRoundVote(): void {
    this.cancelRoundTimer?.();
    this.cancelRoundTimer = null;
    if (this.closed) return;
    const now = this.ctx.clock.now();
    const wait = this.table.nextRoundAgreed(now) ? 0 : this.table.nextRoundDueInMs(now);
    if (wait === null) return;
    // Never inside the change that made it due: everyone hears of the round's end before the deal.
    this.cancelRoundTimer = this.ctx.clock.after(wait, () => {
      this.cancelRoundTimer = null;
      if (this.closed) return;
      try {
        const dealt = this.play.nextRoundIfAgreed();
        if (dealt) this.announce(dealt);
        else this.watchRoundVote();
      } catch (e) {
        this.ctx.report(`table ${this.id}: dealing the agreed next round failed: ${(e as Error).message}`);
      }
    });
  }

  /** After a bug half way through telling people: everything again, as the table now is. */
  resend(): void {
    this.announce({ views: true, lobbyList: true });
  }

  /** The one place a view goes to one connection, whole (on its arrival: resume, spectate; and sync). */
  private sendView(session: Session): void {
    this.audience.sendView(session, true);
  }

  /**
   * The table goes: everyone here is told, its tokens open nothing (the hub no longer asks it), its files are deleted (or, `keepFiles`,
   * moved out of the tables a start restores: a finished game closed by the host).
   */
  close({ keepFiles = false } = {}): void {
    this.closed = true;
    this.cancelRoundTimer?.();
    this.turnTimer.stop();
    for (const s of this.audience.removeAll(this.ctx.clock.now())) s.send({ type: 'left', tableId: this.id });
    void (keepFiles ? this.ctx.store.archive(this.id) : this.ctx.store.remove(this.id));
  }
}
