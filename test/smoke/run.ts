// `npm run test:electron [-- --target dev|packaged|both] [--dist DIR]`: the running-app smoke test.
// dev: `electron .` after `npm run build`; packaged: electron-builder --dir (fuses applied) into
// test-results/packaged, or the unpacked app an earlier `npm run dist` left in DIR.
// Without an Electron binary it says so in one line and exits 0, having run nothing.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { findElectronBinary } from './electron-binary';
import { packagedExecutable } from './packaged';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values: args } = parseArgs({
  options: { target: { type: 'string', default: 'both' }, dist: { type: 'string' } },
  strict: true,
});
if (!['dev', 'packaged', 'both'].includes(args.target!)) {
  console.error(`test:electron: --target must be dev, packaged or both, not "${args.target}"`);
  process.exit(2);
}

const electron = findElectronBinary(root);
if (!electron.ok) {
  console.log(`test:electron: no Electron binary available (${electron.reason}); nothing was run`);
  process.exit(0);
}

// Linux without a display: start again inside a virtual one.
if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
  if (!existsSync('/usr/bin/xvfb-run')) {
    console.error('test:electron: no display; install xvfb (xvfb-run) or run it under a desktop session');
    process.exit(1);
  }
  const again = spawnSync(
    '/usr/bin/xvfb-run',
    ['-a', process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: 'inherit',
    },
  );
  process.exit(again.status ?? 1);
}

function run(what: string, command: string, argv: string[], options: SpawnSyncOptions = {}): void {
  console.log(`test:electron: ${what}`);
  const result = spawnSync(command, argv, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    console.error(`test:electron: ${what} failed (${result.error?.message ?? `exit ${result.status}`})`);
    process.exit(result.status || 1);
  }
}
const node = (what: string, script: string, argv: string[], env: NodeJS.ProcessEnv = {}) =>
  run(what, process.execPath, [join(root, script), ...argv], { env: { ...process.env, ...env } });
const smoke = (target: 'dev' | 'packaged', env: NodeJS.ProcessEnv) =>
  node(
    `the ${target} app`,
    'node_modules/vitest/vitest.mjs',
    ['run', '--config', 'test/smoke/vitest.config.ts'],
    {
      RED7_SMOKE_TARGET: target,
      ...env,
    },
  );

// `npm run build`, through the npm that started this script when there is one.
if (!args.dist) {
  const npm = process.env.npm_execpath;
  if (npm) run('npm run build', process.execPath, [npm, 'run', 'build']);
  else run('npm run build', 'npm', ['run', 'build'], { shell: process.platform === 'win32' });
}

if (args.target !== 'packaged') smoke('dev', { RED7_SMOKE_ELECTRON: electron.path });

if (args.target !== 'dev') {
  const outDir = args.dist ? join(root, args.dist) : join(root, 'test-results', 'packaged');
  if (!args.dist) {
    const platform = { win32: '--win', darwin: '--mac', linux: '--linux' }[process.platform as string];
    node(
      'package (electron-builder --dir)',
      'node_modules/electron-builder/cli.js',
      [
        '--dir',
        platform ?? '--linux',
        process.arch === 'arm64' ? '--arm64' : '--x64',
        '--publish',
        'never',
        `-c.directories.output=${outDir}`,
        // The binary npm already fetched, not a second download.
        `-c.electronDist=${join(root, 'node_modules', 'electron', 'dist')}`,
      ],
      { CSC_IDENTITY_AUTO_DISCOVERY: 'false' },
    );
  }
  const executable = packagedExecutable(outDir, process.platform, process.arch);
  if (!executable) {
    console.error(`test:electron: no unpacked app for ${process.platform}-${process.arch} in ${outDir}`);
    process.exit(1);
  }
  smoke('packaged', { RED7_SMOKE_EXECUTABLE: executable });
}
console.log('test:electron: every smoke test passed');
