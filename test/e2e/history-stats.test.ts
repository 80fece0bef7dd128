import { readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../main/electron/csp';
import { newGame } from '../../shared/engine';
import type { GameState } from '../../shared/engine/types';
import type { GameRecord } from '../../shared/record';
import { seedHistory } from '../integration/helpers/history';
import { describeInChromium, keepDownload, plantTable, resumeSeat, screenshotDir } from './harness';
import { axeViolations } from './axe';

/*
 * The game's end, in real Chromium against a real host: Ada ends a Basic game against a bot, the end
 * screen tells each person's evening ("Ada: 4 games tonight, …"), "Save game" downloads the record the host
 * serves, and "Report a problem" the same with the app's version and the browser's string. The page runs
 * under the desktop window's own CSP (sent as the header, as the app:// protocol does), so a download from
 * the renderer is shown to work there too. Screenshots at 1280 px and 390×844 in test-results/screenshots/.
 */

const shots = screenshotDir();
const OPTIONS = {
  players: 2,
  mode: 'basic',
  actionRule: false,
  rulesVersion: '1.2',
  targetScore: 40,
  autoDraw: false,
} as const;
const SEEDED = 3;

function deal(): GameState {
  for (let seed = 1; ; seed++) {
    const state = newGame(OPTIONS, seed);
    if (state.current === 0) return state;
  }
}

const RUNS = [
  { id: 'desk', width: 1280, height: 800, phone: false },
  { id: 'phone', width: 390, height: 844, phone: true },
];

/**
 * The host's pages as the desktop app's window gets them: a proxy on 127.0.0.1 that adds the window's own
 * CSP header to every answer (as its app:// protocol does) and passes the WebSocket through untouched.
 * (Routing the page through Playwright instead would make Chromium treat it as a public page and block
 * its WebSocket to the LAN.)
 */
async function cspProxy(target: number): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const up = request(
      { host: '127.0.0.1', port: target, path: req.url, method: req.method, headers: req.headers },
      (r) => {
        res.writeHead(r.statusCode!, { ...r.headers, 'content-security-policy': CONTENT_SECURITY_POLICY });
        r.pipe(res);
      },
    );
    req.pipe(up);
  });
  const sockets = new Set<{ destroy(): void }>();
  server.on('upgrade', (req, socket, head) => {
    sockets.add(socket);
    const up = connect(target, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      up.write(`${lines.join('\r\n')}\r\n\r\n`);
      up.write(head);
      up.pipe(socket).pipe(up);
    });
    sockets.add(up);
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        for (const x of sockets) x.destroy();
        server.close(() => r());
      }),
  };
}

