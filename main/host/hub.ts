import { PROTOCOL_VERSION, isEveningMessage } from '../../shared/protocol';
import type { ClientMessage, TableSummary } from '../../shared/protocol';
import type { FrozenTables } from './hand-over/frozen';
import { hubRooms } from './hand-over/hub-rooms';
import { MovedAway } from './hand-over/moved-away';
import type { HandOverRooms } from './hand-over/rooms';
import { BotDriver } from './bots';
import { CodeAttempts } from './code-attempts';
import type { BotBrain } from './bot-brain';
import type { Cancel, Clock } from './clock';
import { TableError } from './errors';
import { freeTableId, hashToken, newSeed } from './ids';
import { idleLongerThan, longestUnattended } from './idle-tables';
import type { GameArchive } from './history/archive';
import type { HostLimits } from './limits';
import { Handshake } from './handshake';
import { Lobby } from './lobby';
import { EveningHost } from './evening-host';
import { eveningRoomContext } from './evening-tables';
import type { TableRecord } from './table-record';
import { answer } from './answer';
import { afterKept } from './changes';
import type { Room, Arrival, Carried, RoomContext } from './room';
import { createdRoom, restoredRoom, seatedRoom } from './room-opening';
import type { Session } from './session';
import type { TableStore } from './store';

type Msg<T extends ClientMessage['type']> = Extract<ClientMessage, { type: T }>;

/**
 * What spans the host's tables: the table map, the lobby list, eviction, and the dispatch of
 * every parsed client message to the room it concerns. Everything about one table is its `Room`'s.
 */
export class Hub {
  private readonly rooms = new Map<string, Room>();
  private readonly lobby: Lobby;
  private readonly bots: BotDriver;
  private readonly context: RoomContext;
  /** The host's evening of several tables (its messages go to it), and what its tables reach the host through. */
  private readonly evening: EveningHost;
  private readonly eveningContext: RoomContext;
  /** Wrong seat codes per connection and per address, across tables. */
  private readonly codes: CodeAttempts;
  private readonly handshake: Handshake;
  private stopping = false;
  private readonly stopJanitor: Cancel;
  /** Where tables handed over went: a token brought back is told, the lobby list says (memory only). */
  private readonly movedAway = new MovedAway();
  /** What a hand-over reaches of the tables (main/host/hand-over). */
  readonly handOverRooms: HandOverRooms;

  constructor(
    hostInfo: { name: string; version: string },
    private readonly limits: HostLimits,
    private readonly store: TableStore,
    brain: BotBrain,
    private readonly report: (problem: string) => void,
    private readonly clock: Clock,
    history: Pick<GameArchive, 'started' | 'finished'>,
    /** False: every view goes whole (protocol 1's traffic), for measuring what deltas save. */
    viewDeltas = true,
    /** The protocol this host speaks: PROTOCOL_VERSION, except a test's host of another version. */
    protocol = PROTOCOL_VERSION,
    /** The tables a hand-over is moving: requests that would change them are refused (`moving`). */
    private readonly frozen?: FrozenTables,
    seeds: () => number = newSeed, // new games' shuffle seeds (HostOptions.seeds)
  ) {
    this.handshake = new Handshake(hostInfo, protocol);
    this.bots = new BotDriver(brain, limits, report, clock);
    this.codes = new CodeAttempts(() => clock.now());
    this.lobby = new Lobby(() => this.summaries(), report, clock, this.movedAway);
    this.context = {
      store,
      history,
      limits,
      bots: this.bots,
      clock,
      seeds,
      viewDeltas,
      lobbyChanged: () => this.lobby.changed(),
      report,
    };
    this.evening = new EveningHost({
      store,
      createTable: (record, seed) => this.addEveningTable(record, seed),
      hasTable: (id) => this.rooms.has(id),
      newTableId: () => freeTableId((id) => this.rooms.has(id)),
      archive: (table) => history.finished(table),
      now: () => clock.now(),
      soon: (fn) => void clock.after(0, fn),
      report,
    });
    this.eveningContext = eveningRoomContext(this.context, this.evening);
    this.handOverRooms = hubRooms({
      rooms: this.rooms,
      store,
      evening: this.evening,
      contextOf: (record) => (record.evening ? this.eveningContext : this.context),
      lobbyChanged: () => this.lobby.changed(),
      movedAway: this.movedAway,
    });
    this.stopJanitor = clock.every(Math.min(60_000, limits.idleTableMs), () => this.removeIdleTables());
  }

