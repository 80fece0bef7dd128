import type { App } from 'electron';

/**
 * One copy of the app per user: a second launch hands over to the first (which comes to the
 * front) and quits, so two copies never fight over the host port or the settings file.
 */
export function claimSingleInstance(
  app: Pick<App, 'requestSingleInstanceLock' | 'quit' | 'on'>,
  focus: () => void,
): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', focus);
  return true;
}
