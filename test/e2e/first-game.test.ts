import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { BOT_NAMES } from '../../shared/bots/names';
import { describeInChromium, screenshotDir } from './harness';
import { enterName, openNewTable } from './ui';
import { axeViolations, seriousTargets } from './axe';

/*
 * A first game for newcomers and bots with names and levels per seat, in real Chromium against a real host:
 * a fresh browser's new-table form opens on First game (axe finds nothing serious on it, nor on Custom);
 * the table it creates says its rules in plain words in the waiting room and at the table; the creator
 * adds a hard bot at its own level; each bot's name (from the creator's language) and level show on its
 * seat at 1280×800, 390×844 and 360×740 (in Korean); the Rules dialog links each rule to its chapter and
 * the link opens it. Screenshots land in test-results/screenshots/ (first-*.jpg).
 */

const shots = screenshotDir();

/** WCAG 2.1 AA violations on the page as it stands, serious or worse, as "rule: target". */
async function wcagFindings(page: Page): Promise<string[]> {
  return seriousTargets(await axeViolations(page));
}

const WORDS = {
  en: {
    first: 'Basic game (one round) · no card actions · easy bots · bots play slowly · move hints on',
    mixed: 'Basic game (one round) · no card actions · bots play slowly · move hints on',
    easy: 'bot · Easy',
    hard: 'bot · Hard · Quick',
    compactHard: 'Hard',
  },
  ko: {
    first: '기본 게임 (한 라운드) · 카드 액션 없음 · 쉬움 봇 · 봇이 천천히 둡니다 · 수 추천 켜짐',
    mixed: '기본 게임 (한 라운드) · 카드 액션 없음 · 봇이 천천히 둡니다 · 수 추천 켜짐',
    easy: '봇 · 쉬움',
    hard: '봇 · 어려움 · 짧게',
    compactHard: '어려움',
  },
} as const;

const SIZES = [
  { name: '1280', width: 1280, height: 800, phone: false, lang: 'en', locale: 'en-US' },
  { name: '390', width: 390, height: 844, phone: true, lang: 'en', locale: 'en-US' },
  { name: '360-ko', width: 360, height: 740, phone: true, lang: 'ko', locale: 'ko-KR' },
] as const;

const CHAPTERS = ['goal', 'turn', 'play', 'rules', 'ties', 'advanced', 'action'];

