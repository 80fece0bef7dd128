import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { UpdateStatus } from '../../../shared/desktop-api';
import { services } from '../services';

/** While main checks or downloads, the lobby asks again this often. */
const POLL_MS = 1000;

/**
 * An update of the desktop app, offered in the lobby only (never at a table): what main found at start, the
 * download when asked, the restart into it. A browser page has none (`off`).
 */
export const useUpdatesStore = defineStore('updates', () => {
  const status = ref<UpdateStatus>({ state: 'off' });
  const error = ref<string | null>(null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let watching = false;

  async function refresh(): Promise<void> {
    clearTimeout(timer);
    status.value = await services()
      .bridge.api.app.updateStatus()
      .catch(() => ({ state: 'off' }) as const);
    const moving = status.value.state === 'checking' || status.value.state === 'downloading';
    if (watching && moving) timer = setTimeout(() => void refresh(), POLL_MS);
  }

  function start(): void {
    watching = true;
    void refresh();
  }

  function stop(): void {
    watching = false;
    clearTimeout(timer);
  }

  async function act(what: 'downloadUpdate' | 'installUpdate'): Promise<void> {
    error.value = null;
    const done = services().bridge.api.app[what]();
    void refresh();
    try {
      await done;
    } catch (e) {
      error.value = e instanceof Error ? e.message : String(e);
    }
    await refresh();
  }

  return {
    status,
    error,
    start,
    stop,
    download: () => act('downloadUpdate'),
    install: () => act('installUpdate'),
  };
});
