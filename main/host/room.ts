import { viewFor } from '../../shared/engine';
import type { Move } from '../../shared/engine';
import type { TableInfo, TableSummary } from '../../shared/protocol';
import type { BotDriver } from './bots';
import { TableError } from './errors';
import { hashToken, newSeed, newToken } from './ids';
import type { Session } from './session';
import { StorageError, type TableStore } from './store';
import type { Table } from './table';
import type { SeatTokens } from './tokens';
import type { ViewFeed } from './view-feed';

/** How soon the host tries again a bot's move that the disk refused. */
const STORAGE_RETRY_MS = 1000;

/** The room reaches the data folder only through these calls, always for its own table. */
export type RoomStore = Pick<
  TableStore,
  'track' | 'save' | 'saveDurably' | 'appendStart' | 'appendMove' | 'remove'
>;

/** What a room needs from the host around it. */
export interface RoomContext {
  store: RoomStore;
  tokens: SeatTokens;
  bots: BotDriver;
  /** Sends each connection its views, as deltas from the last one it was sent when that is smaller. */
  views: ViewFeed;
  /** The lobby list may have changed (seats taken, a game begun). */
  listChanged: () => void;
  report: (problem: string) => void;
}

/**
 * A request that took effect. A refusal, or an unexpected error before anything was kept, is thrown
 * instead (and nothing changed); `failedAfter` is a bug met after the change was kept, while telling people.
 */
export interface Done {
  failedAfter?: Error;
}

/**
 * One table and the connections at it: who sits where (held here and nowhere else), its persistence,
 * its games and moves, and every frame about it. Changes are kept on disk before anyone hears of them.
 */
export class Room {
  /** seat → the connection that speaks for it. */
  private readonly seated: (Session | null)[];
  private readonly spectators = new Set<Session>();
  /** Removed from the host: a bot's late move no longer lands. */
  private closed = false;

  private constructor(
    readonly table: Table,
    private readonly ctx: RoomContext,
  ) {
    this.seated = table.seats.map(() => null);
  }

  get id(): string {
    return this.table.id;
  }

  /** A table restored from the data folder: its folder is kept from now on, its tokens open it again. */
  static restored(table: Table, ctx: RoomContext): Room {
    const room = new Room(table, ctx);
    ctx.store.track(table.id, () => table.record());
    table.seats.forEach((s, seat) => {
      if (s.tokenHash) ctx.tokens.grant(s.tokenHash, table.id, seat);
    });
    ctx.store.save(table.id, true);
    return room;
  }

  /** A new table, on disk before anyone hears of it. Throws (and leaves no folder) if the disk refuses. */
  static created(table: Table, ctx: RoomContext): Room {
    const room = new Room(table, ctx);
    room.persist(() => ctx.store.track(table.id, () => table.record()));
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
    const seat = this.seated.indexOf(session);
    return seat < 0 ? null : seat;
  }

  private readonly connected = (seat: number): boolean => this.seated[seat] !== null;

  /** Open or finished, and nobody attached: such a table may go (a game in play is always kept). */
  get unattended(): boolean {
    return (
      this.table.status !== 'playing' && this.spectators.size === 0 && this.seated.every((s) => s === null)
    );
  }

  summary(): TableSummary {
    return this.table.summary(this.spectators.size);
  }

  info(): TableInfo {
    return this.table.info(this.spectators.size, this.connected, Date.now());
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
    this.ctx.tokens.grant(hashToken(token), this.id, seat);
    return this.after(() => this.attach(session, seat, token));
  }

  join(session: Session, name: string, wanted: number | undefined): Done {
    const token = newToken();
    const seat = this.changeSeats(() => this.table.join(name, wanted, hashToken(token), Date.now()));
    return this.after(() => {
      this.ctx.tokens.grant(hashToken(token), this.id, seat);
      this.attach(session, seat, token);
    });
  }

  /** The same person again (a new socket, a restarted app) with their seat's token. */
  resume(session: Session, seat: number, token: string): Done {
    const wasStandIn = this.table.seats[seat].standIn;
    return this.after(() => {
      this.attach(session, seat, token);
      if (wasStandIn) this.ctx.store.save(this.id, true);
      this.sendView(session, true);
    });
  }

