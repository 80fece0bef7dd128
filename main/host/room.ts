import type { Move } from '../../shared/engine';
import type { TableInfo, TableSummary } from '../../shared/protocol';
import { Audience } from './audience';
import { TableError } from './errors';
import { hashToken, newToken } from './ids';
import type { Session } from './session';
import { afterKept, keepOrUndo, keepSeatChange, type Changes, type Done } from './changes';
import type { RoomContext } from './room-context';
import { RoomPlay } from './room-play';
import type { Table } from './table';
import * as seating from './seating';
import { tableInfo, tableSummary } from './table-info';

export type { Done } from './changes';
export type { RoomContext } from './room-context';

/**
 * One table and the connections at it: who sits where (held here and nowhere else), its persistence,
 * its requests (seating here, games and moves through `RoomPlay`), and every frame about it. Changes are
 * kept on disk before anyone hears of them.
 */
export class Room {
  private readonly audience: Audience;
  private readonly play: RoomPlay;
  /** Removed from the host: a bot's late move no longer lands. */
  private closed = false;

  private constructor(
    readonly table: Table,
    private readonly ctx: RoomContext,
  ) {
    this.audience = new Audience(table, this, ctx.viewDeltas);
    this.play = new RoomPlay(this, ctx);
  }

  get id(): string {
    return this.table.id;
  }

  /** A table restored from the data folder: its folder is kept from now on, its tokens open it again. */
  static restored(table: Table, ctx: RoomContext): Room {
    const room = new Room(table, ctx);
    ctx.store.track(table.id, () => table.record(!room.audience.empty));
    table.seats.forEach((s, seat) => {
      if (s.tokenHash) ctx.tokens.grant(s.tokenHash, table.id, seat);
    });
    ctx.store.save(table.id, true);
    return room;
  }

  /** A new table, on disk before anyone hears of it. Throws (and leaves no folder) if the disk refuses. */
  static created(table: Table, ctx: RoomContext): Room {
    const room = new Room(table, ctx);
    room.persist(() => ctx.store.track(table.id, () => table.record(!room.audience.empty)));
    room.persist(
      () => ctx.store.saveDurably(table.id),
      () => void ctx.store.remove(table.id),
    );
    return room;
  }

  // -------------------------------------------------------------------------------------------
  // Who is here

  /** The seat this connection speaks for; null for a spectator or a stranger. */
  seatOf(session: Session): number | null {
    return this.audience.seatOf(session);
  }

  /** Open or finished, and nobody attached: such a table may go (a game in play is always kept). */
  get unattended(): boolean {
    return this.table.status !== 'playing' && this.audience.empty;
  }

  summary(): TableSummary {
    return tableSummary(this.table, this.audience.spectatorCount);
  }

  private info(): TableInfo {
    const { spectatorCount, watching, connected } = this.audience;
    return tableInfo(this.table, spectatorCount, watching, connected, Date.now());
  }

  /** The seat held by the connection, or a notSeated refusal. */
  private seatHeldBy(session: Session): number {
    const seat = this.seatOf(session);
    if (seat === null) throw new TableError('notSeated', 'you hold no seat at a table');
    return seat;
  }

  // -------------------------------------------------------------------------------------------
  // Seating

  /** The creator's seat of a just created table. */
  seatCreator(session: Session, seat: number, token: string): Done {
    return afterKept(() => {
      this.ctx.tokens.grant(hashToken(token), this.id, seat);
      this.attach(session, seat, token);
    });
  }

  join(session: Session, name: string, wanted: number | undefined): Done {
    const token = newToken();
    const seat = this.changeSeats(() => seating.join(this.table, name, wanted, hashToken(token), Date.now()));
    return afterKept(() => {
      this.ctx.tokens.grant(hashToken(token), this.id, seat);
      this.attach(session, seat, token);
    });
  }

  /** The same person again (a new socket, a restarted app) with their seat's token. */
  resume(session: Session, seat: number, token: string): Done {
    const wasStandIn = this.table.seats[seat].standIn;
    return afterKept(() => {
      this.attach(session, seat, token);
      if (wasStandIn) this.ctx.store.save(this.id, true);
      this.sendView(session);
    });
  }

  /** Attaches the session to its seat and tells it and the table. */
  private attach(session: Session, seat: number, token: string): void {
    session.room?.detach(session);
    const previous = this.audience.sit(session, seat);
    // The same person on a new socket: the old one no longer speaks for the seat.
    previous?.send({ type: 'left', tableId: this.id });
    seating.arrived(this.table, seat, Date.now());
    this.ctx.store.save(this.id); // the table is attended: a restart must not take it for abandoned
    session.send({ type: 'joined', tableId: this.id, seat, token });
    this.changed({ list: true });
  }

  spectate(session: Session, name: string | null): Done {
    return afterKept(() => {
      session.room?.detach(session);
      this.audience.watch(session, name);
      this.ctx.store.save(this.id); // attended (see attach)
      session.send({ type: 'spectating', tableId: this.id });
      this.changed({ list: true });
      this.sendView(session);
    });
  }

