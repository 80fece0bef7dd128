import type { App } from 'electron';

/**
 * One copy of the app per user: a second launch hands over to the first (which comes to the
 * front, given the second launch's arguments: a table link opened from outside is one) and quits,
 * so two copies never fight over the host port or the settings file.
 */
export function claimSingleInstance(
  app: Pick<App, 'requestSingleInstanceLock' | 'quit' | 'on'>,
  secondLaunch: (argv: string[]) => void,
): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', (_event, argv) => secondLaunch(Array.isArray(argv) ? argv : []));
  return true;
}
