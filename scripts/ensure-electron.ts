/**
 * `npm start`'s first step: make sure there is an Electron binary to start. The `electron` package
 * downloads it on first use, and where that cannot work (offline, a proxy, ELECTRON_SKIP_BINARY_DOWNLOAD)
 * `electron .` ends in a stack trace. This tries the download once, then either exits 0 or says in one
 * line what is wrong and what to do, before the build spends a minute for nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { findElectronBinary } from '../test/smoke/electron-binary';

export const INSTEAD = 'host without the desktop app: `npm run build && npm run host`';

/** Runs the electron package's own installer; its first error line when it fails. */
export type Download = (installer: string) => { ok: true } | { ok: false; error: string };

const runInstaller: Download = (installer) => {
  const r = spawnSync(process.execPath, [installer], {
    encoding: 'utf8',
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  if (r.status === 0) return { ok: true };
  const first = (r.stderr || String(r.error ?? '')).split('\n').find((l) => l.trim()) ?? `exit ${r.status}`;
  return { ok: false, error: first.trim().slice(0, 160) };
};

/** null when Electron can start; otherwise the one line to print. */
export function ensureElectron(
  root: string,
  env: NodeJS.ProcessEnv,
  download: Download = runInstaller,
): string | null {
  let found = findElectronBinary(root, env);
  if (found.ok) return null;
  const installer = join(root, 'node_modules', 'electron', 'install.js');
  const mayDownload =
    !env.ELECTRON_SKIP_BINARY_DOWNLOAD && !env.ELECTRON_OVERRIDE_DIST_PATH && existsSync(installer);
  if (!mayDownload) {
    return `Red7 LAN: the Electron binary is not installed (${found.reason}). Run \`npx install-electron\` where the internet is reachable, or ${INSTEAD}.`;
  }
  process.stdout.write('Downloading Electron (once)…\n');
  const got = download(installer);
  found = findElectronBinary(root, env);
  if (got.ok && found.ok) return null;
  const why = got.ok ? (found.ok ? '' : found.reason) : got.error;
  return `Red7 LAN: Electron could not be downloaded (${why}). Check the connection or proxy and run \`npx install-electron\`, or ${INSTEAD}.`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problem = ensureElectron(fileURLToPath(new URL('..', import.meta.url)), process.env);
  if (problem) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
}
