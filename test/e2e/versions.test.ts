import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import type { Plugin } from 'vite';
import { beforeAll, afterAll, expect, it } from 'vitest';
import type { DiscoveredTable } from '../../shared/desktop-api';
import { PROTOCOL_VERSION, type TableSummary } from '../../shared/protocol';
import { hostPageUrl } from '../../main/electron/table-links';
import { axeViolations, seriousTargets } from './axe';
import {
  buildRendererInto,
  describeInChromium,
  screenshotDir,
  serveHost,
  type Player,
  type Served,
} from './harness';
import { createTable, enterName, myTurn, takeStep } from './ui';

/*
 * Versions meet at the party, in real Chromium: a host of the next protocol version (started with the
 * host's `protocol` option, serving a renderer built to speak that version, as a newer release would) is
 * listed by a desktop lobby of this version apart, with its version and "Play in your browser"; the page
 * the app would open (its host's own, built by main's `hostPageUrl`) joins there and plays a move. The
 * desktop lobby is the real renderer with a stand-in `window.red7` (the preload's API), which also records
 * the display being kept awake during a game. Screenshots in test-results/screenshots/versions-*.jpg (en and
 * ko, 1280×800 and 390×844); axe finds nothing serious on the lobby.
 */

const NEXT = PROTOCOL_VERSION + 1;
const SHOTS = screenshotDir();

/** The renderer as the next release would build it: the same code, speaking protocol NEXT. */
function nextProtocol(): Plugin {
  let replaced = false;
  return {
    name: 'red7-next-protocol',
    enforce: 'pre',
    transform(code, id) {
      if (!id.replace(/\?.*$/, '').endsWith('/shared/protocol/version.ts')) return null;
      const next = code.replace(/PROTOCOL_VERSION = \d+;/, `PROTOCOL_VERSION = ${NEXT};`);
      if (next === code)
        throw new Error('shared/protocol/version.ts no longer declares PROTOCOL_VERSION = N;');
      replaced = true;
      return next;
    },
    buildEnd() {
      if (!replaced) throw new Error('the protocol version module was never built');
    },
  };
}

interface FakeDesktopArg {
  tables: DiscoveredTable[];
  hostPort: number;
  locale: 'en' | 'ko';
}

/**
 * The preload's `window.red7`, standing in for the desktop app in a plain page: the tables it "found",
 * hosting on the test's host, and a record of the tables opened in the browser and of keepAwake.
 * Runs in the page (serialised by Playwright): it uses nothing from outside.
 */
function fakeDesktop(arg: FakeDesktopArg): void {
  const opened: string[] = [];
  const awake: boolean[] = [];
  const settings: Record<string, unknown> = {
    playerName: '',
    locale: arg.locale,
    hostName: '',
    hostPort: 47470,
  };
  Object.assign(window, {
    __desktop: { opened, awake },
    red7: {
      tables: {
        subscribe(cb: (e: unknown) => void) {
          const timer = setTimeout(() => arg.tables.forEach((table) => cb({ type: 'up', table })), 0);
          return () => clearTimeout(timer);
        },
        async openInBrowser(key: string) {
          opened.push(key);
        },
      },
      host: {
        start: async () => ({ port: arg.hostPort, addresses: ['127.0.0.1'] }),
        stop: async () => undefined,
        status: async () => ({ running: false }),
        closeTable: async () => undefined,
        // No hand-over here: nothing found, nothing asked.
        handOverTargets: () => () => undefined,
        askHandOver: async () => ({ ok: true, value: null }),
        handOver: async () => ({ ok: true, value: { to: '', moved: [], refused: [] } }),
        receiveTables: async () => undefined,
        onHandOverAsked: () => () => undefined,
        onTablesReceived: () => () => undefined,
      },
      settings: {
        get: async (key: string) => settings[key],
        set: async (key: string, value: unknown) => {
          settings[key] = value;
        },
      },
      app: {
        info: async () => ({
          name: 'Red7 LAN',
          version: '0.1.0',
          platform: 'linux',
          versions: { electron: '', chrome: '', node: '' },
          locale: arg.locale,
          packaged: false,
          dataFolder: '',
        }),
        openDataFolder: async () => undefined,
        notify: async () => false,
        keepAwake: async (on: boolean) => {
          awake.push(on);
        },
        updateStatus: async () => ({ state: 'off' }),
        downloadUpdate: async () => undefined,
        installUpdate: async () => undefined,
      },
    },
  });
}

