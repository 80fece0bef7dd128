import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { applyMove, setupState } from '../../shared/engine';
import type { GameState } from '../../shared/engine/types';
import { describeInChromium, plantTable, resumeSeat, screenshotDir, type Player } from './harness';
import { createTable, enterName, joinTable } from './ui';

/*
 * A table's own address, the live lobby, and this screen's choices at the table, in real Chromium against
 * a real host: a link opened in a fresh context joins or watches, the same browser resumes through it, Back
 * and Forward move between the lobby and the table keeping the seat, the lobby changes in place while
 * others join and start, a phone switches language at the table, and the hints under the cards stay off
 * after a reload. Screenshots: test-results/screenshots/routes-*.jpg.
 */

const shots = screenshotDir();
const basic = (players: 2 | 3) =>
  ({
    players,
    mode: 'basic',
    actionRule: false,
    rulesVersion: '1.2',
    targetScore: 35,
    autoDraw: false,
  }) as const;
const token = (id: string) => `token-${id}-0123456789abcdef`;

/** Ada (seat 0, to move) and bots, mid-round; `over`: Ada has passed, so the game is finished. */
function plant(dataDir: string, id: string, name: string, players: 2 | 3, over = false): void {
  let state: GameState = setupState(basic(players), {
    hands: [
      ['G3', 'Y6', 'O1', 'B2', 'V5', 'I7', 'R4'],
      ['V7', 'B5', 'Y4', 'O3', 'G1'],
      ['G7', 'I3', 'O2', 'Y1', 'B6'],
    ].slice(0, players) as never,
    palettes: [['O6'], ['R6'], ['Y3']].slice(0, players) as never,
    canvas: ['B3'],
    current: 0,
  });
  if (over) state = applyMove(state, { type: 'pass' });
  plantTable(dataDir, {
    id,
    name,
    options: basic(players),
    state,
    seats: [
      { name: 'Ada', token: token(id) },
      ...['Bea', 'Cyd'].slice(0, players - 1).map((n) => ({ name: n, bot: true as const })),
    ],
  });
}

const hashOf = (page: Page) => page.evaluate(() => window.location.hash);
const seatRow = (page: Page, name: string) => page.getByTestId('seat').filter({ hasText: name });

