import type { Cancel } from './clock';
import type { HostedTable, Presence } from './hosted-table';
import type { RoomContext } from './room-context';

/**
 * A room's hand on its table's turn clock: it lets the clock follow the table after each change (a
 * change of the clock is saved in the next snapshot, so a restart resumes it) and keeps the one timer
 * that marks it expired when the time is up.
 */
export class RoomClock {
  private cancelTimer: Cancel | null = null;
  private stopped = false;

  constructor(
    private readonly table: HostedTable,
    private readonly ctx: Pick<RoomContext, 'clock' | 'store'>,
  ) {}

  /** The clock as the table now is. Returns whether it changed (everyone must then be told). */
  follow(connected: Presence): boolean {
    const { table } = this;
    const changed = table.turnClock.follow(
      {
        game: table.game,
        state: table.state,
        isPerson: (seat) => table.seating.isPerson(seat),
        connected,
      },
      this.ctx.clock.now(),
    );
    if (changed && !this.stopped) this.ctx.store.save(table.id);
    return changed;
  }

  /** Sets the timer for the running clock's end; `expired` runs then (the room follows and tells everyone). */
  watch(expired: () => void): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    const wait = this.stopped ? null : this.table.turnClock.dueInMs(this.ctx.clock.now());
    if (wait === null) return;
    this.cancelTimer = this.ctx.clock.after(wait, () => {
      this.cancelTimer = null;
      if (!this.stopped) expired();
    });
  }

  stop(): void {
    this.stopped = true;
    this.cancelTimer?.();
    this.cancelTimer = null;
  }
}
