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
import type { GameState } from '../../shared/engine/types';

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

/** A seat of a table planted in the host's data folder: a person holding `token`, or a bot. */
export type PlantedSeat = { name: string; token: string } | { name: string; bot: true };

/**
 * Saves a table exactly as the host saves one, so the host restores it when it starts: a hand-made
 * position (`state`), seat 0 as its creator, people by the hash of their token.
 */
export function plantTable(
  dataDir: string,
  table: {
    id: string;
    name: string;
    options: GameState['options'];
    state: GameState;
    seats: PlantedSeat[];
    /** More snapshot fields (e.g. `hints`). */
    extra?: Record<string, unknown>;
  },
): void {
  const record = {
    format: 1,
    id: table.id,
    name: table.name,
    options: table.options,
    botLevel: 'easy',
    creator: 0,
    seats: table.seats.map((s) => ({
      name: s.name,
      tokenHash: 'token' in s ? hashToken(s.token) : null,
      bot: !('token' in s),
      standIn: false,
      votedOut: false,
    })),
    game: 1,
    state: table.state,
    createdAt: Date.now(),
    ...table.extra,
  };
  mkdirSync(join(dataDir, 'tables', table.id), { recursive: true });
  writeFileSync(join(dataDir, 'tables', table.id, 'snapshot.json'), JSON.stringify(record));
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
  await player.page.goto(served.url);
  await player.page.getByTestId('table-view').waitFor();
}

/** Where the e2e tests leave their screenshots (test-results/screenshots/), made if missing. */
export function screenshotDir(): string {
  const dir = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  return dir;
}
