// The main entry (TypeScript source) started against a mocked Electron.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { rmSync } from 'node:fs';
import { expectPreReady, expectQuitsThroughSequence, expectStarted } from './app-started';

const electron = await vi.hoisted(async () => {
  const { createElectronMock } = await import('./electron-mock');
  return createElectronMock();
});
vi.mock('electron', () => electron.module);

afterAll(() => rmSync(electron.userData, { recursive: true, force: true }));

describe('main/index.ts', () => {
  it('hardens and claims the single instance before ready, then opens one secure window', async () => {
    await import('../../main/index');
    expectPreReady(electron);
    electron.ready();
    await expectStarted(electron);
  });

  it('a second launch brings the window to the front', () => {
    const win = electron.windows[0] as unknown as { focus: ReturnType<typeof vi.fn> };
    electron.app.emit('second-instance');
    expect(win.focus).toHaveBeenCalledOnce();
  });

  it('a table link from outside (a second launch, macOS open-url) brings the window to the front at that table; any other link only brings it forward', () => {
    const win = electron.windows[0] as unknown as {
      focus: ReturnType<typeof vi.fn>;
      loadURL: ReturnType<typeof vi.fn>;
    };
    // Not packaged: a development run does not take the red7:// scheme from the installed app.
    expect(electron.app.setAsDefaultProtocolClient).not.toHaveBeenCalled();
    const focused = () => win.focus.mock.calls.length;
    const loads = () => win.loadURL.mock.calls.length;
    const before = focused();

    electron.app.emit(
      'second-instance',
      {},
      ['red7-lan', '--flag', 'red7://table/tbl12345?host=10.0.0.5:47470'],
      '/',
    );
    expect(focused()).toBe(before + 1);
    expect(win.loadURL).toHaveBeenLastCalledWith(
      'app://red7/index.html#/table/tbl12345?host=10.0.0.5%3A47470',
    );

    const event = { preventDefault: vi.fn() };
    electron.app.emit('open-url', event, 'http://10.0.0.6:47470/#/table/tblABCDE');
    expect(event.preventDefault).toHaveBeenCalledOnce();
    expect(focused()).toBe(before + 2);
    expect(win.loadURL).toHaveBeenLastCalledWith(
      'app://red7/index.html#/table/tblABCDE?host=10.0.0.6%3A47470',
    );

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const loaded = loads();
    const bad = [
      'javascript:alert(1)',
      'https://evil.example/#/table/tbl12345',
      'red7://table/x?host=10.0.0.5',
      'red7://table/tbl12345?host=evil.example/path',
      'red7://table/tbl12345?host=10.0.0.5&then=more',
      'file:///etc/passwd',
    ];
    for (const link of bad) {
      electron.app.emit('second-instance', {}, ['red7-lan', link], '/');
      electron.app.emit('open-url', { preventDefault: vi.fn() }, link);
    }
    expect(loads()).toBe(loaded);
    expect(focused()).toBe(before + 2 + 2 * bad.length);
    expect(warn).toHaveBeenCalledTimes(bad.length);
    warn.mockRestore();
  });

  it('app.keepAwake from the page holds the display awake through Electron’s powerSaveBlocker', async () => {
    const win = electron.windows[0];
    const keepAwake = electron.ipcHandlers.get('app:keepAwake')!;
    const from = { senderFrame: { url: 'app://red7/index.html', parent: null }, sender: win.webContents };
    await expect(keepAwake(from, true)).resolves.toEqual({ ok: true, value: undefined });
    expect(electron.powerSaveBlocker.running('prevent-display-sleep')).toBe(1);
    await keepAwake(from, false);
    expect(electron.powerSaveBlocker.running('prevent-display-sleep')).toBe(0);
    // The host holds no table in play: the system may sleep.
    expect(electron.powerSaveBlocker.running('prevent-app-suspension')).toBe(0);
  });

  it("app.notify: an OS notification only while the window is not focused, from the app's page only; a click brings the window back", async () => {
    const win = electron.windows[0] as unknown as { focused: boolean; focus: ReturnType<typeof vi.fn> };
    const notify = electron.ipcHandlers.get('app:notify')!;
    const from = (url: string) => ({ senderFrame: { url, parent: null }, sender: win });
    const notice = { title: 'Your turn', body: 'It is your turn at Kitchen.' };

    win.focused = true;
    await expect(notify(from('app://red7/index.html'), notice)).resolves.toEqual({ ok: true, value: false });
    expect(electron.notifications).toHaveLength(0);

    win.focused = false;
    await expect(notify(from('https://evil.example/'), notice)).resolves.toMatchObject({ ok: false });
    await expect(notify(from('app://red7/index.html'), { ...notice, html: '<b>' })).resolves.toEqual({
      ok: false,
      error: 'app.notify: unknown field "html"',
    });
    await expect(notify(from('app://red7/index.html'), { title: 'x'.repeat(81), body: '' })).resolves.toEqual(
      {
        ok: false,
        error: 'app.notify: title must be at most 80 characters',
      },
    );
    expect(electron.notifications).toHaveLength(0);

    await expect(notify(from('app://red7/index.html'), notice)).resolves.toEqual({ ok: true, value: true });
    expect(electron.notifications).toHaveLength(1);
    expect(electron.notifications[0]).toMatchObject({ options: notice, shown: true });
    const focusedBefore = win.focus.mock.calls.length;
    electron.notifications[0].emit('click');
    expect(win.focus.mock.calls.length).toBe(focusedBefore + 1);
  });

  it('closing the last window quits through the quit sequence', async () => {
    await expectQuitsThroughSequence(electron);
  });
});
