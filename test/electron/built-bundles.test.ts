/**
 * The bundles Electron really loads: main/vite.config.ts builds out/main/index.cjs and
 * out/main/preload.cjs (into a temp folder here), and both are run under the Electron mock.
 * The preload gets a require that knows only 'electron', as in a sandboxed renderer.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runInThisContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyMove, legalMoves, newGame, viewFor } from '../../shared/engine';
import { createElectronMock, type ElectronMock } from './electron-mock';
import { expectPreReady, expectQuitsThroughSequence, expectStarted } from './app-started';

const outDir = mkdtempSync(join(tmpdir(), 'red7-bundles-'));

beforeAll(async () => {
  await build({
    configFile: join(__dirname, '../../main/vite.config.ts'),
    build: { outDir },
    logLevel: 'silent',
  });
}, 120_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** Runs a CommonJS file as Node would, except that `require` goes through `resolve` first. */
function runCjs(file: string, resolve: (id: string) => unknown): { exports: unknown; required: string[] } {
  const required: string[] = [];
  const module = { exports: {} };
  const wrapper = runInThisContext(Module.wrap(readFileSync(file, 'utf8')), { filename: file }) as (
    ...args: unknown[]
  ) => void;
  const require = (id: string) => {
    required.push(id);
    return resolve(id);
  };
  wrapper.call(module.exports, module.exports, require, module, file, dirname(file));
  return { exports: module.exports, required };
}

describe('built bundles', () => {
  it('are CommonJS files: the main process, its bot worker, and one self-contained preload', () => {
    // Beside them, the headless host is an ES module of its own (cli.js and its chunks, cli-*.js).
    const files = readdirSync(outDir).filter((f) => !/^cli[.-]/.test(f));
    expect(files).toEqual(expect.arrayContaining(['index.cjs', 'preload.cjs', 'bot-worker.cjs']));
    expect(files.every((f) => f.endsWith('.cjs'))).toBe(true);
  });

  it("the host's bot worker bundle runs in a worker thread and answers with a legal move", async () => {
    const state = newGame({ players: 2, mode: 'basic', actionRule: false }, 7);
    const view = viewFor(state, state.current);
    const worker = new Worker(join(outDir, 'bot-worker.cjs'));
    try {
      const reply = await new Promise<{ id: number; move?: unknown; error?: string }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage({ id: 1, view, seed: 3 });
      });
      expect(reply.error).toBeUndefined();
      expect(reply.id).toBe(1);
      expect(legalMoves(state)).toContainEqual(reply.move);
      expect(() => applyMove(state, reply.move as never)).not.toThrow();
    } finally {
      await worker.terminate();
    }
  });

  it('the preload requires only electron and exposes one function per capability, never ipcRenderer', async () => {
    const electron = createElectronMock();
    const { required } = runCjs(join(outDir, 'preload.cjs'), (id) => {
      if (id !== 'electron') throw new Error(`a sandboxed preload cannot require ${id}`);
      return electron.module;
    });
    expect(required).toEqual(['electron']);
    const expose = (electron.module.contextBridge as { exposeInMainWorld: ReturnType<typeof vi.fn> })
      .exposeInMainWorld;
    expect(expose).toHaveBeenCalledOnce();
    const [key, api] = expose.mock.calls[0] as [string, Record<string, Record<string, unknown>>];
    expect(key).toBe('red7');

    const shape = Object.fromEntries(
      Object.entries(api).map(([group, fns]) => [group, Object.keys(fns).sort()]),
    );
    expect(shape).toEqual({
      tables: ['openInBrowser', 'subscribe'],
      host: [
        'askHandOver',
        'closeTable',
        'handOver',
        'handOverTargets',
        'onHandOverAsked',
        'onTablesReceived',
        'receiveTables',
        'showRoomScreen',
        'start',
        'status',
        'stop',
        'withdrawHandOver',
      ],
      settings: ['get', 'set'],
      app: [
        'downloadUpdate',
        'info',
        'installUpdate',
        'keepAwake',
        'notify',
        'openDataFolder',
        'updateStatus',
      ],
    });
    const ipcRenderer = electron.module.ipcRenderer as Record<string, ReturnType<typeof vi.fn>>;
    for (const group of Object.values(api)) {
      for (const value of Object.values(group)) {
        expect(typeof value).toBe('function');
        expect(value).not.toBe(ipcRenderer.invoke);
        expect(value).not.toBe(ipcRenderer.on);
      }
    }

    // Each function speaks its own channel.
    ipcRenderer.invoke.mockResolvedValue({ ok: true, value: { running: false } });
    await expect((api.host.status as () => Promise<unknown>)()).resolves.toEqual({ running: false });
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith('host:status');
    ipcRenderer.invoke.mockResolvedValue({ ok: false, error: 'setting hostPort must be a number' });
    await expect(
      (api.settings.set as (k: string, v: unknown) => Promise<void>)('hostPort', 'x'),
    ).rejects.toThrow('setting hostPort must be a number');
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith('settings:set', 'hostPort', 'x');
  });

  describe('the main process bundle', () => {
    let electron: ElectronMock;
    let required: string[] = [];

    it('loads under the mock, with no node_modules at all (as packaged), and hardens everything before ready', () => {
      electron = createElectronMock();
      const realRequire = createRequire(join(outDir, 'index.cjs'));
      const builtins = new Set(Module.builtinModules);
      ({ required } = runCjs(join(outDir, 'index.cjs'), (id) => {
        if (id === 'electron') return electron.module;
        if (id.startsWith('./') || builtins.has(id.replace(/^node:/, ''))) return realRequire(id);
        throw Object.assign(new Error(`Cannot find module '${id}'`), { code: 'MODULE_NOT_FOUND' });
      }));
      expectPreReady(electron);
    });

    it('asks node_modules only for optional speed-ups that it does without', () => {
      const builtins = new Set(Module.builtinModules);
      const foreign = required.filter(
        (id) => id !== 'electron' && !id.startsWith('./') && !builtins.has(id.replace(/^node:/, '')),
      );
      // ws tries its native helpers inside try/catch and falls back to JavaScript.
      expect(foreign.every((id) => ['bufferutil', 'utf-8-validate'].includes(id))).toBe(true);
      expect(required).toContain('electron');
    });

    it('opens one secure window when ready', async () => {
      electron.ready();
      await expectStarted(electron);
    });

    it('quits through the bounded quit sequence', async () => {
      await expectQuitsThroughSequence(electron);
      rmSync(electron.userData, { recursive: true, force: true });
    });
  });
});
