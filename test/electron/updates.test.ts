import { describe, expect, it, vi } from 'vitest';
import { loadUpdater } from '../../main/electron/load-updater';
import { createUpdates, isNewer, type Updater } from '../../main/electron/updates';

/** electron-updater's autoUpdater as the module uses it, answering what the test says. */
function fakeUpdater(latest: string | Error) {
  const listeners = new Map<string, (value: never) => void>();
  const updater = {
    autoDownload: true,
    autoInstallOnAppQuit: true,
    checkForUpdates: vi.fn(async () => {
      if (latest instanceof Error) throw latest;
      return { updateInfo: { version: latest } };
    }),
    downloadUpdate: vi.fn(async () => {
      listeners.get('download-progress')?.({ percent: 42.4 } as never);
      return [];
    }),
    quitAndInstall: vi.fn(),
    on: vi.fn((event: string, listener: (value: never) => void) => listeners.set(event, listener)),
  };
  return updater satisfies Updater;
}

describe('updates', () => {
  it('are off when the app is not packaged: the updater is never loaded, nothing is checked', async () => {
    const updater = fakeUpdater('9.0.0');
    const load = vi.fn(() => updater);
    const updates = createUpdates({ packaged: false, version: '0.1.0', updater: load, busy: () => null });
    await updates.checkAtStart();
    expect(load).not.toHaveBeenCalled();
    expect(updater.checkForUpdates).not.toHaveBeenCalled();
    expect(updates.status()).toEqual({ state: 'off' });
    await expect(updates.download()).rejects.toThrow('there is no update to download');
    expect(() => updates.install()).toThrow('no update is downloaded');
  });

  it('are off when the updater cannot be loaded', async () => {
    const log = vi.fn();
    const updates = createUpdates({
      packaged: true,
      version: '0.1.0',
      updater: () => {
        throw new Error('Cannot find module electron-updater');
      },
      busy: () => null,
      log,
    });
    await updates.checkAtStart();
    expect(updates.status()).toEqual({ state: 'off' });
    expect(log).toHaveBeenCalledOnce();
    expect(
      loadUpdater(() => {
        throw new Error('Cannot find module');
      }),
    ).toBeNull();
    const autoUpdater = fakeUpdater('1.0.0');
    expect(loadUpdater(() => autoUpdater)).toBe(autoUpdater);
  });

  it('check once at start and are never forced: no download or install unasked', async () => {
    const updater = fakeUpdater('0.2.0');
    const updates = createUpdates({
      packaged: true,
      version: '0.1.0',
      updater: () => updater,
      busy: () => null,
    });
    expect(updater.autoDownload).toBe(false);
    expect(updater.autoInstallOnAppQuit).toBe(false);
    await updates.checkAtStart();
    await updates.checkAtStart();
    expect(updater.checkForUpdates).toHaveBeenCalledOnce();
    expect(updates.status()).toEqual({ state: 'available', version: '0.2.0' });
    expect(updater.downloadUpdate).not.toHaveBeenCalled();
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
  });

  it('say "current" for the same version and "unreachable" offline, and change nothing', async () => {
    const same = createUpdates({
      packaged: true,
      version: '0.2.0',
      updater: () => fakeUpdater('0.2.0'),
      busy: () => null,
    });
    await same.checkAtStart();
    expect(same.status()).toEqual({ state: 'current' });
    const offline = createUpdates({
      packaged: true,
      version: '0.2.0',
      updater: () => fakeUpdater(new Error('net::ERR_INTERNET_DISCONNECTED')),
      busy: () => null,
      log: vi.fn(),
    });
    await offline.checkAtStart();
    expect(offline.status()).toEqual({ state: 'unreachable' });
  });

  it('download when asked, and never install while a game is on', async () => {
    const updater = fakeUpdater('0.3.0');
    let busy: string | null = 'this computer hosts a game in play';
    const updates = createUpdates({
      packaged: true,
      version: '0.2.0',
      updater: () => updater,
      busy: () => busy,
    });
    await updates.checkAtStart();
    await updates.download();
    expect(updates.status()).toEqual({ state: 'ready', version: '0.3.0' });
    expect(() => updates.install()).toThrow('app.installUpdate: not now, this computer hosts a game in play');
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    busy = null;
    updates.install();
    expect(updater.quitAndInstall).toHaveBeenCalledExactlyOnceWith(false, true);
  });

  it('compare versions', () => {
    expect(isNewer('0.2.0', '0.1.9')).toBe(true);
    expect(isNewer('1.0.0', '0.9.9')).toBe(true);
    expect(isNewer('0.1.0', '0.1.0')).toBe(false);
    expect(isNewer('0.1.0', '0.2.0')).toBe(false);
    expect(isNewer('0.2.0', '0.2.0-beta.1')).toBe(true);
    expect(isNewer('0.2.0-beta.1', '0.2.0')).toBe(false);
    expect(isNewer('garbage', '0.1.0')).toBe(false);
  });
});
