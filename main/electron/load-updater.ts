/**
 * electron-updater's `autoUpdater`, or null when it cannot be made (then updates are off). Vite bundles the
 * package into out/main like every other dependency; its `autoUpdater` is built on first read (it needs
 * Electron's app), so importing this module costs nothing until updates are checked.
 */
import electronUpdater from 'electron-updater';
import type { Updater } from './updates';

export function loadUpdater(read: () => unknown = () => electronUpdater.autoUpdater): Updater | null {
  try {
    return (read() as Updater | undefined) ?? null;
  } catch {
    return null;
  }
}
