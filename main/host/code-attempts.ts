import { CODE_TRIES_PER_WINDOW, CODE_TRY_WINDOW_MS } from '../../shared/protocol';
import { TableError } from './errors';
import type { Session } from './session';
import type { TableControl } from './table-control';

/** What the seat-code gate needs of a connection: which one it is, and the machine it comes from. */
/** Keys held before the stale ones are swept. */
const MAX_KEYS = 1024;

type Caller = Pick<Session, 'id' | 'address'>;

/**
 * Wrong seat codes, counted per connection and per remote address over a sliding window, across the
 * host's tables: past the budget every try is refused unread (`rateLimited`, with the seconds to wait),
 * so neither many sockets from one machine nor one socket can walk through the 10,000 codes in an evening.
 */
export class CodeAttempts {
  /** Key (`s:<session id>` or `a:<address>`) → times of its wrong codes in the window, oldest first. */
  private readonly misses = new Map<string, number[]>();

  constructor(
    private readonly now: () => number,
    private readonly tries = CODE_TRIES_PER_WINDOW,
    private readonly windowMs = CODE_TRY_WINDOW_MS,
  ) {}

  /**
   * The gate of a seat at a table: a locked table refuses; at a table with a code, a caller over budget is
   * refused before its code is looked at, a missing code asks for one, a wrong one counts and is refused.
   */
  admit(control: TableControl, caller: Caller, code: string | undefined): void {
    control.requireUnlocked();
    if (!control.hasCode) return;
    const now = this.now();
    this.refuseOverBudget(caller, now);
    if (code === undefined)
      throw new TableError('codeRequired', 'this table asks for its seat code to take a seat');
    if (control.codeMatches(code)) return;
    this.missed(`s:${caller.id}`, now);
    this.missed(`a:${caller.address}`, now);
    // The wrong code that uses the budget up says so at once: the next try would be refused anyway.
    this.refuseOverBudget(caller, now);
    throw new TableError('badCode', 'that is not the code of this table');
  }

  /** Refuses a caller (its connection or its machine) with no tries left, saying how long to wait. */
  private refuseOverBudget(caller: Caller, now: number): void {
    const wait = Math.max(this.waitMs(`s:${caller.id}`, now), this.waitMs(`a:${caller.address}`, now));
    if (wait <= 0) return;
    const seconds = Math.ceil(wait / 1000);
    throw new TableError('rateLimited', `too many wrong codes: try again in ${seconds} s`, {
      retryAfterSeconds: seconds,
    });
  }

  /** A connection closed: its own count goes (its address's stays). */
  forget(caller: Pick<Session, 'id'>): void {
    this.misses.delete(`s:${caller.id}`);
  }

  private recent(key: string, now: number): number[] {
    const times = (this.misses.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (times.length) this.misses.set(key, times);
    else this.misses.delete(key);
    return times;
  }

  /** How long until `key` may try again (0: now). */
  private waitMs(key: string, now: number): number {
    const times = this.recent(key, now);
    if (times.length < this.tries) return 0;
    return times[times.length - this.tries] + this.windowMs - now;
  }

  private missed(key: string, now: number): void {
    this.misses.set(key, [...this.recent(key, now), now]);
    // Addresses that never come back must not pile up: past a bound, everything outside the window goes.
    if (this.misses.size > MAX_KEYS) for (const k of [...this.misses.keys()]) this.recent(k, now);
  }
}
