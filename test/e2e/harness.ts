import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { build } from 'vite';
import { startHost, type Host, type HostLimits } from '../../main/host';
import { hashToken } from '../../main/host/ids';

/** Test kit for the end-to-end tests: the built renderer, a real host serving it, real Chromium. */

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumAvailable = (): boolean => existsSync(CHROMIUM);

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Builds the renderer exactly as `npm run build` does, into a temporary folder. */
export async function buildRenderer(outDir: string): Promise<void> {
  await build({
    configFile: join(root, 'renderer/vite.config.ts'),
    build: { outDir, emptyOutDir: true },
    logLevel: 'warn',
  });
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
): Promise<Served> {
  const host = await startHost({
    port: 0,
    bind: '127.0.0.1',
    dataDir,
    staticDir,
    hostName: 'E2E host',
    limits: { botDelayMs: 150, ...limits },
  });
  return {
    host,
    url: `http://127.0.0.1:${host.port}/`,
    dataDir,
    close: () => host.close({ timeoutMs: 1000 }),
  };
}

/** Headless Chromium with its own temporary XDG folders (nothing touches the user's profile). */
export async function launchChromium(scratch: string): Promise<Browser> {
  const xdg = (name: string) => join(scratch, name);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    env: {
      ...process.env,
      XDG_CONFIG_HOME: xdg('config'),
      XDG_CACHE_HOME: xdg('cache'),
      XDG_DATA_HOME: xdg('data'),
    },
  });
}

export interface Player {
  name: string;
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen on this page. */
  errors: string[];
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

/** A table as a host saves it (the snapshot's fields that differ between tests). */
export interface PlantedTable {
  id: string;
  name: string;
  options: object;
  state: unknown;
  /** Names of seats 1.. (all bots); seat 0 is Ada's, by the token given to plantTable. */
  bots: string[];
  extra?: Record<string, unknown>;
}

/** Saves a table as the host saves one, so a host started on `dataDir` restores it: seat 0 is Ada's, by `token`. */
export function plantTable(dataDir: string, table: PlantedTable, token: string): void {
  const bot = (name: string) => ({ name, tokenHash: null, bot: true, standIn: false, votedOut: false });
  const record = {
    format: 1,
    id: table.id,
    name: table.name,
    options: table.options,
    creator: 0,
    seats: [
      { name: 'Ada', tokenHash: hashToken(token), bot: false, standIn: false, votedOut: false },
      ...table.bots.map(bot),
    ],
    game: 1,
    state: table.state,
    createdAt: Date.now(),
    ...table.extra,
  };
  mkdirSync(join(dataDir, 'tables', table.id), { recursive: true });
  writeFileSync(join(dataDir, 'tables', table.id, 'snapshot.json'), JSON.stringify(record));
}

/** Opens the page in a tab that holds seat 0 of a planted table (as after a reload): it resumes by itself. */
export async function resumeSeat(p: Player, served: Served, tableId: string, token: string): Promise<void> {
  const url = served.url.replace(/^http/, 'ws') + 'ws';
  await p.context.addInitScript(
    (s) => {
      sessionStorage.setItem('red7.session', JSON.stringify(s));
    },
    { url, tableId, token, seat: 0 },
  );
  await p.page.goto(served.url);
  await p.page.getByTestId('table-view').waitFor();
}
