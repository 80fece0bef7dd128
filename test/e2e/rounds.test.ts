import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { applyMove, completeTurns, newGame } from '../../shared/engine';
import type { GameState } from '../../shared/engine/types';
import { describeInChromium, plantTable, resumeSeat, screenshotDir, type Player } from './harness';
import { offScreen } from './layout-check';

/*
 * Between rounds, in real Chromium against a real host: Ada at the desktop window (1280×800) and Bea on a
 * phone (390×844, then 360×740), with a bot, at a table planted at the end of round 1. Bea's "I'm ready"
 * leaves Ada's summary open (and shows Bea ready there); a yes is taken back and given again; both ready,
 * the host deals round 2 and both summaries close. "Last round" reopens round 1 in a dialog (Esc and Close
 * close it). Ada goes away: on Bea's turn her phone shows the countdown to "Let a bot play" by Ada's seat,
 * on screen, the same second as the away panel. A fresh Korean phone on Bea's seat shows the same, and
 * its "Last round", rebuilt from the log alone, says the review of her turns is not kept.
 * Screenshots: test-results/screenshots/rounds-*.jpg.
 */

const shots = screenshotDir();
const TABLE = 'rounds01';
const TOKENS = ['A'.repeat(43), 'B'.repeat(43)];

/** Round 1 of an Advanced game played to its end, chosen so that Bea (seat 1) opens round 2. */
function roundOneOver(): GameState {
  for (let seed = 1; seed < 500; seed++) {
    let s = newGame({ players: 3, mode: 'advanced', actionRule: false, targetScore: 35 }, seed);
    while (s.phase === 'turn') {
      const turn = completeTurns(s)[0] ?? [{ type: 'pass' as const }];
      for (const m of turn) s = applyMove(s, m);
    }
    if (s.phase === 'roundOver' && applyMove(s, { type: 'nextRound' }).current === 1) return s;
  }
  throw new Error('no seed opens round 2 with seat 1');
}
const planted = roundOneOver();

const phase = (p: Page) => p.getByTestId('table-view').getAttribute('data-phase');
const voterState = (p: Page, name: string) =>
  p.locator('[data-testid="round-voter"]', { hasText: name }).getAttribute('data-state');