  /** Attaches the session to its seat and tells it and the table. */
  private attach(session: Session, seat: number, token: string): void {
    session.room?.detach(session);
    const previous = this.seated[seat];
    if (previous && previous !== session) {
      // The same person on a new socket: the old one no longer speaks for the seat.
      this.seated[seat] = null;
      previous.room = null;
      this.ctx.views.forget(previous);
      previous.send({ type: 'left', tableId: this.id });
    }
    this.seated[seat] = session;
    session.room = this;
    this.table.arrived(seat, Date.now());
    session.send({ type: 'joined', tableId: this.id, seat, token });
    this.changed({ list: true });
  }

  spectate(session: Session): Done {
    return this.after(() => {
      session.room?.detach(session);
      this.spectators.add(session);
      session.room = this;
      session.send({ type: 'spectating', tableId: this.id });
      this.sendTable();
      this.sendView(session, true);
      this.ctx.listChanged();
    });
  }

  /** Leaves the table; a seat is given up only before the game (its token then opens nothing). */
  leave(session: Session): Done {
    const seat = this.seatOf(session);
    if (seat !== null && this.table.status !== 'finished') {
      // A seat given up stays given up after a restart, its token void (in play: alreadyStarted).
      const freed = this.changeSeats(() => this.table.leave(seat, Date.now()));
      this.ctx.tokens.revoke(freed);
    }
    return this.after(() => {
      this.detach(session);
      session.send({ type: 'left', tableId: this.id });
      if (!this.deserted) this.ctx.store.save(this.id, true);
    });
  }

  /** An open table nobody holds a seat at any more: the hub removes it. */
  get deserted(): boolean {
    return this.table.status === 'open' && this.table.deserted;
  }

  /** Unhooks a session (gone, or off to another table); a person's seat stays theirs (away) unless they left it. */
  detach(session: Session): void {
    if (session.room !== this) return;
    session.room = null;
    this.ctx.views.forget(session);
    const seat = this.seatOf(session);
    if (seat === null) {
      this.spectators.delete(session);
    } else {
      this.seated[seat] = null;
      this.table.wentAway(seat, Date.now());
    }
    this.sendTable();
    this.ctx.listChanged();
  }

  setBot(session: Session, seat: number, bot: boolean): Done {
    const by = this.seatHeldBy(session);
    this.changeSeats(() => this.table.setBot(by, seat, bot, Date.now()));
    return this.after(() => this.changed({ list: true }));
  }

  replaceByBot(session: Session, seat: number): Done {
    const by = this.seatHeldBy(session);
    this.changeSeats(() => this.table.replaceByBot(by, seat, this.connected, Date.now()));
    return this.after(() => this.changed({}));
  }

  voteOut(session: Session, seat: number): Done {
    const by = this.seatHeldBy(session);
    const { out, revoked } = this.changeSeats(() => this.table.voteOut(by, seat, this.connected, Date.now()));
    return this.after(() => {
      this.ctx.tokens.revoke(revoked);
      this.changed({ list: out });
    });
  }

  // -------------------------------------------------------------------------------------------
  // Play

  start(session: Session): Done {
    const by = this.seatHeldBy(session);
    return this.beginGame(() => this.table.start(by, newSeed(), Date.now()));
  }

  rematch(session: Session): Done {
    const by = this.seatHeldBy(session);
    return this.beginGame(() => this.table.rematch(by, newSeed(), Date.now()));
  }

  /** A game begins once the log holds its start (its seed): a restart replays it from there. */
  private beginGame(begin: () => void): Done {
    this.persist(() => {
      begin();
      const state = this.table.state!;
      this.ctx.store.appendStart(this.id, this.table.game, state.options, state.seed);
    }, this.table.checkpoint());
    return this.after(() => {
      this.ctx.store.save(this.id, true);
      this.changed({ views: true, list: true });
    });
  }

  /** The whole view again, for a client whose view a delta did not fit (it missed a frame). */
  sync(session: Session): Done {
    if (!this.table.state)
      throw new TableError('notStarted', 'the game has not started: there is no view yet');
    return this.after(() => this.sendView(session, true));
  }

  move(session: Session, move: Move, moveCount: number): Done {
    return this.applyMove(this.seatHeldBy(session), move, moveCount);
  }

  /** The one path of every move, a person's or a bot's: check, apply, log, then tell everyone. */
  private applyMove(seat: number, move: Move, moveCount: number): Done {
    const before = this.table.status;
    // Nobody hears of a move before the log holds it.
    this.persist(
      () => this.ctx.store.appendMove(this.id, this.table.play(seat, move, moveCount, Date.now())),
      this.table.checkpoint(),
    );
    return this.after(() => {
      this.ctx.store.save(this.id);
      const ended = this.table.status !== before;
      this.changed({ table: ended, views: true, list: ended });
    });
  }

