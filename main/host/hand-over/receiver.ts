import { randomInt } from 'node:crypto';
import {
  HandOverError,
  type HandOverAsk,
  type HandOverFailure,
  type HandOverPrepare,
  type HandOverPrepareAnswer,
  type HandOverState,
  type HandOverTable,
  type RefusedTable,
} from '../../../shared/protocol';
import { checkTable } from './bundle';
import type { HandOverFiles } from './files';
import type { HandOverRooms } from './rooms';

/** How long a code is good for, and how many wrong ones end its ask. */
export const CODE_VALID_MS = 2 * 60_000;
export const WRONG_CODES_MAX = 3;
/** Asks withdrawn lately, remembered so that one arriving after its withdrawal shows no code. */
const WITHDRAWN_KEPT = 16;
/**
 * How long a prepared hand-over may wait for its commit. A sender commits seconds after its prepare, and
 * one killed in between aborts it when it starts again; past this, the sender is taken to play its tables
 * on (it does when it cannot reach this host), so the hand-over is dropped and holds their ids no longer.
 * Dropping one is always safe: a commit that comes later is refused, and its sender then keeps the tables.
 */
export const PREPARED_KEPT_MS = 10 * 60_000;

/** A refusal the receiver answers with: its HTTP status, its code (worded by the sender's screen), the English detail. */
export class HandOverRefusal extends HandOverError {
  constructor(
    readonly status: number,
    failure: Omit<HandOverFailure, 'detail'>,
    message: string,
  ) {
    super(failure, message);
  }
}

/** A hand-over as the receiver keeps it, `<id>.json` in its `hand-over-in/`: prepared, committed, done (installed). */
interface Incoming {
  id: string;
  from: string;
  state: 'prepared' | 'committed' | 'done';
  tables: HandOverTable[];
  evening: string | null;
  /** When it was prepared (absent in files of older versions: taken as long ago). */
  preparedAt?: number;
}

interface Listeners {
  asked: Set<(ask: HandOverAsk) => void>;
  received: Set<(r: { from: string; tables: number }) => void>;
}

/**
 * The receiving side: off until its person turns it on. A sender asks (a code for this host's person to
 * read out), prepares with that code and its tables (checked, kept durably, not played), then commits
 * (only now the tables play here) or aborts.
 */
export class HandOverReceiver {
  private on = false;
  private ask: (HandOverAsk & { address: string; wrong: number; id?: string }) | null = null;
  private withdrawnIds: string[] = [];
  /** A bundle is being checked (between its tables the host plays on): another waits for the answer. */
  private preparing = false;
  readonly listeners: Listeners = { asked: new Set(), received: new Set() };

  constructor(
    private readonly hostName: () => string,
    private readonly protocol: number,
    private readonly rooms: HandOverRooms,
    private readonly files: HandOverFiles,
    private readonly now: () => number,
    private readonly report: (problem: string) => void,
  ) {}

  setReceiving(on: boolean): void {
    this.on = on;
    if (!on) this.ask = null;
  }

  receiving(): boolean {
    return this.on;
  }

  /** A restart: a committed hand-over whose tables were not all installed is installed now; a prepared one waits. */
  recover(): void {
    for (const name of this.files.names()) {
      const kept = this.kept(name);
      if (kept?.state === 'committed') this.install(kept);
    }
  }

  asked(from: string, protocol: number, address: string, id?: string): void {
    if (id !== undefined && this.withdrawnIds.includes(id))
      throw new HandOverRefusal(409, { code: 'withdrawn' }, 'this ask was withdrawn by its sender');
    if (!this.on)
      throw new HandOverRefusal(
        403,
        { code: 'notReceiving', name: this.hostName() },
        `"${this.hostName()}" is not taking tables now: its person must open "Take over tables" first`,
      );
    if (protocol !== this.protocol)
      throw new HandOverRefusal(
        409,
        { code: 'version', name: this.hostName() },
        `"${this.hostName()}" is another version (protocol ${this.protocol}, yours ${protocol}): update the older app`,
      );
    const now = this.now();
    if (this.ask && this.ask.expiresAt > now && this.ask.address !== address)
      throw new HandOverRefusal(
        409,
        { code: 'askedByAnother', name: this.hostName() },
        `"${this.hostName()}" is being asked by another host now; try again in a moment`,
      );
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    this.ask = { from, code, expiresAt: now + CODE_VALID_MS, address, wrong: 0, id };
    const shown: HandOverAsk = { from, code, expiresAt: this.ask.expiresAt };
    for (const cb of this.listeners.asked) cb(shown);
  }

  /**
   * Its sender's person cancelled: the code is good no more, and this host's person is told (the screen
   * drops the code). An id not (or not yet) asked is remembered: that ask, arriving late, is refused.
   */
  withdraw(id: string, address: string): void {
    this.withdrawnIds = [...this.withdrawnIds.filter((w) => w !== id), id].slice(-WITHDRAWN_KEPT);
    const ask = this.ask;
    if (!ask || ask.id !== id || ask.address !== address) return;
    this.ask = null;
    const shown: HandOverAsk = { from: ask.from, code: ask.code, expiresAt: ask.expiresAt, withdrawn: true };
    for (const cb of this.listeners.asked) cb(shown);
  }

