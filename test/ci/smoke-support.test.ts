/**
 * The parts of `npm run test:electron` that run without Electron: finding the binary without ever
 * starting a download, finding the packaged executable, the one-line exit where there is no
 * binary, and staying out of `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findElectronBinary } from '../smoke/electron-binary';
import { packagedExecutable } from '../smoke/packaged';

const root = join(__dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'red7-smoke-support-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function project(name: string, files: Record<string, string>): string {
  const dir = join(work, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('findElectronBinary', () => {
  it('says why there is none: no package, no binary (download skipped), binary missing', () => {
    expect(findElectronBinary(project('none', { 'package.json': '{}' }), {})).toEqual({
      ok: false,
      reason: 'the electron package is not installed',
    });
    const skipped = project('skipped', { 'node_modules/electron/package.json': '{}' });
    expect(findElectronBinary(skipped, { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' })).toEqual({
      ok: false,
      reason: 'node_modules/electron has no binary (ELECTRON_SKIP_BINARY_DOWNLOAD is set)',
    });
    const gone = project('gone', {
      'node_modules/electron/package.json': '{}',
      'node_modules/electron/path.txt': 'electron',
    });
    expect(findElectronBinary(gone, {})).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/is missing$/),
    });
  });

  it('finds the binary the package recorded, or the one ELECTRON_OVERRIDE_DIST_PATH names', () => {
    const dir = project('ok', {
      'node_modules/electron/package.json': '{}',
      'node_modules/electron/path.txt': 'Electron.app/Contents/MacOS/Electron',
      'node_modules/electron/dist/Electron.app/Contents/MacOS/Electron': '',
      'elsewhere/electron': '',
    });
    expect(findElectronBinary(dir, {})).toEqual({
      ok: true,
      path: join(dir, 'node_modules/electron/dist/Electron.app/Contents/MacOS/Electron'),
    });
    const bare = project('override', {
      'node_modules/electron/package.json': '{}',
      'elsewhere/electron': '',
    });
    expect(findElectronBinary(bare, { ELECTRON_OVERRIDE_DIST_PATH: join(bare, 'elsewhere') })).toEqual({
      ok: true,
      path: join(bare, 'elsewhere/electron'),
    });
  });
});

describe('packagedExecutable', () => {
  it("finds electron-builder's unpacked app for this platform and architecture", () => {
    const out = project('dist', {
      'linux-unpacked/red7-lan': '',
      'win-arm64-unpacked/Red7 LAN.exe': '',
      'mac-arm64/Red7 LAN.app/Contents/MacOS/Red7 LAN': '',
    });
    chmodSync(join(out, 'linux-unpacked/red7-lan'), 0o755);
    expect(packagedExecutable(out, 'linux', 'x64')).toBe(join(out, 'linux-unpacked/red7-lan'));
    expect(packagedExecutable(out, 'win32', 'arm64')).toBe(join(out, 'win-arm64-unpacked/Red7 LAN.exe'));
    expect(packagedExecutable(out, 'darwin', 'arm64')).toBe(
      join(out, 'mac-arm64/Red7 LAN.app/Contents/MacOS/Red7 LAN'),
    );
    expect(packagedExecutable(out, 'win32', 'x64')).toBeNull();
    expect(packagedExecutable(out, 'freebsd', 'x64')).toBeNull();
  });
});

describe('npm run test:electron', () => {
  it('without an Electron binary, says so in one line and exits 0, having run nothing', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'test/smoke/run.ts'], {
      cwd: root,
      encoding: 'utf8',
      // An override pointing at an empty folder stands for a machine without the binary.
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: join(work, 'no-electron-here') },
    });
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/^test:electron: no Electron binary available \(.+\); nothing was run$/),
    ]);
    expect(r.stderr).toBe('');
  });

  it('is not part of npm test: the smoke files are *.smoke.ts, which its include never matches', () => {
    const files = readdirSync(join(root, 'test/smoke'));
    expect(files).toContain('app.smoke.ts');
    expect(files.filter((f) => f.endsWith('.test.ts'))).toEqual([]);
  });
});
