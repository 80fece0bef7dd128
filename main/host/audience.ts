import { viewFor } from '../../shared/engine';
import type { TableInfo } from '../../shared/protocol';
import type { Room } from './room';
import type { Session } from './session';
import type { Presence, Table } from './table';
import { ViewFeed } from './view-feed';

/**
 * The connections at one table, and every frame about it that goes to them. Who is connected to each
 * seat is held here and nowhere else (a connection's seat is where it sits in `seated`); the other end of
 * the link, `session.room`, is set and cleared only here.
 */
export class Audience {
  /** seat → the connection that speaks for it. */
  private readonly seated: (Session | null)[];
  /** Each watching connection, with the name it gave (null: none). */
  private readonly spectators = new Map<Session, string | null>();
  /** The last view each connection here was sent, so that the next can go as a delta. */
  private readonly feed: ViewFeed;

  constructor(
    private readonly table: Table,
    private readonly room: Room,
    viewDeltas = true,
  ) {
    this.seated = table.seats.map(() => null);
    this.feed = new ViewFeed(viewDeltas);
  }

  /** The seat this connection speaks for; null for a spectator or a stranger. */
  seatOf(session: Session): number | null {
    const seat = this.seated.indexOf(session);
    return seat < 0 ? null : seat;
  }

  readonly connected: Presence = (seat) => this.seated[seat] !== null;

  get spectatorCount(): number {
    return this.spectators.size;
  }

  /** The names spectators gave, sorted, each once. */
  get watching(): string[] {
    const names = [...this.spectators.values()].filter((n) => n !== null);
    return [...new Set(names)].sort((a, b) => a.localeCompare(b));
  }

  get empty(): boolean {
    return this.spectators.size === 0 && this.seated.every((s) => s === null);
  }

  /** The session speaks for the seat from now; returns the connection that did before (to be told). */
  sit(session: Session, seat: number): Session | null {
    const previous = this.seated[seat];
    this.seated[seat] = session;
    session.room = this.room;
    if (previous === null || previous === session) return null;
    previous.room = null;
    this.feed.forget(previous);
    return previous;
  }

  watch(session: Session, name: string | null): void {
    this.spectators.set(session, name);
    session.room = this.room;
  }

  /** Takes the session out; returns the seat it spoke for (null: it was a spectator). */
  remove(session: Session): number | null {
    session.room = null;
    this.feed.forget(session);
    const seat = this.seatOf(session);
    if (seat === null) this.spectators.delete(session);
    else this.seated[seat] = null;
    return seat;
  }

  /** Empties the table of connections; returns them. */
  removeAll(): Session[] {
    const all = [...this.seated.filter((s) => s !== null), ...this.spectators.keys()];
    this.seated.fill(null);
    this.spectators.clear();
    for (const s of all) {
      s.room = null;
      this.feed.forget(s);
    }
    return all;
  }

  // -------------------------------------------------------------------------------------------
  // The only places that send table or game content

  sendTable(info: TableInfo): void {
    const text = JSON.stringify({ type: 'table', table: info });
    for (const s of this.seated) s?.sendText(text);
    for (const s of this.spectators.keys()) s.sendText(text);
  }

  /**
   * The game as one connection may see it: its own seat's projection, or the seatless one; as a delta
   * from the last view it was sent unless `whole` (its arrival, sync) or a delta cannot be smaller.
   */
  sendView(session: Session, whole = false): void {
    const state = this.table.state;
    if (state) this.feed.send(session, this.table.id, viewFor(state, this.seatOf(session)), whole);
  }

  /** Each seat gets its own projection; spectators share the seatless one (and its frame, when they can). */
  sendViews(): void {
    const state = this.table.state;
    if (!state) return;
    for (const s of this.seated) if (s) this.sendView(s);
    if (this.spectators.size > 0)
      this.feed.sendAll(this.spectators.keys(), this.table.id, viewFor(state, null));
  }
}
