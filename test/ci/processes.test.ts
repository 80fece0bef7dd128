/**
 * The smoke test's process bookkeeping (test/smoke/processes.ts), checked against a real Chromium,
 * which like Electron starts zygote, GPU and utility processes below its main one.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHROMIUM, chromiumAvailable } from '../e2e/harness';
import { isRunning, processTree } from '../smoke/processes';

const profile = mkdtempSync(join(tmpdir(), 'red7-proc-'));
afterAll(() => rmSync(profile, { recursive: true, force: true }));

describe.skipIf(!chromiumAvailable() || process.platform === 'win32')('processTree', () => {
  it("lists a browser's helper processes, and isRunning sees them all end after SIGTERM", async () => {
    const child = spawn(
      CHROMIUM,
      ['--headless=new', '--no-sandbox', '--disable-gpu', `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    ); // prettier-ignore
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        let seen = '';
        const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${seen}`)), 20_000);
        child.stderr!.on('data', (d: Buffer) => {
          seen += d.toString();
          if (seen.includes('DevTools listening on')) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      const tree = processTree(child.pid!);
      expect(tree[0]).toBe(child.pid);
      expect(tree.length).toBeGreaterThan(1);
      expect(tree.every(isRunning)).toBe(true);

      child.kill('SIGTERM');
      await exited;
      const end = Date.now() + 5000;
      while (tree.some(isRunning) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(tree.filter(isRunning)).toEqual([]);
      expect(isRunning(process.pid)).toBe(true);
    } finally {
      if (isRunning(child.pid!)) child.kill('SIGKILL');
    }
  }, 30_000);
});
