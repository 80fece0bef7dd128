import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { setupState } from '../../shared/engine';
import type { GameState } from '../../shared/engine/types';
import { describeInChromium, plantTable, resumeSeat, screenshotDir, type Player } from './harness';

/*
 * The table explains a knock-out by a tie-break, in real Chromium against a real host. The host starts
 * from a hand-made position (a saved table in its data folder, as after a restart): Ada (you) and two
 * bots, rule Red, Ada's Orange 6 against Bot 2's Red 6 — same number, the colour decides. Ada plays
 * Green 3 (still one card against a higher one), ends her turn and confirms, all by clicks; she is out
 * and the table says why. Screenshots at 1280 px and on a 390×844 phone land in test-results/screenshots/.
 * E2E_LOCALES=ko,it also plays it in Korean and Italian (for looking at the screenshots).
 */

const shots = screenshotDir();

const OPTIONS = {
  players: 3,
  mode: 'basic',
  actionRule: false,
  rulesVersion: '1.2',
  targetScore: 35,
  autoDraw: false,
} as const;

function position(): GameState {
  return setupState(OPTIONS, {
    hands: [
      ['G3', 'Y6', 'O1', 'B2'],
      ['V7', 'B5', 'Y4'],
      ['G7', 'I3', 'O2'],
    ],
    palettes: [['O6'], ['R6'], ['Y3']],
    current: 0,
  });
}

interface Run {
  id: string;
  locale: string;
  width: number;
  phone: boolean;
}

const RUNS: Run[] = [
  { id: 'desk-en', locale: 'en-US', width: 1280, phone: false },
  { id: 'phone-en', locale: 'en-US', width: 390, phone: true },
  ...(process.env.E2E_LOCALES ?? '')
    .split(',')
    .filter(Boolean)
    .flatMap((l): Run[] => [
      { id: `desk-${l}`, locale: l, width: 1280, phone: false },
      { id: `phone-${l}`, locale: l, width: 390, phone: true },
    ]),
];

const moveCount = async (page: Page): Promise<number> =>
  Number(await page.getByTestId('table-view').getAttribute('data-move-count'));

describeInChromium(
  'the table explains a knock-out (Chromium)',
  {
    plant: (dataDir) => {
      for (const run of RUNS)
        plantTable(dataDir, {
          id: run.id,
          name: `Explain ${run.id}`,
          options: OPTIONS,
          state: position(),
          seats: [
            { name: 'Ada', token: `token-${run.id}-0123456789abcdef` },
            { name: 'Bot 2', bot: true },
            { name: 'Bot 3', bot: true },
          ],
        });
    },
  },
  (stage) => {
    async function seat(run: Run): Promise<Player> {
      const p = await stage.player(
        `Ada ${run.id}`,
        run.width,
        run.phone ? 844 : 900,
        run.phone
          ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: run.locale }
          : { locale: run.locale },
      );
      // This tab holds seat 0 (as after a reload): the page resumes it by itself.
      await resumeSeat(p, stage.served, run.id, `token-${run.id}-0123456789abcdef`);
      return p;
    }

    const shot = (p: Player, name: string, run: Run, fullPage = true) =>
      p.page.screenshot({
        path: join(
          shots,
          `explain-${name}-${run.width}${run.locale.startsWith('en') ? '' : `-${run.locale}`}.jpg`,
        ),
        fullPage,
      });

    it.each(RUNS)('$id: the ranking, the standings, the lead, then why Ada is out', async (run) => {
      const en = run.locale.startsWith('en');
      const p = await seat(run);
      const { page } = p;

      // Before moving: the ranking strip (Red marked), each standing, and who leads and why.
      const ranking = page.getByTestId('color-ranking');
      await ranking.waitFor();
      await expect(ranking.locator('[aria-current="true"]').getAttribute('data-color')).resolves.toBe('R');
      if (en) {
        await expect(page.getByTestId('leader').textContent()).resolves.toBe(
          'Bot 2 leads: 1 card each, Red 6 beats Orange 6. Same number: Red ranks above Orange.',
        );
        await expect(page.locator('.my-seat [data-testid="standing"]').textContent()).resolves.toBe(
          'Orange 6 counts',
        );
        await expect(page.locator('[data-seat="1"] [data-testid="standing"]').textContent()).resolves.toBe(
          'Red 6 counts',
        );
      }

      // Quiet marks under the hand: how each card keeps Ada in (Green 3: played, then Blue 2 discarded).
      await expect(
        page
          .locator('.my-hand li', { has: page.locator('[data-card="G3"]') })
          .getByTestId('keep-mark')
          .textContent(),
      ).resolves.toEqual(en ? 'play + discard' : expect.any(String));
      // Nothing sticks out sideways, at 390 px too.
      await expect(page.locator('html').evaluate((html) => html.scrollWidth)).resolves.toBeLessThanOrEqual(
        run.width,
      );

      // Green 3 is tapped: the preview says it does not lead yet.
      await page.locator('.my-hand [data-card="G3"]').click();
      await page.locator('.panel.mine .preview').first().waitFor({ state: 'attached' });
      if (en) {
        await expect(page.getByTestId('play-preview').textContent()).resolves.toContain(
          'Play Green 3: you would not lead yet. Then discarding Blue 2 would make you lead.',
        );
      }
      await shot(p, 'turn', run);

      // Play it, confirm the turn, say yes to going out: Ada is out.
      const before = await moveCount(page);
      await page.getByTestId('play').click();
      await page.getByTestId('confirm-turn').click();
      await page.getByTestId('confirm-yes').click();
      await expect.poll(() => moveCount(page)).toBeGreaterThan(before);

      // Her palette stays face up (dimmed), Orange 6 and Green 3 in sight.
      const mine = page.locator('.my-seat');
      await expect.poll(() => mine.getAttribute('class')).toContain('out');
      await expect(
        mine.locator('[data-card]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card'))),
      ).resolves.toEqual(['O6', 'G3']);
      // Only Ada sees why: who led and what beat her, and the turns that would have kept her in.
      const report = page.getByTestId('out-report');
      await report.waitFor();
      if (en) {
        const text = await report.textContent();
        expect(text).toContain('At the end of your turn you did not lead under Red.');
        expect(text).toContain(
          'Bot 2 leads: 1 card each, Red 6 beats Orange 6. Same number: Red ranks above Orange.',
        );
        expect(text).toContain(
          'Playing Yellow 6, then discarding any one of Orange 1, Blue 2, or Green 3, would have kept you in.',
        );
      }

      // The bots play the round out; the summary shows every final palette.
      await page.getByTestId('round-summary').waitFor({ timeout: 20_000 });
      const finals = page.getByTestId('final-palettes');
      if (en) {
        await expect(finals.locator('[data-seat="0"]').textContent()).resolves.toContain(
          'out on turn 1: did not lead under Red',
        );
      }
      await expect(
        finals
          .locator('[data-seat="0"] [data-card]')
          .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card'))),
      ).resolves.toEqual(['O6', 'G3']);
      await shot(p, 'summary', run, false);

      // Closed, the summary leaves the table as it ended: Ada's palette face up, her report still there.
      await page.getByTestId('round-summary').press('Escape');
      await page.getByTestId('round-summary').waitFor({ state: 'detached' });
      await expect(report.isVisible()).resolves.toBe(true);
      await shot(p, 'out', run);
      expect(p.errors).toEqual([]);
    });
  },
);