/** The serious and critical WCAG 2.1 AA findings on the page as it stands. */
async function axeFindings(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

describeInChromium(
  'the game end: the evening line, Save game, Report a problem (Chromium)',
  {
    plant: (dataDir) => {
      // An evening so far: Ada has played three games with Cy and a hard bot, three hours ago and since.
      seedHistory(dataDir, SEEDED, {
        options: { players: 3, mode: 'advanced', actionRule: true, targetScore: 15 },
        names: (i) => ['Ada', i % 2 ? 'Bot Bo' : 'Bot 지민', 'Cy'],
        base: Date.now() - 3 * 3600_000,
      });
      for (const run of RUNS) {
        plantTable(dataDir, {
          id: run.id,
          name: `End ${run.id}`,
          options: OPTIONS,
          state: deal(),
          seats: [
            { name: 'Ada', token: `token-${run.id}-0123456789abcdef` },
            { name: 'Bot 2', bot: true },
          ],
        });
      }
    },
  },
  (stage) => {
    let proxy: Awaited<ReturnType<typeof cspProxy>>;
    /** Each run's downloaded record, opened again by the next test in a fresh context. */
    const savedFiles: Record<string, string> = {};
    beforeAll(async () => {
      proxy = await cspProxy(stage.served.host.port);
    });
    afterAll(() => proxy?.close());

    it.each(RUNS)('$id: the evening line, then the record saved as a file', async (run) => {
      const p = await stage.player(
        `Ada ${run.id}`,
        run.width,
        run.height,
        run.phone
          ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2, acceptDownloads: true }
          : { acceptDownloads: true },
      );
      const { page } = p;
      await resumeSeat(p, { ...stage.served, url: proxy.url }, run.id, `token-${run.id}-0123456789abcdef`);
      const csp = await page.evaluate(async () =>
        (await fetch(location.href)).headers.get('content-security-policy'),
      );
      expect(csp).toBe(CONTENT_SECURITY_POLICY);
      await page.getByTestId('pass').click();
      await page.getByTestId('confirm-yes').click();
      await page.getByTestId('round-summary').waitFor({ timeout: 15_000 });
      const line = page.getByTestId('tonight-line');
      // The seeded games and this one (the desk run's game too, on the phone run).
      const games = SEEDED + (run.id === 'desk' ? 1 : 2);
      await expect
        .poll(() => line.textContent(), { timeout: 10_000 })
        .toMatch(new RegExp(`Ada: ${games} games tonight, \\d won`));
      await page.getByTestId('after-game').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `game-end-tonight-${run.width}.jpg`) });

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('save-game').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^red7-game-\\d{4}-\\d\\d-\\d\\d-\\d{4}-${run.id}-1\\.json$`),
      );
      const saved = JSON.parse(
        readFileSync(await keepDownload(download, stage.scratch), 'utf8'),
      ) as GameRecord;
      const served = (await (await fetch(`${stage.served.url}api/history/${run.id}-1`)).json()) as GameRecord;
      expect(saved).toEqual(served);
      expect(saved.seats.map((s) => s.name)).toEqual(['Ada', 'Bot 2']);
      await expect(page.getByTestId('saved-as').textContent()).resolves.toBe(
        `Saved as ${download.suggestedFilename()}.`,
      );

      const [report] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('report-problem').click(),
      ]);
      const body = JSON.parse(readFileSync(await keepDownload(report, stage.scratch), 'utf8')) as {
        format: string;
        app: { version: string };
        userAgent: string;
        record: GameRecord;
      };
      expect(body.format).toBe('red7-lan/problem-report');
      expect(body.app.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(body.userAgent).toBe(await page.evaluate(() => navigator.userAgent));
      expect(body.record).toEqual(served);
      // The report says what to do with the file, not only where it went.
      await expect(page.getByTestId('saved-as').textContent()).resolves.toBe(
        `Saved as ${report.suggestedFilename()}. To report the problem, attach this file to your message to whoever looks after the app: it holds this game, the app's version and your system, nothing else.`,
      );
      expect(p.errors).toEqual([]);
      savedFiles[run.id] = await keepDownload(download, stage.scratch);
    });

    it.each(RUNS)(
      '$id: a fresh browser opens the saved game from the History screen, refuses broken files, shows the stats',
      async (run) => {
        const p = await stage.player(
          `Guest ${run.id}`,
          run.width,
          run.height,
          run.phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {},
        );
        const { page } = p;
        await page.goto(`${proxy.url}#/history`);
        await page.getByTestId('history-list').waitFor();
        const picker = page.getByTestId('open-saved-game');
        const error = page.getByTestId('open-error');
        const saved = JSON.parse(readFileSync(savedFiles[run.id], 'utf8')) as GameRecord;

        // Broken files: each refused in words a person reads, the checker's reason folded under them.
        const headline = error.locator('p').first();
        const detail = page.getByTestId('open-error-detail');
        const refusals: [string, Buffer, string, RegExp][] = [
          [
            'not-json.json',
            Buffer.from('{"format": "red7-lan/game-record", '),
            'This is not a Red7 LAN game file.',
            /JSON/,
          ],
          [
            'impossible.json',
            Buffer.from(JSON.stringify({ ...saved, result: { ...saved.result, winners: [0] } })),
            'This Red7 LAN game file cannot be replayed: it is damaged, or it was changed by hand.',
            /^result: the game ends with winners \[1\]/,
          ],
          [
            'huge.json',
            Buffer.alloc(1024 * 1024 + 1, 32),
            'This file is too big to be a Red7 LAN game file.',
            /^1048577 bytes/,
          ],
        ];
        for (const [name, buffer, said, reason] of refusals) {
          await picker.setInputFiles({ name, mimeType: 'application/json', buffer });
          await expect.poll(() => headline.textContent()).toBe(said);
          await expect(detail.textContent()).resolves.toMatch(reason);
          await expect(detail.isVisible()).resolves.toBe(false);
          expect(page.url()).toMatch(/#\/history$/);
        }
        await error.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(shots, `history-import-error-${run.width}.jpg`) });

        // The stats of the evening: every person of the seeded games and Ada's end game.
        const stats = page.getByTestId('stats-panel');
        await stats.getByTestId('stats-table').waitFor();
        const ada = stats.locator('[data-player="Ada"]');
        await expect(ada.locator('[data-col=games]').textContent()).resolves.toBe(String(SEEDED + 2));
        // Seat 1 of the seeded games is a hard bot: people only, Ada first (most games).
        await expect(
          stats
            .locator('[data-player]')
            .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-player'))),
        ).resolves.toEqual(['Ada', 'Cy']);
        await stats.getByTestId('stats-details').first().locator('summary').click();
        await expect(stats.getByTestId('head-to-head').first().textContent()).resolves.toMatch(
          /Cy: 3 together, .*Hard bots: \d+ games/,
        );
        await expect(stats.getByTestId('stats-details').first().getAttribute('open')).resolves.toBe('');
        await expect(stats.getByTestId('chart-text').textContent()).resolves.toContain('Ada: ');
        await stats.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(shots, `history-stats-${run.width}.jpg`), fullPage: true });
        await stats.screenshot({ path: join(shots, `history-stats-panel-${run.width}.jpg`) });
        // The History screen with the stats, a detail open and a refusal shown: WCAG 2.1 AA by axe.
        expect(await axeFindings(page)).toEqual([]);

        // The saved game opens in the replay, from the file alone.
        await picker.setInputFiles(savedFiles[run.id]);
        await page.getByTestId('replay-felt').waitFor();
        expect(page.url()).toContain(`#/history/${saved.id}`);
        await expect(page.getByTestId('replay-hand-0').count()).resolves.toBe(1);
        expect(p.errors).toEqual([]);
      },
    );

    it.each(['ko', 'it'])('%s: the stats and a refusal in the language, on a phone', async (locale) => {
      const p = await stage.player(`Guest ${locale}`, 390, 844, {
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        locale,
      });
      const { page } = p;
      await page.goto(`${proxy.url}#/history`);
      const stats = page.getByTestId('stats-panel');
      await stats.getByTestId('stats-table').waitFor();
      await page.getByTestId('open-saved-game').setInputFiles({
        name: 'x.json',
        mimeType: 'application/json',
        buffer: Buffer.from('[]'),
      });
      const error = page.getByTestId('open-error');
      await expect
        .poll(() => error.locator('p').first().textContent())
        .toBe(
          locale === 'ko' ? 'Red7 LAN 게임 파일이 아닙니다.' : 'Questo non è un file di partita di Red7 LAN.',
        );
      await expect(stats.locator('h2').textContent()).resolves.toBe(locale === 'ko' ? '통계' : 'Statistiche');
      await error.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `history-import-error-${locale}-390.jpg`) });
      await stats.getByTestId('stats-details').first().locator('summary').click();
      await stats.screenshot({ path: join(shots, `history-stats-panel-${locale}-390.jpg`) });
      expect(p.errors).toEqual([]);
    });
  },
);
