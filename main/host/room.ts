import type {
  ClientMessage,
  EveningMessageType,
  ServerMessage,
  TableInfo,
  TableSummary,
} from '../../shared/protocol';
import { Audience } from './audience';
import { afterKept, type Announcement, type Carried } from './changes';
import { TableError } from './errors';
import { eveningTableRefuses } from './evening-tables';
import type { HostedTable } from './hosted-table';
import { TableReactions } from './reaction-gate';
import type { RoomContext } from './room-context';
import { RoomClock } from './room-clock';
import { RoomPlay, type HeldVotes } from './room-play';
import { RoomSeats, type Arrival, type RoomDoor } from './room-seats';
import type { Session } from './session';
import type { TableRecord } from './table-record';
import { tableInfo, tableSummary } from './table-info';

export type { Carried } from './changes';
export type { Arrival, RoomDoor } from './room-seats';
export type { RoomContext } from './room-context';

/** The messages the hub handles itself: coming, going, the lobby (and the evening's). */
type HubMessage = 'hello' | 'ping' | 'listTables' | 'createTable' | 'join' | 'resume' | 'spectate' | 'leave';

/** The messages about the table a connection is at. */
export type TableMessage = Exclude<ClientMessage, { type: HubMessage | EveningMessageType }>;

/**
 * One table and the connections at it: who is here (its `Audience`), the dispatch of its messages (seats
 * through `RoomSeats`, games, the bots' moves and the round timer through `RoomPlay`), the one `announce`
 * after a change, and closing. Each change is in its log before anyone hears of it.
 */
export class Room {
  private readonly audience: Audience;
  private readonly play: RoomPlay;
  private readonly seats: RoomSeats;
  /** What the hub asks of the seats before a connection comes in: the code gate, seats kept, tokens. */
  readonly door: RoomDoor;
  /** The person to play's turn clock, and its timer. */
  private readonly turnTimer: RoomClock;
  private readonly reactions = new TableReactions((seat, reaction) =>
    this.audience.sendReaction(seat, reaction),
  );

  /** Made by room-opening.ts: a new table, one restored, or an evening's. */
  constructor(
    private readonly table: HostedTable,
    private readonly ctx: RoomContext,
    unattendedSince: number | null,
  ) {
    this.audience = new Audience(table, ctx.viewDeltas, unattendedSince ?? ctx.clock.now());
    const announce = (announcement: Announcement) => this.announce(announcement);
    this.play = new RoomPlay(table, ctx, announce);
    this.door = this.seats = new RoomSeats(table, this.audience, this.play, ctx, announce, unattendedSince);
    this.turnTimer = new RoomClock(table, ctx);
  }

  /** After a restart: a game that ended before the host stopped is history (a crash may have cut that short). */
  archiveIfFinished(): void {
    this.ctx.history.finished(this.table);
  }

  /** The host plays its seats here, if one of them is to move. */
  wakeBots(): void {
    this.ctx.bots.kick(this.play.forBots);
  }

  get id(): string {
    return this.table.id;
  }

  get name(): string {
    return this.table.name;
  }

  /** The store keeps this table from now on (a snapshot is its record); `logLines`: its log's lines so far. */
  track(logLines?: number): void {
    this.ctx.store.track(this.id, () => this.record(), logLines);
  }

  /** After a restart, nobody back yet: the vote between rounds (its graces began again) and the turn clock. */
  restarted(): void {
    this.play.watchRoundVote();
    this.turnTimer.follow(this.audience.connected); // a running clock waits for its player
  }

  /** An evening's table: its one game, dealt from the heat's seed (nobody is here to be told yet). */
  deal(seed: number): void {
    this.play.start(this.table.seating.creator, seed);
  }

  private record(): TableRecord {
    return { ...this.table.record(), unattendedSince: this.audience.emptySince };
  }

  // -------------------------------------------------------------------------------------------
  // What the hub asks of a table

  /** Whether this connection is here (seated or watching): a connection is at one table at most. */
  has(session: Session): boolean {
    return this.audience.has(session);
  }

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

  // -------------------------------------------------------------------------------------------
  // Coming and going: the room keeps the seat (an `Arrival`, through its `door`), then the hub takes the
  // connection from the table it was at (`detach`) and brings it here (`attach`)

  /** The connection comes here (it is at no other table): it sits (or watches); it and the table are told. */
  attach(session: Session, arrival: Arrival): void {
    if ('watcher' in arrival) this.audience.watch(session, arrival.watcher);
    else {
      // The same person on a new socket: the old one no longer speaks for the seat.
      this.audience.sit(session, arrival.seat)?.send({ type: 'left', tableId: this.id });
      this.table.seating.arrived(arrival.seat);
    }
    this.seats.log.attendanceChanged();
    session.send(
      'watcher' in arrival
        ? { type: 'spectating', tableId: this.id }
        : { type: 'joined', tableId: this.id, seat: arrival.seat, token: arrival.token },
    );
    this.announce({ lobbyList: true });
    if ('watcher' in arrival || arrival.resumed) this.sendView(session);
  }

  /** Unhooks a connection (gone, or off to another table); a person's seat stays theirs (away) unless they left it. */
  detach(session: Session): void {
    if (!this.audience.has(session)) return;
    const now = this.ctx.clock.now();
    const seat = this.audience.remove(session, now);
    if (seat !== null) this.table.seating.wentAway(seat, now);
    this.seats.log.attendanceChanged();
    this.announce({ lobbyList: true });
  }

