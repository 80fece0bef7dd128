import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ReachReport } from '../../../shared/reach';

const POLL_MS = 5000;

/** http://host:port from the ws://host:port/ws the table is reached at. */
export function hostHttpBase(wsUrl: string): string {
  const url = new URL(wsUrl);
  return `${url.protocol === 'wss:' ? 'https:' : 'http:'}//${url.host}`;
}

/**
 * "Can others reach me?": the host's GET /api/reach, re-read every few seconds while the waiting
 * room shows it (the app's page and a browser alike: the host answers any origin).
 */
export const useReachStore = defineStore('reach', () => {
  const report = ref<ReachReport | null>(null);
  const failed = ref(false);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let watching: string | null = null;

  async function read(base: string): Promise<void> {
    try {
      const res = await fetch(`${base}/api/reach`, { headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = (await res.json()) as ReachReport;
      if (watching !== base) return;
      report.value = body;
      failed.value = false;
    } catch {
      // An older host has no /api/reach, or the host is gone: the panel says it cannot tell.
      if (watching === base) failed.value = true;
    }
  }

  function watch(wsUrl: string, everyMs = POLL_MS): void {
    const base = hostHttpBase(wsUrl);
    if (watching === base) return;
    stop();
    watching = base;
    const tick = async () => {
      await read(base);
      if (watching === base) timer = setTimeout(() => void tick(), everyMs);
    };
    void tick();
  }

  function stop(): void {
    watching = null;
    if (timer) clearTimeout(timer);
    timer = null;
    report.value = null;
    failed.value = false;
  }

  return { report, failed, watch, stop };
});
