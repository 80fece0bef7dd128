import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { recordFromGame } from '../../shared/record';
import { randomGame, VARIANTS } from '../unit/record/games';
import { fixedDeals } from './fixed-deals';
import { describeInChromium, screenshotDir, type Player } from './harness';
import { createTable, enterName, myTurn, takeStep } from './ui';
import { axeViolations } from './axe';

/*
 * After the game, in real Chromium against a real host: Ada (1280×800) plays a short Basic game with a bot
 * through clicks, opens it from the end screen in History, steps through it with the keys with every hand
 * face up, then as the bot saw it; a link to a step opens there in a fresh context. Bea (390×844) reads the
 * history as a list of cards, filters it by a name, pages through it and replays a planted 4-player game
 * with the buttons. The host's history also holds 25 planted games (paging, every variant).
 * Screenshots: history-*.jpg, replay-*.jpg.
 */

const shots = screenshotDir();

const PLANTED = 25;
const NAMES = ['Ann', 'Bruno', '지민', 'Luca', 'Chiara', 'Mei'];

/** Writes finished games into the history folder as the host writes them (one record file each). */
function plantHistory(dataDir: string): void {
  const dir = join(dataDir, 'history');
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < PLANTED; i++) {
    const options = VARIANTS[i % VARIANTS.length];
    const states = randomGame(options, 100 + i);
    const seats = Array.from({ length: options.players }, (_, s) => ({
      name: NAMES[(i + s) % NAMES.length],
      bot: s === 1 ? (['easy', 'normal', 'hard'] as const)[i % 3] : null,
    }));
    const record = recordFromGame(states[states.length - 1], {
      id: `Planted${i}-1`,
      app: { name: 'Red7 LAN', version: '0.1.0' },
      tableName: `Evening table ${i + 1}`,
      seats,
      // An hour ago and earlier, a minute apart: the game played now is the newest.
      startedAt: Date.now() - 3_600_000 - (i + 1) * 60_000 - 600_000,
      finishedAt: Date.now() - 3_600_000 - (i + 1) * 60_000,
    });
    writeFileSync(join(dir, `${record.id}.json`), JSON.stringify(record));
  }
}

const phase = (page: Page) => page.getByTestId('table-view').getAttribute('data-phase');
const stepOf = async (page: Page): Promise<number> =>
  Number(await page.getByTestId('replay-view').getAttribute('data-step'));
const hashStep = async (page: Page): Promise<number | null> => {
  const m = /^#\/history\/[^/?]+\/(\d+)/.exec(new URL(page.url()).hash);
  return m ? Number(m[1]) : null;
};
/** The page is wider than its viewport (a horizontal scroll bar on a phone). */
const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

/** The serious and critical WCAG 2.1 AA violations on the page as it stands (every one found is printed). */
async function audit(page: Page, screen: string): Promise<string[]> {
  await page.waitForTimeout(250);
  const violations = await axeViolations(page);
  for (const v of violations)
    console.log(
      `axe ${screen}: ${v.id} (${v.impact}) on ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
    );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen}: ${v.id}`);
}

// Ada's game is dealt from a fixed seed (test/e2e/fixed-deals.ts): the same game, as long, every run.
const STAGE = { plant: plantHistory, host: { seeds: fixedDeals([1]) } };

