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
