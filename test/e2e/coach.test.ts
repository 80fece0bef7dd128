import { join } from 'node:path';
import { expect, it } from 'vitest';
import { newGame } from '../../shared/engine';
import type { GameState } from '../../shared/engine/types';
import { describeInChromium, plantTable, resumeSeat, screenshotDir } from './harness';

/*
 * The coach in real Chromium against a real host: a two-seat table with a bot and hints on, Ada to act
 * on a real deal. "Suggest a move" thinks in a Web Worker (the built bundle's own file, under the page's
 * CSP) and answers in words with its chances while the page keeps answering; Ada then passes, the round
 * ends, and "Review your round" in the summary names her costly turn and the better move.
 * Screenshots at 1280 px and on a 390×844 phone land in test-results/screenshots/.
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

/** A real deal where seat 0 starts. */
function deal(): GameState {
  for (let seed = 1; ; seed++) {
    const state = newGame(OPTIONS, seed);
    if (state.current === 0) return state;
  }
}

const RUNS = [
  { id: 'desk', width: 1280, height: 900, phone: false },
  { id: 'phone', width: 390, height: 844, phone: true },
  { id: 'small', width: 360, height: 740, phone: true },
];

describeInChromium(
  'the coach (Chromium)',
  {
    plant: (dataDir) => {
      for (const run of RUNS) {
        plantTable(dataDir, {
          id: run.id,
          name: `Coach ${run.id}`,
          options: OPTIONS,
          state: deal(),
          seats: [
            { name: 'Ada', token: `token-${run.id}-0123456789abcdef` },
            { name: 'Bot 2', bot: true },
          ],
          extra: { hints: true },
        });
      }
    },
  },
  (stage) => {
    it.each(RUNS)(
      '$id: a suggestion in words, a page that keeps answering, then the round review',
      async (run) => {
        const p = await stage.player(
          `Ada ${run.id}`,
          run.width,
          run.height,
          run.phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {},
        );
        const { page } = p;
        await p.context.addInitScript(() => {
          // Every main-thread task over 50 ms from here on, to show the search does not run on the page.
          (globalThis as unknown as { longTasks: number[] }).longTasks = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries())
              (globalThis as unknown as { longTasks: number[] }).longTasks.push(e.duration);
          }).observe({ type: 'longtask' as never });
        });
        await resumeSeat(p, stage.served, run.id, `token-${run.id}-0123456789abcdef`);

        const suggest = page.getByTestId('suggest');
        await suggest.waitFor();
        await page.evaluate(() => ((globalThis as unknown as { longTasks: number[] }).longTasks.length = 0));
        const asked = Date.now();
        await suggest.click();
        // While it thinks, the page answers: a card can be selected.
        const card = page.locator('.my-hand [data-card]').first();
        await card.click();
        await expect.poll(() => card.getAttribute('aria-pressed')).toBe('true');
        const words = page.getByTestId('suggestion-words');
        await words.waitFor({ timeout: 15_000 });
        const thought = Date.now() - asked;
        expect(await words.textContent()).toMatch(/^Suggested: (playing|discarding) [A-Z][a-z]+ \d/);
        const chances = (await page.getByTestId('suggestion-chances').textContent())!;
        expect(chances).toMatch(
          /^Estimated chance to still be in at your next turn: \d+% · to win the round: \d+%$/,
        );
        const suggestedWin = /(\d+)%$/.exec(chances)![1];
        const suggested = (await words.textContent())!.replace(/^Suggested: /, '');
        // The hand marks the card the suggestion starts with, in words as well as an outline.
        const [, step, colour, value] = /^(playing|discarding) ([A-Z])[a-z]+ (\d)/.exec(suggested)!;
        const marked = page.locator(`.my-hand li.suggested:has([data-card="${colour}${value}"])`);
        await expect.poll(() => marked.count()).toBe(1);
        expect(await marked.getByTestId('suggested-mark').textContent()).toBe(
          `★ ${step === 'playing' ? 'play' : 'discard'}`,
        );
        // A screen reader hears it with the card's name.
        expect(await marked.locator('[data-card]').getAttribute('aria-label')).toContain(
          `suggested: ${step === 'playing' ? 'play' : 'discard'}`,
        );
        expect(await page.getByTestId('suggestion').getAttribute('aria-live')).toBe('polite');
        // The search ran in the coach's worker, not on the page's thread.
        expect(page.workers().some((w) => /coach/.test(w.url()))).toBe(true);
        const longest = Math.max(
          0,
          ...(await page.evaluate(() => (globalThis as unknown as { longTasks: number[] }).longTasks)),
        );
        console.log(
          `coach e2e ${run.id}: answered in ${thought} ms; longest page task meanwhile ${longest} ms`,
        );
        // On the page's thread the search would be one task about as long as the answer took; rendering and
        // layout are far shorter, however busy the machine (both stretch alike with its load).
        expect(longest).toBeLessThan(thought / 2);
        await page.screenshot({ path: join(shots, `coach-suggest-${run.width}.png`), fullPage: true });

        // Ada passes: she is out and the round (the whole Basic game) is over.
        await page.getByTestId('pass').click();
        await page.getByTestId('confirm-yes').click();
        await page.getByTestId('round-summary').waitFor({ timeout: 15_000 });
        const review = page.getByTestId('round-review');
        await review.locator('summary').click();
        await expect
          .poll(() => review.getByTestId('review-body').textContent(), { timeout: 15_000 })
          .toMatch(/Better: /);
        const turn = review.getByTestId('review-turn').first();
        expect(await turn.textContent()).toContain('You: passing (out of the round).');
        // The same position, the same estimate: the better move and its chance are the suggestion's.
        expect(await turn.textContent()).toContain(`Better: ${suggested}`);
        expect(await turn.textContent()).toContain(`Chance to win the round: 0% → ${suggestedWin}%`);
        await review.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(shots, `coach-review-${run.width}.png`) });
        expect(p.errors).toEqual([]);
      },
    );
  },
);
