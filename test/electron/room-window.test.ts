import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import { APP_ENTRY_URL } from '../../main/electron/app-url';
import {
  createRoomScreen,
  openRoomWindow,
  roomScreenPlace,
  roomScreenUrl,
} from '../../main/electron/room-window';
import { parseRoute } from '../../renderer/src/stores/routes';

/*
 * The desktop's room screen window (mocked Electron: the binary cannot run here): on a second display,
 * full screen; on one, a window to drag; the app's own page at #/room for this machine's host, with the
 * same locked-down webPreferences as the game window; one at a time; refused when nothing is hosted.
 */

const laptop = { id: 1, bounds: { x: 0, y: 0, width: 1440, height: 900 } };
const tv = { id: 2, bounds: { x: 1440, y: 0, width: 1920, height: 1080 } };
const gameOnLaptop = { x: 100, y: 50, width: 1280, height: 800 };

class FakeWindow extends EventEmitter {
  static made: FakeWindow[] = [];
  readonly loadURL = vi.fn(async (_url: string) => {});
  readonly focus = vi.fn();
  readonly show = vi.fn();
  destroyed = false;
  constructor(readonly options: BrowserWindowConstructorOptions) {
    super();
    FakeWindow.made.push(this);
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}
const Ctor = FakeWindow as unknown as new (o: BrowserWindowConstructorOptions) => BrowserWindow;

describe('the room screen window', () => {
  it('goes full screen on the display the game window is not on', () => {
    expect(roomScreenPlace([laptop, tv], gameOnLaptop)).toEqual({ bounds: tv.bounds, fullscreen: true });
    // The game on the TV: the room screen takes the laptop.
    expect(roomScreenPlace([laptop, tv], { x: 1600, y: 100, width: 1280, height: 800 })).toEqual({
      bounds: laptop.bounds,
      fullscreen: true,
    });
  });

  it('with one display, opens a 1280×720 window centred on it, not full screen', () => {
    expect(roomScreenPlace([laptop], gameOnLaptop)).toEqual({
      bounds: { x: 80, y: 90, width: 1280, height: 720 },
      fullscreen: false,
    });
  });

  it("loads the app's page at the room screen for this machine's host, locked down like the game window", () => {
    const url = roomScreenUrl(47470);
    expect(url.startsWith(APP_ENTRY_URL)).toBe(true);
    expect(parseRoute(url.slice(url.indexOf('#')))).toEqual({
      kind: 'room',
      host: { address: '127.0.0.1', port: 47470 },
    });
    const win = openRoomWindow({
      BrowserWindow: Ctor,
      preloadPath: '/app/preload.js',
      devTools: false,
      title: 'Red7 LAN: room screen',
      port: 47470,
      displays: [laptop, tv],
      gameWindow: gameOnLaptop,
    }) as unknown as FakeWindow;
    expect(win.loadURL).toHaveBeenCalledWith(url);
    expect(win.options).toMatchObject({ fullscreen: true, x: 1440, y: 0, show: false });
    expect(win.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      preload: '/app/preload.js',
    });
  });

  it('is one window: a second ask brings it forward; once closed, a new one; nothing without a host', () => {
    let running = false;
    const opened: FakeWindow[] = [];
    const show = createRoomScreen({
      hostStatus: () =>
        running
          ? { running: true, port: 47471, addresses: [], name: 'Host', advertising: true, receiving: false }
          : { running: false },
      open: (port) => {
        const w = new FakeWindow({ title: String(port) });
        opened.push(w);
        return w as unknown as BrowserWindow;
      },
    });
    expect(show).toThrow('host.showRoomScreen: this computer hosts no tables');
    expect(opened).toEqual([]);
    running = true;
    show();
    show();
    expect(opened).toHaveLength(1);
    expect(opened[0].options.title).toBe('47471');
    expect(opened[0].focus).toHaveBeenCalledOnce();
    opened[0].destroyed = true;
    opened[0].emit('closed');
    show();
    expect(opened).toHaveLength(2);
  });
});