/** A host's table as discovery would list it (main/discovery reads the same facts from its TXT). */
async function discovered(served: Served, name: string): Promise<DiscoveredTable> {
  const info = (await (await fetch(`${served.url}api/info`)).json()) as {
    name: string;
    version: string;
    protocol: number;
  };
  const tables = (await (await fetch(`${served.url}api/tables`)).json()) as TableSummary[];
  const t = tables.find((s) => s.name === name);
  if (!t) throw new Error(`no table ${name} at ${served.url}`);
  return {
    id: t.id,
    name: t.name,
    players: t.players,
    seats: t.seats,
    state: t.state,
    key: `${name} (e2e-${served.host.port})._red7._tcp.local`,
    address: '127.0.0.1',
    addresses: ['127.0.0.1'],
    port: served.host.port,
    hostName: info.name,
    protocol: info.protocol,
    appVersion: info.version,
  };
}

const desktopLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { __desktop: { opened: string[]; awake: boolean[] } }).__desktop);

describeInChromium('versions meet at the party (Chromium)', {}, (stage) => {
  let newer: Served | undefined;
  let bo: Player;
  let here: DiscoveredTable;
  let there: DiscoveredTable;

  beforeAll(async () => {
    const dir = join(stage.scratch, 'renderer-next');
    await buildRendererInto(dir, [nextProtocol()]);
    mkdirSync(join(stage.scratch, 'data-next'), { recursive: true });
    newer = await serveHost(
      dir,
      join(stage.scratch, 'data-next'),
      {},
      { protocol: NEXT, hostName: 'Bo’s laptop' },
    );

    // Bo's table on the newer host, made on its own page; Ada's on this version's host.
    bo = await stage.player('Bo', 1280, 800);
    await bo.page.goto(newer.url);
    await enterName(bo.page, 'Bo');
    await createTable(bo.page, {
      name: 'Newer table',
      players: 2,
      bots: [],
      advanced: false,
      actionRule: false,
    });
    const ada = await stage.player('Ada', 1280, 800);
    await ada.page.goto(stage.served.url);
    await enterName(ada.page, 'Ada');
    await createTable(ada.page, {
      name: 'Kitchen table',
      players: 3,
      bots: [1],
      advanced: false,
      actionRule: false,
    });
    here = await discovered(stage.served, 'Kitchen table');
    there = await discovered(newer, 'Newer table');
  }, 120_000);

  afterAll(async () => {
    await newer?.close();
  });

  const desktopPlayer = async (name: string, width: number, height: number, locale: 'en' | 'ko') => {
    const phone: BrowserContextOptions =
      width < 500 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {};
    const p = await stage.player(name, width, height, {
      ...phone,
      locale: locale === 'ko' ? 'ko-KR' : 'en-US',
    });
    const arg: FakeDesktopArg = { tables: [here, there], hostPort: stage.served.host.port, locale };
    await p.context.addInitScript(fakeDesktop, arg);
    return p;
  };

  it('the hosts announce their protocol and app version in /api/info', () => {
    expect(here).toMatchObject({
      protocol: PROTOCOL_VERSION,
      appVersion: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
    expect(there).toMatchObject({ protocol: NEXT, appVersion: here.appVersion });
  });

  it.each([
    {
      width: 1280,
      height: 800,
      locale: 'en' as const,
      words: { title: 'Other versions of Red7 LAN', button: 'Play in your browser', version: 'protocol' },
    },
    {
      width: 1280,
      height: 800,
      locale: 'ko' as const,
      words: { title: '다른 버전의 Red7 LAN', button: '브라우저에서 플레이', version: '프로토콜' },
    },
    {
      width: 390,
      height: 844,
      locale: 'en' as const,
      words: { title: 'Other versions of Red7 LAN', button: 'Play in your browser', version: 'protocol' },
    },
    {
      width: 390,
      height: 844,
      locale: 'ko' as const,
      words: { title: '다른 버전의 Red7 LAN', button: '브라우저에서 플레이', version: '프로토콜' },
    },
  ])(
    'the desktop lobby at $width ($locale): this version’s table to join here, the newer host’s apart with its version and the browser',
    { timeout: 60_000 },
    async ({ width, height, locale, words }) => {
      const p = await desktopPlayer(`Guest ${width} ${locale}`, width, height, locale);
      const { page } = p;
      await page.goto(stage.served.url);
      const others = page.getByTestId('other-version-tables');
      await others.getByTestId('table-row').waitFor();

      // Can join here: this version's table, with Join.
      const hereRow = page.getByTestId('tables').getByTestId('table-row');
      await expect(hereRow.textContent()).resolves.toContain('Kitchen table');
      await expect(hereRow.getByTestId('join').isEnabled()).resolves.toBe(true);
      // Join in the browser: the newer host's table, its version said, no Join or Watch.
      await expect(page.getByTestId('other-versions-title').textContent()).resolves.toContain(words.title);
      const row = others.getByTestId('table-row');
      await expect(row.textContent()).resolves.toContain('Newer table');
      await expect(row.getByTestId('host-version').textContent()).resolves.toBe(
        locale === 'en'
          ? `Red7 LAN ${there.appVersion}, protocol ${NEXT}`
          : `Red7 LAN ${there.appVersion}, 프로토콜 ${NEXT}`,
      );
      await expect(row.getByTestId('join').count()).resolves.toBe(0);
      await expect(row.getByTestId('watch').count()).resolves.toBe(0);
      await expect(row.getByTestId('play-in-browser').textContent()).resolves.toContain(words.button);

      const size = `${width}x${height}`;
      await others.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `versions-lobby-${size}-${locale}.jpg`), fullPage: true });
      expect(seriousTargets(await axeViolations(page))).toEqual([]);

      // The button hands the table's key to the app, which opens its host's page in the browser.
      await row.getByTestId('play-in-browser').click();
      await expect.poll(async () => (await desktopLog(page)).opened).toEqual([there.key]);
      expect(p.errors).toEqual([]);
    },
  );

  it(
    'the page the app opens is the newer host’s own: it joins there and plays a move',
    { timeout: 90_000 },
    async () => {
      const url = hostPageUrl(there);
      expect(url).toBe(`http://127.0.0.1:${newer!.host.port}/#/table/${there.id}`);
      // The system browser: a plain page, no app around it.
      const gus = await stage.player('Gus', 1280, 800);
      await gus.page.goto(url!);
      await gus.page.getByTestId('door-name').fill('Gus');
      await gus.page.getByTestId('door-join').click();
      await gus.page.getByTestId('waiting-room').waitFor();
      await expect
        .poll(() => bo.page.getByTestId('seat').filter({ hasText: 'Gus' }).count(), { timeout: 10_000 })
        .toBe(1);
      await bo.page.getByTestId('start').click();
      for (const p of [bo, gus]) await p.page.getByTestId('table-view').waitFor();

      const moves = (page: Page) =>
        page.getByTestId('table-view').getAttribute('data-move-count').then(Number);
      let gusMoved = false;
      for (let i = 0; i < 40 && !gusMoved; i++) {
        for (const p of [bo, gus]) {
          if (!(await myTurn(p.page))) continue;
          const before = await moves(p.page);
          await takeStep(p.page);
          await expect.poll(() => moves(p.page), { timeout: 10_000 }).toBeGreaterThan(before);
          if (p === gus) gusMoved = true;
        }
        if (!gusMoved) await gus.page.waitForTimeout(100);
      }
      expect(gusMoved).toBe(true);
      await gus.page.screenshot({ path: join(SHOTS, 'versions-newer-host-page-1280x800-en.jpg') });
      expect([...gus.errors, ...bo.errors]).toEqual([]);
    },
  );

  it('this version’s page cannot join the newer host: the versions are really apart', async () => {
    // The lobby's address check of this version says so (the page asks the host's /api/info)…
    const p = await stage.player('Old page', 1280, 800);
    await p.page.goto(stage.served.url);
    await p.page.getByTestId('address').fill(`127.0.0.1:${newer!.host.port}`);
    await p.page.getByTestId('look-up').click();
    await expect
      .poll(() => p.page.getByTestId('address-error').textContent(), { timeout: 10_000 })
      .toContain(`protocol ${NEXT}, this app ${PROTOCOL_VERSION}`);
    // …and where that host's own page plays, in any browser.
    await expect(p.page.getByTestId('address-error').textContent()).resolves.toContain(
      `its own page plays in any browser, at http://127.0.0.1:${newer!.host.port}/`,
    );
  });

  it(
    'the desktop app keeps the display awake while its game is on screen, and lets go on leaving the table',
    { timeout: 60_000 },
    async () => {
      const p = await desktopPlayer('Awake', 1280, 800, 'en');
      const { page } = p;
      await page.goto(stage.served.url);
      await enterName(page, 'Ann');
      await createTable(page, {
        name: 'Awake table',
        players: 2,
        bots: [1],
        advanced: false,
        actionRule: false,
      });
      // The waiting room is no game yet.
      expect((await desktopLog(page)).awake).toEqual([]);
      await page.getByTestId('start').click();
      await page.getByTestId('table-view').waitFor();
      await expect.poll(async () => (await desktopLog(page)).awake).toEqual([true]);
      // Back to the lobby (the seat kept): the game is off screen.
      await page.goBack();
      await page.getByTestId('player-name').waitFor();
      await expect.poll(async () => (await desktopLog(page)).awake).toEqual([true, false]);
      expect(p.errors).toEqual([]);
    },
  );
});
