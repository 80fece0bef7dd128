/**
 * The room screen in a window of its own (the desktop app's "Room screen"): the app's page at `#/room` for
 * this machine's host, full screen on a display other than the game window's when there is one (a TV, a
 * projector), else a window of its own size to drag there. Electron's BrowserWindow and the displays are
 * passed in, so tests construct them from mocks.
 */
import type { BrowserWindow, BrowserWindowConstructorOptions, Rectangle } from 'electron';
import type { HostStatus } from '../../shared/desktop-api';
import { APP_ENTRY_URL } from './app-url';
import { secureWebPreferences } from './web-preferences';

export interface DisplayLike {
  id: number;
  bounds: Rectangle;
}

/** Where the room screen goes: another display than the one showing most of the game window, if any. */
export function roomScreenPlace(
  displays: readonly DisplayLike[],
  gameWindow: Rectangle | null,
): { bounds: Rectangle; fullscreen: boolean } {
  const overlap = (d: DisplayLike) => {
    if (!gameWindow) return 0;
    const w =
      Math.min(d.bounds.x + d.bounds.width, gameWindow.x + gameWindow.width) -
      Math.max(d.bounds.x, gameWindow.x);
    const h =
      Math.min(d.bounds.y + d.bounds.height, gameWindow.y + gameWindow.height) -
      Math.max(d.bounds.y, gameWindow.y);
    return Math.max(0, w) * Math.max(0, h);
  };
  const home = [...displays].sort((a, b) => overlap(b) - overlap(a))[0];
  const other = displays.find((d) => d !== home);
  if (other) return { bounds: other.bounds, fullscreen: true };
  // One display: a 1280×720 window centred on it, for the person to drag to a screen plugged in later.
  const b = home?.bounds ?? { x: 0, y: 0, width: 1280, height: 720 };
  const width = Math.min(1280, b.width);
  const height = Math.min(720, b.height);
  return {
    bounds: {
      x: b.x + Math.round((b.width - width) / 2),
      y: b.y + Math.round((b.height - height) / 2),
      width,
      height,
    },
    fullscreen: false,
  };
}

/** The room screen's address in the app's page: this machine's host on loopback, at `port`. */
export const roomScreenUrl = (port: number): string =>
  `${APP_ENTRY_URL}#/room?host=${encodeURIComponent(`127.0.0.1:${port}`)}`;

export interface RoomWindowOptions {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow;
  preloadPath: string;
  devTools: boolean;
  title: string;
  port: number;
  displays: readonly DisplayLike[];
  gameWindow: Rectangle | null;
  log?: (message: string) => void;
}

export function openRoomWindow(o: RoomWindowOptions): BrowserWindow {
  const log = o.log ?? ((message: string) => console.warn(message));
  const place = roomScreenPlace(o.displays, o.gameWindow);
  const win = new o.BrowserWindow({
    title: o.title,
    ...place.bounds,
    fullscreen: place.fullscreen,
    show: false,
    backgroundColor: '#1d4a3a',
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences(o.preloadPath, { devTools: o.devTools }),
  });
  win.once('ready-to-show', () => win.show());
  win
    .loadURL(roomScreenUrl(o.port))
    .catch((error: unknown) => log(`room screen: could not load the app: ${String(error)}`));
  return win;
}

type RoomWindow = Pick<BrowserWindow, 'focus' | 'isDestroyed' | 'on'>;

/**
 * The desktop's "Room screen": one window at a time for this machine's running host (a second ask brings
 * it forward); refused, with why, when this machine hosts nothing.
 */
export function createRoomScreen(deps: {
  hostStatus(): HostStatus;
  open(port: number): RoomWindow;
}): () => void {
  let win: RoomWindow | null = null;
  return () => {
    const status = deps.hostStatus();
    if (!status.running) throw new Error('host.showRoomScreen: this computer hosts no tables');
    if (win && !win.isDestroyed()) return void win.focus();
    const opened = deps.open(status.port);
    win = opened;
    opened.on('closed', () => {
      if (win === opened) win = null;
    });
  };
}
