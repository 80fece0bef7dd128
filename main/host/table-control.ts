import { timingSafeEqual } from 'node:crypto';
import { TableError } from './errors';

/** How many removed people's token hashes a table remembers, to tell them why their token opens nothing. */
const REMOVED_KEPT = 16;

/** The creator's settings of their table as persisted (snapshot and seating lines). */
export interface ControlRecord {
  /** No new people take a seat. */
  locked: boolean;
  /** At a locked table: new spectators are still welcome. */
  watchers: boolean;
  /** Four digits people must type to take a seat; null: none. Kept on the host only, never broadcast. */
  code: string | null;
  /** sha256 of the tokens of people the creator removed (newest last), so a resume can say why. */
  removed: string[];
}

export const openControl = (): ControlRecord => ({ locked: false, watchers: true, code: null, removed: [] });

/**
 * A table's lock, seat code and list of removed people, without any I/O. Who may change them (the
 * creator) is checked by the caller; the rate of wrong codes is the host's (CodeAttempts). The record is
 * replaced, never changed in place, so a checkpoint is the old object.
 */
export class TableControl {
  private now: ControlRecord;

  constructor(record: ControlRecord | undefined) {
    this.now = record ?? openControl();
  }

  record(): ControlRecord {
    return this.now;
  }

  checkpoint(): () => void {
    const kept = this.now;
    return () => (this.now = kept);
  }

  get locked(): boolean {
    return this.now.locked;
  }

  /** New spectators may come. */
  get watchers(): boolean {
    return !this.now.locked || this.now.watchers;
  }

  get hasCode(): boolean {
    return this.now.code !== null;
  }

  /** The code, for the creator's connection only. */
  get code(): string | null {
    return this.now.code;
  }

  lock(locked: boolean, watchers: boolean): void {
    this.now = { ...this.now, locked, watchers };
  }

  setCode(code: string | null): void {
    this.now = { ...this.now, code };
  }

  removedToken(tokenHash: string | null): void {
    if (tokenHash === null) return;
    this.now = { ...this.now, removed: [...this.now.removed, tokenHash].slice(-REMOVED_KEPT) };
  }

  wasRemoved(tokenHash: string): boolean {
    return this.now.removed.includes(tokenHash);
  }

  /** Refuses a new spectator at a table locked to watchers. */
  requireWatchable(): void {
    if (!this.watchers) throw new TableError('noWatchers', 'this table is locked to watchers');
  }

  /** Refuses a new person at a locked table. */
  requireUnlocked(): void {
    if (this.now.locked)
      throw new TableError('tableLocked', 'this table is locked: only the players already in it come back');
  }

  /** Whether `given` is the table's code (true when it has none), compared in constant time. */
  codeMatches(given: string): boolean {
    const code = this.now.code;
    if (code === null) return true;
    const a = Buffer.from(code);
    const b = Buffer.from(given);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