describeInChromium('history and replay in Chromium', STAGE, (stage) => {
  let ada: Player;

  beforeAll(async () => {
    ada = await stage.player('Ada', 1280, 800);
  });

  it('a game played through clicks is in History, replays with every hand shown, and a step has an address', async () => {
    const page = ada.page;
    await page.goto(stage.served.url);
    await enterName(page, 'Ada');
    await createTable(page, {
      name: 'Replay table',
      players: 2,
      bots: [1],
      advanced: false,
      actionRule: false,
    });
    await page.getByTestId('start').click();
    await page.getByTestId('table-view').waitFor();
    const deadline = Date.now() + 120_000;
    while ((await phase(page)) !== 'gameOver') {
      expect(Date.now()).toBeLessThan(deadline);
      if (await myTurn(page)) await takeStep(page);
      else await page.waitForTimeout(80);
    }
    await page.getByTestId('round-summary').waitFor();

    // The end screen opens this game's replay, from beside Save game (out of the button bar a phone keeps small).
    await expect(page.getByTestId('after-game').getByTestId('open-history').count()).resolves.toBe(1);
    await page.getByTestId('open-history').click();
    const replay = page.getByTestId('replay-view');
    await expect.poll(() => replay.getAttribute('data-status'), { timeout: 10_000 }).toBe('ready');
    expect(new URL(page.url()).hash).toMatch(/^#\/history\/[A-Za-z0-9_-]+-1(\/0)?$/);
    // Every hand face up at the deal: 7 cards each, and the deck's order.
    await expect(page.getByTestId('replay-hand-0').locator('.card').count()).resolves.toBe(7);
    await expect(page.getByTestId('replay-hand-1').locator('.card').count()).resolves.toBe(7);
    await expect(page.getByTestId('replay-deck').locator('.card').count()).resolves.toBeGreaterThan(20);
    await page.screenshot({ path: join(shots, 'replay-1280.jpg') });

    // History lists it first, newest first, with its players, the bot marked with its level.
    await page.getByTestId('replay-history').click();
    await page.getByTestId('history-list').waitFor();
    const first = page.getByTestId('history-game').first();
    await expect(first.textContent()).resolves.toContain('Replay table');
    await expect(first.textContent()).resolves.toMatch(/bot, (Easy|Normal|Hard)/);
    await expect(page.getByTestId('history-game').count()).resolves.toBe(20);
    expect(await overflows(page)).toBe(false);
    await page.screenshot({ path: join(shots, 'history-1280.jpg') });
    await first.getByTestId('history-open').click();
    await expect.poll(() => replay.getAttribute('data-status'), { timeout: 10_000 }).toBe('ready');

    // Keys: → a move, Shift+→ a turn, End, Home; the address follows (replaced: Back leaves the replay).
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    expect(await stepOf(page)).toBe(0);
    await page.keyboard.press('ArrowRight');
    expect(await stepOf(page)).toBe(1);
    await expect.poll(() => hashStep(page)).toBe(1);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Shift+ArrowRight');
    const turnEnd = await stepOf(page);
    expect(turnEnd).toBeGreaterThanOrEqual(1);
    await expect(page.locator('.log li.now').count()).resolves.toBe(1);
    await page.keyboard.press('End');
    const last = await stepOf(page);
    expect(last).toBeGreaterThan(turnEnd);
    await expect(page.getByTestId('replay-position').textContent()).resolves.toContain(
      `step ${last} of ${last}`,
    );
    await page.keyboard.press('Home');
    expect(await stepOf(page)).toBe(0);
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    const here = await stepOf(page);
    await expect.poll(() => hashStep(page)).toBe(here);

    // As the bot saw it: its own hand only, no deck order; Ada's hand is a count.
    const botHand = await page.getByTestId('replay-hand-1').locator('.card').count();
    await page.getByTestId('see-as-1').check();
    await expect(page.getByTestId('replay-hand-0').count()).resolves.toBe(0);
    await expect(page.getByTestId('replay-hand-1').locator('.card').count()).resolves.toBe(botHand);
    await expect(page.getByTestId('replay-deck').count()).resolves.toBe(0);
    await page.getByTestId('see-as-all').check();
    await expect(page.getByTestId('replay-hand-0').count()).resolves.toBe(1);

    // The coach's review, worked out in the worker while the page stays live: each seat's turns judged.
    await expect
      .poll(() => page.getByTestId('game-review').getAttribute('data-done'), { timeout: 120_000 })
      .toBe('true');
    const turnsReviewed = await page.getByTestId('game-review').textContent();
    console.log(
      `review of the whole game (2 seats, 1 round): ${await page.getByTestId('game-review').getAttribute('data-ms')} ms in the worker; ${turnsReviewed}`,
    );
    for (const seat of [0, 1]) {
      const text = (await page.getByTestId(`game-review-seat-${seat}`).textContent()) ?? '';
      expect(text).toMatch(/Round 1, turn \d+|none of .* turns cost much/);
    }
    const go = page.getByTestId('game-review-turn').locator('button');
    if ((await go.count()) > 0) {
      const turn = ((await go.first().textContent()) ?? '').replace(/^\s*Round 1, turn (\d+)\s*$/, '$1');
      await go.first().click();
      // The turn's first step: the deal for the round's first turn.
      await expect(page.getByTestId('replay-position').textContent()).resolves.toMatch(
        turn === '1' ? /the deal/ : new RegExp(`turn ${turn} ·`),
      );
    }
    await page.screenshot({ path: join(shots, 'replay-review-1280.jpg'), fullPage: true });

    // Axe: History and Replay, in English, Italian and Korean.
    const linked = await hashStep(page);
    expect(linked).toBe(await stepOf(page));
    const violations: string[] = [];
    for (const lang of ['en', 'it', 'ko']) {
      await page.getByTestId('language').selectOption(lang);
      await page.waitForTimeout(300);
      violations.push(...(await audit(page, `replay-${lang}`)));
      if (lang !== 'en') await page.screenshot({ path: join(shots, `replay-1280-${lang}.jpg`) });
    }
    await page.getByTestId('replay-history').click();
    await page.getByTestId('history-list').waitFor();
    for (const lang of ['ko', 'it', 'en']) {
      await page.getByTestId('language').selectOption(lang);
      await page.waitForTimeout(300);
      violations.push(...(await audit(page, `history-${lang}`)));
      if (lang !== 'en') await page.screenshot({ path: join(shots, `history-1280-${lang}.jpg`) });
    }
    expect(violations).toEqual([]);
    // Back returns to the replay at the step it was left at (stepping replaced the address, never pushed).
    await page.goBack();
    await expect.poll(() => stepOf(page), { timeout: 10_000 }).toBe(linked);

    // The address of this step, opened in a fresh context, shows the same step.
    const link = page.url();
    const other = await stage.player('Link', 1280, 800);
    await other.page.goto(link);
    await expect
      .poll(() => other.page.getByTestId('replay-view').getAttribute('data-status'), { timeout: 10_000 })
      .toBe('ready');
    expect(await stepOf(other.page)).toBe(linked);
    await expect(other.page.getByTestId('replay-hand-0').locator('.card').count()).resolves.toBe(
      await page.getByTestId('replay-hand-0').locator('.card').count(),
    );
    // A planted 4-player Advanced game, at a step of its second round.
    await other.page.goto(`${stage.served.url}#/history/Planted5-1/20`);
    await expect.poll(() => stepOf(other.page), { timeout: 10_000 }).toBe(20);
    await other.page.screenshot({ path: join(shots, 'replay-1280-4p.jpg') });
    // Four seats with their hands, in a 1280×800 window: the rule and the canvas are in sight unscrolled.
    const felt = other.page.getByTestId('replay-felt');
    for (const part of ['rule-name', 'deck']) {
      const box = (await felt.getByTestId(part).boundingBox())!;
      expect(box.y + box.height, part).toBeLessThanOrEqual(800);
    }
    expect([...ada.errors, ...other.errors]).toEqual([]);
    // A replay's page goes on reviewing the whole game in its worker (the 4-player one: many seconds of CPU)
    // until it is left: closed, they no longer take the CPU from the tests after them.
    await Promise.all([ada.context.close(), other.context.close()]);
  }, 240_000);

  for (const [width, height] of [
    [390, 844],
    [360, 740],
  ] as const) {
    it(`on a ${width}×${height} phone: the history as cards, filtered and paged; a 4-player replay by its buttons`, async () => {
      const bea = await stage.player(`Bea${width}`, width, height, {
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      });
      const page = bea.page;
      // From the lobby, by its link.
      await page.goto(stage.served.url);
      await page.getByTestId('lobby-history').tap();
      await page.getByTestId('history-list').waitFor();
      expect(new URL(page.url()).hash).toBe('#/history');
      expect(await overflows(page)).toBe(false);
      await page.screenshot({ path: join(shots, `history-${width}.jpg`) });
      const violations = await audit(page, `history-${width}`);
      await page.getByTestId('history-more').click();
      await expect.poll(() => page.getByTestId('history-game').count()).toBe(PLANTED + 1);
      await expect(page.getByTestId('history-more').count()).resolves.toBe(0);

      await page.getByTestId('history-filter').fill('luca');
      await page.getByTestId('history-find').click();
      await expect
        .poll(async () =>
          (await page.getByTestId('history-game').allTextContents()).every((t) => t.includes('Luca')),
        )
        .toBe(true);
      await page.getByTestId('history-filter').fill('Nobody');
      await page.getByTestId('history-find').click();
      await expect(page.getByTestId('history-empty').textContent()).resolves.toContain('Nobody');

      // A planted 4-player Advanced game (Planted5: VARIANTS[5]).
      await page.goto(`${stage.served.url}#/history/Planted5-1`);
      await expect
        .poll(() => page.getByTestId('replay-view').getAttribute('data-status'), { timeout: 10_000 })
        .toBe('ready');
      for (const s of [0, 1, 2, 3])
        await expect(page.getByTestId(`replay-hand-${s}`).locator('.card').count()).resolves.toBe(7);
      await page.getByTestId('replay-next-round').tap();
      await page.getByTestId('replay-next').tap();
      expect(await stepOf(page)).toBeGreaterThan(1);
      expect(await overflows(page)).toBe(false);
      await page.screenshot({ path: join(shots, `replay-${width}.jpg`) });
      // A turn tapped in the review, far down the page: the screen goes up to the board to show it.
      const reviewed = page.getByTestId('game-review-turn').locator('button');
      await expect.poll(() => reviewed.count(), { timeout: 120_000 }).toBeGreaterThan(0);
      await reviewed.first().scrollIntoViewIfNeeded();
      expect((await page.getByTestId('replay-felt').boundingBox())!.y).toBeLessThan(-100);
      await reviewed.first().tap();
      // The board's top in the window (it was far above it, the page scrolled down to the review).
      await expect
        .poll(async () => Math.abs((await page.getByTestId('replay-felt').boundingBox())!.y), {
          timeout: 5_000,
        })
        .toBeLessThan(100);
      await page.screenshot({ path: join(shots, `replay-${width}-after-review-tap.jpg`) });
      await page.screenshot({ path: join(shots, `replay-${width}-full.jpg`), fullPage: true });
      violations.push(...(await audit(page, `replay-${width}`)));
      expect(violations).toEqual([]);
      expect(bea.errors).toEqual([]);
      await bea.context.close();
    }, 300_000);
  }
});
