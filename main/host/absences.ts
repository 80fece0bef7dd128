import { TableError } from './errors';
import type { SeatRecord } from './table-record';

/**
 * Who is away from a table and who voted to remove them: runtime state beside the table's record (a
 * restart starts every grace again). The table decides who may act; this keeps the times and the votes.
 */
export class Absences {
  /** When each seat's person went away (ms clock); null while connected, and for bots and free seats. */
  readonly since: (number | null)[];
  /** The seats that voted each seat out. */
  readonly votes: Set<number>[];

  constructor(
    seats: SeatRecord[],
    now: number,
    /** How long a person must be away before stand-ins and votes. */
    readonly graceMs: number,
  ) {
    // After a restart every person counts as away from now: the grace starts again.
    this.since = seats.map((s) => (s.name !== null && !s.bot && !s.votedOut ? now : null));
    this.votes = seats.map(() => new Set<number>());
  }

  /** Keeps the state aside; calling the result puts it back. */
  checkpoint(): () => void {
    const since = [...this.since];
    const votes = this.votes.map((v) => new Set(v));
    return () => {
      this.since.splice(0, since.length, ...since);
      votes.forEach((v, i) => (this.votes[i] = v));
    };
  }

  /** The seat's person is back (or someone took it): not away, no votes against them. */
  cleared(seat: number): void {
    this.since[seat] = null;
    this.votes[seat].clear();
  }

  /** The seat is free: nothing about it or by it counts any more. */
  forget(seat: number): void {
    this.cleared(seat);
    for (const v of this.votes) v.delete(seat);
  }

  /** Refuses unless the seat's person has been away for the whole grace period. */
  requireGraceOver(seat: number, now: number): void {
    const since = this.since[seat];
    if (since === null) throw new TableError('notAway', `seat ${seat} is not an away player`);
    if (now - since < this.graceMs) {
      const wait = Math.ceil((this.graceMs - (now - since)) / 1000);
      throw new TableError(
        'notAway',
        `seat ${seat} has been away for less than the grace period (${wait} s left)`,
      );
    }
  }
}
