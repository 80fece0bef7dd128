/**
 * `npm start` where Electron could not be downloaded: one line that says so and names what to do
 * (the headless host among it), before the build, instead of the electron package's stack trace.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureElectron, type Download } from '../../scripts/ensure-electron';

const root = join(__dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'red7-start-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A project folder whose node_modules/electron holds the installer but no binary. */
function bareProject(name: string): string {
  const pkg = join(work, name, 'node_modules', 'electron');
  mkdirSync(pkg, { recursive: true });
  writeFileSync(join(pkg, 'package.json'), '{"name":"electron"}');
  writeFileSync(join(pkg, 'install.js'), '');
  return join(work, name);
}

/** A stand-in for the installer that "downloads" a binary the way the real one records it. */
const fakeDownload =
  (root: string): Download =>
  () => {
    const pkg = join(root, 'node_modules', 'electron');
    mkdirSync(join(pkg, 'dist'), { recursive: true });
    writeFileSync(join(pkg, 'dist', 'electron'), '');
    chmodSync(join(pkg, 'dist', 'electron'), 0o755);
    writeFileSync(join(pkg, 'path.txt'), 'electron');
    return { ok: true };
  };

describe('npm start without an Electron binary', () => {
  it('prints one line naming the fix and the headless host, exits 1, and builds nothing', () => {
    const empty = mkdtempSync(join(work, 'dist-'));
    const r = spawnSync('npm', ['start'], {
      cwd: root,
      encoding: 'utf8',
      shell: process.platform === 'win32',
      // No binary where the package is told to look, and no download allowed: as on CI.
      env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1', ELECTRON_OVERRIDE_DIST_PATH: empty },
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    const lines = r.stderr.split('\n').filter((l) => l.trim() && !/^npm (error|ERR!)/.test(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Red7 LAN: the Electron binary is not installed \(.*electron is missing\)/);
    expect(lines[0]).toContain('npx install-electron');
    expect(lines[0]).toContain('`npm run build && npm run host`');
    expect(r.stderr).not.toMatch(/^\s+at /m);
    // It stopped before `npm run build` (vite prints its banner on stdout).
    expect(r.stdout).not.toContain('vite');
  });

  it('downloads the binary when it may, and then lets the app start', () => {
    const dir = bareProject('download');
    let calls = 0;
    const download: Download = (installer) => {
      calls++;
      expect(installer).toBe(join(dir, 'node_modules', 'electron', 'install.js'));
      return fakeDownload(dir)(installer);
    };
    expect(ensureElectron(dir, {}, download)).toBeNull();
    expect(calls).toBe(1);
    // Found now: no second download.
    expect(ensureElectron(dir, {}, download)).toBeNull();
    expect(calls).toBe(1);
  });

  it('a failed download is one line with the reason, not the stack', () => {
    const dir = bareProject('offline');
    const line = ensureElectron(dir, {}, () => ({ ok: false, error: 'TypeError: fetch failed' }));
    expect(line).toBe(
      'Red7 LAN: Electron could not be downloaded (TypeError: fetch failed). Check the connection or proxy and ' +
        'run `npx install-electron`, or host without the desktop app: `npm run build && npm run host`.',
    );
    // An installer that reports success but leaves no binary is a failure too.
    expect(ensureElectron(dir, {}, () => ({ ok: true }))).toMatch(
      /could not be downloaded \(node_modules\/electron has no binary\)/,
    );
  });

  it('never downloads when ELECTRON_SKIP_BINARY_DOWNLOAD is set', () => {
    const dir = bareProject('skip');
    const line = ensureElectron(dir, { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }, () => {
      throw new Error('must not download');
    });
    expect(line).toMatch(
      /not installed \(node_modules\/electron has no binary \(ELECTRON_SKIP_BINARY_DOWNLOAD is set\)\)/,
    );
  });
});
