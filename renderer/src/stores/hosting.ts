import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { HostStatus } from '../../../shared/desktop-api';
import { wsUrl } from '../net/address';
import { services } from '../services';

/**
 * Hosting on this machine (the desktop app): whether its host runs, where, and starting or stopping it.
 * In a browser the serving host is where new tables go.
 */
export const useHostingStore = defineStore('hosting', () => {
  const status = ref<HostStatus>({ running: false });
  const error = ref<string | null>(null);

  async function refresh(): Promise<void> {
    status.value = await services()
      .bridge.api.host.status()
      .catch(() => ({ running: false }) as const);
  }

  /**
   * Where new tables are created: this machine's host (started now if needed) in the desktop app,
   * the serving host in a browser. Returns its ws URL, or null with `error` set.
   */
  async function hostUrl(): Promise<string | null> {
    const { bridge, originWsUrl } = services();
    if (bridge.kind === 'web' && originWsUrl) return originWsUrl;
    try {
      error.value = null;
      const started = await bridge.api.host.start();
      await refresh();
      return wsUrl({ address: '127.0.0.1', port: started.port });
    } catch (e) {
      error.value = e instanceof Error ? e.message : String(e);
      return null;
    }
  }

  async function stop(): Promise<void> {
    try {
      await services().bridge.api.host.stop();
    } catch (e) {
      error.value = e instanceof Error ? e.message : String(e);
    }
    await refresh();
  }

  return { status, error, refresh, hostUrl, stop };
});
