import { viewFor } from '../../shared/engine';
import type { Move } from '../../shared/engine';
import { CLOSE_CODES, PROTOCOL_VERSION } from '../../shared/protocol';
import type { ClientMessage, TableSummary } from '../../shared/protocol';
import { BotDriver } from './bots';
import type { BotBrain } from './bot-brain';
import { TableError } from './errors';
import { hashToken, newSeed, newTableId, newToken } from './ids';
import type { HostLimits } from './limits';
import { restoreTable } from './restore';
import type { Session } from './session';
import { StorageError, type TableStore } from './store';
import { Table } from './table';

interface Presence {
  seats: (Session | null)[];
  spectators: Set<Session>;
}

/** How soon the host tries again a bot's move that the disk refused. */
const STORAGE_RETRY_MS = 1000;

type Msg<T extends ClientMessage['type']> = Extract<ClientMessage, { type: T }>;

/**
 * The host's tables, seats and connections. Every parsed client message comes through `handle`; every
 * byte about a game goes out through `pushViews`, which sends each seat only `viewFor` its own seat.
 */
export class Hub {
  private readonly tables = new Map<string, Table>();
  /** sha256(token) → seat. Tokens themselves are never stored. */
  private readonly tokens = new Map<string, { tableId: string; seat: number }>();
  private readonly presence = new Map<string, Presence>();
  private readonly sessions = new Set<Session>();
  private readonly listeners = new Set<(tables: TableSummary[]) => void>();
  private readonly bots: BotDriver;
  private listTimer: NodeJS.Timeout | null = null;
  private stopping = false;
  /** Set once the request being handled has changed something (kept on disk or told to someone). */
  private carriedOut = false;
  private readonly janitor: NodeJS.Timeout;

  constructor(
    private readonly hostInfo: { name: string; version: string },
    private readonly limits: HostLimits,
    private readonly store: TableStore,
    brain: BotBrain,
    private readonly report: (problem: string) => void,
  ) {
    this.bots = new BotDriver(
      brain,
      limits.botDelayMs,
      (t, seat, move, n) => this.automatedMove(t, seat, move, n),
      report,
    );
    this.janitor = setInterval(() => this.removeIdleTables(), Math.min(60_000, limits.idleTableMs));
    this.janitor.unref();
  }

  /** Loads the data folder's tables (a restart). Returns how many were restored. */
  restore(): number {
    const now = Date.now();
    for (const stored of this.store.loadAll()) {
      const table = restoreTable(stored, now, this.limits.awayGraceMs, this.report);
      if (!table) continue;
      this.register(table);
      table.seats.forEach((s, seat) => {
        if (s.tokenHash) this.tokens.set(s.tokenHash, { tableId: table.id, seat });
      });
      this.store.save(table.id, true);
    }
    for (const table of this.tables.values()) this.bots.kick(table);
    return this.tables.size;
  }

  private register(table: Table): void {
    // The folder first: a table the store cannot keep is never listed.
    this.store.track(table.id, () => table.record());
    this.tables.set(table.id, table);
    this.presence.set(table.id, { seats: table.seats.map(() => null), spectators: new Set() });
  }

  /** Undoes `register` for a new table nobody has heard of. */
  private unregister(table: Table): void {
    this.tables.delete(table.id);
    this.presence.delete(table.id);
    void this.store.remove(table.id);
  }

  /**
   * Runs a write the change depends on; if it fails, undoes the change (an unexpected error too, so that
   * `internal` may say nothing changed) and, for the disk's refusal, says why. Once it succeeds the
   * change has happened, whatever fails after.
   */
  private persist(write: () => void, undo: () => void = () => {}): void {
    try {
      write();
    } catch (e) {
      undo();
      if (!(e instanceof StorageError)) throw e;
      this.report(e.message);
      throw new TableError(
        'unavailable',
        `the host could not save this (${e.code}); nothing changed: try again, or tell the host`,
      );
    }
    this.carriedOut = true;
  }

  /**
   * A seating change is on disk (snapshot written and fsynced) before anyone hears of it: a host killed
   * right after would otherwise come back without it, and a `joined` token would open nothing.
   */
  private changeSeats<T>(table: Table, change: () => T): T {
    const undo = table.checkpoint();
    let result: T;
    try {
      result = change();
    } catch (e) {
      undo(); // a refusal (TableError) is thrown before any change, but an unexpected error may not be
      throw e;
    }
    this.persist(() => this.store.saveDurably(table.id), undo);
    return result;
  }

