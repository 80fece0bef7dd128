/**
 * Packaging, checked offline: electron-builder.yml against electron-builder's own schema, then a
 * real `electron-builder --linux dir` run with a stub Electron (which carries a fuse wire, so the
 * fuses electron-builder flips can be read back), and the app.asar it builds listed file by file.
 */
import { execFile } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFile, listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DEEP_LINK_SCHEME } from '../../main/electron/table-links';
import { DebugLogger } from 'builder-util';
import type { Configuration } from 'app-builder-lib';

const repo = join(__dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'red7-package-'));
const project = join(work, 'project');
const electronDist = join(work, 'electron-dist');
const output = join(work, 'dist');

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ON = 0x31;
const OFF = 0x30;
/** Each fuse starts in the state we do NOT want, so the test sees electron-builder flip it. */
const STUB_WIRE: Record<number, number> = {
  [FuseV1Options.RunAsNode]: ON,
  [FuseV1Options.EnableCookieEncryption]: OFF,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: ON,
  [FuseV1Options.EnableNodeCliInspectArguments]: ON,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: OFF,
  [FuseV1Options.OnlyLoadAppFromAsar]: OFF,
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: OFF,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: ON,
};

async function loadConfig(): Promise<Configuration> {
  return getConfig(repo, join(repo, 'electron-builder.yml'), null);
}

let asarPath = '';
let entries: string[] = [];
let builderLog = '';

beforeAll(async () => {
  // A copy of the project holding what electron-builder reads, and the real builds of the app.
  mkdirSync(project, { recursive: true });
  for (const file of ['package.json', 'electron-builder.yml']) cpSync(join(repo, file), join(project, file));
  cpSync(join(repo, 'build'), join(project, 'build'), { recursive: true });
  symlinkSync(join(repo, 'node_modules'), join(project, 'node_modules'), 'dir');
  await build({
    configFile: join(repo, 'renderer/vite.config.ts'),
    build: { outDir: join(project, 'out/renderer'), emptyOutDir: true },
    logLevel: 'silent',
  });
  await build({
    configFile: join(repo, 'main/vite.config.ts'),
    build: { outDir: join(project, 'out/main') },
    logLevel: 'silent',
  });

  // The stub Electron: a script that carries a fuse wire (version 1, 9 fuses) after the sentinel.
  mkdirSync(electronDist, { recursive: true });
  const wire = Array.from({ length: 9 }, (_, i) => STUB_WIRE[i] ?? ON);
  writeFileSync(
    join(electronDist, 'electron'),
    Buffer.concat([
      Buffer.from('#!/bin/sh\nexit 0\n'),
      Buffer.from(SENTINEL),
      Buffer.from([1, wire.length, ...wire]),
    ]),
  );
  chmodSync(join(electronDist, 'electron'), 0o755);

  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    [
      join(repo, 'node_modules/electron-builder/cli.js'),
      '--linux',
      'dir',
      '--x64',
      '--projectDir',
      project,
      '--publish',
      'never',
      `-c.electronDist=${electronDist}`,
      `-c.directories.output=${output}`,
    ],
    {
      cwd: project,
      env: {
        ...process.env,
        CSC_IDENTITY_AUTO_DISCOVERY: 'false',
        ELECTRON_BUILDER_CACHE: join(work, 'cache'),
      },
      timeout: 150_000,
    },
  );
  builderLog = stdout + stderr;
  asarPath = join(output, 'linux-unpacked/resources/app.asar');
  entries = listPackage(asarPath, { isPack: false }).map((e) => e.replaceAll('\\', '/'));
}, 180_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('electron-builder.yml', () => {
  it("passes electron-builder's own schema, which does refuse a misspelt option", async () => {
    const config = await loadConfig();
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    const typo = { ...config, nsis: { ...config.nsis, oneClik: false } } as Configuration;
    await expect(validateConfiguration(typo, new DebugLogger(false))).rejects.toThrow(/configuration\.nsis/);
  });

  it("points updates at the project's GitHub releases, which the release workflow fills with latest*.yml", async () => {
    const config = await loadConfig();
    expect(config.publish).toEqual([{ provider: 'github', releaseType: 'release' }]);
    // The schema checks the entry (a provider that does not exist is refused).
    const wrong = { ...config, publish: [{ provider: 'githup' }] } as unknown as Configuration;
    await expect(validateConfiguration(wrong, new DebugLogger(false))).rejects.toThrow(/publish/);
    // Nothing is published by electron-builder itself: the update files travel with the installers.
    expect(JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).scripts.dist).toContain(
      '--publish never',
    );
    const release = readFileSync(join(repo, '.github/workflows/release.yml'), 'utf8');
    expect(release).toContain('dist/latest*.yml');
    expect(release).toContain('dist/*.blockmap');
  });

  it('asks for the installers and platform settings the app needs', async () => {
    const c = await loadConfig();
    expect(c.win?.target).toEqual([{ target: 'nsis', arch: ['x64', 'arm64'] }]);
    expect(c.nsis).toMatchObject({
      oneClick: false,
      perMachine: false,
      allowElevation: true,
      allowToChangeInstallationDirectory: true,
      include: 'build/installer.nsh',
    });
    expect(c.mac?.target).toEqual([{ target: 'dmg', arch: ['arm64', 'x64'] }]);
    expect(c.mac).toMatchObject({ hardenedRuntime: true, entitlements: 'build/entitlements.mac.plist' });
    expect(c.mac?.extendInfo).toMatchObject({
      NSLocalNetworkUsageDescription: expect.stringMatching(/local network/),
      // Every service type browsed or published: tables, and hosts that take tables over.
      NSBonjourServices: ['_red7._tcp', '_red7-takeover._tcp'],
    });
    expect(c.linux?.target).toEqual([
      { target: 'AppImage', arch: ['x64'] },
      { target: 'deb', arch: ['x64'] },
    ]);
    expect(c.linux).toMatchObject({ category: 'Game', maintainer: expect.stringMatching(/<.+@.+>/) });
    expect(c.asar).toBe(true);
    // Table links open the app (main/electron/table-links.ts reads them).
    expect(c.protocols).toEqual([{ name: 'Red7 LAN table link', schemes: [DEEP_LINK_SCHEME] }]);
    expect(c.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
    for (const file of [c.win?.icon, c.mac?.icon, c.mac?.entitlements, c.mac?.entitlementsInherit]) {
      expect(existsSync(join(repo, String(file))), String(file)).toBe(true);
    }
    const entitlements = readFileSync(join(repo, 'build/entitlements.mac.plist'), 'utf8');
    expect(entitlements).toContain('com.apple.security.cs.allow-jit');
    expect(entitlements).not.toContain('disable-library-validation');
  });
});

