import { heatSeed, seatResults } from '../../shared/evening/duplicate';
import {
  EveningError,
  dealMayBeShown,
  eveningOver,
  heatInPlay,
  joinEvening,
  leaveEvening,
  nextHeat,
  openEvening,
  recordTable,
  type Evening,
  type EveningSettings,
} from '../../shared/evening/evening';
import type { PersonId } from '../../shared/evening/seating';
import type { ErrorCode, EveningInfo, EveningMessage } from '../../shared/protocol';
import { keepOrUndo, type Carried, afterKept } from './changes';
import { TableError } from './errors';
import { parseEveningRecord, type EveningRecord } from './evening-format';
import { eveningInfo } from './evening-info';
import { heatTableRecord } from './evening-tables';
import { foldName } from './history/archive';
import type { FinishedTable } from './history/finished-game';
import { hashToken, newSeed, newToken } from './ids';
import type { TableStore } from './store';
import type { TableRecord } from './table-record';
import type { Session } from './session';

/** What the evening needs from the host around it (the hub). */
export interface EveningPorts {
  store: Pick<TableStore, 'loadEvening' | 'keepEvening'>;
  /** Makes one heat's table, seated and its game dealt from `seed`, and opens it to its people. */
  createTable(record: TableRecord, seed: number): void;
  /** Whether the host holds this table (a restart may have been cut short before it made it). */
  hasTable(id: string): boolean;
  newTableId(): string;
  /** The history: a game may be written there only once its deal may be shown. */
  archive(table: FinishedTable): void;
  now(): number;
  /** Runs `fn` on the next turn of the event loop (after the change at hand is told). */
  soon(fn: () => void): void;
  report(problem: string): void;
}

/**
 * The host's evening of several tables (docs/evening.md): the pure rules of `shared/evening` applied on
 * request, each change kept in the store before anyone hears of it, one table per heat's table (seats held
 * for its people, its game dealt duplicate from the heat's seed), each table's result recorded as its game
 * ends. A refusal is a TableError, and then nothing changed.
 */
export class EveningHost {
  private kept: EveningRecord | null = null;
  /** Which person each connection speaks for (memory only: after a restart people resume). */
  private readonly people = new Map<Session, PersonId>();
  /** Connections that get the evening: the lobby's watchers and the evening's people. */
  private readonly audience = new Set<Session>();
  /** Ended tables whose records wait until their deal may be shown (the history would show its hands). */
  private readonly unarchived = new Map<string, FinishedTable>();

  constructor(private readonly ports: EveningPorts) {}

  /** After a restart: the evening as kept. The tables come back with the host's; `ensureTables` after. */
  restore(): void {
    const text = this.ports.store.loadEvening();
    if (text === null || text === '') return; // '': handed over to another host

    const parsed = parseEveningRecord(text);
    if (parsed.ok) this.kept = parsed.record;
    else this.ports.report(`evening: damaged, not restored (${parsed.reason})`);
  }

  /** Every table of the heat in play is at the host (one a restart cut short before it was made is made now). */
  ensureTables(): void {
    const kept = this.kept;
    const heat = kept && heatInPlay(kept.evening);
    if (!kept || !heat) return;
    for (const t of heat.tables) {
      const at = kept.tables.find((x) => x.heat === heat.number && x.table === t.name);
      if (!at || t.results || this.ports.hasTable(at.id)) continue;
      const seed = heatSeed(kept.secret, heat.number, t.people.length);
      try {
        this.ports.createTable(heatTableRecord(kept, at, t.people, this.ports.now()), seed);
      } catch (e) {
        // The heat is kept: its table is made at the next start (or the opener's next try fails the same way).
        this.ports.report(`evening: table ${heat.number}${t.name} not made (${(e as Error).message})`);
      }
    }
  }

  /** An evening not over is held here (another host's may not come in beside it). */
  underWay(): boolean {
    return this.kept !== null && !eveningOver(this.kept.evening);
  }

  /** The evening went to another host with its tables: this host holds none (kept as '', read as none). */
  forget(): void {
    this.ports.store.keepEvening('');
    this.kept = null;
    this.broadcast();
  }