  /** Loads the data folder's tables (a restart). Returns how many were restored. */
  restore(): number {
    this.evening.restore();
    for (const stored of this.store.loadAll()) {
      const room = restoredRoom(stored, stored.record.evening ? this.eveningContext : this.context);
      if (room) this.rooms.set(room.id, room);
    }
    this.evening.ensureTables();
    // A game that ended before the host stopped is history; one whose archiving a crash cut short is archived now.
    for (const room of this.rooms.values()) room.archiveIfFinished();
    for (const room of this.rooms.values()) room.wakeBots();
    return this.rooms.size;
  }

  summaries(): TableSummary[] {
    return [...this.rooms.values()].sort((a, b) => a.createdAt - b.createdAt).map((r) => r.summary());
  }

  onTablesChanged(cb: (tables: TableSummary[]) => void): () => void {
    return this.lobby.listen(cb);
  }

  /**
   * A connection went away: its seat (if any) stays its person's, away. While the host stops, its rooms
   * hear nothing of it: the seats stay as the final snapshot has them (whoever was there is away from the
   * restart on), and no line is written after it, to a folder that may already be gone.
   */
  disconnected(session: Session): void {
    this.lobby.unwatch(session);
    this.evening.disconnected(session);
    this.codes.forget(session);
    if (!this.stopping) this.roomOf(session)?.detach(session);
  }

  /** The room the connection is at, if any: each room's audience is the one record of who is there. */
  private roomOf(session: Session): Room | undefined {
    for (const room of this.rooms.values()) if (room.has(session)) return room;
    return undefined;
  }

  /**
   * The second step of coming to a table, once the room kept the seat: the connection leaves the table it
   * was at (a connection is at one at a time), then arrives here; it no longer watches the lobby list.
   */
  private moveTo(session: Session, room: Room, arrival: Arrival): Carried {
    return afterKept(() => {
      this.lobby.unwatch(session);
      this.roomOf(session)?.detach(session);
      room.attach(session, arrival);
    });
  }

  // -------------------------------------------------------------------------------------------
  // Dispatch

  handle(session: Session, msg: ClientMessage): void {
    // While stopping, nothing may change after the final snapshot.
    if (this.stopping) return session.error('unavailable', 'the host is stopping', { to: msg.type });
    if (!this.handshake.passes(session, msg)) return;
    answer(session, msg.type, () => this.dispatch(session, msg), {
      moveCount: () => this.roomOf(session)?.moveCount,
      resend: () => this.roomOf(session)?.resend(),
      report: this.report,
    });
  }