  // -------------------------------------------------------------------------------------------
  // Lobby list

  summaries(): TableSummary[] {
    return [...this.tables.values()]
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((t) => t.summary(this.presence.get(t.id)!.spectators.size));
  }

  onTablesChanged(cb: (tables: TableSummary[]) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  /** Lobby updates are coalesced: a burst of joins sends one list. */
  private tablesChanged(): void {
    this.listTimer ??= setTimeout(() => {
      this.listTimer = null;
      const tables = this.summaries();
      const text = JSON.stringify({ type: 'tables', tables });
      for (const s of this.sessions) if (s.watching) s.sendText(text);
      for (const cb of this.listeners) {
        try {
          cb(tables);
        } catch (e) {
          this.report(`tables listener failed: ${(e as Error).message}`);
        }
      }
    }, 50);
  }

  // -------------------------------------------------------------------------------------------
  // Connections

  connected(session: Session): void {
    this.sessions.add(session);
  }

  disconnected(session: Session): void {
    this.sessions.delete(session);
    this.detach(session);
  }

  handle(session: Session, msg: ClientMessage): void {
    // While stopping, nothing may change after the final snapshot.
    if (this.stopping) return session.error('unavailable', 'the host is stopping', { to: msg.type });
    if (msg.type === 'hello') return this.hello(session, msg);
    if (!session.greeted) return session.error('helloRequired', 'send hello first', { to: msg.type });
    this.carriedOut = false;
    try {
      switch (msg.type) {
        case 'ping':
          return session.send({ type: 'pong', id: msg.id });
        case 'listTables':
          session.watching = true;
          return session.send({ type: 'tables', tables: this.summaries() });
        case 'createTable':
          return this.createTable(session, msg);
        case 'join':
          return this.join(session, msg);
        case 'resume':
          return this.resume(session, msg);
        case 'spectate':
          return this.spectate(session, msg);
        case 'leave':
          return this.leave(session);
        case 'setBot':
          return this.seatAction(session, (t, seat) => t.setBot(seat, msg.seat, msg.bot, Date.now()), true);
        case 'start':
          return this.start(session);
        case 'move':
          return this.move(session, msg.move, msg.moveCount);
        case 'nextRound':
          return this.move(session, { type: 'nextRound' }, msg.moveCount);
        case 'rematch':
          return this.rematch(session);
        case 'replaceByBot':
          return this.seatAction(session, (t, seat) => t.replaceByBot(seat, msg.seat, Date.now()), false);
        case 'voteOut':
          return this.voteOut(session, msg.seat);
      }
    } catch (e) {
      if (!(e instanceof TableError)) return this.failed(session, msg.type, e);
      const table = session.tableId ? this.tables.get(session.tableId) : undefined;
      const moveCount = ['staleMove', 'notYourTurn', 'illegalMove'].includes(e.code)
        ? table?.state?.moveCount
        : undefined;
      session.error(e.code, e.message, { to: msg.type, ...(moveCount === undefined ? {} : { moveCount }) });
    }
  }

  /**
   * An unexpected error (a bug): the answer says truthfully whether the request took effect; if it did,
   * the table is sent again as it now is, since the broadcast may have stopped half way.
   */
  private failed(session: Session, to: ClientMessage['type'], e: unknown): void {
    this.report(`failed on ${to}: ${(e as Error).stack ?? String(e)}`);
    if (!this.carriedOut) {
      return session.error('internal', 'the host failed on this request (logged there); nothing changed', {
        to,
      });
    }
    session.error(
      'internal',
      'the host carried this out but then failed (logged there); the table as it now is follows',
      { to },
    );
    try {
      const table = session.tableId ? this.tables.get(session.tableId) : undefined;
      if (!table) return;
      this.pushTable(table);
      this.pushViews(table);
      this.tablesChanged();
      this.bots.kick(table);
    } catch (again) {
      this.report(`could not resend the table after that failure: ${(again as Error).message}`);
    }
  }

  private hello(session: Session, msg: Msg<'hello'>): void {
    if (msg.protocol !== PROTOCOL_VERSION) {
      session.error(
        'protocolMismatch',
        `this host speaks protocol ${PROTOCOL_VERSION}, the client ${msg.protocol}: update the older app`,
        { to: 'hello', protocol: PROTOCOL_VERSION },
      );
      session.close(CLOSE_CODES.protocolMismatch, 'protocol version mismatch');
      return;
    }
    session.greeted = true;
    session.send({ type: 'welcome', protocol: PROTOCOL_VERSION, host: this.hostInfo });
  }

  // -------------------------------------------------------------------------------------------
  // Seating

  private table(id: string): Table {
    const t = this.tables.get(id);
    if (!t) throw new TableError('noSuchTable', `no table ${id} on this host`);
    return t;
  }

  /** The table and seat this session holds, or a notSeated refusal. */
  private seated(session: Session): { table: Table; seat: number } {
    const table = session.tableId ? this.tables.get(session.tableId) : undefined;
    if (!table || session.seat === null) throw new TableError('notSeated', 'you hold no seat at a table');
    return { table, seat: session.seat };
  }

  /** A person takes part in one table at a time; a finished game or spectating does not hold them. */
  private requireFree(session: Session): void {
    const table = session.tableId ? this.tables.get(session.tableId) : undefined;
    if (table && session.seat !== null && table.status !== 'finished') {
      throw new TableError(
        'alreadySeated',
        `you hold seat ${session.seat} at "${table.name}"; leave it first`,
      );
    }
  }

  private createTable(session: Session, msg: Msg<'createTable'>): void {
    this.requireFree(session);
    if (this.tables.size >= this.limits.maxTables && !this.evictUnattendedTable()) {
      throw new TableError('tooManyTables', `this host holds its maximum of ${this.limits.maxTables} tables`);
    }
    let id = newTableId();
    while (this.tables.has(id)) id = newTableId();
    const token = newToken();
    const seat = msg.seat ?? 0;
    const now = Date.now();
    const table = Table.create(
      id,
      msg.name,
      msg.options,
      { name: msg.player, seat, tokenHash: hashToken(token) },
      msg.bots ?? [],
      now,
      this.limits.awayGraceMs,
    );
    this.persist(() => this.register(table));
    this.carriedOut = false; // the folder alone is not the table: undone below if the snapshot fails
    this.persist(
      () => this.store.saveDurably(id),
      () => this.unregister(table),
    );
    this.tokens.set(hashToken(token), { tableId: id, seat });
    this.seatSession(session, table, seat, token);
  }

  private join(session: Session, msg: Msg<'join'>): void {
    const table = this.table(msg.tableId);
    this.requireFree(session);
    const token = newToken();
    const seat = this.changeSeats(table, () => table.join(msg.name, msg.seat, hashToken(token), Date.now()));
    this.tokens.set(hashToken(token), { tableId: table.id, seat });
    this.seatSession(session, table, seat, token);
  }

  private resume(session: Session, msg: Msg<'resume'>): void {
    const hash = hashToken(msg.token);
    const entry = this.tokens.get(hash);
    const table = entry && this.tables.get(entry.tableId);
    if (!entry || !table || table.seats[entry.seat]?.tokenHash !== hash) {
      throw new TableError('badToken', 'this token opens no seat on this host');
    }
    const wasStandIn = table.seats[entry.seat].standIn;
    this.seatSession(session, table, entry.seat, msg.token);
    if (wasStandIn) this.store.save(table.id, true);
    if (table.state)
      session.send({ type: 'view', tableId: table.id, view: viewFor(table.state, entry.seat) });
  }

  /** Attaches the session to its seat and tells it and the table. */
  private seatSession(session: Session, table: Table, seat: number, token: string): void {
    this.detach(session);
    const presence = this.presence.get(table.id)!;
    const previous = presence.seats[seat];
    if (previous && previous !== session) {
      // The same person on a new socket: the old one no longer speaks for the seat.
      previous.tableId = null;
      previous.seat = null;
      previous.send({ type: 'left', tableId: table.id });
    }
    this.carriedOut = true;
    presence.seats[seat] = session;
    session.tableId = table.id;
    session.seat = seat;
    session.watching = false;
    table.setConnected(seat, true, Date.now());
    session.send({ type: 'joined', tableId: table.id, seat, token });
    this.pushTable(table);
    this.tablesChanged();
    this.bots.kick(table);
  }

  private spectate(session: Session, msg: Msg<'spectate'>): void {
    const table = this.table(msg.tableId);
    this.requireFree(session);
    this.detach(session);
    this.carriedOut = true;
    this.presence.get(table.id)!.spectators.add(session);
    session.tableId = table.id;
    session.seat = null;
    session.watching = false;
    session.send({ type: 'spectating', tableId: table.id });
    this.pushTable(table);
    if (table.state) session.send({ type: 'view', tableId: table.id, view: viewFor(table.state, null) });
    this.tablesChanged();
  }

  private leave(session: Session): void {
    const table = session.tableId ? this.tables.get(session.tableId) : undefined;
    if (!table) throw new TableError('notSeated', 'you are not at a table');
    const seat = session.seat;
    if (seat !== null && table.status !== 'finished') {
      // A seat given up stays given up after a restart, its token void (in play: alreadyStarted).
      const freed = this.changeSeats(table, () => table.leave(seat, Date.now()));
      if (freed) this.tokens.delete(freed);
    }
    this.detach(session);
    this.carriedOut = true;
    session.send({ type: 'left', tableId: table.id });
    if (table.status === 'open' && table.deserted) return void this.removeTable(table);
    this.store.save(table.id, true);
  }

  /** Unhooks a session from its table; a person's seat stays theirs (away) unless they left it. */
  private detach(session: Session): void {
    const table = session.tableId ? this.tables.get(session.tableId) : undefined;
    const seat = session.seat;
    session.tableId = null;
    session.seat = null;
    if (!table) return;
    const presence = this.presence.get(table.id)!;
    if (seat === null) {
      presence.spectators.delete(session);
    } else if (presence.seats[seat] === session) {
      presence.seats[seat] = null;
      table.setConnected(seat, false, Date.now());
    }
    this.pushTable(table);
    this.tablesChanged();
  }

  /** A creator-only or seat-only action that changes seats, not the game. */
  private seatAction(session: Session, action: (t: Table, seat: number) => void, listChanges: boolean): void {
    const { table, seat } = this.seated(session);
    this.changeSeats(table, () => action(table, seat));
    this.pushTable(table);
    if (listChanges) this.tablesChanged();
    this.bots.kick(table);
  }

  private voteOut(session: Session, target: number): void {
    const { table, seat } = this.seated(session);
    const { out, revoked } = this.changeSeats(table, () => table.voteOut(seat, target, Date.now()));
    if (revoked) this.tokens.delete(revoked);
    this.pushTable(table);
    if (out) this.tablesChanged();
    this.bots.kick(table);
  }

  // -------------------------------------------------------------------------------------------
  // Play

  private start(session: Session): void {
    const { table, seat } = this.seated(session);
    this.beginGame(table, () => table.start(seat, newSeed(), Date.now()));
  }

  private rematch(session: Session): void {
    const { table, seat } = this.seated(session);
    this.beginGame(table, () => table.rematch(seat, newSeed(), Date.now()));
  }

  /** A game begins once the log holds its start (its seed): a restart replays it from there. */
  private beginGame(table: Table, begin: () => void): void {
    const undo = table.checkpoint();
    this.persist(() => {
      begin();
      const state = table.state!;
      this.store.appendStart(table.id, table.game, state.options, state.seed);
    }, undo);
    this.store.save(table.id, true);
    this.pushTable(table);
    this.pushViews(table);
    this.tablesChanged();
    this.bots.kick(table);
  }

  private move(session: Session, move: Move, moveCount: number): void {
    const { table, seat } = this.seated(session);
    this.applyMove(table, seat, move, moveCount);
  }

  /** The one path of every move, a person's or a bot's: check, apply, log, then tell everyone. */
  private applyMove(table: Table, seat: number, move: Move, moveCount: number): void {
    const before = table.status;
    const undo = table.checkpoint();
    // Nobody hears of a move before the log holds it.
    this.persist(() => this.store.appendMove(table.id, table.play(seat, move, moveCount, Date.now())), undo);
    this.store.save(table.id);
    this.pushViews(table);
    if (table.status !== before) {
      this.pushTable(table);
      this.tablesChanged();
    }
    this.bots.kick(table);
  }

  private automatedMove(table: Table, seat: number, move: Move, moveCount: number): boolean {
    if (this.tables.get(table.id) !== table) return false;
    this.carriedOut = false;
    try {
      this.applyMove(table, seat, move, moveCount);
      return true;
    } catch (e) {
      if (this.carriedOut) {
        // The move is logged and stands; something after it failed (a bug): tell everyone the game as it is.
        this.report(`table ${table.id}: after the host's move for seat ${seat}: ${(e as Error).message}`);
        try {
          this.pushTable(table);
          this.pushViews(table);
        } catch {
          /* reported above */
        }
        return true;
      }
      this.report(
        `table ${table.id}: the host's move for seat ${seat} was refused (${(e as Error).message})`,
      );
      // A disk that refused the move may take it later; nobody else can move meanwhile, so try again.
      if (e instanceof TableError && e.code === 'unavailable') {
        setTimeout(() => this.bots.kick(table), STORAGE_RETRY_MS).unref();
      }
      return false;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Output: the only places that send table or game content

  private pushTable(table: Table): void {
    const presence = this.presence.get(table.id);
    if (!presence) return;
    const text = JSON.stringify({ type: 'table', table: table.info(presence.spectators.size, Date.now()) });
    for (const s of presence.seats) s?.sendText(text);
    for (const s of presence.spectators) s.sendText(text);
  }

  /** Each seat gets its own projection; spectators share the seatless one. */
  private pushViews(table: Table): void {
    const state = table.state;
    const presence = this.presence.get(table.id);
    if (!state || !presence) return;
    presence.seats.forEach((s, seat) =>
      s?.send({ type: 'view', tableId: table.id, view: viewFor(state, seat) }),
    );
    if (presence.spectators.size === 0) return;
    const text = JSON.stringify({ type: 'view', tableId: table.id, view: viewFor(state, null) });
    for (const s of presence.spectators) s.sendText(text);
  }

  // -------------------------------------------------------------------------------------------
  // Housekeeping

  private removeTable(table: Table): void {
    const presence = this.presence.get(table.id)!;
    for (const s of [...presence.seats, ...presence.spectators]) {
      if (!s) continue;
      s.tableId = null;
      s.seat = null;
      s.send({ type: 'left', tableId: table.id });
    }
    for (const s of table.seats) if (s.tokenHash) this.tokens.delete(s.tokenHash);
    this.tables.delete(table.id);
    this.presence.delete(table.id);
    void this.store.remove(table.id);
    this.tablesChanged();
  }

  /** Open or finished, and nobody attached: such a table may go (a game in play is always kept). */
  private unattended(table: Table): boolean {
    const p = this.presence.get(table.id)!;
    return table.status !== 'playing' && p.spectators.size === 0 && p.seats.every((s) => s === null);
  }

  /** Open and finished tables nobody is at are removed after the idle time. */
  private removeIdleTables(): void {
    const now = Date.now();
    for (const table of [...this.tables.values()]) {
      if (this.unattended(table) && now - table.lastActivity > this.limits.idleTableMs)
        this.removeTable(table);
    }
  }

  /** At the table cap, the longest-unattended table that may go makes room. */
  private evictUnattendedTable(): boolean {
    const candidates = [...this.tables.values()].filter((t) => this.unattended(t));
    if (candidates.length === 0) return false;
    this.removeTable(candidates.reduce((a, b) => (a.lastActivity <= b.lastActivity ? a : b)));
    return true;
  }

  /** Heartbeat: drops sockets that did not answer the last ping, pings the rest. */
  heartbeat(): void {
    for (const s of this.sessions) {
      if (!s.alive) {
        s.terminate();
        continue;
      }
      s.alive = false;
      s.ping();
    }
  }

  get connectionCount(): number {
    return this.sessions.size;
  }

  /** Closes every connection and stops bots; the caller then flushes the store. */
  async shutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.janitor);
    if (this.listTimer) clearTimeout(this.listTimer);
    for (const s of this.sessions) s.close(CLOSE_CODES.shutdown, 'host stopping');
    await this.bots.stop();
  }
}
