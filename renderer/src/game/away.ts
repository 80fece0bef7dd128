import { onBeforeUnmount, ref, watch } from 'vue';
import type { TableInfo } from '../../../shared/protocol';

/** "0:42", "12:05": how long someone has been away, as the status line says it. */
export function awayClock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * How long each away person (the host's `away`) has been away now: the host's `awayMs` when the table
 * came, plus the time since, ticking every second. Null for every seat the host does not call away.
 */
export function useAwayTime(info: () => TableInfo): (seat: number) => number | null {
  const now = ref(Date.now());
  const receivedAt = ref(Date.now());
  watch(info, () => {
    receivedAt.value = Date.now();
    now.value = receivedAt.value;
  });
  const timer = setInterval(() => (now.value = Date.now()), 1000);
  onBeforeUnmount(() => clearInterval(timer));
  return (seat) => {
    const s = info().seatList[seat];
    if (!s?.away || s.awayMs === null) return null;
    return s.awayMs + (now.value - receivedAt.value);
  };
}