  /**
   * The code, then each table checked; what is taken is kept durably and waits for the commit. Between two
   * tables the host plays on (the check of a large bundle takes seconds), and `progress` tells the sender.
   */
  async prepare(
    p: HandOverPrepare,
    address: string,
    progress: () => void = () => {},
  ): Promise<HandOverPrepareAnswer & { evening: boolean }> {
    if (this.preparing)
      throw new HandOverRefusal(
        409,
        { code: 'askedByAnother', name: this.hostName() },
        `"${this.hostName()}" is checking another host's tables now; try again in a moment`,
      );
    this.takeCode(p.code, address);
    this.preparing = true;
    try {
      return await this.check(p, progress);
    } finally {
      this.preparing = false;
    }
  }

  private async check(
    p: HandOverPrepare,
    progress: () => void,
  ): Promise<HandOverPrepareAnswer & { evening: boolean }> {
    const taken: HandOverTable[] = [];
    const refused: RefusedTable[] = [];
    const eveningHere = p.evening !== null && this.rooms.holdsEvening();
    const held = this.heldElsewhere();
    for (const t of p.tables) {
      await new Promise((resolve) => setImmediate(resolve));
      progress();
      if (this.rooms.has(t.id) || held.has(t.id)) {
        refused.push({ id: t.id, code: 'alreadyHere', reason: 'a table of this id is already on this host' });
        continue;
      }
      const checked = checkTable(t);
      if (!checked.ok) {
        const { ok: _, ...why } = checked;
        refused.push({ id: t.id, ...why });
      } else if (eveningHere && checked.record.evening)
        refused.push({
          id: t.id,
          code: 'eveningHere',
          reason: "this host holds an evening of its own: the evening's tables stay",
        });
      else taken.push(t);
    }
    const evening = eveningHere ? null : p.evening;
    this.files.write(`${p.id}.json`, {
      id: p.id,
      from: p.from,
      state: 'prepared',
      tables: taken,
      evening,
      preparedAt: this.now(),
    } satisfies Incoming);
    return { to: this.hostName(), moved: taken.map((t) => t.id), refused, evening: evening !== null };
  }

  /** Only now do the tables play here; a commit heard again answers the same. */
  commit(id: string): void {
    const kept = this.kept(`${id}.json`);
    if (!kept)
      throw new HandOverRefusal(
        404,
        { code: 'unknownHandOver' },
        `no hand-over ${id} here (aborted, or never prepared)`,
      );
    if (kept.state === 'done') return;
    if (kept.state === 'prepared') this.files.write(`${id}.json`, { ...kept, state: 'committed' });
    this.install(kept);
  }

  abort(id: string): void {
    const kept = this.kept(`${id}.json`);
    if (kept && kept.state !== 'prepared')
      throw new HandOverRefusal(
        409,
        { code: 'committed' },
        `hand-over ${id} is committed: its tables play here`,
      );
    this.files.remove(`${id}.json`);
  }

  state(id: string): HandOverState {
    const kept = this.kept(`${id}.json`);
    return kept === null ? 'unknown' : kept.state === 'prepared' ? 'prepared' : 'committed';
  }

  private install(kept: Incoming): void {
    const stored = kept.tables.flatMap((t) => {
      const checked = checkTable(t);
      return checked.ok && !this.rooms.has(t.id) ? [{ stored: checked.stored, votes: t.votes }] : [];
    });
    this.rooms.adopt(stored, kept.evening);
    this.files.write(`${kept.id}.json`, {
      ...kept,
      state: 'done',
      tables: [],
      evening: null,
    } satisfies Incoming);
    for (const cb of this.listeners.received) cb({ from: kept.from, tables: kept.tables.length });
  }

  /** Ids a prepared hand-over holds: another may not bring them too. */
  private heldElsewhere(): Set<string> {
    const ids = new Set<string>();
    for (const name of this.files.names()) {
      const kept = this.kept(name);
      if (kept?.state === 'prepared') for (const t of kept.tables) ids.add(t.id);
    }
    return ids;
  }

  /** A hand-over's file, unless it was prepared longer ago than PREPARED_KEPT_MS (then it is dropped). */
  private kept(name: string): Incoming | null {
    const kept = this.files.read<Incoming>(name, this.report);
    if (kept?.state !== 'prepared' || this.now() - (kept.preparedAt ?? 0) <= PREPARED_KEPT_MS) return kept;
    this.files.remove(name);
    this.report(
      `hand-over: ${kept.id} from "${kept.from}" was prepared and never committed; dropped, its ${kept.tables.length} table(s) stay with their sender`,
    );
    return null;
  }

  /** One use: the right code ends the ask; a few wrong ones end it too. */
  private takeCode(code: string, address: string): void {
    const ask = this.ask;
    if (!this.on)
      throw new HandOverRefusal(
        403,
        { code: 'notReceiving', name: this.hostName() },
        `"${this.hostName()}" is not taking tables now`,
      );
    if (!ask || ask.expiresAt <= this.now() || ask.address !== address)
      throw new HandOverRefusal(
        403,
        { code: 'noCode' },
        'no code is waiting for this host (or it expired): ask again',
      );
    if (code !== ask.code) {
      ask.wrong += 1;
      if (ask.wrong >= WRONG_CODES_MAX) this.ask = null;
      if (this.ask) throw new HandOverRefusal(403, { code: 'wrongCode' }, 'wrong code');
      throw new HandOverRefusal(
        403,
        { code: 'tooManyWrongCodes' },
        'wrong code, too many times: ask again for a new one',
      );
    }
    this.ask = null;
  }
}