describe('electron-builder --linux dir', () => {
  it('packs the app into app.asar beside the renamed executable', () => {
    expect(existsSync(asarPath), builderLog).toBe(true);
    expect(existsSync(join(output, 'linux-unpacked/red7-lan'))).toBe(true);
  });

  it('app.asar holds the main entry, the preload, the bot worker and the renderer', () => {
    const main = JSON.parse(extractFile(asarPath, 'package.json').toString()).main as string;
    expect(main).toBe('out/main/index.cjs');
    expect(entries).toEqual(
      expect.arrayContaining([
        '/package.json',
        '/out/main/index.cjs',
        '/out/main/preload.cjs',
        '/out/main/bot-worker.cjs',
        '/out/renderer/index.html',
      ]),
    );
    expect(entries.some((e) => /^\/out\/renderer\/assets\/.+\.js$/.test(e))).toBe(true);
    const html = extractFile(asarPath, 'out/renderer/index.html').toString();
    for (const asset of html.matchAll(/(?:src|href)="\.\/([^"]+)"/g))
      expect(entries).toContain(`/out/renderer/${asset[1]}`);
  });

  it('app.asar holds no source, test, config or dependency folder', () => {
    const files = entries.filter((e) => /\.[a-z0-9]+$/i.test(e));
    expect(files.filter((e) => !e.startsWith('/out/') && e !== '/package.json')).toEqual([]);
    expect(entries.filter((e) => e.includes('node_modules'))).toEqual([]);
    expect(files.filter((e) => /\.(ts|vue|map|mts|tsx)$/.test(e))).toEqual([]);
    // Nor the renderer's precompressed copies: app:// reads the plain files; only LAN browsers get those.
    expect(files.filter((e) => /\.(br|gz)$/.test(e))).toEqual([]);
    // Nor the headless host, built beside the main process for `npm run host`.
    expect(entries.filter((e) => /^\/out\/main\/cli/.test(e))).toEqual([]);
    expect(entries.filter((e) => /^\/(main|shared|renderer|test|build|docs|\.github)(\/|$)/.test(e))).toEqual(
      [],
    );
    // A tool's name as a path's own name, not inside another word (a chunk called EveningInvite is no Vite).
    expect(
      entries.filter((e) => /(^|\/)(vitest|vite|typescript|electron-builder|eslint|playwright)\b/i.test(e)),
    ).toEqual([]);
  });

  it('the packaged executable has the fuses set as configured', async () => {
    const fuses = await getCurrentFuseWire(join(output, 'linux-unpacked/red7-lan'));
    expect(fuses[FuseV1Options.RunAsNode]).toBe(OFF);
    expect(fuses[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(OFF);
    expect(fuses[FuseV1Options.EnableNodeCliInspectArguments]).toBe(OFF);
    expect(fuses[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(ON);
    expect(fuses[FuseV1Options.OnlyLoadAppFromAsar]).toBe(ON);
    expect(fuses[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(OFF);
  });
});
