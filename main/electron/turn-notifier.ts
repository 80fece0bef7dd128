import type { TurnNotice } from '../../shared/desktop-api';

/** What the notifier needs from Electron: injected, so it is tested without Electron. */
export interface NotifierDeps {
  /** Notification.isSupported(). */
  supported(): boolean;
  /** The app's window, if open and focused (then the page itself is the cue). */
  windowFocused(): boolean;
  /** Shows the OS notification; a click on it brings the window forward. */
  show(notice: TurnNotice, onClick: () => void): void;
  focusWindow(): void;
}

/** "Your turn" for a player in another window: an OS notification, only while the app is not focused. */
export function createTurnNotifier(deps: NotifierDeps): (notice: TurnNotice) => boolean {
  return (notice) => {
    if (deps.windowFocused() || !deps.supported()) return false;
    deps.show(notice, deps.focusWindow);
    return true;
  };
}
