import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeViolations, seriousTargets } from './axe';
import { describeInChromium, plantTable, resumeSeat, screenshotDir } from './harness';
import { gameOverPosition } from './layout-positions';

/*
 * "Back to the lobby" at a game's end keeps the seat, as the Lobby button does during a game: the player
 * is told so before she goes, the others see her away (the rematch vote waits for her, and says when a
 * bot may play for her), and the lobby offers her "Rejoin", which brings her back to the vote.
 */

const TABLE = 'AfterGame1';
const ANN = 'token-after-game-ann-0123456789';
const BOB = 'token-after-game-bob-0123456789';
/** Tables where one person finished a game against bots: the warning read in Italian and Korean. */
const ALONE = {
  it: { id: 'AfterGameIt', token: 'token-after-game-it-0123456789' },
  ko: { id: 'AfterGameKo', token: 'token-after-game-ko-0123456789' },
};
const shots = process.env.RED7_SHOTS_DIR ?? screenshotDir();
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `${name}.jpg`) });

describeInChromium(
  'back to the lobby after the game',
  {
    plant: (dataDir) => {
      plantTable(dataDir, {
        id: TABLE,
        name: 'Evening table',
        options: gameOverPosition(3).options,
        state: gameOverPosition(3),
        seats: [
          { name: 'Ann', token: ANN },
          { name: 'Bob', token: BOB },
          { name: 'Robo', bot: true },
        ],
      });
      for (const { id, token } of Object.values(ALONE))
        plantTable(dataDir, {
          id,
          name: id,
          options: gameOverPosition(2).options,
          state: gameOverPosition(2),
          seats: [
            { name: 'Cara', token },
            { name: 'Robo', bot: true },
          ],
        });
    },
  },
  (stage) => {
    it('keeps her seat: she is warned, shown away to the others, and rejoins the rematch from the lobby', async () => {
      const ann = await stage.player('Ann', 1280, 800);
      const bob = await stage.player('Bob', 1280, 800);
      await resumeSeat(ann, stage.served, TABLE, ANN, 0);
      await resumeSeat(bob, stage.served, TABLE, BOB, 1);
      await bob.page.getByTestId('rematch').click();
      const summary = ann.page.getByTestId('round-summary');
      await summary.waitFor();

      const toLobby = ann.page.getByTestId('summary-to-lobby');
      await toLobby.scrollIntoViewIfNeeded();
      await shot(ann.page, 'f1-after-button');
      await toLobby.click();
      // Told first what becomes of her seat, as the Lobby button warns during a game.
      const dialog = ann.page.getByRole('dialog', { name: 'Back to the lobby' });
      await expect(dialog.textContent()).resolves.toContain('Your seat stays yours');
      await shot(ann.page, 'f1-after-warning');
      expect(seriousTargets(await axeViolations(ann.page))).toEqual([]);
      await dialog.getByTestId('confirm-yes').click();

      // The lobby: the finished table is hers to rejoin, not only to watch.
      const row = ann.page.getByTestId('finished-tables').getByTestId('table-row');
      await row.getByTestId('rejoin').waitFor({ timeout: 10_000 });
      await shot(ann.page, 'f1-after-lobby');

      // Bob sees her away; the vote waits for her, and says when a bot may play for her.
      const annVoter = bob.page.getByTestId('rematch-voter').filter({ hasText: 'Ann' });
      await expect
        .poll(() => annVoter.textContent(), { timeout: 10_000 })
        .toMatch(/away · a bot may play in 0:[0-5]\d/);
      await bob.page.getByTestId('rematch-status').scrollIntoViewIfNeeded();
      await shot(bob.page, 'f1-after-others');
      expect(await bob.page.getByTestId('table-view').getAttribute('data-phase')).toBe('gameOver');

      // She rejoins: back at the game's end, she says yes, and the rematch starts with her in her seat. The
      // game that ended stays over, so a turn in play is the new game's (its move count is no sign: the
      // planted game ended after two moves, and the bot may have drawn and played two of the new one's).
      await row.getByTestId('rejoin').click();
      await ann.page.getByTestId('rematch').click();
      for (const p of [ann, bob])
        await expect
          .poll(() => p.page.getByTestId('table-view').getAttribute('data-phase'), { timeout: 10_000 })
          .toBe('turn');
      expect(ann.errors).toEqual([]);
      expect(bob.errors).toEqual([]);
    });

    it('warns in Italian and Korean too', async () => {
      for (const [lang, { id, token }] of Object.entries(ALONE)) {
        const p = await stage.player(lang, 1280, 800, { locale: lang === 'it' ? 'it-IT' : 'ko-KR' });
        await resumeSeat(p, stage.served, id, token, 0);
        await p.page.getByTestId('summary-to-lobby').click();
        const text = await p.page.getByRole('dialog').last().textContent();
        expect(text).toContain(lang === 'it' ? 'Il posto resta tuo' : '자리는 그대로 유지됩니다');
        await shot(p.page, `f1-after-warning-${lang}`);
        await p.page.getByTestId('confirm-no').click();
        expect(p.errors).toEqual([]);
      }
    });
  },
);
