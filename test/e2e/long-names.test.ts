/// <reference lib="dom" />
// The checks run inside the page (page.evaluate), where the DOM is.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { TABLE_NAME_MAX } from '../../shared/protocol/limits';
import { seedHistory } from '../integration/helpers/history';
import { describeInChromium, plantTable, resumeSeat, screenshotDir, type Player } from './harness';
import { dealPosition, gameOverPosition, optionsFor } from './layout-positions';
import { createTable, enterName, joinTable } from './ui';

/*
 * Names of the longest allowed shape (24 wide letters) on a phone, on every screen: the lobby, a table's
 * door, the waiting room, the table, the game's end, History, a replay and the stats. At 360 and 390 px
 * with four such names nothing reaches past the window's right edge (the page never scrolls sideways).
 * Screenshots in test-results/screenshots/ (names-*.jpg).
 */

const shots = screenshotDir();
const NAMES = ['W'.repeat(24), 'M'.repeat(23) + '1', 'W'.repeat(23) + '2', 'M'.repeat(23) + '3'];
const CHLOE = 'Chloé 🦄🎲';
const TABLE_NAME = 'W'.repeat(TABLE_NAME_MAX);
const WIDTHS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
];
const PHONE = { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;
const token = (id: string) => `token-${id}-0123456789abcdef`;

/** What reaches past the window's right edge: the page's width, and the first few elements that do. */
async function sideways(page: Page): Promise<{ scroll: number; viewport: number; past: string[] }> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const past = [...document.querySelectorAll('body *')]
      .filter((el) => {
        const b = el.getBoundingClientRect();
        return b.width > 0 && b.right > vw + 0.5;
      })
      .slice(0, 6)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} to ${Math.round(el.getBoundingClientRect().right)}`,
      );
    return { scroll: document.documentElement.scrollWidth, viewport: vw, past };
  });
}

async function expectNothingSideways(page: Page, screen: string, width: number): Promise<void> {
  await page.screenshot({ path: join(shots, `names-${screen}-${width}.jpg`), fullPage: true });
  const s = await sideways(page);
  expect({ screen, ...s }).toEqual({ screen, scroll: width, viewport: width, past: [] });
}

describeInChromium(
  'four names of 24 wide letters on a phone (Chromium)',
  {
    plant: (dataDir) => {
      seedHistory(dataDir, 2, { options: optionsFor(4), names: () => NAMES });
      for (const { width } of WIDTHS) {
        const seats = (id: string) => [
          { name: NAMES[0], token: token(id) },
          ...NAMES.slice(1).map((name) => ({ name, bot: true as const })),
        ];
        const chloe = `chloe-${width}`;
        const start = dealPosition(4);
        plantTable(dataDir, {
          id: chloe,
          name: 'Chloé',
          options: start.options,
          state: start,
          seats: [
            { name: CHLOE, token: token(chloe) },
            ...['Bea', 'Cyd', 'Dov'].map((name) => ({ name, bot: true as const })),
          ],
        });
        // A table's name of the longest allowed shape (40 wide letters) in the lobby's list: an evening's
        // tables are named so ("1A · " and the evening's name), and one such row widened the whole page.
        const long = dealPosition(4);
        plantTable(dataDir, {
          id: `long-${width}`,
          name: TABLE_NAME,
          options: long.options,
          state: long,
          seats: seats(`long-${width}`),
        });
        const deal = dealPosition(4);
        plantTable(dataDir, {
          id: `game-${width}`,
          name: 'Long names',
          options: deal.options,
          state: deal,
          seats: seats(`game-${width}`),
        });
        const over = gameOverPosition(4);
        plantTable(dataDir, {
          id: `over-${width}`,
          name: 'Long names',
          options: over.options,
          state: over,
          seats: seats(`over-${width}`),
        });
      }
    },
  },
  (stage) => {
    const phone = (name: string, w: (typeof WIDTHS)[number]): Promise<Player> =>
      stage.player(name, w.width, w.height, PHONE);

    it('the lobby, the door and the waiting room', async () => {
      // Ann creates a table at 390 px; Bea (360 px) and Cy join; the door is opened with a seat still free.
      const ann = await phone('Ann', WIDTHS[1]);
      await ann.page.goto(stage.served.url);
      await enterName(ann.page, NAMES[0]);
      for (const w of WIDTHS) {
        const p = w === WIDTHS[1] ? ann : await phone(`lobby ${w.width}`, w);
        if (p !== ann) await p.page.goto(stage.served.url);
        await p.page.getByTestId('player-name').waitFor();
        await expectNothingSideways(p.page, 'lobby', w.width);
      }
      await createTable(ann.page, {
        name: 'Long names',
        players: 4,
        bots: [],
        advanced: false,
        actionRule: true,
      });
      const joiners = [
        { name: NAMES[1], w: WIDTHS[0] },
        { name: NAMES[2], w: WIDTHS[1] },
      ];
      const seated: Player[] = [];
      for (const j of joiners) {
        const p = await phone(j.name, j.w);
        await p.page.goto(stage.served.url);
        await enterName(p.page, j.name);
        await joinTable(p.page, 'Long names');
        seated.push(p);
      }
      const link = ann.page.url();
      for (const w of WIDTHS) {
        const p = await phone(`door ${w.width}`, w);
        await p.page.goto(stage.served.url);
        await enterName(p.page, NAMES[3]);
        await p.page.goto(link);
        await p.page.getByTestId('door-name').waitFor();
        await expectNothingSideways(p.page, 'door', w.width);
        if (w === WIDTHS[1]) {
          await p.page.getByTestId('door-join').click();
          await p.page.getByTestId('waiting-room').waitFor();
        }
      }
      await expect.poll(() => ann.page.getByTestId('seat').filter({ hasText: NAMES[3] }).count()).toBe(1);
      await ann.page.evaluate(() => window.scrollTo(0, 0));
      await expectNothingSideways(ann.page, 'waiting', 390);
      await expectNothingSideways(seated[0].page, 'waiting', 360);
      for (const p of [ann, ...seated]) expect(p.errors).toEqual([]);
    }, 120_000);

    it.each(WIDTHS)('at $width px: a name too long is cut where it is typed, and says so', async (w) => {
      const p = await phone(`typist ${w.width}`, w);
      await p.page.goto(stage.served.url);
      const field = p.page.getByTestId('player-name');
      await field.fill('A name of forty-five characters, far too long');
      await expect(field.inputValue()).resolves.toHaveLength(24);
      const note = p.page.getByTestId('name-limit');
      await expect(note.textContent()).resolves.toContain('24 characters');
      await expect(note.getAttribute('role')).resolves.toBe('status');
      await expect(field.getAttribute('aria-describedby')).resolves.toContain(
        (await note.getAttribute('id'))!,
      );
      await field.fill('Chloé');
      await expect(note.isVisible()).resolves.toBe(false);
    });

    it.each(WIDTHS)('at $width px: "Chloé 🦄🎲" reads whole in her own palette header', async (w) => {
      const p = await phone(`Chloé ${w.width}`, w);
      await resumeSeat(p, stage.served, `chloe-${w.width}`, token(`chloe-${w.width}`));
      await p.page.locator('.panel.mine').waitFor();
      const name = p.page.locator('.my-seat .head .name-cut');
      await expect(name.textContent()).resolves.toBe(CHLOE);
      const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      await p.page.locator('.my-seat').screenshot({ path: join(shots, `names-chloe-${w.width}.jpg`) });
      expect(cut, 'the name is cut').toBe(false);
    });

    it.each(WIDTHS)('at $width px: the table, the game’s end, History, a replay and the stats', async (w) => {
      const p = await phone(`table ${w.width}`, w);
      await resumeSeat(p, stage.served, `game-${w.width}`, token(`game-${w.width}`));
      await p.page.locator('.panel.mine').waitFor();
      await expectNothingSideways(p.page, 'table', w.width);

      const end = await phone(`end ${w.width}`, w);
      await resumeSeat(end, stage.served, `over-${w.width}`, token(`over-${w.width}`));
      await end.page.locator('[role="dialog"]').waitFor();
      await expectNothingSideways(end.page, 'game-over', w.width);

      await p.page.goto(`${stage.served.url}#/history`);
      await p.page.getByTestId('history-list').waitFor();
      await p.page.getByText(NAMES[1]).first().waitFor();
      await expectNothingSideways(p.page, 'history', w.width);
      await p.page.goto(`${stage.served.url}#/history/seeded0000-1`);
      await p.page.getByTestId('replay-view').waitFor();
      await p.page.locator('[data-testid="replay-view"][data-status="ready"]').waitFor();
      await expectNothingSideways(p.page, 'replay', w.width);
    });
  },
);
