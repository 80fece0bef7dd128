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

  /** The lobby's "Close" on a finished table of this machine's host; resolves to why not, or null. */
  async function closeTable(tableId: string): Promise<string | null> {
    try {
      await services().bridge.api.host.closeTable(tableId);
      return null;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  }

  /** The room screen of this machine's host in a window of its own (full screen on a second display). */
  async function showRoomScreen(): Promise<void> {
    try {
      error.value = null;
      await services().bridge.api.host.showRoomScreen();
    } catch (e) {
      error.value = e instanceof Error ? e.message : String(e);
    }
  }

  /** A table found on the LAN is this machine's host's own (the lobby offers to close it once finished). */
  function hosts(t: { port: number; address: string; addresses: string[] }): boolean {
    const s = status.value;
    if (!s.running || t.port !== s.port) return false;
    const mine = new Set([...s.addresses, '127.0.0.1', '::1']);
    return mine.has(t.address) || t.addresses.some((a) => mine.has(a));
  }

  return { status, error, refresh, hostUrl, stop, closeTable, showRoomScreen, hosts };
});
