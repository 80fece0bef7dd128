import { onBeforeUnmount, ref, watch, type Ref } from 'vue';
import type { TableInfo } from '../../../shared/protocol';
import { hostTime } from './hostClock';

/** "0:42", "12:05": how long someone has been away, as the status line says it. */
export function awayClock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** "0:42" left until a moment: whole seconds rounded up, so it shows 0:00 only when the moment has come. */
export function countdownClock(ms: number): string {
  return awayClock(Math.ceil(Math.max(0, ms) / 1000) * 1000);
}

/**
 * Ms from `now` until a clock counting from any of `anchors` shows another second (in (0, 1000]): the
 * screen redraws then, not on a timer of its own, so two screens never disagree for most of a second.
 */
export function nextFlipMs(now: number, anchors: readonly number[]): number {
  if (anchors.length === 0) return 1000;
  return Math.min(...anchors.map((a) => 1000 - ((((now - a) % 1000) + 1000) % 1000)));
}

/** The host's time, redrawn each time a clock counting from one of `anchors` turns a second. */
export function useHostNow(anchors: () => number[]): Ref<number> {
  const now = ref(hostTime());
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    clearTimeout(timer);
    now.value = hostTime();
    timer = setTimeout(tick, nextFlipMs(now.value, anchors()) + 1);
  };
  watch(() => anchors().join(), tick, { immediate: true });
  onBeforeUnmount(() => clearTimeout(timer));
  return now;
}

/** Each away person's clocks, counted from the moment the host says they went (`awaySince`). */
export interface AwayClock {
  /** How long the seat's person has been away; null unless the host calls them away. */
  awayMs(seat: number): number | null;
  /** How long until their grace is over (a bot may play for them; the next round no longer waits). */
  graceLeftMs(seat: number): number | null;
}

export function useAwayClock(info: () => TableInfo): AwayClock {
  const since = (seat: number): number | null => {
    const s = info().seatList[seat];
    return s?.away && s.awaySince !== null ? s.awaySince : null;
  };
  const now = useHostNow(() =>
    info().seatList.flatMap((s) => {
      const t = since(s.seat);
      return t === null ? [] : [t, t + info().awayGraceMs];
    }),
  );
  return {
    awayMs: (seat) => {
      const t = since(seat);
      return t === null ? null : Math.max(0, now.value - t);
    },
    graceLeftMs: (seat) => {
      const t = since(seat);
      return t === null ? null : Math.max(0, t + info().awayGraceMs - now.value);
    },
  };
}

/** How long each away person has been away now (null for every seat the host does not call away). */
export function useAwayTime(info: () => TableInfo): (seat: number) => number | null {
  return useAwayClock(info).awayMs;
}
