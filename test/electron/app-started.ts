/**
 * What a started main process must have done with Electron, checked the same way for the
 * TypeScript source (under vi.mock) and for the built bundle (under a custom require).
 */
import { join } from 'node:path';
import { expect, vi } from 'vitest';
import { IPC_CHANNELS } from '../../main/ipc';
import { CONTENT_SECURITY_POLICY } from '../../main/electron/csp';
import { UNTRUSTED_SENDER } from '../../main/electron/ipc-handlers';
import { FakeWebContents, type ElectronMock } from './electron-mock';

type Fn = ReturnType<typeof vi.fn>;
const fn = (x: unknown) => x as Fn;

/** Before app.ready: sandbox for all, app:// privileged, one instance; nothing else yet. */
export function expectPreReady(electron: ElectronMock): void {
  const m = electron.module as Record<string, Record<string, unknown>>;
  expect(electron.app.enableSandbox).toHaveBeenCalledOnce();
  expect(electron.app.requestSingleInstanceLock).toHaveBeenCalledOnce();
  expect(fn(m.protocol.registerSchemesAsPrivileged)).toHaveBeenCalledWith([
    expect.objectContaining({
      scheme: 'app',
      privileges: expect.objectContaining({ standard: true }),
    }),
  ]);
  expect(fn(m.protocol.handle)).not.toHaveBeenCalled();
  expect(electron.windows).toHaveLength(0);
}

export async function expectStarted(electron: ElectronMock): Promise<void> {
  const m = electron.module as Record<string, Record<string, unknown>>;
  await vi.waitFor(() => expect(electron.windows).toHaveLength(1));
  const win = electron.windows[0];

  // The renderer: served by app://, loaded from there, never file:// or a remote URL.
  expect(fn(m.protocol.handle)).toHaveBeenCalledWith('app', expect.any(Function));
  expect(win.loadURL).toHaveBeenCalledWith('app://red7/index.html');
  expect(win.options.webPreferences).toMatchObject({
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    webviewTag: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
  });
  expect(String(win.options.webPreferences.preload)).toMatch(/[/\\]preload\.cjs$/);

  // Session: CSP header on every response, every permission refused.
  const session = (m.session.defaultSession as Record<string, unknown>) ?? {};
  const onHeaders = fn((session.webRequest as Record<string, unknown>).onHeadersReceived);
  expect(onHeaders).toHaveBeenCalledOnce();
  const callback = vi.fn();
  (onHeaders.mock.calls[0][0] as (d: unknown, cb: unknown) => void)({ responseHeaders: {} }, callback);
  expect(callback.mock.calls[0][0].responseHeaders['Content-Security-Policy']).toEqual([
    CONTENT_SECURITY_POLICY,
  ]);
  const permission = vi.fn();
  (fn(session.setPermissionRequestHandler).mock.calls[0][0] as (...a: unknown[]) => void)(
    {},
    'media',
    permission,
  );
  expect(permission).toHaveBeenCalledWith(false);

  // Every web contents (the window's included) is kept in the app.
  expect(win.webContents.windowOpenHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
  const nav = { url: 'https://evil.example/', preventDefault: vi.fn() };
  win.webContents.emit('will-navigate', nav, nav.url);
  expect(nav.preventDefault).toHaveBeenCalled();

  // IPC: every channel registered, each refusing a foreign sender.
  expect([...electron.ipcHandlers.keys()].sort()).toEqual([...IPC_CHANNELS].sort());
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  for (const [channel, handler] of electron.ipcHandlers) {
    const reply = await handler({
      senderFrame: { url: 'https://evil.example/', parent: null },
      sender: new FakeWebContents(),
    });
    expect(reply, channel).toEqual({ ok: false, error: UNTRUSTED_SENDER });
  }
  // Each refusal is logged, naming the channel and the page.
  expect(warn.mock.calls.map((c) => String(c[0]))).toEqual(
    [...electron.ipcHandlers.keys()].map((c) => `ipc: ${c} from https://evil.example/ refused`),
  );
  warn.mockRestore();
  const info = await electron.ipcHandlers.get('app:info')!({
    senderFrame: { url: 'app://red7/index.html', parent: null },
    sender: win.webContents,
  });
  const dataFolder = join(electron.userData, 'host');
  expect(info).toMatchObject({
    ok: true,
    value: { name: 'Red7 LAN', version: '0.1.0', locale: 'en-US', dataFolder },
  });
  // The data folder opens in the file manager: the host's own folder, never one the page names.
  const opened = await electron.ipcHandlers.get('app:openDataFolder')!({
    senderFrame: { url: 'app://red7/index.html', parent: null },
    sender: win.webContents,
  });
  expect(opened).toEqual({ ok: true, value: undefined });
  expect(fn(m.shell.openPath)).toHaveBeenCalledExactlyOnceWith(dataFolder);

  expect(fn(m.Menu.setApplicationMenu)).toHaveBeenCalledOnce();
  win.emit('ready-to-show');
  expect(win.show).toHaveBeenCalled();
}

/** Closing the last window quits (not on macOS), through the bounded quit sequence. */
export async function expectQuitsThroughSequence(electron: ElectronMock): Promise<void> {
  electron.app.emit('window-all-closed');
  expect(electron.app.quit).toHaveBeenCalledOnce();
  const request = { preventDefault: vi.fn() };
  electron.app.emit('before-quit', request);
  expect(request.preventDefault).toHaveBeenCalled();
  await vi.waitFor(() => expect(electron.app.quit).toHaveBeenCalledTimes(2));
  const final = { preventDefault: vi.fn() };
  electron.app.emit('before-quit', final);
  expect(final.preventDefault).not.toHaveBeenCalled();
}
