import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import {
  BUILD_DONE,
  BUILD_FAILED,
  CHROMIUM_ARGS,
  CHROMIUM_LAUNCHER,
  chromiumAvailable,
  chromiumEnv,
} from './harness';

/*
 * The e2e project's global setup: the renderer is built once for the whole run (not once per file) and every
 * file serves that build (`inject('rendererDir')`, read by the harness). The build runs in a child process
 * while the earlier groups' tests run (e2e comes last, see test/vitest.config.ts); the harness waits for it
 * when a file first needs it. Chromium too is started once, as a server every file connects to
 * (`inject('chromiumWs')`): each file's players are contexts of their own, closed with the file.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

/** `vite build` of the renderer as `npm run build` runs it, into `<dir>/renderer`; its outcome in a marker file. */
function startBuild(dir: string): () => void {
  // Vitest runs with NODE_ENV=test, which Vite would build into the bundle (Vue's development build,
  // almost twice the size): the tests drive the production bundle that ships.
  const child = spawn(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      join(root, 'renderer/vite.config.ts'),
      '--mode',
      'production',
      '--outDir',
      join(dir, 'renderer'),
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  child.on('error', (error) => writeFileSync(join(dir, BUILD_FAILED), `${output}\n${error.message}`));
  child.on('close', (code) => {
    if (code === 0) writeFileSync(join(dir, BUILD_DONE), '');
    else writeFileSync(join(dir, BUILD_FAILED), `${output}\nvite build exited with ${code}`);
  });
  return () => {
    if (child.exitCode === null) child.kill();
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!chromiumAvailable()) {
    project.provide('rendererDir', '');
    project.provide('chromiumWs', '');
    return async () => {};
  }
  const dir = mkdtempSync(join(tmpdir(), 'red7-e2e-renderer-'));
  const stop = startBuild(dir);
  project.provide('rendererDir', dir);
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_LAUNCHER,
    headless: true,
    args: CHROMIUM_ARGS,
    env: chromiumEnv(join(dir, 'chromium')),
  });
  project.provide('chromiumWs', server.wsEndpoint());
  return async () => {
    stop();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
