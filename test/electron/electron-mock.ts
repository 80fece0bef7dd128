/**
 * A stand-in for the `electron` module (its binary cannot run here). Tests create it inside
 * vi.hoisted and hand `module` to vi.mock('electron'); the built bundles get it through a custom
 * require. It records what the app asked of Electron and lets a test fire Electron's events.
 */
import { EventEmitter } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';

type Handler = (...args: unknown[]) => unknown;

export class FakeWebContents extends EventEmitter {
  static nextId = 1;
  readonly id = FakeWebContents.nextId++;
  windowOpenHandler: Handler | null = null;
  destroyed = false;
  send = vi.fn();
  reload = vi.fn();
  isDestroyed = () => this.destroyed;
  setWindowOpenHandler = vi.fn((handler: Handler) => {
    this.windowOpenHandler = handler;
  });
  destroy() {
    this.destroyed = true;
    this.emit('destroyed');
  }
}

/** Electron's powerSaveBlocker: ids counted from 1, the started ones kept (what a test reads). */
export function fakePowerSaveBlocker() {
  let next = 1;
  const started = new Map<number, string>();
  return {
    started,
    start: vi.fn((type: 'prevent-display-sleep' | 'prevent-app-suspension') => {
      const id = next++;
      started.set(id, type);
      return id;
    }),
    stop: vi.fn((id: number) => started.delete(id)),
    isStarted: (id: number) => started.has(id),
    /** How many blockers of that kind run now. */
    running: (type: string) => [...started.values()].filter((t) => t === type).length,
  };
}

export interface ElectronMock {
  module: Record<string, unknown>;
  app: FakeApp;
  windows: FakeBrowserWindowLike[];
  ipcHandlers: Map<string, Handler>;
  ipcRendererListeners: Map<string, Set<Handler>>;
  /** OS notifications the app created (each with its options, `shown`, and its 'click' listeners). */
  notifications: (EventEmitter & { options: { title: string; body: string }; shown: boolean })[];
  powerSaveBlocker: ReturnType<typeof fakePowerSaveBlocker>;
  /** Resolves app.whenReady(). */
  ready(): void;
  userData: string;
}

export interface FakeBrowserWindowLike extends EventEmitter {
  options: Record<string, unknown> & { webPreferences: Record<string, unknown> };
  webContents: FakeWebContents;
  loadURL: ReturnType<typeof vi.fn>;
  show: ReturnType<typeof vi.fn>;
  maximize: ReturnType<typeof vi.fn>;
}

function createApp(userData: string, readyPromise: Promise<void>, isReady: () => boolean) {
  return Object.assign(new EventEmitter(), {
    requestSingleInstanceLock: vi.fn(() => true),
    quit: vi.fn(),
    exit: vi.fn(),
    enableSandbox: vi.fn(),
    setAppUserModelId: vi.fn(),
    setAsDefaultProtocolClient: vi.fn(() => true),
    whenReady: vi.fn(() => readyPromise),
    isReady: vi.fn(isReady),
    getPath: vi.fn((_name: string) => userData),
    getName: vi.fn(() => 'Red7 LAN'),
    getVersion: vi.fn(() => '0.1.0'),
    getLocale: vi.fn(() => 'en-US'),
    isPackaged: false,
  });
}
export type FakeApp = ReturnType<typeof createApp>;

export function createElectronMock(
  userData = join(tmpdir(), `red7-electron-${process.pid}-${Date.now()}`),
): ElectronMock {
  let markReady = () => {};
  const readyPromise = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  let isReady = false;

  const app = createApp(userData, readyPromise, () => isReady);

  const windows: FakeBrowserWindowLike[] = [];
  class FakeBrowserWindow extends EventEmitter {
    static getAllWindows = vi.fn(() => windows.filter((w) => !(w as unknown as FakeBrowserWindow).destroyed));
    options: FakeBrowserWindowLike['options'];
    webContents = new FakeWebContents();
    destroyed = false;
    maximized = false;
    loadURL = vi.fn(async (_url: string) => {});
    show = vi.fn();
    focus = vi.fn();
    restore = vi.fn();
    maximize = vi.fn(() => {
      this.maximized = true;
    });
    isMaximized = () => this.maximized;
    isMinimized = () => false;
    focused = true;
    isFocused = () => this.focused;
    isFullScreen = () => false;
    isDestroyed = () => this.destroyed;
    getNormalBounds = () => ({
      x: (this.options.x as number) ?? 10,
      y: (this.options.y as number) ?? 10,
      width: this.options.width as number,
      height: this.options.height as number,
    });
    constructor(options: FakeBrowserWindowLike['options']) {
      super();
      this.options = options;
      windows.push(this as unknown as FakeBrowserWindowLike);
      app.emit('web-contents-created', {}, this.webContents);
    }
  }

  /** Notifications the app showed (title, body), and their click listeners. */
  const notifications: FakeNotification[] = [];
  class FakeNotification extends EventEmitter {
    static isSupported = vi.fn(() => true);
    options: { title: string; body: string };
    shown = false;
    show = vi.fn(() => {
      this.shown = true;
    });
    constructor(options: { title: string; body: string }) {
      super();
      this.options = options;
      notifications.push(this);
    }
  }

  const ipcHandlers = new Map<string, Handler>();
  const ipcRendererListeners = new Map<string, Set<Handler>>();
  const session = {
    webRequest: { onHeadersReceived: vi.fn() },
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
  };

  const powerSaveBlocker = fakePowerSaveBlocker();
  const module = {
    app,
    powerSaveBlocker,
    BrowserWindow: FakeBrowserWindow,
    Notification: FakeNotification,
    ipcMain: {
      handle: vi.fn((channel: string, handler: Handler) => {
        if (ipcHandlers.has(channel)) throw new Error(`second handler for ${channel}`);
        ipcHandlers.set(channel, handler);
      }),
    },
    ipcRenderer: {
      invoke: vi.fn(async () => ({ ok: true, value: undefined })),
      on: vi.fn((channel: string, listener: Handler) => {
        if (!ipcRendererListeners.has(channel)) ipcRendererListeners.set(channel, new Set());
        ipcRendererListeners.get(channel)!.add(listener);
      }),
      removeListener: vi.fn((channel: string, listener: Handler) =>
        ipcRendererListeners.get(channel)?.delete(listener),
      ),
    },
    contextBridge: { exposeInMainWorld: vi.fn() },
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    session: { defaultSession: session },
    shell: { openExternal: vi.fn(async () => {}), openPath: vi.fn(async (_path: string) => '') },
    screen: { getAllDisplays: vi.fn(() => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }]) },
    Menu: { buildFromTemplate: vi.fn((template: unknown) => ({ template })), setApplicationMenu: vi.fn() },
  };

  return {
    module: { ...module, default: module },
    app,
    windows,
    ipcHandlers,
    ipcRendererListeners,
    notifications,
    powerSaveBlocker,
    ready() {
      isReady = true;
      markReady();
    },
    userData,
  };
}
