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

  it('closing the last window quits through the quit sequence', async () => {
    await expectQuitsThroughSequence(electron);
  });
});
