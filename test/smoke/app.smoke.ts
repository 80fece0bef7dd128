/*
 * The desktop app, running: a real Electron (or the packaged app, fuses applied) driven by
 * playwright-core. Started by `npm run test:electron` (test/smoke/run.ts), never by `npm test`.
 * Where it runs the app hosts on the machine's LAN and announces by mDNS: CI runners only.
 */
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browseTables, type TableBrowser } from '../../main/discovery';
import { startHost, type Host } from '../../main/host';
import type { DesktopApi } from '../../shared/desktop-api';
import { PROTOCOL_VERSION } from '../../shared/protocol';
import { createTable, enterName, myTurn, takeStep } from '../e2e/ui';
import { TestClient } from '../integration/helpers/client';
import { launchDev, launchPackaged, type LaunchedApp } from './launch';
import { isRunning, processTree } from './processes';

const root = fileURLToPath(new URL('../..', import.meta.url));
const target = process.env.RED7_SMOKE_TARGET === 'packaged' ? 'packaged' : 'dev';
const executable = process.env.RED7_SMOKE_EXECUTABLE ?? '';
/** docs/desktop.md: closing the host 3.5 s + mDNS goodbyes 1.5 s; browsing stops within 1 s more. */
const GOODBYE_BOUND_MS = 5000;
const QUIT_BOUND_MS = 6000;
/** Chromium tears its helper processes down after the main process: allow it a moment. */
const TEARDOWN_MS = 4000;

/** window.red7, exactly as docs and shared/desktop-api.ts describe it. */
const DOCUMENTED_API = {
  app: ['downloadUpdate', 'info', 'installUpdate', 'keepAwake', 'notify', 'openDataFolder', 'updateStatus'],
  host: [
    'askHandOver',
    'closeTable',
    'handOver',
    'handOverTargets',
    'onHandOverAsked',
    'onTablesReceived',
    'receiveTables',
    'showRoomScreen',
    'start',
    'status',
    'stop',
    'withdrawHandOver',
  ],
  settings: ['get', 'set'],
  tables: ['openInBrowser', 'subscribe'],
};

/** The page's global object, as the callbacks run inside it see it (this project's Node types have no DOM). */
interface PageWorld {
  red7?: DesktopApi;
  require?: unknown;
  process?: unknown;
  __cspViolations?: string[];
  open(url: string): unknown;
  location: { href: string };
  document: {
    addEventListener(
      type: 'securitypolicyviolation',
      cb: (e: { violatedDirective: string; blockedURI: string }) => void,
    ): void;
  };
}