const PHONE = { isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

describeInChromium(
  'a table’s address, the live lobby, this screen’s choices (Chromium)',
  {
    plant: (dataDir) => {
      plant(dataDir, 'finishedA', 'Last night', 2, true);
      plant(dataDir, 'phoneLang', 'Phone language', 3);
      plant(dataDir, 'phoneHint', 'Phone hints', 3);
    },
  },
  (stage) => {
    const noErrors = (...ps: Player[]) => expect(ps.flatMap((p) => p.errors)).toEqual([]);

    it('a link joins and watches from fresh contexts, resumes in the same one; Back and Forward keep the seat', async () => {
      const ann = await stage.player('Ann', 1280, 800);
      await ann.page.goto(stage.served.url);
      await enterName(ann.page, 'Ann');
      await createTable(ann.page, {
        name: 'Linked',
        players: 3,
        bots: [],
        advanced: false,
        actionRule: false,
      });
      const hash = await hashOf(ann.page);
      expect(hash).toMatch(/^#\/table\/[A-Za-z0-9_-]{4,32}$/);
      const link = stage.served.url + hash;

      // A fresh browser (no seat here): the door, then a seat.
      const bob = await stage.player('Bob', 390, 844, PHONE);
      await bob.page.goto(link);
      const door = bob.page.getByTestId('table-door');
      await door.waitFor();
      expect(await door.textContent()).toContain('Linked');
      expect(await door.textContent()).toContain('1/3 seated');
      await bob.page.screenshot({ path: join(shots, 'routes-door-390.jpg') });
      for (const [w, h] of [
        [1280, 800],
        [360, 740],
      ]) {
        await bob.page.setViewportSize({ width: w, height: h });
        await bob.page.screenshot({ path: join(shots, `routes-door-${w}.jpg`) });
      }
      await bob.page.setViewportSize({ width: 390, height: 844 });
      await bob.page.getByTestId('door-join').tap();
      expect(await bob.page.getByRole('alert').textContent()).toContain('Enter your name first.');
      await bob.page.getByTestId('door-name').fill('Bob');
      await bob.page.getByTestId('door-join').tap();
      await bob.page.getByTestId('waiting-room').waitFor();
      expect(await hashOf(bob.page)).toBe(hash);
      await seatRow(ann.page, 'Bob').filter({ hasText: 'connected' }).waitFor();

      // Another fresh browser watches.
      const cy = await stage.player('Cy', 1280, 800);
      await cy.page.goto(link);
      await cy.page.getByTestId('door-watch').click();
      await cy.page.getByTestId('waiting-room').waitFor();
      expect(await cy.page.getByTestId('leave').isVisible()).toBe(true);

      // Back: the lobby, inside the app; the seat stays Bob's (away). Forward: back in, the same seat.
      await bob.page.goBack();
      await bob.page.getByTestId('player-name').waitFor();
      expect(bob.page.url()).toContain(stage.served.url);
      await seatRow(ann.page, 'Bob').filter({ hasText: 'away' }).waitFor();
      // The lobby's list may take a poll to come: wait for its Rejoin rather than count at once.
      await expect.poll(() => bob.page.getByTestId('rejoin').count(), { timeout: 10_000 }).toBe(1);
      await bob.page.goForward();
      await bob.page.getByTestId('waiting-room').waitFor();
      await seatRow(bob.page, 'Bob').filter({ hasText: 'you' }).waitFor();
      await seatRow(ann.page, 'Bob').filter({ hasText: 'connected' }).waitFor();

      // The same browser, a new tab, the link: the seat is resumed, no door.
      await bob.page.close();
      const tab = await bob.context.newPage();
      await tab.goto(link);
      await tab.getByTestId('waiting-room').waitFor();
      expect(await tab.getByTestId('table-door').count()).toBe(0);
      await seatRow(tab, 'Bob').filter({ hasText: 'you' }).waitFor();

      // A table that is not there.
      const dee = await stage.player('Dee', 360, 740, PHONE);
      await dee.page.goto(stage.served.url + '#/table/NoSuchTable1');
      await dee.page.getByText('This table is no longer here').waitFor();
      await dee.page.screenshot({ path: join(shots, 'routes-door-gone-360.jpg') });
      await dee.page.getByTestId('door-lobby').tap();
      await dee.page.getByTestId('player-name').waitFor();
      expect(await hashOf(dee.page)).toBe('#/');
      noErrors(ann, cy, dee);
    });

    it('the lobby changes in place while others join and start; finished games are shown apart', async () => {
      const watcher = await stage.player('Wes', 1280, 800);
      await watcher.page.goto(stage.served.url);
      await enterName(watcher.page, 'Wes');
      const finished = watcher.page.getByTestId('finished-tables');
      await finished.getByText('Last night').waitFor();
      expect(await watcher.page.getByTestId('finished-title').textContent()).toBe('Finished games');

      const ann = await stage.player('Ann2', 1280, 800);
      await ann.page.goto(stage.served.url);
      await enterName(ann.page, 'Ann');
      await createTable(ann.page, {
        name: 'Live one',
        players: 2,
        bots: [],
        advanced: false,
        actionRule: false,
      });
      const row = watcher.page.getByTestId('tables').getByTestId('table-row').filter({ hasText: 'Live one' });
      await row.getByText('1/2 seated').waitFor();
      // Mark the row's element and focus its Watch button: both must survive every change.
      await row.evaluate((el) => el.setAttribute('data-seen', 'yes'));
      await row.getByTestId('watch').focus();
      const order = () =>
        watcher.page.getByTestId('tables').locator('[data-testid="table-row"] h3').allTextContents();
      const before = await order();

      const eve = await stage.player('Eve', 390, 844, PHONE);
      await eve.page.goto(stage.served.url);
      await enterName(eve.page, 'Eve');
      await joinTable(eve.page, 'Live one');
      await row.getByText('2/2 seated').waitFor();
      await ann.page.getByTestId('start').click();
      await row.getByText('Playing').waitFor();
      expect(await row.getAttribute('data-seen')).toBe('yes');
      expect(await order()).toEqual(before);
      expect(await watcher.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
        'watch',
      );
      await watcher.page.mouse.move(0, 0);
      await watcher.page.screenshot({ path: join(shots, 'routes-lobby-live-1280.jpg') });
      for (const [w, h] of [
        [390, 844],
        [360, 740],
      ]) {
        await watcher.page.setViewportSize({ width: w, height: h });
        await watcher.page.getByTestId('tables').scrollIntoViewIfNeeded();
        await watcher.page.screenshot({ path: join(shots, `routes-lobby-live-${w}.jpg`), fullPage: true });
      }
      noErrors(watcher, ann, eve);
    });

    it('a phone switches the language at the table, in place', async () => {
      const ada = await stage.player('AdaLang', 390, 844, PHONE);
      await resumeSeat(ada, stage.served, 'phoneLang', token('phoneLang'));
      const open = ada.page.getByTestId('open-screen-settings');
      expect(await open.isVisible()).toBe(true);
      await open.tap();
      const sheet = ada.page.getByTestId('screen-settings');
      await sheet.waitFor();
      await ada.page.screenshot({ path: join(shots, 'routes-screen-390.jpg') });
      await sheet.getByTestId('language').selectOption('it');
      await expect.poll(() => ada.page.evaluate(() => document.documentElement.lang)).toBe('it');
      await ada.page.getByText('Questo schermo', { exact: true }).waitFor();
      await ada.page.getByTestId('screen-done').tap();
      expect(await open.getAttribute('aria-label')).toBe('Questo schermo: lingua, suggerimenti');
      expect(await ada.page.getByTestId('table-view').isVisible()).toBe(true);
      expect(await hashOf(ada.page)).toBe('#/table/phoneLang');
      await open.tap();
      await sheet.getByTestId('language').selectOption('ko');
      await ada.page.getByText('이 화면', { exact: true }).waitFor();
      await ada.page.screenshot({ path: join(shots, 'routes-screen-390-ko.jpg') });
      await sheet.getByTestId('language').selectOption('en');
      await ada.page.getByTestId('screen-done').tap();
      noErrors(ada);
    });

    it('hints under the cards turned off on this device stay off after a reload', async () => {
      const ada = await stage.player('AdaHints', 360, 740, PHONE);
      await resumeSeat(ada, stage.served, 'phoneHint', token('phoneHint'));
      const marks = ada.page.getByTestId('keep-mark');
      await marks.first().waitFor();
      await ada.page.getByTestId('open-screen-settings').tap();
      const box = ada.page.getByTestId('hand-hints');
      expect(await box.isChecked()).toBe(true);
      await box.tap();
      expect(await box.isChecked()).toBe(false);
      await ada.page.screenshot({ path: join(shots, 'routes-screen-360.jpg') });
      await ada.page.getByTestId('screen-done').tap();
      expect(await marks.count()).toBe(0);
      await ada.page.reload();
      await ada.page.getByTestId('table-view').waitFor();
      await ada.page.locator('.my-hand [data-card]').first().waitFor();
      expect(await marks.count()).toBe(0);
      await ada.page.getByTestId('open-screen-settings').tap();
      expect(await ada.page.getByTestId('hand-hints').isChecked()).toBe(false);
      await ada.page.getByTestId('screen-done').tap();

      // On a desktop the same sheet is in the bar.
      await ada.page.setViewportSize({ width: 1280, height: 800 });
      await ada.page.getByTestId('open-screen-settings').click();
      await ada.page.getByTestId('screen-settings').waitFor();
      await ada.page.screenshot({ path: join(shots, 'routes-screen-1280.jpg') });
      await ada.page.getByTestId('hand-hints').click();
      await ada.page.getByTestId('screen-done').click();
      await marks.first().waitFor();
      noErrors(ada);
    });
  },
);