  /** Returns what a request that changed something came to; a refusal is thrown. */
  private dispatch(session: Session, msg: Exclude<ClientMessage, { type: 'hello' }>): Carried | void {
    if (isEveningMessage(msg)) return this.evening.handle(session, msg, this.roomOf(session) !== undefined);
    switch (msg.type) {
      case 'ping':
        return session.send({ type: 'pong', id: msg.id });
      case 'listTables':
        this.evening.watch(session);
        return this.lobby.watch(session);
      case 'createTable':
        return this.createTable(session, msg);
      case 'join': {
        const room = this.room(msg.tableId);
        this.frozen?.check(room.id, msg.type);
        this.requireFree(session);
        room.door.admit(this.codes, session, msg.code);
        return this.moveTo(session, room, room.door.join(msg.name, msg.seat));
      }
      case 'resume':
        return this.resume(session, msg.token);
      case 'spectate': {
        const room = this.room(msg.tableId);
        this.requireFree(session);
        return this.moveTo(session, room, room.door.spectate(msg.name ?? null));
      }
      case 'leave':
        return this.leave(session);
      default: {
        const room = this.roomAt(session);
        this.frozen?.check(room.id, msg.type);
        return room.handle(session, msg);
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Finding the room

  private room(id: string): Room {
    const room = this.rooms.get(id);
    if (!room) throw new TableError('noSuchTable', `no table ${id} on this host`);
    return room;
  }

  /** The room the session is at, or a notSeated refusal. */
  private roomAt(session: Session): Room {
    const room = this.roomOf(session);
    if (!room) throw new TableError('notSeated', 'you hold no seat at a table');
    return room;
  }

  /** A person takes part in one table at a time; a finished game or spectating does not hold them. */
  private requireFree(session: Session): void {
    const room = this.roomOf(session);
    const seat = room?.seatOf(session) ?? null;
    if (room && seat !== null && !room.finished) {
      throw new TableError('alreadySeated', `you hold seat ${seat} at "${room.name}"; leave it first`);
    }
  }

  private createTable(session: Session, msg: Msg<'createTable'>): Carried {
    this.requireFree(session);
    if (this.rooms.size >= this.limits.maxTables && !this.evictUnattendedTable()) {
      throw new TableError('tooManyTables', `this host holds its maximum of ${this.limits.maxTables} tables`);
    }
    const id = freeTableId((id) => this.rooms.has(id));
    const { name, options, lang } = msg;
    const creator = { name: msg.player, seat: msg.seat ?? 0 };
    const { room, creator: arrival } = createdRoom(
      { id, name, options, creator, bots: msg.bots ?? [], lang },
      this.context,
    );
    this.rooms.set(id, room);
    return this.moveTo(session, room, arrival);
  }

  /** A table of the evening's heat: made seated and dealt, then its bots may play. */
  private addEveningTable(record: TableRecord, seed: number): void {
    const room = seatedRoom(record, seed, this.eveningContext);
    this.rooms.set(room.id, room);
    this.lobby.changed();
    room.wakeBots();
  }

  /** The room whose seat the token opens (each room knows its seats' token hashes) takes the person back. */
  private resume(session: Session, token: string): Carried | void {
    const hash = hashToken(token);
    const rooms = [...this.rooms.values()];
    const room = rooms.find((r) => r.door.seatOpenedBy(hash) !== null);
    if (room) return this.moveTo(session, room, room.door.resume(token));
    const moved = this.movedAway.of(hash);
    if (moved) return session.send({ type: 'moved', ...moved });
    if (rooms.some((r) => r.door.removed(hash)))
      throw new TableError('removed', 'the host of the table removed you from it');
    throw new TableError('badToken', 'this token opens no seat on this host');
  }

  private leave(session: Session): Carried {
    const room = this.roomOf(session);
    if (!room) throw new TableError('notSeated', 'you are not at a table');
    this.frozen?.check(room.id, 'leave'); // giving a seat up is a seat change the hand-over would miss
    const done = room.leave(session);
    if (room.deserted) this.removeRoom(room);
    return done;
  }

  // -------------------------------------------------------------------------------------------
  // Eviction

  /**
   * The host's person closes a finished table (the desktop app's lobby): off the list, everyone still
   * there told (`left`), its files kept. A table still open or playing is refused: it is someone's game.
   */
  closeFinished(tableId: string): void {
    const room = this.rooms.get(tableId);
    if (!room) throw new Error(`no table ${tableId} on this host`);
    if (!room.finished)
      throw new Error(`"${room.name}" is not finished: only a finished table can be closed`);
    this.removeRoom(room, true);
  }

  private removeRoom(room: Room, keepFiles = false): void {
    this.rooms.delete(room.id);
    room.close({ keepFiles });
    this.lobby.changed();
  }

  /** Open and finished tables nobody is at are removed after the idle time. */
  private removeIdleTables(): void {
    const idle = idleLongerThan(this.rooms.values(), this.clock.now(), this.limits.idleTableMs);
    for (const room of idle) this.removeRoom(room);
  }

  /** At the table cap, the longest-unattended table that may go makes room. */
  private evictUnattendedTable(): boolean {
    const room = longestUnattended(this.rooms.values());
    if (room) this.removeRoom(room);
    return room !== undefined;
  }

  /** Stops bots, the lobby and the rooms' timers: nothing changes after this. The caller closes sockets and store. */
  async shutdown(): Promise<void> {
    this.stopping = true;
    this.stopJanitor();
    this.lobby.stop();
    for (const room of this.rooms.values()) room.stop();
    await this.bots.stop();
  }
}
