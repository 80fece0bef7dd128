/**
 * The one game window: secure webPreferences, the app's own page from app://, and its size and
 * place remembered. Electron's BrowserWindow is passed in, so tests construct it from a mock.
 */
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import { APP_ENTRY_URL } from './app-url';
import { secureWebPreferences } from './web-preferences';
import { MIN_WINDOW, type WindowState } from './window-state';

export interface MainWindowOptions {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow;
  preloadPath: string;
  devTools: boolean;
  title: string;
  state: WindowState;
  saveState(state: WindowState): void;
  /** The page to open: the app's entry, maybe at a table (a link opened from outside); default the entry. */
  url?: string;
  log?: (message: string) => void;
}

export function mainWindowOptions(
  o: Pick<MainWindowOptions, 'preloadPath' | 'devTools' | 'title' | 'state'>,
): BrowserWindowConstructorOptions {
  return {
    title: o.title,
    width: o.state.width,
    height: o.state.height,
    ...(o.state.x !== undefined && o.state.y !== undefined
      ? { x: o.state.x, y: o.state.y }
      : { center: true }),
    minWidth: MIN_WINDOW.width,
    minHeight: MIN_WINDOW.height,
    show: false,
    backgroundColor: '#14161c',
    autoHideMenuBar: false,
    webPreferences: secureWebPreferences(o.preloadPath, { devTools: o.devTools }),
  };
}

export function createMainWindow(o: MainWindowOptions): BrowserWindow {
  const log = o.log ?? ((message: string) => console.warn(message));
  const win = new o.BrowserWindow(mainWindowOptions(o));
  if (o.state.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());

  const remember = () => {
    if (win.isDestroyed() || win.isMinimized() || win.isFullScreen()) return;
    const b = win.getNormalBounds();
    try {
      o.saveState({ x: b.x, y: b.y, width: b.width, height: b.height, maximized: win.isMaximized() });
    } catch (error) {
      log(`window: could not remember its place: ${String(error)}`);
    }
  };
  win.on('close', remember);

  win.webContents.on('render-process-gone', (_event, details) => {
    log(`window: renderer gone (${details.reason}); reloading`);
    if (details.reason !== 'clean-exit' && !win.isDestroyed()) win.webContents.reload();
  });
  win
    .loadURL(o.url ?? APP_ENTRY_URL)
    .catch((error: unknown) => log(`window: could not load the app: ${String(error)}`));
  return win;
}