  /** Whether this table is one of the evening's (its game ends into the evening, not straight to the history). */
  holds(tableId: string): boolean {
    return this.kept?.tables.some((t) => t.id === tableId) ?? false;
  }

  // -------------------------------------------------------------------------------------------
  // Requests

  /** One of the evening's messages; `atTable`: the connection is at a table (an evening opens from the lobby). */
  handle(session: Session, msg: EveningMessage, atTable: boolean): Carried {
    switch (msg.type) {
      case 'openEvening':
        if (atTable)
          throw new TableError('alreadySeated', 'open an evening from the lobby: leave your table first');
        return this.open(session, msg.settings, msg.player);
      case 'joinEvening':
        return this.join(session, msg.name);
      case 'resumeEvening':
        return this.resume(session, msg.token);
      case 'leaveEvening':
        return this.leave(session);
      case 'nextHeat':
        return this.nextHeat(session);
    }
  }

  private open(session: Session, settings: EveningSettings, player: string): Carried {
    if (this.kept && !eveningOver(this.kept.evening))
      throw new TableError(
        'eveningOpen',
        `this host already holds the evening "${this.kept.evening.settings.name}"`,
      );
    // The room screen and the lobby tell an evening's tables by its name: the last one's linger, finished.
    // Names compare as the history's evening filter reads them.
    const last = this.kept?.evening.settings.name;
    if (last !== undefined && foldName(last) === foldName(settings.name))
      throw new TableError(
        'eveningName',
        `this host has just held an evening called "${last}": give this one another name`,
      );
    const person = 'p1';
    const token = newToken();
    const evening = joinEvening(openEvening(settings), person, player);
    this.keep({
      evening,
      secret: newSeed(),
      tokenKey: newToken(),
      opener: person,
      tokenHashes: { [person]: hashToken(token) },
      tables: [],
      nextPerson: 2,
    });
    this.people.clear(); // the last evening's people are nobody in this one
    return this.tell(() => this.welcome(session, person, token));
  }

  private join(session: Session, name: string): Carried {
    const kept = this.requireEvening();
    if (this.people.has(session))
      throw new TableError('alreadyIn', 'this connection is in the evening already');
    if (kept.evening.people.some((p) => p.name.toLowerCase() === name.toLowerCase()))
      throw new TableError('nameTaken', `someone in the evening is called "${name}"`);
    const person = `p${kept.nextPerson}`;
    const token = newToken();
    this.keep({
      ...kept,
      evening: joinEvening(kept.evening, person, name),
      tokenHashes: { ...kept.tokenHashes, [person]: hashToken(token) },
      nextPerson: kept.nextPerson + 1,
    });
    return this.tell(() => this.welcome(session, person, token));
  }

  /** The person whose token this is, on this connection: back in the evening if they had left. */
  private resume(session: Session, token: string): Carried {
    const kept = this.requireEvening();
    const hash = hashToken(token);
    const person = Object.keys(kept.tokenHashes).find((id) => kept.tokenHashes[id] === hash);
    if (!person) throw new TableError('badToken', 'this token opens no place in the evening');
    const known = kept.evening.people.find((p) => p.id === person)!;
    if (this.people.get(session) === person && known.present)
      throw new TableError('alreadyIn', 'this connection is in the evening already');
    if (!known.present) this.keep({ ...kept, evening: joinEvening(kept.evening, person, known.name) });
    return this.tell(() => {
      this.people.set(session, person);
      this.audience.add(session);
    });
  }

  /**
   * Someone leaves. The one who runs the evening hands it on to the first person still in it (joining
   * order), as a table's creator does before its start: else nobody could seat the next heat.
   */
  private leave(session: Session): Carried {
    const kept = this.requireEvening();
    const person = this.requirePerson(kept, session);
    const evening = this.pure(() => leaveEvening(kept.evening, person));
    const next = person === kept.opener ? evening.people.find((p) => p.present)?.id : undefined;
    this.keep({ ...kept, evening, ...(next ? { opener: next } : {}) });
    return this.tell();
  }

