/**
 * electron-updater's `autoUpdater`, or null when the package cannot be loaded (then updates are off).
 * It is loaded by name at run time until the package is among the dependencies; once it is, this becomes
 * `import { autoUpdater } from 'electron-updater'`, so that Vite bundles it into out/main like every other.
 */
import { createRequire } from 'node:module';
import type { Updater } from './updates';

export function loadUpdater(load: (id: string) => unknown = createRequire(__filename)): Updater | null {
  try {
    return (load('electron-updater') as { autoUpdater?: Updater }).autoUpdater ?? null;
  } catch {
    return null;
  }
}