  /**
   * Leaves the table; a seat is given up only before the game (its token then opens nothing). After a game
   * a bot stands in for the seat, so the others may play a rematch.
   */
  leave(session: Session): Done {
    const seat = this.seatOf(session);
    if (seat !== null && this.table.status === 'finished') {
      this.changeSeats(() => seating.leaveFinished(this.table, seat, Date.now()));
    } else if (seat !== null) {
      // A seat given up stays given up after a restart, its token void (in play: alreadyStarted).
      const freed = this.changeSeats(() => seating.leave(this.table, seat, Date.now()));
      this.ctx.tokens.revoke(freed);
    }
    return afterKept(() => {
      this.detach(session);
      session.send({ type: 'left', tableId: this.id });
      if (!this.deserted) this.ctx.store.save(this.id, true);
      this.play.rematchIfAgreed();
    });
  }

  /** An open table nobody holds a seat at any more: the hub removes it. */
  get deserted(): boolean {
    return this.table.status === 'open' && this.table.deserted;
  }

  /** Unhooks a session (gone, or off to another table); a person's seat stays theirs (away) unless they left it. */
  detach(session: Session): void {
    if (session.room !== this) return;
    const seat = this.audience.remove(session);
    if (seat !== null) seating.wentAway(this.table, seat, Date.now());
    else this.table.lastAttended = Date.now();
    if (this.audience.empty) this.ctx.store.save(this.id); // unattended from now, also after a restart
    this.changed({ list: true });
  }

  setBot(session: Session, seat: number, bot: boolean): Done {
    const by = this.seatHeldBy(session);
    this.changeSeats(() => seating.setBot(this.table, by, seat, bot, Date.now()));
    return afterKept(() => this.changed({ list: true }));
  }

  replaceByBot(session: Session, seat: number): Done {
    const by = this.seatHeldBy(session);
    this.changeSeats(() => seating.replaceByBot(this.table, by, seat, this.audience.connected, Date.now()));
    return afterKept(() => this.play.rematchIfAgreed() || this.changed({}));
  }

  voteOut(session: Session, seat: number): Done {
    const by = this.seatHeldBy(session);
    const { out, revoked } = this.changeSeats(() =>
      seating.voteOut(this.table, by, seat, this.audience.connected, Date.now()),
    );
    return afterKept(() => {
      this.ctx.tokens.revoke(revoked);
      if (!this.play.rematchIfAgreed()) this.changed({ list: out });
    });
  }

  // -------------------------------------------------------------------------------------------
  // Play: who asks is checked here; starting games and keeping moves is RoomPlay's

  start(session: Session): Done {
    return this.play.start(this.seatHeldBy(session));
  }

  /** A vote for a rematch (or its withdrawal); the last vote needed starts the game for everyone. */
  rematch(session: Session, ready: boolean): Done {
    return this.play.rematch(this.seatHeldBy(session), ready);
  }

  /** The whole view again, for a client whose view a delta did not fit (it missed a frame). */
  sync(session: Session): Done {
    if (!this.table.state)
      throw new TableError('notStarted', 'the game has not started: there is no view yet');
    return afterKept(() => this.sendView(session));
  }

  move(session: Session, move: Move, moveCount: number): Done {
    return this.play.move(this.seatHeldBy(session), move, moveCount);
  }

  /** The host's move for a bot or voted-out seat. Returns whether the move stands. */
  playFor(seat: number, move: Move, moveCount: number): boolean {
    return !this.closed && this.play.playFor(seat, move, moveCount);
  }

  private persist(write: () => void, undo: () => void = () => {}): void {
    keepOrUndo(write, undo, this.ctx.report);
  }

  private changeSeats<T>(change: () => T): T {
    return keepSeatChange(this.table, this.ctx.store, change, this.ctx.report);
  }

  // -------------------------------------------------------------------------------------------
  // Telling people: the only places that send table or game content

  /**
   * The one notification after a change: the table's info (and the game's views) to everyone here, the
   * lobby list if it may show, and the bots, in case one is now to move.
   */
  changed({ table = true, views = false, list = false }: Changes): void {
    if (table) this.audience.sendTable(this.info());
    if (views) this.audience.sendViews();
    if (list) this.ctx.listChanged();
    this.ctx.bots.kick(this);
  }

  /** After a bug half way through telling people: everything again, as the table now is. */
  resend(): void {
    this.changed({ views: true, list: true });
  }

  /** The one place a view goes to one connection, whole (on its arrival: resume, spectate; and sync). */
  sendView(session: Session): void {
    this.audience.sendView(session, true);
  }

  /** The table goes: everyone here is told, its tokens open nothing, its files are deleted. */
  close(): void {
    this.closed = true;
    for (const s of this.audience.removeAll()) s.send({ type: 'left', tableId: this.id });
    for (const s of this.table.seats) this.ctx.tokens.revoke(s.tokenHash);
    void this.ctx.store.remove(this.id);
  }
}