  /** The opener seats the next heat: kept first, then its tables are made, then everyone hears. */
  private nextHeat(session: Session): Carried {
    const kept = this.requireEvening();
    const person = this.requirePerson(kept, session);
    if (person !== kept.opener)
      throw new TableError('notCreator', 'only the person who runs the evening starts a heat');
    const evening = this.pure(() => nextHeat(kept.evening));
    const heat = evening.heats.at(-1)!;
    const tables = heat.tables.map((t) => ({
      heat: heat.number,
      table: t.name,
      id: this.ports.newTableId(),
    }));
    this.keep({ ...kept, evening, tables: [...kept.tables, ...tables] });
    return this.tell(() => this.ensureTables());
  }

  /** The connection gets the evening (if there is one) now and after each change: it asked for the lobby list. */
  watch(session: Session): void {
    this.audience.add(session);
    if (this.kept) session.send({ type: 'evening', evening: this.info(session) });
  }

  disconnected(session: Session): void {
    this.audience.delete(session);
    this.people.delete(session);
  }

  // -------------------------------------------------------------------------------------------
  // A heat's table ended (its last move is in its log): its results into the evening

  /**
   * Records the table's results (once: a restart hands every ended table again), then writes to the
   * history each ended game whose deal may now be shown. Never throws: a result the disk refused is
   * recorded at the next restart.
   */
  tableEnded(table: FinishedTable): void {
    const kept = this.kept;
    const at = kept?.tables.find((t) => t.id === table.id);
    if (!kept || !at || table.state?.phase !== 'gameOver') return;
    this.unarchived.set(table.id, table);
    try {
      const heat = kept.evening.heats.find((h) => h.number === at.heat)!;
      const seated = heat.tables.find((t) => t.name === at.table)!;
      if (!seated.results) {
        const results = seatResults(table.state, seated.people, at.table);
        this.keep({ ...kept, evening: this.pure(() => recordTable(kept.evening, at.table, results)) });
        // Kept now; told once the table's people have its last move (the room tells them after this).
        this.ports.soon(() => this.broadcast());
      }
    } catch (e) {
      this.ports.report(`evening: table ${at.heat}${at.table} not recorded (${(e as Error).message})`);
    }
    for (const [id, ended] of this.unarchived) {
      const where = this.kept!.tables.find((t) => t.id === id)!;
      if (!dealMayBeShown(this.kept!.evening, where.heat, where.table)) continue;
      this.unarchived.delete(id);
      this.ports.archive(ended);
    }
  }

  // -------------------------------------------------------------------------------------------

  private requireEvening(): EveningRecord {
    if (!this.kept) throw new TableError('noEvening', 'this host holds no evening');
    return this.kept;
  }

  private requirePerson(kept: EveningRecord, session: Session): PersonId {
    const person = this.people.get(session);
    if (!person || !kept.evening.people.some((p) => p.id === person && p.present))
      throw new TableError('notIn', 'this connection is no one present in the evening');
    return person;
  }

  /** A pure change of the evening; its refusal becomes the host's with the same code. */
  private pure(change: () => Evening): Evening {
    try {
      return change();
    } catch (e) {
      if (e instanceof EveningError)
        throw new TableError(e.code as ErrorCode, `the evening refuses: ${e.code}`);
      throw e;
    }
  }

  /** The change is in the store before anyone hears of it (a refusal of the disk: nothing changed). */
  private keep(next: EveningRecord): void {
    keepOrUndo(
      () => this.ports.store.keepEvening(JSON.stringify(next)),
      () => {},
      this.ports.report,
    );
    this.kept = next;
  }

  private tell(first: () => void = () => {}): Carried {
    return afterKept(() => {
      first();
      this.broadcast();
    });
  }

  private welcome(session: Session, person: PersonId, token: string): void {
    this.people.set(session, person);
    this.audience.add(session);
    session.send({ type: 'eveningJoined', person, token });
  }

  private broadcast(): void {
    for (const s of this.audience) s.send({ type: 'evening', evening: this.info(s) });
  }

  /** The evening as `session` may see it: public, but for its own person's seat token. */
  private info(session: Session): EveningInfo | null {
    return this.kept && eveningInfo(this.kept, this.people.get(session) ?? null);
  }
}
