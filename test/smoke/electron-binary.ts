import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type ElectronBinary = { ok: true; path: string } | { ok: false; reason: string };

/**
 * Where the `electron` package put its binary, found the way its index.js does but without its
 * fallback: requiring the package downloads the binary when it is missing, and the smoke test must
 * never start a download (offline machines, ELECTRON_SKIP_BINARY_DOWNLOAD) nor pretend to have run.
 */
export function findElectronBinary(root: string, env: NodeJS.ProcessEnv = process.env): ElectronBinary {
  const pkg = join(root, 'node_modules', 'electron');
  if (!existsSync(join(pkg, 'package.json')))
    return { ok: false, reason: 'the electron package is not installed' };
  const pathFile = join(pkg, 'path.txt');
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const dist = env.ELECTRON_OVERRIDE_DIST_PATH ?? join(pkg, 'dist');
  if (!name && !env.ELECTRON_OVERRIDE_DIST_PATH) {
    const skipped = env.ELECTRON_SKIP_BINARY_DOWNLOAD ? ' (ELECTRON_SKIP_BINARY_DOWNLOAD is set)' : '';
    return { ok: false, reason: `node_modules/electron has no binary${skipped}` };
  }
  const path = join(dist, name || 'electron');
  if (!existsSync(path)) return { ok: false, reason: `${path} is missing` };
  return { ok: true, path };
}
