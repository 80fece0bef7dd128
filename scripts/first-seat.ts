/*
 * Time to the first rendered seat: a phone's tab that holds a seat at a game with a bot opens the table's
 * link (as after a reload, or the link opened again), and the clock runs from the navigation to the first
 * frame that shows a seat. Each run is a fresh browser context (nothing cached); the median of the runs
 * is printed, with the bytes of the files fetched until then as the host sends them (gzip and brotli),
 * and those of a phone without a seat opening the same link (the table's door) until its network is idle.
 *
 *   tsx scripts/first-seat.ts [--static out/renderer]... [--runs 5] [--cpu 4] [--rtt 40]
 *
 * --static: a built renderer to serve (e.g. a build of another commit); given more than once, the builds
 * take turns run by run, so a busy machine slows them alike. --cpu: Chromium's CPU slowdown (a phone is
 * some times slower than this machine). --rtt: a round trip added to every request, in ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { setupState } from '../shared/engine/index.ts';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium, plantTable, serveHost, type Served } from '../test/e2e/harness.ts';
import { sentBytes } from './sent-bytes.ts';

const { values } = parseArgs({
  options: {
    static: { type: 'string', multiple: true, default: ['out/renderer'] },
    runs: { type: 'string', default: '5' },
    cpu: { type: 'string', default: '1' },
    rtt: { type: 'string', default: '0' },
  },
});
const runs = Number(values.runs);
const cpu = Number(values.cpu);
const rtt = Number(values.rtt);

const TABLE = 'firstSeat';
const TOKEN = 'token-first-seat-0123456789abcdef';
const options = {
  players: 2,
  mode: 'basic',
  actionRule: false,
  rulesVersion: '1.2',
  targetScore: 35,
  autoDraw: false,
} as const;

/** Ada (the measured tab, to move) and a bot, mid-round. */
function plant(dataDir: string): void {
  plantTable(dataDir, {
    id: TABLE,
    name: 'First seat',
    options,
    state: setupState(options, {
      hands: [
        ['G3', 'Y6', 'O1', 'B2', 'V5', 'I7', 'R4'],
        ['V7', 'B5', 'Y4', 'O3', 'G1'],
      ],
      palettes: [['O6'], ['R6']],
      canvas: ['B3'],
      current: 0,
    }),
    seats: [
      { name: 'Ada', token: TOKEN },
      { name: 'Bea', bot: true },
    ],
  });
}

const scratch = mkdtempSync(join(tmpdir(), 'red7-first-seat-'));
const builds: { dir: string; served: Served; times: number[]; files: string[] }[] = [];
for (const [i, dir] of values.static.entries()) {
  const dataDir = join(scratch, `data-${i}`);
  plant(dataDir);
  builds.push({ dir, served: await serveHost(dir, dataDir), times: [], files: [] });
}
const browser = await launchChromium(scratch);

/** A fresh phone's context (nothing cached) with this run's slowdowns; `seated`: it holds Ada's seat. */
async function phone(served: Served, seated: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'en-US',
  });
  const session = { url: served.url.replace(/^http/, 'ws') + 'ws', tableId: TABLE, token: TOKEN, seat: 0 };
  if (seated) {
    await context.addInitScript((s) => sessionStorage.setItem('red7.session', JSON.stringify(s)), session);
  }
  // Checked every frame before it is painted: the first frame with a seat on screen. (Given as text:
  // tsx would wrap a function's inner functions in a helper the page lacks.)
  await context.addInitScript(`
    requestAnimationFrame(function look() {
      const seat = document.querySelector('section.seat[data-seat]');
      if (seat && seat.getBoundingClientRect().height > 0) window.firstSeat = performance.now();
      else requestAnimationFrame(look);
    });`);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  if (rtt > 0) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: rtt,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
  return { context, page };
}

/** The page and the scripts and style sheets `page` fetches from now on. */
function filesOf(page: Page): string[] {
  const files: string[] = [];
  page.on('requestfinished', (r) => {
    if (/\.(js|css)$|\/$/.test(new URL(r.url()).pathname)) files.push(r.url());
  });
  return files;
}

/** One cold load of the table's link by the seated tab: ms from navigation to the first seat shown. */
async function once(served: Served): Promise<{ ms: number; files: string[] }> {
  const { context, page } = await phone(served, true);
  try {
    const files = filesOf(page);
    await page.goto(`${served.url}#/table/${TABLE}`);
    const shown = await page.waitForFunction(
      () => (window as unknown as { firstSeat?: number }).firstSeat,
      null,
      {
        timeout: 30_000,
      },
    );
    return { ms: Number(await shown.jsonValue()), files: [...files] };
  } finally {
    await context.close();
  }
}

/** The files a phone without a seat fetches for the table's link (its door) until the network is idle. */
async function door(served: Served): Promise<string[]> {
  const { context, page } = await phone(served, false);
  try {
    const files = filesOf(page);
    await page.goto(`${served.url}#/table/${TABLE}`);
    await page.getByTestId('table-door').waitFor();
    await page.waitForLoadState('networkidle');
    return files;
  } finally {
    await context.close();
  }
}

async function bytes(files: string[]): Promise<string> {
  const unique = [...new Set(files)];
  const sums: string[] = [];
  for (const encoding of ['gzip', 'br']) {
    let total = 0;
    for (const url of unique) total += (await sentBytes(url, encoding)).bytes;
    sums.push(`${total} ${encoding}`);
  }
  return `${unique.length} files, ${sums.join(', ')}`;
}

try {
  for (const build of builds) await once(build.served); // warms each up, not counted
  for (let i = 0; i < runs; i++) {
    for (const build of builds) {
      const run = await once(build.served);
      build.times.push(Math.round(run.ms));
      build.files = run.files;
    }
  }
  console.log(`CPU slowdown ${cpu}x, added round trip ${rtt} ms, ${runs} runs each`);
  for (const build of builds) {
    const sorted = [...build.times].sort((a, b) => a - b);
    console.log(`${build.dir}`);
    console.log(
      `  first seat shown after (ms): ${build.times.join(', ')}; median ${sorted[sorted.length >> 1]}`,
    );
    console.log(`  fetched until then: ${await bytes(build.files)}`);
    console.log(`  a phone with no seat, the table's door: ${await bytes(await door(build.served))}`);
  }
} finally {
  await browser.close();
  for (const build of builds) await build.served.close();
  rmSync(scratch, { recursive: true, force: true });
}