  /** The host's move for a bot or voted-out seat. Returns whether the move stands. */
  playFor(seat: number, move: Move, moveCount: number): boolean {
    if (this.closed) return false;
    let done: Done;
    try {
      done = this.applyMove(seat, move, moveCount);
    } catch (e) {
      this.ctx.report(
        `table ${this.id}: the host's move for seat ${seat} was refused (${(e as Error).message})`,
      );
      // A disk that refused the move may take it later; nobody else can move meanwhile, so try again.
      if (e instanceof TableError && e.code === 'unavailable') {
        setTimeout(() => this.ctx.bots.kick(this), STORAGE_RETRY_MS).unref();
      }
      return false;
    }
    if (done.failedAfter) {
      // The move is logged and stands; something after it failed (a bug): tell everyone the game as it is.
      this.ctx.report(
        `table ${this.id}: after the host's move for seat ${seat}: ${done.failedAfter.message}`,
      );
      try {
        this.sendTable();
        this.sendViews();
      } catch {
        /* reported above */
      }
    }
    return true;
  }

  // -------------------------------------------------------------------------------------------
  // Keeping changes

  /**
   * Runs a write the change depends on; if it fails, undoes the change (an unexpected error too, so that
   * the caller may say nothing changed) and, for the disk's refusal, says why.
   */
  private persist(write: () => void, undo: () => void = () => {}): void {
    try {
      write();
    } catch (e) {
      undo();
      if (!(e instanceof StorageError)) throw e;
      this.ctx.report(e.message);
      throw new TableError(
        'unavailable',
        `the host could not save this (${e.code}); nothing changed: try again, or tell the host`,
      );
    }
  }

  /**
   * A seating change is on disk (snapshot written and fsynced) before anyone hears of it: a host killed
   * right after would otherwise come back without it, and a `joined` token would open nothing.
   */
  private changeSeats<T>(change: () => T): T {
    const undo = this.table.checkpoint();
    let result: T;
    try {
      result = change();
    } catch (e) {
      undo(); // a refusal (TableError) is thrown before any change, but an unexpected error may not be
      throw e;
    }
    this.persist(() => this.ctx.store.saveDurably(this.id), undo);
    return result;
  }

  /** Runs what follows a kept change: it has happened, whatever fails now. */
  private after(tell: () => void): Done {
    try {
      tell();
      return {};
    } catch (e) {
      return { failedAfter: e instanceof Error ? e : new Error(String(e)) };
    }
  }

  // -------------------------------------------------------------------------------------------
  // Telling people: the only places that send table or game content

  /**
   * The one notification after a change: the table's info (and the game's views) to everyone here, the
   * lobby list if it may show, and the bots, in case one is now to move.
   */
  changed({
    table = true,
    views = false,
    list = false,
  }: {
    table?: boolean;
    views?: boolean;
    list?: boolean;
  }) {
    if (table) this.sendTable();
    if (views) this.sendViews();
    if (list) this.ctx.listChanged();
    this.ctx.bots.kick(this);
  }

  /** After a bug half way through telling people: everything again, as the table now is. */
  resend(): void {
    this.changed({ views: true, list: true });
  }

  private sendTable(): void {
    const text = JSON.stringify({ type: 'table', table: this.info() });
    for (const s of this.seated) s?.sendText(text);
    for (const s of this.spectators) s.sendText(text);
  }

  /**
   * The game as one connection may see it: its own seat's projection, or the seatless one; as a delta
   * from the last view it was sent unless `whole` (join, resume, spectate, sync) or a delta cannot be.
   */
  private sendView(session: Session, whole = false): void {
    const state = this.table.state;
    if (state) this.ctx.views.send(session, this.id, viewFor(state, this.seatOf(session)), whole);
  }

  /** Each seat gets its own projection; spectators share the seatless one. */
  private sendViews(): void {
    const state = this.table.state;
    if (!state) return;
    for (const s of this.seated) if (s) this.sendView(s);
    if (this.spectators.size > 0) this.ctx.views.sendAll(this.spectators, this.id, viewFor(state, null));
  }

  /** The table goes: everyone here is told, its tokens open nothing, its files are deleted. */
  close(): void {
    this.closed = true;
    for (const s of [...this.seated, ...this.spectators]) {
      if (!s) continue;
      s.room = null;
      s.send({ type: 'left', tableId: this.id });
    }
    this.seated.fill(null);
    this.spectators.clear();
    for (const s of this.table.seats) this.ctx.tokens.revoke(s.tokenHash);
    void this.ctx.store.remove(this.id);
  }
}
