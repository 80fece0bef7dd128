/// <reference lib="dom" />
// The measures run inside the page (evaluateAll), where the DOM is.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeInChromium, plantTable, resumeSeat, screenshotDir } from './harness';
import { midPosition } from './layout-positions';

/*
 * A phone's folded row of a bot whose palette holds 7 cards (6 beside it): the bot's badge keeps its level
 * whole, the hand size stays clear of the palette, and the name is cut with an ellipsis where the row is
 * short of room; the palette gives way first, its cards overlapping. The 7 cards cut the badge to a sliver
 * of its icon at 390×844. At 360×740 and 390×844, in English, Italian and Korean.
 */

const shots = screenshotDir();
const LOCALES = ['en-US', 'it-IT', 'ko-KR'] as const;
const SIZES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];
const token = (id: string) => `token-${id}-0123456789abcdef`;
const idOf = (locale: string) => `row-${locale}`;

describeInChromium(
  "a bot's folded row beside a long palette (Chromium)",
  {
    plant: (dataDir) => {
      for (const locale of LOCALES) {
        const state = midPosition(3, 'five'); // 6 cards in seat 1's palette, 7 in seat 2's (who leads)
        plantTable(dataDir, {
          id: idOf(locale),
          name: `Row ${locale}`,
          options: state.options,
          state,
          seats: [
            { name: 'Ada', token: token(idOf(locale)) },
            { name: 'Bartolomeo Colleoni', bot: true },
            { name: 'Cyd', bot: true },
          ],
        });
      }
    },
  },
  (stage) => {
    it.each(LOCALES)(
      '%s: the badge whole, the hand size clear, the name cut with an ellipsis',
      async (locale) => {
        const p = await stage.player(`Ada ${locale}`, SIZES[0].width, SIZES[0].height, {
          locale,
          isMobile: true,
          hasTouch: true,
          deviceScaleFactor: 2,
        });
        await resumeSeat(p, stage.served, idOf(locale), token(idOf(locale)));
        await p.page.locator('.others .fold').first().waitFor();
        for (const size of SIZES) {
          await p.page.setViewportSize(size);
          const rows = () =>
            p.page.locator('.others .fold').evaluateAll((els) =>
              els.map((el) => {
                const box = (q: string) => el.querySelector(q)!.getBoundingClientRect();
                const name = el.querySelector<HTMLElement>('.name')!;
                const level = el.querySelector<HTMLElement>('.botbadge > span:last-child')!;
                const cards = el.querySelectorAll('.mini [data-card]').length;
                return {
                  name: name.textContent,
                  cards,
                  // The level's words all shown (a cut one scrolls), the badge inside the words' column.
                  levelWhole: level.scrollWidth <= level.clientWidth && level.clientWidth > 0,
                  badgeInside: box('.botbadge').right <= box('.who').right + 0.5,
                  countClear: box('.count').right <= box('.mini').left + 0.5,
                  nameCut: name.scrollWidth > name.clientWidth + 0.5,
                  ellipsis:
                    getComputedStyle(name).textOverflow === 'ellipsis' &&
                    getComputedStyle(name).display === 'block',
                  nameEm: name.clientWidth / parseFloat(getComputedStyle(name).fontSize),
                  rowRight: el.getBoundingClientRect().right,
                };
              }),
            );
          await expect.poll(async () => (await rows()).map((r) => r.cards)).toEqual([6, 7]);
          const shown = await rows();
          await p.page.screenshot({ path: join(shots, `folded-bot-row-${size.width}-${locale}.jpg`) });
          for (const r of shown) {
            const at = `${r.name} at ${size.width} px in ${locale}`;
            expect(r.levelWhole, `${at}: the badge's level is whole`).toBe(true);
            expect(r.badgeInside, `${at}: the badge is not under the palette`).toBe(true);
            expect(r.countClear, `${at}: the hand size is not under the palette`).toBe(true);
            expect(r.rowRight, `${at}: the row stays on the screen`).toBeLessThanOrEqual(size.width);
            if (r.nameCut) {
              expect(r.ellipsis, `${at}: a cut name ends in an ellipsis`).toBe(true);
              expect(r.nameEm, `${at}: a cut name keeps its first letters`).toBeGreaterThanOrEqual(4.4);
            }
          }
          // The long name is cut at the smaller phone, in every language: the case the ellipsis is for.
          if (size.width === 360) expect(shown[0].nameCut).toBe(true);
        }
        // Large text (150 %) at 360 px: nothing scrolls sideways; the 7-card palette overlaps more (it ran the
        // row 13 px off the screen).
        await p.page.locator('html').evaluate((h) => (h.style.fontSize = '150%'));
        // Read once the layout has followed the text size (the names' cuts are measured by the page itself,
        // a frame or more later on a busy machine: a clean-clone run read 4 px past each row's edge once).
        const wide = () =>
          p.page.evaluate(() => ({
            page: document.documentElement.scrollWidth,
            // How far a row's parts (its chevron last) run past the row's own edge.
            past: [...document.querySelectorAll('.others .fold')].map((fold) => {
              const parts = [...fold.querySelectorAll('*')].map((el) => el.getBoundingClientRect().right);
              return Math.max(0, Math.round(Math.max(...parts) - fold.getBoundingClientRect().right));
            }),
          }));
        await expect.poll(wide, { message: `150 % in ${locale}` }).toEqual({ page: 360, past: [0, 0] });
        await p.page.screenshot({ path: join(shots, `folded-bot-row-360-150-${locale}.jpg`) });
        await p.page.locator('html').evaluate((h) => (h.style.fontSize = ''));
        expect(p.errors).toEqual([]);
      },
    );
  },
);
