import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Download,
  type Page,
} from 'playwright-core';
import type { PluginOption } from 'vite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, inject, it } from 'vitest';
import { startHost, type Host, type HostLimits, type HostOptions } from '../../main/host';
import { hashToken } from '../../main/host/ids';
import { snapshotJson } from '../../main/host/store-format';
import { emptySeat, hintsByDefault, newTableRecord, type TableRecord } from '../../main/host/table-record';
import type { GameState } from '../../shared/engine/types';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The renderer built once for this run ('' when there is no Chromium to show it). */
    rendererDir: string;
    /** The run's one Chromium, which every file connects to ('' when there is none: each file launches its own). */
    chromiumWs: string;
  }
}

/** Test kit for the end-to-end tests: the built renderer, a real host serving it, real Chromium. */

/**
 * Debian's Chromium headless shell when installed (the same engine without the browser's windows and
 * views, as Playwright itself runs headless: e2e files 9 % faster side by side, docs/measurements.md),
 * else the whole Chromium. The shell's binary itself: Debian's /usr/bin wrapper runs it without exec, so
 * a signal to the wrapper would miss it.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
export const chromiumAvailable = (): boolean => existsSync(CHROMIUM);

const root = fileURLToPath(new URL('../..', import.meta.url));

/** What Playwright starts: CHROMIUM, with its feature lists and the harness's merged (chromium-launch.sh). */
export const CHROMIUM_LAUNCHER = join(root, 'test/e2e/chromium-launch.sh');

/**
 * Builds the renderer exactly as `npm run build` does, into `outDir` (a file run without the e2e global setup);
 * `plugins` change it for a test (e.g. a build of another protocol version).
 */
