import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { BUILD_DONE, BUILD_FAILED, chromiumAvailable } from './harness';

/*
 * The e2e project's global setup: the renderer is built once for the whole run (not once per file) and every
 * file serves that build (`inject('rendererDir')`, read by the harness). The build runs in a child process
 * while the earlier groups' tests run (e2e comes last, see test/vitest.config.ts); the harness waits for it
 * when a file first needs it.
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

export default function setup(project: TestProject): () => void {
  if (!chromiumAvailable()) {
    project.provide('rendererDir', '');
    return () => {};
  }
  const dir = mkdtempSync(join(tmpdir(), 'red7-e2e-renderer-'));
  const stop = startBuild(dir);
  project.provide('rendererDir', dir);
  return () => {
    stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
