/**
 * `npm run host` stopped the way service managers and `docker stop` do it: SIGTERM to the npm
 * process only. npm and its shell end at once; the host must notice, close its sockets with the
 * goodbye code, save, free its port and exit, instead of running on as an orphan.
 * `npm run host` runs the built host (out/main/cli.js): it is built here as `npm run build` builds it,
 * into a folder holding only package.json and out/ (no node_modules, no tsx), and run from there.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './helpers/client';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The parent check runs every 500 ms; closing and saving take well under a second here. */
const STOP_BOUND_MS = 4000;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const portOpen = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
async function within<T>(ms: number, read: () => Promise<T> | T, ok: (v: T) => boolean): Promise<T> {
  const end = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    v = await read();
  }
  return v;
}

// POSIX signals; on Windows a service stops a process by other means.
describe.skipIf(process.platform === 'win32')('npm run host, when only npm is signalled', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'red7-npm-host-'));
  const appDir = mkdtempSync(join(tmpdir(), 'red7-npm-host-app-'));
  const leftovers: number[] = [];
  beforeAll(async () => {
    copyFileSync(join(ROOT, 'package.json'), join(appDir, 'package.json'));
    await build({
      configFile: join(ROOT, 'main/vite.config.ts'),
      build: { outDir: join(appDir, 'out/main') },
      logLevel: 'warn',
    });
  }, 120_000);
  afterAll(() => {
    for (const pid of leftovers) if (alive(pid)) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(appDir, { recursive: true, force: true });
  });

  it('exits with its goodbyes: sockets closed with 4002, tables saved, port freed, no orphan', async () => {
    // The npm that runs this test when there is one (npm_execpath), else the one on PATH.
    const npm = process.env.npm_execpath;
    const args = ['run', 'host', '--', '--no-discovery', '--bind', '127.0.0.1', '--port', '0', '--data-dir', dataDir, '--name', 'npm stop test']; // prettier-ignore
    const proc = npm
      ? spawn(process.execPath, [npm, ...args], { cwd: appDir, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn('npm', args, { cwd: appDir, stdio: ['ignore', 'pipe', 'pipe'] });
    leftovers.push(proc.pid!);
    let out = '';
    proc.stdout!.on('data', (d) => (out += d));
    proc.stderr!.on('data', (d) => (out += d));
    const started = await within(30_000, () => /listening on port (\d+) \(pid (\d+)/.exec(out), Boolean);
    if (!started) throw new Error(`the host did not start:\n${out}`);
    const [port, hostPid] = [Number(started[1]), Number(started[2])];
    leftovers.push(hostPid);
    expect(hostPid).not.toBe(proc.pid); // npm (and a shell) really stand in between

    const ada = await TestClient.greeted(port);
    ada.send({
      type: 'createTable',
      name: 'Saved at stop',
      player: 'Ada',
      options: { players: 2, mode: 'basic', actionRule: false },
    });
    await ada.next('joined');

    const sent = Date.now();
    proc.kill('SIGTERM'); // npm only, as `docker stop` or a service manager would
    const closed = await Promise.race([
      ada.closed,
      new Promise<{ code: number }>((r) => setTimeout(() => r({ code: -1 }), STOP_BOUND_MS)),
    ]);
    const goodbyeMs = Date.now() - sent;
    const gone = await within(STOP_BOUND_MS, () => !alive(hostPid), Boolean);
    const stoppedMs = Date.now() - sent;
    const open = await portOpen(port);

    console.log(`npm run host: SIGTERM to npm → socket closed ${goodbyeMs} ms, host gone ${stoppedMs} ms`);
    expect(closed.code, out).toBe(4002);
    expect(
      gone,
      `host pid ${hostPid} still running ${STOP_BOUND_MS} ms after npm was signalled:\n${out}`,
    ).toBe(true);
    expect(stoppedMs).toBeLessThan(STOP_BOUND_MS);
    expect(open).toBe(false);
    expect(out).toMatch(/red7 host: (SIGTERM|parent process gone): stopping/);
    expect(out).toContain('red7 host: stopped');
    // The table was saved on the way out.
    expect(readdirSync(dataDir).length).toBeGreaterThan(0);
  }, 60_000);
});