export async function buildRendererInto(outDir: string, plugins: PluginOption[] = []): Promise<void> {
  // Vitest runs with NODE_ENV=test, which Vite would build into the bundle (Vue's development build,
  // almost twice the size): the tests drive the production bundle that ships.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  // Vite is loaded only by the file that builds: every other e2e file's worker starts without it.
  const { build } = await import('vite');
  try {
    await build({
      configFile: join(root, 'renderer/vite.config.ts'),
      mode: 'production',
      build: { outDir, emptyOutDir: true },
      plugins,
      logLevel: 'warn',
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

/** Marker files the global setup writes next to the build it started: it ended well, or how it failed. */
export const BUILD_DONE = 'built';
export const BUILD_FAILED = 'build-failed.txt';

/** Waits for the build the global setup started in `dir` (it runs while earlier tests do). */
async function sharedBuild(dir: string): Promise<string> {
  const deadline = Date.now() + 180_000;
  while (!existsSync(join(dir, BUILD_DONE))) {
    if (existsSync(join(dir, BUILD_FAILED)))
      throw new Error(`the renderer build failed:\n${readFileSync(join(dir, BUILD_FAILED), 'utf8')}`);
    if (Date.now() > deadline) throw new Error('the renderer build took over 3 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
  return join(dir, 'renderer');
}

let ownBuild: Promise<string> | undefined;

/**
 * The folder of this run's renderer build. The e2e project's global setup builds it once for every
 * file; a file run under another config builds it once for its worker.
 */
export function builtRenderer(): Promise<string> {
  const shared = inject('rendererDir');
  if (shared) return sharedBuild(shared);
  ownBuild ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'red7-e2e-renderer-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    await buildRendererInto(dir);
    return dir;
  })();
  return ownBuild;
}

/** The renderer, as `npm run build` builds it, in `outDir`: a copy of this run's one build. */
export async function buildRenderer(outDir: string): Promise<void> {
  const from = await builtRenderer();
  rmSync(outDir, { recursive: true, force: true });
  cpSync(from, outDir, { recursive: true });
}

export interface Served {
  host: Host;
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

/** A real host on 127.0.0.1 (any free port) serving the built renderer. */
export async function serveHost(
  staticDir: string,
  dataDir = mkdtempSync(join(tmpdir(), 'red7-e2e-data-')),
  limits: Partial<HostLimits> = {},
  options: Partial<HostOptions> = {},
): Promise<Served> {
  const host = await startHost({
    port: 0,
    bind: '127.0.0.1',
    hostName: 'E2E host',
    ...options,
    dataDir,
    staticDir,
    limits: { botDelayMs: 150, ...limits },
  });
  return {
    host,
    url: `http://127.0.0.1:${host.port}/`,
    dataDir,
    close: () => host.close({ timeoutMs: 1000 }),
  };
}

/** The host as a phone on the LAN reaches it: a page there is plain http and no loopback page. */
const LAN_NAME = 'host.red7-lan.test';
/** `url` (a test host's, on 127.0.0.1) by a name that is no loopback address (Chromium maps it back). */
export const onTheLan = (url: string): string => url.replace('//127.0.0.1:', `//${LAN_NAME}:`);

/** How the harness starts Chromium: headless, quiet, nothing fetched from outside. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Every window of this Chromium preloads two omnibox pop-ups, each a WebUI page in a renderer of its own,
  // though no test has an omnibox: 0.6 s of CPU a browser context, more than a page of the app costs.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
  // A name for the test host that is no loopback address (`onTheLan`): what a phone on the LAN gets.
  `--host-resolver-rules=MAP ${LAN_NAME} 127.0.0.1`,
  // Flags to try on a run without editing this list (e.g. `--js-flags=--no-opt`; docs/measurements.md).
  ...(process.env.RED7_E2E_CHROMIUM_FLAGS?.split(' ').filter(Boolean) ?? []),
];

/** Chromium's own folders (profile, cache) under `scratch`, never the user's. */
export const chromiumEnv = (scratch: string): NodeJS.ProcessEnv => ({
  ...process.env,
  XDG_CONFIG_HOME: join(scratch, 'config'),
  XDG_CACHE_HOME: join(scratch, 'cache'),
  XDG_DATA_HOME: join(scratch, 'data'),
  RED7_CHROMIUM: CHROMIUM,
});

/**
 * The run's Chromium (launched once by the global setup: a launch is seconds on a busy machine, and a
 * file's players are contexts of their own either way), or one of this file's own when run without it.
 */
export async function launchChromium(scratch: string): Promise<Browser> {
  let shared = '';
  try {
    shared = inject('chromiumWs') ?? '';
  } catch {
    // Outside a Vitest run (scripts/first-seat.ts): nothing is provided.
  }
  if (shared) return chromium.connect(shared);
  return chromium.launch({
    executablePath: CHROMIUM_LAUNCHER,
    headless: true,
    args: CHROMIUM_ARGS,
    env: chromiumEnv(scratch),
  });
}

export interface Player {
  name: string;
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen on this page. */
  errors: string[];
}

/** Text stays sharp enough to read at this JPEG quality. */
export const SHOT_QUALITY = 80;

/**
 * The page's screenshots are taken at one image pixel per CSS pixel unless a test asks otherwise: at a
 * phone's deviceScaleFactor 2 an image four times the size costs seconds per shot to rasterise and encode,
 * and the screenshots are for people to look at (no test reads their pixels). The page itself still
 * renders at the device's scale. They are JPEGs (`*.jpg`, quality SHOT_QUALITY): Chromium encodes a PNG
 * of a 1280×800 table in 150 ms of CPU, a JPEG in 50 (docs/measurements.md), and an e2e run takes
 * hundreds of them.
 */
export function screenshotsAtCssScale(page: Page): void {
  const take = page.screenshot.bind(page);
  page.screenshot = (options = {}) =>
    take({
      scale: 'css',
      ...(options.path?.endsWith('.jpg') ? { type: 'jpeg' as const, quality: SHOT_QUALITY } : {}),
      ...options,
    });
}

/** A player in a browser context of their own (own storage), with a viewport width (and e.g. phone traits). */
export async function newPlayer(
  browser: Browser,
  name: string,
  width: number,
  height = 900,
  extra: BrowserContextOptions = {},
): Promise<Player> {
  const context = await browser.newContext({
    viewport: { width, height },
    locale: 'en-US',
    reducedMotion: 'reduce',
    ...extra,
  });
  const page = await context.newPage();
  screenshotsAtCssScale(page);
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${name}: console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`${name}: page: ${err.message}`));
  return { name, context, page, errors };
}

export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** A seat of a table planted in the host's data folder: a person holding `token`, or a bot. */
export type PlantedSeat = { name: string; token: string } | { name: string; bot: true };

/**
 * Saves a table as the host saves one (a record made by the host's own `newTableRecord`, written by the
 * store's `snapshotJson`), so the host restores it when it starts: a hand-made position (`state`), seat 0
 * as its creator, people by the hash of their token.
 */
export function plantTable(
  dataDir: string,
  table: {
    id: string;
    name: string;
    options: GameState['options'];
    state: GameState;
    seats: PlantedSeat[];
    /** More of the table's record (e.g. `hints`). */
    extra?: Partial<TableRecord>;
    /** Fields a snapshot from before them lacks (the host fills in their defaults as it loads). */
    older?: (keyof TableRecord)[];
  },
): void {
  const made = newTableRecord(
    {
      id: table.id,
      name: table.name,
      options: { ...table.options, botLevel: 'easy' },
      creator: { name: table.seats[0].name, seat: 0, tokenHash: '' },
      bots: [],
    },
    Date.now(),
  );
  const record: TableRecord = {
    ...made,
    seats: table.seats.map((s) => ({
      ...emptySeat(),
      name: s.name,
      tokenHash: 'token' in s ? hashToken(s.token) : null,
      bot: !('token' in s),
    })),
    // As a snapshot from before hints were kept reads: on where a bot sits.
    hints: hintsByDefault(table.seats.filter((s) => !('token' in s)).length),
    game: 1,
    state: table.state,
    ...table.extra,
  };
  for (const field of table.older ?? []) delete (record as Partial<TableRecord>)[field];
  mkdirSync(join(dataDir, 'tables', table.id), { recursive: true });
  writeFileSync(join(dataDir, 'tables', table.id, 'snapshot.json'), snapshotJson(record, 0));
}

/** Opens the host's page as the tab that holds `token` at seat `seat` (as after a reload): it resumes by itself. */
export async function resumeSeat(
  player: Player,
  served: Served,
  tableId: string,
  token: string,
  seat = 0,
): Promise<void> {
  const url = served.url.replace(/^http/, 'ws') + 'ws';
  const session = { url, tableId, token, seat };
  await player.context.addInitScript(
    (s) => sessionStorage.setItem('red7.session', JSON.stringify(s)),
    session,
  );
  // A reload keeps the table's address (the host's address alone is the lobby).
  await player.page.goto(`${served.url}#/table/${tableId}`);
  await player.page.getByTestId('table-view').waitFor();
}

/**
 * Opens a table in a page already on the app, by its address, as a person who holds its seat comes back to
 * it (a typed address, Forward): the seat goes where the lobby keeps it, the app steps away from the last
 * table and takes this seat back. A reload costs Chromium 0.35 s of CPU, this 0.15 s (docs/measurements.md);
 * the same table again reloads. The table opens at the top (the last one's scroll may stay).
 */
export async function takeSeatBack(
  page: Page,
  served: Served,
  tableId: string,
  token: string,
  tableName: string,
): Promise<void> {
  const url = served.url.replace(/^http/, 'ws') + 'ws';
  const hash = `#/table/${tableId}`;
  const seat = { token, seat: 0, tableName, savedAt: Date.now() };
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [
    'red7.seats',
    JSON.stringify({ [`${url}|${tableId}`]: seat }),
  ] as const);
  if (page.url().endsWith(hash)) await page.reload();
  else await page.evaluate((h) => (location.hash = h), hash);
  await page.locator(`.tname[data-name="${tableName}"]`).waitFor({ state: 'attached' });
  await page.getByTestId('table-view').waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Where the e2e tests leave their screenshots (test-results/screenshots/), made if missing. */
export function screenshotDir(): string {
  const dir = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** What a `describeInChromium` block's tests share: one host, one browser, their players. */
export interface Stage {
  /** The host serving this run's renderer build, with its data in `<scratch>/data`. */
  readonly served: Served;
  readonly browser: Browser;
  /** This block's temporary folder, removed at its end. */
  readonly scratch: string;
  /** A player as `newPlayer` opens one; its context is closed at the block's end. */
  player(
    ...args: Parameters<typeof newPlayer> extends [Browser, ...infer Rest] ? Rest : never
  ): Promise<Player>;
}

export interface StageOptions {
  /** Fills the host's data folder before the host starts (e.g. `plantTable`). */
  plant?(dataDir: string): void;
  limits?: Partial<HostLimits>;
  /** More host options (e.g. `bind`, `interfaces`). */
  host?: Partial<HostOptions>;
  /**
   * The players a test opens are its own: their contexts close when it ends, not with the block (those a
   * beforeAll opens stay for the block). A page left open keeps its socket, timers and table (bots playing
   * on), and took Chromium's CPU from every later test.
   */
  playersPerTest?: boolean;
}

/**
 * A describe block of tests in real Chromium against a real host serving the built renderer (one
 * host and one browser for the block). Skipped where Chromium is missing, except in CI, which installs
 * it: there its absence is a failure.
 */
export function describeInChromium(title: string, options: StageOptions, body: (stage: Stage) => void): void {
  if (!chromiumAvailable() && process.env.CI) {
    describe(title, () => {
      it('has Chromium', () => {
        throw new Error(
          `Chromium not found at ${CHROMIUM}; install it (apt-get install chromium) or set CHROMIUM_PATH`,
        );
      });
    });
    return;
  }
  describe.skipIf(!chromiumAvailable())(title, () => {
    let scratch: ReturnType<typeof tempDir> | undefined;
    let served: Served | undefined;
    let browser: Browser | undefined;
    const players: Player[] = [];
    /** The running test's players (`playersPerTest`), or null between tests. */
    let testPlayers: Player[] | null = null;
    const ready = <T>(value: T | undefined, name: string): T => {
      if (value === undefined) throw new Error(`the stage's ${name} is used before its beforeAll ran`);
      return value;
    };
    const stage: Stage = {
      get served() {
        return ready(served, 'host');
      },
      get browser() {
        return ready(browser, 'browser');
      },
      get scratch() {
        return ready(scratch, 'folder').path;
      },
      async player(...args) {
        const p = await newPlayer(ready(browser, 'browser'), ...args);
        (testPlayers ?? players).push(p);
        return p;
      },
    };

    beforeAll(async () => {
      scratch = tempDir('red7-e2e-');
      const dataDir = join(scratch.path, 'data');
      mkdirSync(dataDir, { recursive: true });
      options.plant?.(dataDir);
      served = await serveHost(await builtRenderer(), dataDir, options.limits, options.host);
      browser = await launchChromium(scratch.path);
    }, 120_000);

    if (options.playersPerTest) {
      beforeEach(() => {
        testPlayers = [];
      });
      // Not awaited: the next test need not wait for Chromium to take the pages down.
      afterEach(() => {
        for (const p of testPlayers ?? []) void p.context.close().catch(() => {});
        testPlayers = null;
      });
    }

    afterAll(async () => {
      for (const p of players) await p.context.close().catch(() => {});
      await browser?.close();
      await served?.close().catch(() => {});
      scratch?.remove();
    });

    body(stage);
  });
}

let downloads = 0;
/**
 * A download's file, copied into `dir` (the stage's scratch folder): the run's Chromium is a server the
 * file connects to, and a remote browser's downloads have no local path until saved.
 */
export async function keepDownload(download: Download, dir: string): Promise<string> {
  const path = join(dir, `${++downloads}-${download.suggestedFilename()}`);
  await download.saveAs(path);
  return path;
}
