import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, plantTable, resumeSeat, screenshotDir } from './harness';
import { midPosition } from './layout-positions';

/*
 * One clock for a player who is away on their turn, at a table with a turn clock: the seat, the side
 * panel count the same second down to the moment a bot may play for them, the status line says whom the
 * table waits for without a figure of its own, the paused turn clock's ring shows none either, and
 * nothing counts up.
 */

const TABLE = 'AwayClock1';
const ANN = 'token-away-clock-ann-0123456789';
const BOB = 'token-away-clock-bob-0123456789';
const shots = process.env.RED7_SHOTS_DIR ?? screenshotDir();
mkdirSync(shots, { recursive: true });

/**
 * Every m:ss figure on screen and the away panel's words, read at one moment (a second may tick between
 * two reads on a busy machine); read twice 2.2 s apart: each figure must have gone down.
 */
async function figures(page: Page): Promise<{ all: string[]; panel: string }> {
  return page.evaluate(() => {
    const root = document.querySelector('[data-testid="table-view"]');
    const panel = document.querySelector('[data-testid="away-countdown"]');
    return { all: (root?.textContent ?? '').match(/\d+:\d\d/g) ?? [], panel: panel?.textContent ?? '' };
  });
}
const seconds = (f: string) => Number(f.split(':')[0]) * 60 + Number(f.split(':')[1]);

describeInChromium(
  'the away clock',
  {
    plant: (dataDir) => {
      // Bob is to play (seat 1) and has not come back since the host started: he is away on his turn.
      const state = { ...midPosition(2, 'seven'), current: 1 };
      plantTable(dataDir, {
        id: TABLE,
        name: 'Clock table',
        options: state.options,
        state,
        seats: [
          { name: 'Ann', token: ANN },
          { name: 'Bob', token: BOB },
        ],
        extra: {
          clock: {
            seconds: 60,
            expiry: 'vote',
            turn: {
              game: 1,
              since: state.moveCount,
              seat: 1,
              endsAt: Date.now() + 38_000,
              leftMs: 38_000,
              expired: false,
              botTurn: false,
            },
          },
        },
      });
    },
  },
  (stage) => {
    it('counts one clock down, the same second on the seat and the side panel, and nothing else', async () => {
      const ann = await stage.player('Ann', 1280, 800);
      await resumeSeat(ann, stage.served, TABLE, ANN, 0);
      const page = ann.page;
      const seatLeft = page.locator('[data-seat="1"] .badge.away');
      await seatLeft.waitFor({ timeout: 10_000 });
      await page.getByTestId('away-countdown').waitFor();
      await page.waitForTimeout(1500);
      await page.screenshot({ path: join(shots, 'f7-after-1280.jpg') });

      // The paused ring draws no second figure of its own (its label says it waits for the player).
      const ring = page.locator('[data-seat="1"] [data-testid="seat-clock"]');
      await expect(ring.getAttribute('class')).resolves.toContain('paused');
      await expect(ring.textContent()).resolves.toBe('');
      await expect(ring.getAttribute('aria-label')).resolves.toBe('Turn clock paused while they are away');

      // Every figure on the table is that one countdown, the same second everywhere.
      const seat = (await seatLeft.textContent())!.trim();
      expect(seat).toMatch(/^away · 0:[0-5]\d$/);
      const { all: first, panel } = await figures(page);
      expect(first.length).toBeGreaterThanOrEqual(2); // the seat and the away panel
      expect(new Set(first).size).toBe(1);
      expect(panel).toContain(`A bot may play for them in ${first[0]}.`);
      // The status line names the wait without a figure of its own; nothing says how long he has been away.
      await expect(page.getByTestId('turn-status').textContent()).resolves.toContain(
        'Waiting for Bob, who is away.',
      );
      await expect(page.getByTestId('table-view').textContent()).resolves.not.toContain('has been away');

      // One direction: a couple of seconds on, every figure went down.
      await page.waitForTimeout(2200);
      const { all: later } = await figures(page);
      expect(new Set(later).size).toBe(1);
      expect(seconds(later[0])).toBeLessThan(seconds(first[0]));
      expect(ann.errors).toEqual([]);
    });
  },
);
