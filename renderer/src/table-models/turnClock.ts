import { computed, type ComputedRef } from 'vue';
import type { TableInfo, TurnClockInfo } from '../../../shared/protocol';
import { useHostNow } from './away';
import { playNotes, type Notes } from './turnCue';

/** The last seconds of a turn: the seat shows them, screen readers hear it once, the player a soft cue. */
export const CLOCK_SHORT_MS = 10_000;

/** What is left of a turn clock at the host's moment `now` (a paused or expired one does not move). */
export function clockLeftMs(clock: TurnClockInfo, now: number): number {
  return clock.endsAt === null ? clock.leftMs : Math.max(0, clock.endsAt - now);
}

/** Whole seconds left, rounded up: it shows 0 only once the time is up. */
export const clockSeconds = (ms: number): number => Math.ceil(Math.max(0, ms) / 1000);

/** A turn clock's time left, redrawn as it turns each second (counted from the host's `endsAt`). */
export function useClockLeft(clock: () => TurnClockInfo | null): ComputedRef<number | null> {
  const now = useHostNow(() => {
    const c = clock();
    return c?.endsAt != null ? [c.endsAt] : [];
  });
  return computed(() => {
    const c = clock();
    return c ? clockLeftMs(c, now.value) : null;
  });
}

/** The table's turn clock, if it times `seat` now. */
export const clockOf = (info: TableInfo, seat: number | null): TurnClockInfo | null =>
  seat !== null && info.turnClock?.seat === seat ? info.turnClock : null;

/** One soft low note (A4, then a fifth below): a nudge, quieter than the turn's chime. */
const CLOCK_CUE: Notes = {
  freqs: [440, 293.66],
  wave: 'triangle',
  gapS: 0.18,
  peak: 0.12,
  attackS: 0.02,
  lengthS: 0.3,
};

export function clockCue(ctx: BaseAudioContext, at = ctx.currentTime): void {
  playNotes(ctx, CLOCK_CUE, at);
}
