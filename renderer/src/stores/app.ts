import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AppInfo, TurnNotice } from '../../../shared/desktop-api';
import { keepAwakeWhile as keepAwakeThrough } from '../bridge/keep-awake';
import { services } from '../services';

/**
 * The app this page runs in: the desktop app or a browser, its system and data folder, and the desktop's
 * OS notifications. The rest of the renderer asks here rather than at the bridge.
 */
export const useAppStore = defineStore('app', () => {
  const desktop = services().bridge.kind === 'desktop';
  /** The app's system ('darwin', 'win32', …; 'web' in a browser) and the host's data folder ('' in a browser). */
  const platform = ref('');
  const dataFolder = ref('');
  const dataFolderError = ref<string | null>(null);
  let asked = false;

  /** Reads the app's details once. */
  function load(): void {
    if (asked) return;
    asked = true;
    services()
      .bridge.api.app.info()
      .then((info) => {
        platform.value = info.platform;
        dataFolder.value = info.dataFolder;
      })
      .catch(() => (asked = false));
  }

  async function openDataFolder(): Promise<void> {
    try {
      dataFolderError.value = null;
      await services().bridge.api.app.openDataFolder();
    } catch (e) {
      dataFolderError.value = e instanceof Error ? e.message : String(e);
    }
  }

  /** The app's name, version and system, for a problem report; null when the bridge cannot say. */
  const info = (): Promise<AppInfo | null> =>
    services()
      .bridge.api.app.info()
      .catch(() => null);

  /** The desktop app's OS notification (shown only while its window is not focused); null in a browser. */
  const notify = desktop
    ? (notice: TurnNotice): Promise<boolean> => services().bridge.api.app.notify(notice)
    : null;

  /** Keeps the display awake while `gameOnScreen` holds (the desktop app's blocker; nothing in a browser). */
  const keepAwakeWhile = (gameOnScreen: () => boolean) =>
    keepAwakeThrough(services().bridge.api.app, gameOnScreen);

  return {
    desktop,
    platform,
    dataFolder,
    dataFolderError,
    load,
    openDataFolder,
    info,
    notify,
    keepAwakeWhile,
  };
});