describeInChromium('a first game for newcomers, bots named with a level per seat (Chromium)', {}, (stage) => {
  it.each(SIZES)(
    '$name: First game on a fresh device, its rules in words, each bot’s name and level on its seat',
    { timeout: 90_000 },
    async (size) => {
      const p = await stage.player(
        size.lang === 'ko' ? '하나' : `Ann ${size.name}`,
        size.width,
        size.height,
        size.phone
          ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: size.locale }
          : { locale: size.locale },
      );
      const { page } = p;
      const words = WORDS[size.lang];
      const shot = (what: string, fullPage = false) =>
        page.screenshot({ path: join(shots, `first-${what}-${size.name}.jpg`), fullPage });
      await page.goto(stage.served.url);
      await page.getByTestId('player-name').waitFor();
      await enterName(page, p.name);
      const tableName = `First ${size.name}`;
      await openNewTable(page);
      // The form opens from a button that goes away: the focus is in its first field.
      await expect(
        page.getByTestId('table-name').evaluate((f) => f === document.activeElement),
      ).resolves.toBe(true);
      await page.getByTestId('table-name').fill(tableName);

      // A device that never hosted: the form opens on First game, the rules it sets said in words.
      await expect(page.getByTestId('preset-first').isChecked()).resolves.toBe(true);
      await expect(page.getByTestId('first-rules').textContent()).resolves.toContain(words.first);
      await expect(page.getByTestId('mode-advanced').count()).resolves.toBe(0);
      // The preset's choice and its note in view (a missing one fails here, not after a silent timeout).
      await page.getByTestId('preset-note').scrollIntoViewIfNeeded();
      await shot('form', true);
      if (!size.phone) {
        expect(await wcagFindings(page)).toEqual([]);
        // Custom: every option, each bot seat's level beside it; keyboard reaches the choice.
        await page.getByTestId('preset-first').focus();
        await page.keyboard.press('ArrowRight');
        await expect(page.getByTestId('preset-custom').isChecked()).resolves.toBe(true);
        await page.getByTestId('seat-level-1').waitFor();
        expect(await wcagFindings(page)).toEqual([]);
        await shot('form-custom', true);
        await page.getByTestId('preset-first').check();
      }
      await page.getByTestId('create').click();
      await page.getByTestId('waiting-room').waitFor();

      // The waiting room: the rules line, the easy bot named from the creator's language.
      const line = page.locator('[data-testid="waiting-room"] [data-testid="rules-line"]');
      await expect(line.textContent()).resolves.toBe(words.first);
      const seats = page.getByTestId('seat');
      const seat2 = seats.nth(1);
      await expect(seat2.getByTestId('bot-badge').textContent()).resolves.toContain(words.easy);
      const botName = (await seat2.locator('.who').textContent())!.replace(words.easy, '').trim();
      expect(BOT_NAMES[size.lang]).toContain(botName);

      // The creator fills seat 3 with a hard bot that thinks quickly, chosen beside the seat.
      await page.getByTestId('seat-level-2').selectOption('hard');
      await page.getByTestId('seat-think-2').selectOption('quick');
      await page.getByTestId('toggle-bot-2').click();
      const seat3 = seats.nth(2);
      await expect
        .poll(() => seat3.getByTestId('bot-badge').textContent(), { timeout: 10_000 })
        .toContain(words.hard);
      const hardName = (await seat3.locator('.who').textContent())!.replace(words.hard, '').trim();
      expect(BOT_NAMES[size.lang]).toContain(hardName);
      expect(hardName).not.toBe(botName);
      // Bots of two levels: the line leaves the level to each seat's badge.
      await expect.poll(() => line.textContent()).toBe(words.mixed);
      await shot('waiting', true);

      // At the table: the same line, and each bot's name and level on its seat.
      await page.getByTestId('start').click();
      await page.getByTestId('table-view').waitFor();
      await expect(
        page.locator('[data-testid="table-view"] [data-testid="rules-line"]').textContent(),
      ).resolves.toBe(words.mixed);
      // Seat 3 by its number: a bot's name may also be a colour's word on another seat (보라 is Violet).
      const hardSeat = page.locator('.others .seat[data-seat="2"]');
      await hardSeat.waitFor();
      await expect(hardSeat.getAttribute('aria-label')).resolves.toContain(hardName);
      const badge = hardSeat.getByTestId('bot-badge');
      await expect(badge.isVisible()).resolves.toBe(true);
      await expect(badge.textContent()).resolves.toContain(size.phone ? words.compactHard : words.hard);
      await expect(badge.getAttribute('data-level')).resolves.toBe('hard');
      // On the screen, whole: the badge is not cut off by the edge.
      const box = (await badge.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      await shot('table');

      // The Rules dialog links each rule to its chapter; following one asks first (the lesson takes the player
      // away from the game, the seat kept), then opens it and closes the dialog.
      await page.getByTestId('open-rules').click();
      const dialog = page.getByTestId('rules-reference');
      await dialog.waitFor();
      const hrefs = await dialog
        .locator('.learn a')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual(CHAPTERS.map((c) => `#/learn/${c}`));
      await dialog.getByTestId('rules-learn-ties').scrollIntoViewIfNeeded();
      await shot('rules-links');
      await dialog.getByTestId('rules-learn-ties').click();
      await page.getByTestId('confirm-yes').waitFor();
      expect(await page.evaluate(() => location.hash)).not.toBe('#/learn/ties');
      await shot('rules-learn-asks');
      await page.getByTestId('confirm-yes').click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/learn/ties');
      await page.getByTestId('learn-chapter').waitFor({ timeout: 15_000 });
      await expect(page.getByTestId('learn-chapter').getAttribute('data-chapter')).resolves.toBe('ties');
      await expect(page.getByTestId('rules-reference').count()).resolves.toBe(0);

      // A path this build does not know goes to the lobby.
      await page.evaluate(() => (location.hash = '#/no/such/page'));
      await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/');
      await page.getByTestId('player-name').waitFor();
      expect(p.errors).toEqual([]);
    },
  );
});