async function until<T>(what: string, read: () => Promise<T> | T, ok: (v: T) => boolean, ms: number) {
  const end = Date.now() + ms;
  let last: T = await read();
  while (!ok(last)) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms (last: ${JSON.stringify(last)})`);
    await new Promise((r) => setTimeout(r, 50));
    last = await read();
  }
  return last;
}

describe(`the ${target} app`, () => {
  const scratch = mkdtempSync(join(tmpdir(), 'red7-smoke-'));
  let app: LaunchedApp;
  const consoleErrors: string[] = [];
  let headless: Host;
  let browser: TableBrowser | null = null;
  const seenOnLan = new Map<string, number>();
  const goneFromLan = new Map<string, number>();

  beforeAll(async () => {
    app =
      target === 'packaged'
        ? await launchPackaged(executable, scratch)
        : await launchDev(process.env.RED7_SMOKE_ELECTRON!, root, scratch);
    app.page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    app.page.on('pageerror', (e) => consoleErrors.push(e.message));
    // CSP violations are also recorded by the page itself, from its first script on.
    await app.context.addInitScript(() => {
      const page = globalThis as unknown as PageWorld;
      const seen: string[] = (page.__cspViolations = []);
      page.document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    await app.page.reload();
    await app.page.getByTestId('player-name').waitFor({ timeout: 30_000 });
    headless = await startHost({
      port: 0,
      bind: '127.0.0.1',
      dataDir: join(scratch, 'headless'),
      hostName: 'Headless',
      bots: 'inline',
      limits: { botDelayMs: 0 },
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.stop();
    await headless?.close({ timeoutMs: 500 });
    if (app && isRunning(app.pid)) app.kill();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('opens its window on app://red7 with no CSP violation or console error', async () => {
    expect(app.page.url()).toMatch(/^app:\/\/red7\//);
    await expect(app.page.title()).resolves.toBe('Red7 LAN');
    expect(await app.page.evaluate(() => (globalThis as unknown as PageWorld).__cspViolations)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('gives the page window.red7 with exactly the documented functions, and no Node', async () => {
    const shape = await app.page.evaluate(() => {
      const page = globalThis as unknown as PageWorld;
      const api = page.red7 as unknown as Record<string, Record<string, unknown>>;
      const out: Record<string, string[]> = {};
      for (const group of Object.keys(api).sort()) {
        out[group] = Object.keys(api[group])
          .sort()
          .map((k) => (typeof api[group][k] === 'function' ? k : `${k}: ${typeof api[group][k]}`));
      }
      return { out, require: typeof page.require, process: typeof page.process };
    });
    expect(shape).toEqual({ out: DOCUMENTED_API, require: 'undefined', process: 'undefined' });
    const info = await app.page.evaluate(() => (globalThis as unknown as PageWorld).red7!.app.info());
    expect(info.packaged).toBe(target === 'packaged');
    // The profile is the test's own (--user-data-dir), not the runner's.
    // (macOS's temporary folder is behind a symlink: either spelling is ours.)
    const ours = [join(scratch, 'user-data'), join(realpathSync(scratch), 'user-data')];
    expect(
      ours.some((dir) => info.dataFolder.startsWith(dir)),
      info.dataFolder,
    ).toBe(true);
  });

  it('refuses to navigate to another origin or open a window', async () => {
    const pagesBefore = app.context.pages().length;
    const opened = await app.page.evaluate(
      () => (globalThis as unknown as PageWorld).open('https://example.com/') === null,
    );
    expect(opened).toBe(true);
    await app.page.evaluate(() => {
      (globalThis as unknown as PageWorld).location.href = 'https://example.com/';
    });
    await new Promise((r) => setTimeout(r, 1000));
    expect(app.page.url()).toMatch(/^app:\/\/red7\//);
    expect(app.context.pages()).toHaveLength(pagesBefore);
  });

  it("joins a headless host's table by address and plays a whole game against a bot", async () => {
    // Someone at the headless host opens a table for two and leaves it to whoever comes: the app.
    const opener = await TestClient.greeted(headless.port);
    opener.send({
      type: 'createTable',
      name: 'Headless table',
      player: 'Opener',
      options: { players: 2, mode: 'basic', actionRule: false },
    });
    await opener.next('joined');

    const page = app.page;
    await enterName(page, 'Ada');
    await page.getByTestId('address').fill(`127.0.0.1:${headless.port}`);
    await page.getByTestId('address').press('Enter');
    const row = page.getByTestId('table-row').filter({ hasText: 'Headless table' });
    await row.getByTestId('join').click({ timeout: 15_000 });
    await page.getByTestId('waiting-room').waitFor();
    // The opener leaves: Ada becomes the table's creator, gives the free seat to a bot and starts.
    opener.send({ type: 'leave' });
    await opener.next('left');
    await opener.close();
    await page.getByTestId('toggle-bot-0').click({ timeout: 15_000 });
    await page.getByTestId('start').click({ timeout: 15_000 });
    await page.getByTestId('table-view').waitFor();

    const phase = () => page.getByTestId('table-view').getAttribute('data-phase');
    const deadline = Date.now() + 180_000;
    let steps = 0;
    while ((await phase()) !== 'gameOver') {
      expect(Date.now(), `the game should end in time (${steps} steps)`).toBeLessThan(deadline);
      if ((await phase()) === 'roundOver') {
        // "I'm ready" is a toggle: pressed once (bots are always ready: the round is dealt).
        const ready = page.getByTestId('ready');
        if ((await ready.getAttribute('aria-pressed', { timeout: 2000 }).catch(() => null)) === 'false')
          await ready.click({ timeout: 2000 }).catch(() => undefined);
        else await page.waitForTimeout(100);
      } else if (await myTurn(page)) {
        await takeStep(page);
        steps++;
      } else {
        await page.waitForTimeout(100);
      }
    }
    await page.getByTestId('game-winners').waitFor();
    expect(steps).toBeGreaterThan(0);
    const game = headless.tables().find((t) => t.name === 'Headless table');
    expect(game?.state).toBe('finished');
    console.log(`smoke (${target}): a game against the bot ended after ${steps} UI steps`);
    expect(consoleErrors).toEqual([]);
  }, 240_000);

  it('hosts a table from the UI: the host answers /api/info on its LAN address', async () => {
    const page = app.page;
    await page.getByTestId('to-lobby').click();
    await page
      .getByTestId('confirm-yes')
      .click({ timeout: 3000 })
      .catch(() => undefined);
    await page.getByTestId('player-name').waitFor();
    // Watch the LAN for the app's announcement, to see its goodbye at quit.
    browser = browseTables((e) => {
      if (e.type === 'up' && e.table.name === 'Smoke table') seenOnLan.set(e.table.key, Date.now());
      if (e.type === 'down' && seenOnLan.has(e.key)) goneFromLan.set(e.key, Date.now());
    });
    await createTable(page, {
      name: 'Smoke table',
      players: 2,
      bots: [1],
      advanced: false,
      actionRule: false,
    });
    const status = await page.evaluate(() => (globalThis as unknown as PageWorld).red7!.host.status());
    if (!status.running) throw new Error('host.status says the host is not running after hosting');
    const address = status.addresses[0] ?? '127.0.0.1';
    const info = (await (await fetch(`http://${address}:${status.port}/api/info`)).json()) as Record<
      string,
      unknown
    >;
    expect(info).toMatchObject({
      port: status.port,
      protocol: PROTOCOL_VERSION,
      addresses: status.addresses,
    });
    console.log(
      `smoke (${target}): hosting on ${address}:${status.port} (${status.addresses.join(', ') || 'no LAN'})`,
    );
    await until(
      'the mDNS announcement',
      () => seenOnLan.size,
      (n) => n > 0,
      10_000,
    ).catch((e: Error) =>
      // A runner whose network drops multicast cannot show it; the goodbye check below then says so.
      console.log(`smoke (${target}): ${e.message}`),
    );
  }, 60_000);

  it('quits within the documented bound: goodbyes sent, nothing left running', async () => {
    const status = await app.page.evaluate(() => (globalThis as unknown as PageWorld).red7!.host.status());
    if (!status.running) throw new Error('the host should still be running');
    const watcher = await TestClient.greeted(status.port);
    watcher.send({ type: 'listTables' });
    const tables = await watcher.next('tables');
    watcher.send({ type: 'spectate', tableId: tables.tables[0].id });
    await watcher.next('spectating');
    const tree = processTree(app.pid);
    expect(tree.length).toBeGreaterThan(1); // the main process and Chromium's helpers

    const asked = Date.now();
    await app.quit().catch(() => undefined); // the connection may end with the app
    const closed = await watcher.closed;
    const goodbyeMs = Date.now() - asked;
    expect(closed.code).toBe(4002);
    expect(goodbyeMs).toBeLessThan(GOODBYE_BOUND_MS);
    const exitCode = await Promise.race([
      app.exited,
      new Promise((r) => setTimeout(() => r('timeout'), QUIT_BOUND_MS + 2000)),
    ]);
    const quitMs = Date.now() - asked;
    expect(exitCode).toBe(0);
    expect(quitMs).toBeLessThan(QUIT_BOUND_MS);
    if (seenOnLan.size > 0) {
      await until(
        'the mDNS goodbye',
        () => goneFromLan.size,
        (n) => n === seenOnLan.size,
        GOODBYE_BOUND_MS,
      );
      const gone = Math.max(...goneFromLan.values()) - asked;
      console.log(`smoke (${target}): mDNS goodbye seen ${gone} ms after quit`);
      expect(gone).toBeLessThan(GOODBYE_BOUND_MS);
    } else {
      console.log(`smoke (${target}): the announcement was never seen here, so its goodbye was not checked`);
    }
    const left = await until(
      'every app process gone',
      () => tree.filter(isRunning),
      (l) => l.length === 0,
      TEARDOWN_MS,
    );
    expect(left).toEqual([]);
    await expect(fetch(`http://127.0.0.1:${status.port}/api/info`)).rejects.toThrow();
    // What the person set and hosted stays in the profile's userData for the next start.
    const userData = join(scratch, 'user-data');
    expect(JSON.parse(readFileSync(join(userData, 'settings.json'), 'utf8'))).toMatchObject({
      playerName: 'Ada',
    });
    expect(readdirSync(join(userData, 'host')).length).toBeGreaterThan(0);
    console.log(
      `smoke (${target}): socket closed (4002) after ${goodbyeMs} ms, app exited after ${quitMs} ms, ${tree.length} processes gone`,
    );
  }, 60_000);
});