describeInChromium(
  'the next round waits for everyone, in Chromium',
  {
    plant: (dataDir) =>
      plantTable(dataDir, {
        id: TABLE,
        name: 'Rounds',
        options: planted.options,
        state: planted,
        seats: [
          { name: 'Ada', token: TOKENS[0] },
          { name: 'Bea', token: TOKENS[1] },
          { name: 'Bot 3', bot: true },
        ],
        extra: { hints: true },
      }),
    limits: { awayGraceMs: 60_000 },
  },
  (stage) => {
    it(
      'keeps each summary open until both are ready, reopens the last round, counts the away grace down',
      { timeout: 120_000 },
      async () => {
        const ada: Player = await stage.player('Ada', 1280, 800);
        const bea: Player = await stage.player('Bea', 390, 844, {
          isMobile: true,
          hasTouch: true,
          deviceScaleFactor: 2,
        });
        await resumeSeat(ada, stage.served, TABLE, TOKENS[0], 0);
        await resumeSeat(bea, stage.served, TABLE, TOKENS[1], 1);
        for (const p of [ada, bea]) await p.page.getByTestId('round-vote').waitFor();
        expect(await voterState(ada.page, 'Bot 3')).toBe('bot');

        // Bea is ready: her toggle is pressed; Ada still has her summary, and sees Bea ready.
        await bea.page.getByTestId('ready').click();
        await expect.poll(() => bea.page.getByTestId('ready').getAttribute('aria-pressed')).toBe('true');
        await expect.poll(() => voterState(ada.page, 'Bea')).toBe('ready');
        expect(await phase(ada.page)).toBe('roundOver');
        expect(await ada.page.getByTestId('round-summary').isVisible()).toBe(true);
        expect(await bea.page.getByTestId('round-waiting').textContent()).toContain('Waiting for Ada');
        await ada.page.screenshot({ path: join(shots, 'rounds-summary-votes-1280x800.jpg') });
        await bea.page.screenshot({ path: join(shots, 'rounds-summary-votes-390x844.jpg') });
        await bea.page.setViewportSize({ width: 360, height: 740 });
        await bea.page.screenshot({ path: join(shots, 'rounds-summary-votes-360x740.jpg') });
        // The buttons stay in reach on the small phone.
        expect(
          await offScreen(bea.page, [{ label: "I'm ready", selector: '[data-testid="ready"]' }]),
        ).toEqual([]);

        // Taken back, and given again.
        await bea.page.getByTestId('ready').click();
        await expect.poll(() => voterState(ada.page, 'Bea')).toBe('notYet');
        await bea.page.getByTestId('ready').click();
        await expect.poll(() => voterState(ada.page, 'Bea')).toBe('ready');

        // Both ready: round 2 is dealt on both screens and the summaries close.
        await ada.page.getByTestId('ready').click();
        for (const p of [ada, bea]) {
          await expect.poll(() => phase(p.page), { timeout: 10_000 }).toBe('turn');
          await p.page.getByTestId('round-summary').waitFor({ state: 'detached' });
        }

        // "Last round" reopens round 1 in a dialog; Esc closes it and the focus comes back.
        const last = ada.page.getByTestId('last-round');
        await last.click();
        const dialog = ada.page.getByRole('dialog');
        await dialog.waitFor();
        expect(await dialog.textContent()).toContain('Round 1, the round before this one');
        expect(await dialog.getByTestId('final-palettes').isVisible()).toBe(true);
        expect(await dialog.getByTestId('ready').count()).toBe(0);
        // This screen kept the view the round ended with (its hand too): the review of Ada's turns is there.
        expect(await dialog.getByTestId('review-gone').count()).toBe(0);
        expect(await dialog.textContent()).toContain('Review your round');
        await ada.page.screenshot({ path: join(shots, 'rounds-last-round-1280x800.jpg') });
        await ada.page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        expect(await ada.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
          'last-round',
        );
        await bea.page.getByTestId('last-round').click();
        await bea.page.getByTestId('last-round-close').waitFor();
        await bea.page.screenshot({ path: join(shots, 'rounds-last-round-360x740.jpg') });
        await bea.page.setViewportSize({ width: 390, height: 844 });
        await bea.page.screenshot({ path: join(shots, 'rounds-last-round-390x844.jpg') });
        await bea.page.getByTestId('last-round-close').click();
        await bea.page.getByRole('dialog').waitFor({ state: 'detached' });

        // Ada goes: on Bea's turn her phone shows the countdown to "Let a bot play", on screen.
        await ada.page.close();
        const countdown = bea.page.getByTestId('away-countdown');
        await countdown.waitFor({ timeout: 10_000 });
        expect(await countdown.textContent()).toMatch(/A bot may play for them in (1:00|0:5\d)\./);
        await bea.page.evaluate(() => window.scrollTo(0, 0));
        for (const size of [
          { width: 360, height: 740 },
          { width: 390, height: 844 },
        ]) {
          await bea.page.setViewportSize(size);
          await bea.page.waitForTimeout(200);
          await bea.page.screenshot({
            path: join(shots, `rounds-away-countdown-${size.width}x${size.height}.jpg`),
          });
          expect(
            await offScreen(bea.page, [
              { label: "the countdown by Ada's seat", selector: '[data-testid="seat-away-left"]' },
              { label: 'your hand', selector: '.my-hand .hand' },
              { label: 'Play', selector: '[data-testid="play"]' },
            ]),
            `${size.width}×${size.height}`,
          ).toEqual([]);
        }
        // At a desktop's size the away panel, in the side column, is in sight with its countdown.
        await bea.page.setViewportSize({ width: 1280, height: 800 });
        await bea.page.waitForTimeout(200);
        await bea.page.screenshot({ path: join(shots, 'rounds-away-countdown-1280x800.jpg') });
        expect(
          await offScreen(bea.page, [{ label: 'the countdown', selector: '[data-testid="away-countdown"]' }]),
        ).toEqual([]);
        await bea.page.setViewportSize({ width: 390, height: 844 });
        await bea.page.waitForTimeout(200);
        // One clock: the seat's countdown and the away panel's show the same second.
        const same = await bea.page.evaluate(() => {
          const seat = document.querySelector('[data-testid="seat-away-left"]')?.textContent?.trim();
          const panel = document.querySelector('[data-testid="away-countdown"]')?.textContent ?? '';
          return !!seat && panel.includes(seat);
        });
        expect(same).toBe(true);
        // It counts down by the host's clock, a second at a time.
        const before = await countdown.textContent();
        await bea.page.waitForTimeout(1100);
        expect(await countdown.textContent()).not.toBe(before);
        expect(bea.errors).toEqual([]);
        expect(ada.errors).toEqual([]);

        // The same in Korean: Bea's seat again, from a phone whose browser speaks Korean.
        const ko: Player = await stage.player('Bea (ko)', 390, 844, {
          isMobile: true,
          hasTouch: true,
          deviceScaleFactor: 2,
          locale: 'ko-KR',
        });
        await resumeSeat(ko, stage.served, TABLE, TOKENS[1], 1);
        const koCountdown = ko.page.getByTestId('away-countdown');
        await koCountdown.waitFor({ timeout: 10_000 });
        expect(await koCountdown.textContent()).toMatch(/후에 봇이 대신 플레이할 수 있습니다/);
        expect(await ko.page.getByTestId('seat-away-left').isVisible()).toBe(true);
        await ko.page.screenshot({ path: join(shots, 'rounds-away-countdown-ko-390x844.jpg') });
        await ko.page.getByTestId('last-round').click();
        await ko.page.getByTestId('last-round-close').waitFor();
        expect(await ko.page.getByRole('dialog').textContent()).toContain('1 라운드 (지난 라운드)');
        // A fresh page rebuilt round 1 from the log, which holds no hand: it says the review is not kept.
        expect(await ko.page.getByTestId('review-gone').isVisible()).toBe(true);
        await ko.page.screenshot({ path: join(shots, 'rounds-last-round-ko-390x844.jpg') });
        expect(ko.errors).toEqual([]);
      },
    );
  },
);
