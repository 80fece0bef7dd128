import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
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

/**
 * A compressed copy is kept only when it saves more than the headers that announce it
 * (`Content-Encoding`, `Vary`): a screen's small chunks of a few hundred bytes still gain a third.
 */
export const MIN_SAVING = 64;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `FILE.br` and `FILE.gz` beside every compressible file of the build, at the strongest levels
 * (done once at build, so the host never compresses per request; in parallel, on libuv's threads). A
 * variant that does not save MIN_SAVING bytes is not written; the host then serves the plain file.
 */
export async function precompressDir(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((e) => e.isFile() && COMPRESSIBLE.has(extname(e.name).toLowerCase()))
    .map((e) => join(e.parentPath, e.name));
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size <= MIN_SAVING) return;
      const plain = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(plain, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
          },
        }),
        gzipped(plain, { level: 9 }),
      ]);
      if (plain.length - br.length >= MIN_SAVING) await writeFile(`${file}.br`, br);
      if (plain.length - gz.length >= MIN_SAVING) await writeFile(`${file}.gz`, gz);
    }),
  );
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
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
