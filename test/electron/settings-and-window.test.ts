import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, openSettingsStore } from '../../main/electron/settings-store';
import {
  DEFAULT_WINDOW,
  fitWindowState,
  loadWindowState,
  MIN_WINDOW,
  saveWindowState,
} from '../../main/electron/window-state';
import { buildMenuTemplate, RULES_PUBLISHER_URL } from '../../main/electron/menu';
import { claimSingleInstance } from '../../main/electron/single-instance';
import { collectAppInfo } from '../../main/electron/app-info';

const tempDir = () => mkdtempSync(join(tmpdir(), 'red7-desktop-'));

describe('settings store', () => {
  it('starts from the defaults and keeps what was set across openings', async () => {
    const file = join(tempDir(), 'settings.json');
    const first = await openSettingsStore(file, vi.fn());
    expect(first.all()).toEqual(DEFAULT_SETTINGS);
    await Promise.all([
      first.set('playerName', 'Bo'),
      first.set('locale', 'ko'),
      first.set('hostPort', 50000),
    ]);
    const again = await openSettingsStore(file, vi.fn());
    expect(again.all()).toEqual({ ...DEFAULT_SETTINGS, playerName: 'Bo', locale: 'ko', hostPort: 50000 });
  });

  it('refuses bad values with a reason and leaves file and memory unchanged', async () => {
    const file = join(tempDir(), 'settings.json');
    const store = await openSettingsStore(file, vi.fn());
    await store.set('playerName', 'Cy');
    const before = readFileSync(file, 'utf8');
    await expect(store.set('playerName', 'x'.repeat(25))).rejects.toThrow(
      'setting playerName must be at most 24 characters',
    );
    await expect(store.set('playerName', 'a\u0007b')).rejects.toThrow('must not contain control characters');
    await expect(store.set('hostPort', 4747.5)).rejects.toThrow('setting hostPort must be a whole number');
    await expect(store.set('hostPort', '47470')).rejects.toThrow('setting hostPort must be a number');
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(store.get('playerName')).toBe('Cy');
  });

  it('a damaged file is kept aside, good values survive, and the app still starts', async () => {
    const dir = tempDir();
    const file = join(dir, 'settings.json');
    writeFileSync(file, JSON.stringify({ playerName: 'Di', hostPort: -1, locale: 'xx' }));
    const log = vi.fn();
    const store = await openSettingsStore(file, log);
    expect(store.all()).toEqual({ ...DEFAULT_SETTINGS, playerName: 'Di' });
    expect(readFileSync(`${file}.bad`, 'utf8')).toContain('"hostPort":-1');
    expect(log.mock.calls[0][0]).toMatch(/hostPort .*between 1024 and 65535/);

    writeFileSync(file, '{not json');
    const store2 = await openSettingsStore(file, log);
    expect(store2.all()).toEqual(DEFAULT_SETTINGS);
    expect(readFileSync(`${file}.bad`, 'utf8')).toBe('{not json');
  });
});

describe('window state', () => {
  const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }];

  it('is remembered across runs', () => {
    const file = join(tempDir(), 'window-state.json');
    expect(loadWindowState(file)).toEqual(DEFAULT_WINDOW);
    saveWindowState(file, { x: 100, y: 80, width: 1100, height: 750, maximized: true });
    expect(loadWindowState(file)).toEqual({ x: 100, y: 80, width: 1100, height: 750, maximized: true });
    expect(readdirSync(dirname(file)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('ignores a damaged file', () => {
    const file = join(tempDir(), 'window-state.json');
    writeFileSync(file, '{"width":"wide"}');
    expect(loadWindowState(file)).toEqual(DEFAULT_WINDOW);
    writeFileSync(file, 'garbage');
    expect(loadWindowState(file)).toEqual(DEFAULT_WINDOW);
  });

  it('keeps a place that is on a display, drops one that is not (monitor unplugged)', () => {
    expect(fitWindowState({ x: 100, y: 100, width: 1000, height: 700, maximized: false }, screen)).toEqual({
      x: 100,
      y: 100,
      width: 1000,
      height: 700,
      maximized: false,
    });
    const offScreen = fitWindowState({ x: 2500, y: 100, width: 1000, height: 700, maximized: false }, screen);
    expect(offScreen.x).toBeUndefined();
    expect(offScreen.y).toBeUndefined();
    // Title bar above the top edge: not reachable.
    expect(
      fitWindowState({ x: 10, y: -500, width: 1000, height: 700, maximized: false }, screen).x,
    ).toBeUndefined();
  });

  it('clamps the size to the largest display and to the minimum', () => {
    expect(fitWindowState({ width: 5000, height: 4000, maximized: false }, screen)).toMatchObject({
      width: 1920,
      height: 1080,
    });
    expect(fitWindowState({ width: 10, height: 10, maximized: false }, screen)).toMatchObject(MIN_WINDOW);
  });
});

describe('menu, single instance, app info', () => {
  it('the menu links only to the publisher, and has DevTools only in development', () => {
    const openExternal = vi.fn();
    const labels = (t: unknown): string => JSON.stringify(t);
    const prod = buildMenuTemplate({ platform: 'linux', appName: 'Red7 LAN', dev: false, openExternal });
    expect(labels(prod)).not.toContain('toggleDevTools');
    expect(labels(prod)).not.toContain('"reload"');
    const dev = buildMenuTemplate({ platform: 'darwin', appName: 'Red7 LAN', dev: true, openExternal });
    expect(labels(dev)).toContain('toggleDevTools');
    expect(dev[0].label).toBe('Red7 LAN');
    const help = prod.find((m) => m.role === 'help')!;
    const rules = (help.submenu as { label?: string; click?: () => void }[]).find((i) =>
      i.label?.includes('rules'),
    )!;
    rules.click!();
    expect(openExternal).toHaveBeenCalledWith(RULES_PUBLISHER_URL);
  });

  it('a second launch quits; the first is focused', () => {
    const focus = vi.fn();
    const listeners: Record<string, () => void> = {};
    const first = {
      requestSingleInstanceLock: () => true,
      quit: vi.fn(),
      on: vi.fn((e: string, f: () => void) => (listeners[e] = f)),
    };
    expect(claimSingleInstance(first as never, focus)).toBe(true);
    listeners['second-instance']();
    expect(focus).toHaveBeenCalledOnce();
    const second = { requestSingleInstanceLock: () => false, quit: vi.fn(), on: vi.fn() };
    expect(claimSingleInstance(second as never, focus)).toBe(false);
    expect(second.quit).toHaveBeenCalledOnce();
    expect(second.on).not.toHaveBeenCalled();
  });

  it('app info reports versions and the system locale', () => {
    const info = collectAppInfo(
      { getName: () => 'Red7 LAN', getVersion: () => '0.1.0', getLocale: () => 'it-IT', isPackaged: true },
      '/home/ada/.config/Red7 LAN/host',
      { platform: 'win32', versions: { ...process.versions, electron: '45.5.0', chrome: '140.0' } },
    );
    expect(info).toEqual({
      name: 'Red7 LAN',
      version: '0.1.0',
      platform: 'win32',
      versions: { electron: '45.5.0', chrome: '140.0', node: process.versions.node },
      locale: 'it-IT',
      packaged: true,
      dataFolder: '/home/ada/.config/Red7 LAN/host',
    });
  });
});
