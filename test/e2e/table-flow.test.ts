import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import jsQR from 'jsqr';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { fixedDeals } from './fixed-deals';
import { describeInChromium, screenshotDir, screenshotsAtCssScale } from './harness';
import { offScreen, type Target } from './layout-check';
import { createTable, enterName, joinTable, myTurn, takeStep } from './ui';

/*
 * The way in and a rematch, in real Chromium against a real host serving the built renderer: Ann at
 * 1280 px and Bob on a 390×844 phone, with a bot. Join by address to a closed port stays in the app with
 * a reason; the waiting room's QR code decodes (from a screenshot) to the host's LAN URL; after the game
 * a rematch waits for both people and neither end screen is taken away before.
 *
 * This machine may have no LAN address, so the host is given an interface list (HostOptions.interfaces)
 * with one, 10.77.0.5, and listens on every interface as a party host does; the browsers reach it at
 * 127.0.0.1, and the QR code must still name the LAN address, never 127.0.0.1.
 */

const shots = screenshotDir();

const LAN = '10.77.0.5';
interface Person {
  name: string;
  context: BrowserContext;
  page: Page;
  errors: string[];
}

async function person(browser: Browser, name: string, phone: boolean): Promise<Person> {
  const context = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    locale: 'en-US',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  screenshotsAtCssScale(page);
  const errors: string[] = [];
  page.on('console', (m) => {
    // The closed port's refused request is the point of one step; anything else is a failure.
    if (m.type() === 'error' && !m.text().includes('ERR_CONNECTION_REFUSED'))
      errors.push(`${name}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
  return { name, context, page, errors };
}

/** A port nothing listens on (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** Decodes a QR code from a screenshot of it, as a phone's camera would read the screen. */
async function decodeShot(qr: Locator, decoder: Page): Promise<string | null> {
  const png = (await qr.screenshot()).toString('base64');
  // Runs in the page (a string: this file is type-checked without the DOM's types).
  const { width, height, data } = (await decoder.evaluate(`(async () => {
    const img = new Image();
    img.src = 'data:image/png;base64,${png}';
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    return { width: img.width, height: img.height, data: Array.from(ctx.getImageData(0, 0, img.width, img.height).data) };
  })()`)) as { width: number; height: number; data: number[] };
  return jsQR(Uint8ClampedArray.from(data), width, height)?.data ?? null;
}

const phase = (p: Page) => p.getByTestId('table-view').getAttribute('data-phase');

describeInChromium(
  'table flow in Chromium',
  {
    host: {
      // The game is dealt from a fixed seed (test/e2e/fixed-deals.ts): the same game, as long, every run.
      seeds: fixedDeals([1]),
      bind: '0.0.0.0',
      interfaces: () => ({
        lo: [{ address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/8' }],
        eth0: [{ address: LAN, netmask: '255.255.255.0', family: 'IPv4', mac: '02:00:00:00:00:05', internal: false, cidr: `${LAN}/24` }],
      }), // prettier-ignore
    },
  },
  (stage) => {
    let ann: Person;
    let bob: Person;
    let decoder: Page;

    beforeAll(async () => {
      ann = await person(stage.browser, 'Ann', false);
      bob = await person(stage.browser, 'Bob', true);
      decoder = await (await stage.browser.newContext()).newPage();
    });

    it('joins by QR and address, and plays a rematch only when both people want it', async () => {
      const shot = (p: Person, name: string) =>
        p.page.screenshot({
          path: join(shots, `${name}-${p.page.viewportSize()!.width}.jpg`),
          fullPage: true,
        });

      // Join by address to a closed port: a clear reason, and the page stays the app.
      const closed = await closedPort();
      for (const p of [ann, bob]) {
        await p.page.goto(stage.served.url);
        await p.page.getByTestId('player-name').waitFor();
        await enterName(p.page, p.name);
        await p.page.getByTestId('address').fill(`127.0.0.1:${closed}`);
        await p.page.getByTestId('look-up').click();
        await expect
          .poll(() => p.page.getByTestId('address-error').textContent(), { timeout: 10_000 })
          .toContain('Nothing answers at that address');
        expect(p.page.url()).toBe(stage.served.url);
        await p.page.getByTestId('address-error').scrollIntoViewIfNeeded();
        await shot(p, 'lobby-join-error');
      }

      // Ann hosts; the waiting room names the table's LAN address and its QR code decodes to it, on both screens.
      await createTable(ann.page, {
        name: 'Rematch table',
        players: 3,
        bots: [2],
        advanced: false,
        actionRule: true,
      });
      await joinTable(bob.page, 'Rematch table');
      // The link is the table's own address on the host's LAN address (docs/renderer.md, "Addresses").
      const tableHash = await ann.page.evaluate(() => window.location.hash);
      expect(tableHash).toMatch(/^#\/table\/[\w-]+$/);
      const lanUrl = `http://${LAN}:${stage.served.host.port}/${tableHash}`;
      expect(stage.served.host.addresses()).toEqual([LAN]);
      for (const p of [ann, bob]) {
        const qr = p.page.getByTestId('join-qr');
        await qr.waitFor();
        await expect(p.page.getByTestId('join-url').allTextContents()).resolves.toEqual([lanUrl]);
        expect(await decodeShot(qr, decoder)).toBe(lanUrl);
        expect(await p.page.getByTestId('join-address').textContent()).not.toContain('127.0.0.1');
        await expect.poll(() => p.page.getByTestId('seat').count()).toBe(3);
        await shot(p, 'waiting-room');
      }

      // Play the game out through the UI (Basic: one round).
      await ann.page.getByTestId('start').click();
      for (const p of [ann, bob]) await p.page.getByTestId('table-view').waitFor();
      const deadline = Date.now() + 120_000;
      while ((await phase(ann.page)) !== 'gameOver' || (await phase(bob.page)) !== 'gameOver') {
        expect(Date.now()).toBeLessThan(deadline);
        let acted = false;
        for (const p of [ann, bob]) {
          if ((await phase(p.page)) !== 'turn' || !(await myTurn(p.page))) continue;
          const before = await p.page.getByTestId('table-view').getAttribute('data-move-count');
          await takeStep(p.page);
          await expect
            .poll(async () => {
              const now = await p.page.getByTestId('table-view').getAttribute('data-move-count');
              return now !== before || (await phase(p.page)) === 'gameOver';
            })
            .toBe(true);
          acted = true;
        }
        if (!acted) await ann.page.waitForTimeout(100);
      }

      // Ann says yes first. Bob's end screen stays; both see who is ready.
      for (const p of [ann, bob]) await p.page.getByTestId('rematch').waitFor();
      await ann.page.getByTestId('rematch').click();
      await expect
        .poll(() => ann.page.getByTestId('rematch-waiting').textContent(), { timeout: 10_000 })
        .toBe('You are ready. Waiting for Bob.');
      await expect
        .poll(() => bob.page.getByTestId('rematch-voter').allTextContents(), { timeout: 10_000 })
        .toEqual([
          expect.stringContaining('ready'),
          expect.stringContaining('not yet'),
          expect.stringContaining('bot · ready'), // the bot, listed as the round's vote lists it
        ]);
      // Who wants to play again is in sight by the buttons, however long the summary: it lay at the bottom of
      // the summary's scrolling box, so Bob saw nothing of Ann's yes, nor Ann of what she waits for.
      const votes: Target[] = [
        { label: 'who wants a rematch', selector: '[data-testid="rematch-voter"]', all: true },
        { label: 'Play again', selector: '[data-testid="rematch"]' },
      ];
      const unscrolled = (l: string[]) => l.filter((p) => !p.startsWith('the page is scrolled'));
      expect(unscrolled(await offScreen(bob.page, votes))).toEqual([]);
      expect(
        unscrolled(
          await offScreen(ann.page, [{ label: 'waiting for', selector: '[data-testid="rematch-waiting"]' }]),
        ),
      ).toEqual([]);
      await bob.page.waitForTimeout(1500); // the bot always agrees: still, nothing starts without Bob
      for (const p of [ann, bob]) {
        expect(await phase(p.page)).toBe('gameOver');
        await expect(p.page.getByTestId('round-summary').isVisible()).resolves.toBe(true);
        await expect(
          p.page.locator('[data-testid="round-summary"] [data-testid="match"]').textContent(),
        ).resolves.toMatch(/Match: Ann \d · Bob \d · \p{L}+ \d/u);
      }
      await shot(ann, 'rematch-waiting');
      await shot(bob, 'rematch-waiting');
      const matchBefore = await ann.page.locator('.tableinfo [data-testid="match"]').textContent();

      // Bob says yes: the new game starts for both, the match score stays.
      await bob.page.getByTestId('rematch').click();
      for (const p of [ann, bob]) {
        await expect.poll(() => phase(p.page), { timeout: 10_000 }).toBe('turn');
        await expect(p.page.locator('.tableinfo [data-testid="match"]').textContent()).resolves.toBe(
          matchBefore,
        );
      }

      // Carol watches from the lobby's list, which shows the match too; the players see her name.
      const carol = await person(stage.browser, 'Carol', false);
      await carol.page.goto(stage.served.url);
      await enterName(carol.page, 'Carol');
      const row = carol.page.getByTestId('table-row').filter({ hasText: 'Rematch table' });
      await expect.poll(() => row.getByTestId('match').textContent(), { timeout: 10_000 }).toBe(matchBefore);
      await row.getByTestId('watch').click();
      await carol.page.getByTestId('table-view').waitFor();
      for (const p of [ann, bob])
        await expect
          .poll(() => p.page.getByTestId('watching').textContent(), { timeout: 10_000 })
          .toBe('watching: Carol');
      await carol.context.close();

      expect([...ann.errors, ...bob.errors]).toEqual([]);
    }, 240_000);
  },
);
