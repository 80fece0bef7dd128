import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Text files worth compressing. Images and fonts (png, webp, woff2) are compressed already: a second
 * pass saves nothing and costs the host a lookup.
 */
export const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.txt',
  '.ico',
  '.map',
]);

/** Below this, the encoded header and the extra file outweigh the bytes saved. */
const MIN_BYTES = 1024;

/**
 * Writes `FILE.br` and `FILE.gz` beside every compressible file of the build, at the strongest levels
 * (done once at build, so the host never compresses per request). A variant that is not smaller than
 * the plain file is not written; the host then serves the plain one.
 */
export function precompressDir(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) {
      precompressDir(file);
      continue;
    }
    if (!COMPRESSIBLE.has(extname(entry.name).toLowerCase()) || statSync(file).size < MIN_BYTES) continue;
    const plain = readFileSync(file);
    const br = brotliCompressSync(plain, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    });
    const gz = gzipSync(plain, { level: 9 });
    if (br.length < plain.length) writeFileSync(`${file}.br`, br);
    if (gz.length < plain.length) writeFileSync(`${file}.gz`, gz);
  }
}

/** The Vite step: precompresses the output folder once the bundle is written (`vite build` only). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'red7-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
