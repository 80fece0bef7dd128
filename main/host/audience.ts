import { viewFor } from '../../shared/engine';
import type { Reaction, TableInfo } from '../../shared/protocol';
import type { Session } from './session';
import type { HostedTable, Presence } from './hosted-table';
import { ViewFeed } from './view-feed';

/**
 * The connections at one table, and every frame about it that goes to them. Who is connected to each
 * seat is held here and nowhere else (a connection's seat is where it sits in `seated`), and so is since
 * when nobody has been here. It is also the one record of where a connection is: the hub asks each room's
 * audience (a connection is in one at most, the hub takes it out of one before it joins another).
 */
export class Audience {
  /** seat → the connection that speaks for it. */
  private readonly seated: (Session | null)[];
  /** Each watching connection, with the name it gave (null: none). */
  private readonly spectators = new Map<Session, string | null>();
  /** The last view each connection here was sent, so that the next can go as a delta. */
  private readonly feed: ViewFeed;
  /** Since when nobody has been here (ms since the epoch); null while someone is. */
  private emptyFrom: number | null;

  constructor(
    private readonly table: HostedTable,
    viewDeltas: boolean,
    /** Since when nobody has been at the table when it came to this host (its creation, a restart). */
    emptySince: number,
  ) {
    this.seated = table.seats.map(() => null);
    this.feed = new ViewFeed(viewDeltas);
    this.emptyFrom = emptySince;
  }

  /** The seat this connection speaks for; null for a spectator or a stranger. */
  seatOf(session: Session): number | null {
    const seat = this.seated.indexOf(session);
    return seat < 0 ? null : seat;
  }

  has(session: Session): boolean {
    return this.seatOf(session) !== null || this.spectators.has(session);
  }

  readonly connected: Presence = (seat) => this.seated[seat] !== null;

  /** The connection that speaks for the seat now, if any. */
  sessionAt(seat: number): Session | null {
    return this.seated[seat] ?? null;
  }

  get spectatorCount(): number {
    return this.spectators.size;
  }

  /** The names spectators gave, sorted, each once. */
  get watching(): string[] {
    const names = [...this.spectators.values()].filter((n) => n !== null);
    return [...new Set(names)].sort((a, b) => a.localeCompare(b));
  }

  get empty(): boolean {
    return this.emptyFrom !== null;
  }

  /** Since when nobody has been here; null while someone is. */
  get emptySince(): number | null {
    return this.emptyFrom;
  }

  /** The session speaks for the seat from now; returns the connection that did before (to be told). */
  sit(session: Session, seat: number): Session | null {
    const previous = this.seated[seat];
    this.seated[seat] = session;
    this.emptyFrom = null;
    if (previous === null || previous === session) return null;
    this.feed.forget(previous);
    return previous;
  }

  watch(session: Session, name: string | null): void {
    this.spectators.set(session, name);
    this.emptyFrom = null;
  }

  /** Takes the session out; returns the seat it spoke for (null: it was a spectator). */
  remove(session: Session, now: number): number | null {
    const seat = this.seatOf(session);
    if (seat === null) this.spectators.delete(session);
    else this.seated[seat] = null;
    this.feed.forget(session);
    if (this.spectators.size === 0 && this.seated.every((s) => s === null)) this.emptyFrom = now;
    return seat;
  }

  /** Empties the table of connections; returns them. */
  removeAll(now: number): Session[] {
    const all = [...this.seated.filter((s) => s !== null), ...this.spectators.keys()];
    this.seated.fill(null);
    this.spectators.clear();
    for (const s of all) this.feed.forget(s);
    this.emptyFrom = now;
    return all;
  }

  // -------------------------------------------------------------------------------------------
  // The only places that send table or game content

  sendTable(info: TableInfo): void {
    const text = JSON.stringify({ type: 'table', table: info });
    for (const s of this.seated) s?.sendText(text);
    for (const s of this.spectators.keys()) s.sendText(text);
  }

  /** A seat's quick reaction, to every connection here (spectators too). */
  sendReaction(seat: number, reaction: Reaction): void {
    const text = JSON.stringify({ type: 'reaction', tableId: this.table.id, seat, reaction });
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
