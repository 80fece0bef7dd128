import { defineStore } from 'pinia';
import { ref } from 'vue';

/** A message for the player: an i18n key with parameters, or the host's own words as a fallback. */
export interface Notice {
  id: number;
  kind: 'error' | 'info';
  key: string;
  params?: Record<string, string | number>;
  /** The host's reason, shown when the key has no translation. */
  fallback?: string;
}

/** Short-lived messages (refusals, reconnects); the newest few are kept. */
export const useNoticesStore = defineStore('notices', () => {
  const items = ref<Notice[]>([]);
  let next = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();

  function push(n: Omit<Notice, 'id'>, ttlMs = 6000): number {
    const id = next++;
    items.value = [...items.value.slice(-3), { ...n, id }];
    if (ttlMs > 0)
      timers.set(
        id,
        setTimeout(() => dismiss(id), ttlMs),
      );
    return id;
  }

  function dismiss(id: number): void {
    const t = timers.get(id);
    if (t) clearTimeout(t);
    timers.delete(id);
    items.value = items.value.filter((n) => n.id !== id);
  }

  return { items, push, dismiss };
});
