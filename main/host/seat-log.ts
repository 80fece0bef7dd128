import { keepOrUndo } from './changes';
import type { HostedTable } from './hosted-table';
import type { RoomContext } from './room-context';

/**
 * What a room writes to its table's log about seats: every change of who sits where, and whether anyone
 * is at the table (the table cap and idle removal go by it after a restart). Each `seating` line holds
 * both as they are now, so the last one after the snapshot is all a restart needs.
 */
export class SeatLog {
  /** Since when nobody was at the table, as the log (or the snapshot) last said. */
  private loggedUnattended: number | null;

  constructor(
    private readonly table: HostedTable,
    /** Since when nobody has been at the table (null: someone is); the room's audience knows. */
    private readonly unattendedSince: () => number | null,
    private readonly ctx: Pick<RoomContext, 'store' | 'report'>,
    logged: number | null,
  ) {
    this.loggedUnattended = logged;
  }

  /**
   * A change of who sits where is in the log (the seats as they now are) before anyone hears of it: a host
   * killed right after comes back with it, and a `joined` token opens the seat. Refused by the disk, it is
   * undone. A change that leaves the seats as they were (a vote that is not yet a majority) writes nothing.
   */
  keep<T>(change: () => T): T {
    const undo = this.table.checkpoint();
    const before = this.table.seating.record();
    const control = this.table.control.record();
    let result: T;
    try {
      result = change();
    } catch (e) {
      undo(); // a refusal (TableError) is thrown before any change, but an unexpected error may not be
      throw e;
    }
    const after = this.table.seating.record();
    const same =
      after.creator === before.creator &&
      after.seats.every((s, i) => s === before.seats[i]) &&
      this.table.control.record() === control;
    if (!same) keepOrUndo(() => this.write(), undo, this.ctx.report);
    return result;
  }

  /** After a connection came or went. Nobody is refused for it: a failure is only reported (and tried again next time). */
  attendanceChanged(): void {
    if (this.unattendedSince() === this.loggedUnattended) return;
    try {
      this.write();
    } catch (e) {
      this.ctx.report(`table ${this.table.id}: who is at the table not logged (${(e as Error).message})`);
    }
  }

  private write(): void {
    const unattendedSince = this.unattendedSince();
    const control = this.table.control.record();
    this.ctx.store.appendSeating(this.table.id, { ...this.table.seating.record(), unattendedSince, control });
    this.loggedUnattended = unattendedSince;
    this.ctx.store.save(this.table.id);
  }
}
