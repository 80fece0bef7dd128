/*
 * Bytes a phone downloads for the first page from a host: the page, its entry script, the scripts that
 * script imports statically (and theirs), its module preloads and style sheets (the core), then the lazy
 * chunks the first screen fetches (the lobby, or a table's door for a table's link), each as the host sends
 * it to a browser that accepts `gzip, br` (or the encoding given).
 *
 *   tsx scripts/first-load.ts http://127.0.0.1:47493/ [gzip|br|"gzip, br"]
 *   tsx scripts/first-load.ts 'http://127.0.0.1:47493/#/table/ID' br
 *
 * The screen's chunks are the ones Chromium (CHROMIUM_PATH, default /usr/bin/chromium) fetches, as a phone
 * at 390×844, until the network is idle; without Chromium only the core is counted. A seated table's
 * first load (the tab resumes its seat): scripts/first-seat.ts.
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { decoded, sentBytes } from './sent-bytes.ts';

const [pageUrl = 'http://127.0.0.1:47470/', encoding = 'gzip, br'] = process.argv.slice(2);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const seen = new Map<string, { bytes: number; encoding: string; core: boolean }>();

async function take(url: string, core: boolean): Promise<void> {
  if (seen.has(url)) return;
  const sent = await sentBytes(url, encoding);
  seen.set(url, { ...sent, core });
  if (!core || !url.endsWith('.js')) return;
  // Static imports only: `from"./x.js"` and bare `import"./x.js"`, not `import("./x.js")`.
  const source = await decoded(url);
  const imports = [...source.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)].map((m) => m[1]);
  await Promise.all(imports.map((path) => take(new URL(path, url).href, true)));
}

/** The scripts and style sheets Chromium fetches for the page until its network is idle. */
async function fetchedByChromium(): Promise<string[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
    });
    const page = await context.newPage();
    const urls: string[] = [];
    page.on('requestfinished', (r) => {
      if (/\.(js|css)$/.test(new URL(r.url()).pathname)) urls.push(r.url());
    });
    await page.goto(pageUrl);
    await page.waitForLoadState('networkidle');
    return urls;
  } finally {
    await browser.close();
  }
}

const page = new URL(pageUrl);
page.hash = '';
const html = await decoded(page.href);
await take(page.href, true);
const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+\.(?:js|css))"/g)].map(
  (m) => m[1],
);
await Promise.all(refs.map((ref) => take(new URL(ref, page).href, true)));
const lazy = existsSync(CHROMIUM) ? await fetchedByChromium() : [];
if (!existsSync(CHROMIUM)) console.log(`(no Chromium at ${CHROMIUM}: the core only)`);
for (const url of lazy) await take(url, false);

let core = 0;
let total = 0;
for (const [url, { bytes, encoding: sent, core: inCore }] of seen) {
  total += bytes;
  if (inCore) core += bytes;
  const where = inCore ? 'core' : 'screen';
  console.log(
    `${String(bytes).padStart(8)}  ${sent.padEnd(8)}  ${where.padEnd(6)}  ${new URL(url).pathname}`,
  );
}
console.log(`${String(core).padStart(8)}  core`);
console.log(`${String(total).padStart(8)}  total, ${seen.size} files, Accept-Encoding: ${encoding}`);
