/*
 * Bytes a phone downloads for the first page from a host, before any screen's lazy chunk: the page,
 * its entry script, the scripts that script imports statically (and theirs), its module preloads and
 * style sheets, each as the host sends it to a browser that accepts `gzip, br` (or the encoding given).
 *
 *   tsx scripts/first-load.ts http://127.0.0.1:47493/ [gzip|br|"gzip, br"]
 *
 * Lazy screens (`import()` in App.vue) are not followed: they come after, with the screen shown.
 */
import { get } from 'node:http';

const [pageUrl = 'http://127.0.0.1:47470/', encoding = 'gzip, br'] = process.argv.slice(2);

/** The body as received (still compressed) and its encoding. */
function fetchRaw(url: string): Promise<{ body: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve({
              body: Buffer.concat(chunks),
              encoding: String(res.headers['content-encoding'] ?? 'identity'),
            })
          : reject(new Error(`${url}: ${res.statusCode}`)),
      );
    }).on('error', reject);
  });
}

async function decoded(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve(text));
    }).on('error', reject);
  });
}

const seen = new Map<string, { bytes: number; encoding: string }>();

async function take(url: string): Promise<void> {
  if (seen.has(url)) return;
  const { body, encoding: sent } = await fetchRaw(url);
  seen.set(url, { bytes: body.length, encoding: sent });
  if (!url.endsWith('.js')) return;
  // Static imports only: `from"./x.js"` and bare `import"./x.js"`, not `import("./x.js")`.
  const source = await decoded(url);
  const imports = [...source.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)].map((m) => m[1]);
  await Promise.all(imports.map((path) => take(new URL(path, url).href)));
}

const html = await decoded(pageUrl);
await take(pageUrl);
const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+\.(?:js|css))"/g)].map(
  (m) => m[1],
);
await Promise.all(refs.map((ref) => take(new URL(ref, pageUrl).href)));

let total = 0;
for (const [url, { bytes, encoding: sent }] of seen) {
  total += bytes;
  console.log(`${String(bytes).padStart(8)}  ${sent.padEnd(8)}  ${new URL(url).pathname}`);
}
console.log(`${String(total).padStart(8)}  total, ${seen.size} files, Accept-Encoding: ${encoding}`);
