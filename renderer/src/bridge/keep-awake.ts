import { watch, type WatchStopHandle } from 'vue';
import type { DesktopApi } from '../../../shared/desktop-api';

/**
 * Keeps the display awake while `gameOnScreen` holds (the desktop app's power-save blocker; a browser's
 * bridge does nothing): asked when a game comes on screen, let go when it ends or the person leaves the
 * table. Only changes cross the bridge, so the lobby never asks at all.
 */
export function keepAwakeWhile(
  app: Pick<DesktopApi['app'], 'keepAwake'>,
  gameOnScreen: () => boolean,
): WatchStopHandle {
  let held = false;
  return watch(
    gameOnScreen,
    (on) => {
      if (on === held) return;
      held = on;
      // The blocker is a comfort: a refusal (an old preload, a closed window) changes nothing on screen.
      app.keepAwake(on).catch(() => undefined);
    },
    { immediate: true },
  );
}
