import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeInChromium, screenshotDir } from './harness';
import { enterName, openNewTable } from './ui';

/*
 * Hard bots' think time in the new-table form, in real Chromium against a real host: offered once the
 * bots are hard, reached and chosen from the keyboard, fitting a 390×844 phone as well as 1280 px, and
 * named in the waiting room. Screenshots land in test-results/screenshots/ (think-*.jpg).
 */

const shots = screenshotDir();

const SIZES = [
  { name: '1280', width: 1280, height: 900, phone: false, locale: 'en-US' },
  { name: '390', width: 390, height: 844, phone: true, locale: 'en-US' },
  { name: '390-it', width: 390, height: 844, phone: true, locale: 'it-IT' },
  { name: '390-ko', width: 390, height: 844, phone: true, locale: 'ko-KR' },
] as const;
/** How the waiting room names a quick think time, per language. */
const QUICK = {
  'en-US': 'hard bots, quick thinking',
  'it-IT': 'bot difficili, riflessione rapida',
  'ko-KR': '어려움 봇, 생각 시간 짧게',
};

describeInChromium('hard bots’ think time (Chromium)', {}, (stage) => {
  it.each(SIZES)(
    '$name: chosen from the keyboard, fits the screen, named in the waiting room',
    async (size) => {
      const p = await stage.player(
        `Ada ${size.name}`,
        size.width,
        size.height,
        size.phone
          ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: size.locale }
          : { locale: size.locale },
      );
      const { page } = p;
      await page.goto(stage.served.url);
      await page.getByTestId('player-name').waitFor();
      await enterName(page, 'Ada');
      await openNewTable(page);
      await page.getByTestId('table-name').fill(`Think ${size.name}`);
      await page.getByTestId('preset-custom').check();
      // Seat 2 is a bot by default. Normal bots are not asked how long to think: their budget is their own.
      await expect(page.getByTestId('bot-think').count()).resolves.toBe(0);

      // From the keyboard: the level, then Tab to the think time, then a key to choose it.
      await page.getByTestId('bot-level').focus();
      await page.keyboard.press('End'); // the last level: hard
      await expect(page.getByTestId('bot-level').inputValue()).resolves.toBe('hard');
      await page.keyboard.press('Tab');
      const think = page.getByTestId('bot-think');
      await expect(page.evaluate('document.activeElement?.dataset.testid')).resolves.toBe('bot-think');
      await expect(think.inputValue()).resolves.toBe('normal');
      await page.keyboard.press('Home'); // the first time: quick
      await expect(think.inputValue()).resolves.toBe('quick');

      // The row fits: nothing sticks out sideways, the label, the list and its note inside the screen.
      await think.scrollIntoViewIfNeeded();
      await expect(page.locator('html').evaluate((h) => h.scrollWidth)).resolves.toBeLessThanOrEqual(
        size.width,
      );
      for (const part of [page.locator('label:has([data-testid="bot-think"])'), think, page.getByTestId('bot-think-note')]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
    } // prettier-ignore
      await page.screenshot({ path: join(shots, `think-form-${size.name}.jpg`) });
      await page.screenshot({ path: join(shots, `think-form-${size.name}-full.jpg`), fullPage: true });

      await page.getByTestId('create').click();
      await page.getByTestId('waiting-room').waitFor();
      // The line is the host's table.options as every seat gets them.
      const line = await page.locator('.variant').textContent();
      expect(line).toContain(QUICK[size.locale]);
      await page.screenshot({ path: join(shots, `think-waiting-${size.name}.jpg`) });
      expect(p.errors).toEqual([]);
    },
  );
});