  /**
   * Leaves the table; a seat is given up only before the game (its token then opens nothing). After a game
   * the seat stays the person's, away, as when they hang up: the rematch vote waits for them, and after
   * the grace the others may let a bot stand in (it agrees) or vote them out; their token takes it back.
   */
  leave(session: Session): Carried {
    this.seats.leave(this.seatOf(session));
    return afterKept(() => {
      this.detach(session);
      session.send({ type: 'left', tableId: this.id });
    });
  }

  // -------------------------------------------------------------------------------------------
  // The table's messages: who asks is checked here; seats are RoomSeats', games RoomPlay's

  /** Returns what a request that changed something came to; a refusal is thrown. */
  handle(session: Session, msg: TableMessage): Carried | void {
    switch (msg.type) {
      case 'react': // a quick reaction: to everyone here at once, if the seat's rate allows; nothing keeps it
        return this.reactions.react(this.seatOf(session), msg.reaction, this.ctx.clock.now());
      case 'sync':
        return this.sync(session);
    }
    const by = this.seatOf(session);
    if (by === null) throw new TableError('notSeated', 'you hold no seat at a table');
    // An evening's table plays one game, its seats the evening's: nobody holds it as its creator.
    if (this.table.evening && eveningTableRefuses(msg.type))
      throw new TableError('eveningTable', `an evening's table does not take "${msg.type}"`);
    switch (msg.type) {
      case 'setBot':
        return this.seats.setBot(by, msg.seat, msg.bot, {
          level: msg.level ?? null,
          think: msg.think ?? null,
          lang: msg.lang,
        });
      case 'replaceByBot':
        return this.seats.replaceByBot(by, msg.seat);
      case 'voteOut':
        return this.seats.voteOut(by, msg.seat);
      case 'lockTable':
        return this.seats.lockTable(by, msg.locked, msg.watchers);
      case 'setCode':
        return this.seats.setCode(by, msg.code);
      case 'removePerson':
        return this.seats.removePerson(by, msg.seat);
      case 'botTurn':
        return this.botTurn(by, msg.seat);
      case 'start':
        return this.told(this.play.start(by));
      case 'turn': // a person's confirmed turn, applied whole or refused whole; everyone hears of it once
        return this.told(this.play.turn(by, msg.steps, msg.moveCount));
      case 'ready': // between rounds; the last yes needed deals the next round for everyone
        return this.told(this.play.ready(by, msg.ready ?? true));
      case 'rematch': // the last vote needed starts the game for everyone
        return this.told(this.play.rematch(by, msg.ready ?? true));
    }
  }

  /** A change is kept: everyone who must hears of it. */
  private told(announcement: Announcement): Carried {
    return afterKept(() => this.announce(announcement));
  }

  /** `seat`'s turn clock ran out: a bot plays this one turn for them, then the seat is theirs again. */
  private botTurn(by: number, seat: number): Carried {
    this.turnTimer.follow(this.audience.connected); // its time may be up this very moment
    this.table.turnClock.askBot(by, seat);
    this.ctx.store.save(this.id);
    return this.told({});
  }

  /** The whole view again, for a client whose view a delta did not fit (it missed a frame). */
  private sync(session: Session): Carried {
    if (!this.table.state)
      throw new TableError('notStarted', 'the game has not started: there is no view yet');
    return afterKept(() => this.sendView(session));
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
    this.seats.tellCreatorCode();
    if (views) this.audience.sendViews();
    // A new turn's clock (after its view, which shows whose turn it is).
    if (clockChanged && !tableInfo) this.audience.sendTable(this.info());
    if (lobbyList) this.ctx.lobbyChanged();
    this.ctx.bots.kick(this.play.forBots);
    this.play.watchRoundVote();
    this.turnTimer.watch(() => this.announce({ tableInfo: false }));
  }

  /** After a bug half way through telling people: everything again, as the table now is. */
  resend(): void {
    this.announce({ views: true, lobbyList: true });
  }

  /** The one place a view goes to one connection, whole (on its arrival: resume, spectate; and sync). */
  private sendView(session: Session): void {
    this.audience.sendView(session, true);
  }

  /** The host stops: no round is dealt, no bot's move lands and no turn clock runs out any more. */
  stop(): void {
    this.play.stop();
    this.turnTimer.stop();
  }

  /**
   * The table goes: everyone here is told, its tokens open nothing (the hub no longer asks it), its files
   * are deleted (or, `keepFiles`, moved out of the tables a start restores: a finished game closed by the host,
   * a table handed over). Returns the connections that were here.
   */
  close({ keepFiles = false, farewell }: { keepFiles?: boolean; farewell?: ServerMessage } = {}): Session[] {
    this.stop();
    const gone = this.audience.removeAll(this.ctx.clock.now());
    for (const s of gone) s.send(farewell ?? { type: 'left', tableId: this.id });
    void (keepFiles ? this.ctx.store.archive(this.id) : this.ctx.store.remove(this.id));
    return gone;
  }

  /** The ready and rematch votes (runtime, not in the log): a table handed over takes them along. */
  get votes(): HeldVotes {
    return this.play.votes();
  }

  /** A table handed over here: its votes as they were. */
  takeVotes(votes: HeldVotes): void {
    this.play.takeVotes(votes);
  }
}
