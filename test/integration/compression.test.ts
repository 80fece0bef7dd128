/**
 * The built renderer as browsers get it from a real host: precompressed brotli or gzip by what the
 * request accepts, the plain file otherwise, with headers a cache can rely on.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtRenderer } from '../e2e/harness';
import { testHost, type TestHost } from './helpers/host';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw GET (paths reach the host as written; nothing decodes the body behind the test's back). */
function get(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(reply: Reply): Buffer {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(reply.body);
  if (encoding === 'gzip') return gunzipSync(reply.body);
  if (encoding === undefined) return reply.body;
  throw new Error(`unexpected Content-Encoding ${String(encoding)}`);
}

describe('the host serves the built renderer compressed', () => {
  let h: TestHost;
  let dir: string;
  let script: string;
  beforeAll(async () => {
    dir = await builtRenderer();
    h = await testHost({ staticDir: dir });
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    script = /<script[^>]+src="\.?(\/assets\/index-[^"]+\.js)"/.exec(html)![1];
  });
  afterAll(() => h.stop());

  const CASES: [accept: string | undefined, encoding: string | undefined][] = [
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'], // Chromium's own header
    ['gzip, deflate', 'gzip'], // what Chromium sends over plain http to a LAN address
    ['identity', undefined],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['gzip;q=0, *', 'br'],
    [undefined, undefined],
  ];

  it.each(CASES)(
    'Accept-Encoding %s gets %s, and the decoded body is the plain file',
    async (accept, encoding) => {
      for (const [path, file] of [
        [script, script],
        ['/', '/index.html'],
      ]) {
        const plain = readFileSync(join(dir, file));
        const reply = await get(h.port, path, accept === undefined ? {} : { 'Accept-Encoding': accept });
        expect(reply.status).toBe(200);
        // index.html is small: compressed only when it came out smaller than 1 KiB's worth of saving
        const has = statSync(join(dir, file)).size >= 1024;
        expect(reply.headers['content-encoding'], `${path} ${accept}`).toBe(has ? encoding : undefined);
        expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
        expect(decode(reply).equals(plain)).toBe(true);
        if (has) expect(reply.headers.vary).toBe('Accept-Encoding');
        if (encoding && has) expect(reply.body.length).toBeLessThan(plain.length / 2);
      }
    },
  );

  it('caches hashed assets for a year and revalidates the page, both by ETag', async () => {
    const asset = await get(h.port, script, { 'Accept-Encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const page = await get(h.port, '/', { 'Accept-Encoding': 'br' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await get(h.port, '/table/abc')).headers['cache-control']).toBe('no-cache');

    const etag = String(asset.headers.etag);
    const again = await get(h.port, script, { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // Another encoding is another representation: its ETag differs, so the brotli one does not match it.
    const gzip = await get(h.port, script, { 'Accept-Encoding': 'gzip', 'If-None-Match': etag });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.etag).not.toBe(etag);
    expect(decode(gzip).equals(readFileSync(join(dir, script)))).toBe(true);
  });

  it('HEAD gives the headers and length of what GET would send, without a body', async () => {
    const head = await get(h.port, script, { 'Accept-Encoding': 'gzip' }, 'HEAD');
    const body = await get(h.port, script, { 'Accept-Encoding': 'gzip' });
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.headers['content-length']).toBe(String(body.body.length));
  });

  it('the build wrote brotli and gzip beside every large text file, and none beside images', () => {
    const files = readdirSync(join(dir, 'assets'));
    const scripts = files.filter((f) => /\.(js|css)$/.test(f));
    expect(scripts.length).toBeGreaterThan(1);
    for (const f of scripts) {
      if (statSync(join(dir, 'assets', f)).size < 1024) continue;
      expect(files).toContain(`${f}.br`);
      expect(files).toContain(`${f}.gz`);
    }
    expect(files.filter((f) => /\.(png|webp|woff2?)\.(br|gz)$/.test(f))).toEqual([]);
  });

  it('never serves the compressed copies by name, nor anything outside the folder', async () => {
    for (const path of [`${script}.br`, `${script}.gz`, `${script}.BR`, `${script}%2ebr`, '/index.html.gz']) {
      const reply = await get(h.port, path, { 'Accept-Encoding': 'br, gzip' });
      expect(reply.status, path).toBe(404);
    }
    const page = readFileSync(join(dir, 'index.html'));
    for (const path of [
      '/..%2f..%2f..%2fetc%2fpasswd',
      '/assets/..%2f..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2f..%2fetc%2fpasswd.gz',
    ]) {
      // Such a path stays inside the folder: the page for a client route, or nothing.
      const reply = await get(h.port, path, { 'Accept-Encoding': 'br, gzip' });
      if (reply.status === 200) expect(decode(reply).equals(page), path).toBe(true);
      else expect(reply.status, path).toBe(404);
      expect(reply.body.toString()).not.toContain('root:');
    }
  });
});
