import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { solveRound } from '../../shared/bots/solver';
import { roundHindsight } from '../../shared/bots/hindsight';
import { recordRounds } from '../../renderer/src/coach/record-rounds';
import { recordFromGame } from '../../shared/record';
import { randomGame } from '../unit/record/games';
import { axeViolations, seriousTargets } from './axe';
import { describeInChromium, screenshotDir } from './harness';

/*
 * The exact solver in a replay, in real Chromium against a real host: a finished 2-player Basic game in the
 * history, opened at a few positions of its round; at each, the page says whether the player to act could
 * force the round's win, and with which turn, exactly as the solver run here in Node says (the same
 * verdict). Stepping on asks again; the coach's review of the game goes on beside it. Desktop and phone,
 * English and Korean; axe finds nothing serious. Screenshots: forced-*.jpg.
 */

const shots = screenshotDir();
const OPTIONS = { players: 2, mode: 'basic', actionRule: false } as const;
const states = randomGame(OPTIONS, 6); // a round of 12 moves
const record = recordFromGame(states[states.length - 1], {
  id: 'Forced-1',
  app: { name: 'Red7 LAN', version: '0.1.0' },
  tableName: 'Forced table',
  seats: [
    { name: 'Ann', bot: null },
    { name: 'Bo', bot: null },
  ],
  startedAt: Date.now() - 600_000,
  finishedAt: Date.now() - 60_000,
});

describeInChromium(
  'hindsight: the exact solver in the replay (Chromium)',
  {
    plant: (dataDir) => {
      mkdirSync(join(dataDir, 'history'), { recursive: true });
      writeFileSync(join(dataDir, 'history', `${record.id}.json`), JSON.stringify(record));
    },
  },
  (stage) => {
    it.each([
      { name: '1280-en', width: 1280, height: 800, locale: 'en-US', phone: false },
      { name: '390-ko', width: 390, height: 844, locale: 'ko-KR', phone: true },
    ])(
      '$name: each position says what perfect play could do, as the solver says',
      { timeout: 90_000 },
      async (size) => {
        const { page, errors } = await stage.player(
          size.name,
          size.width,
          size.height,
          size.phone ? { isMobile: true, hasTouch: true, locale: size.locale } : { locale: size.locale },
        );
        // Positions at turn starts late in the round (the solver decides those within its second here).
        const turnStarts = states
          .map((s, step) => ({ s, step }))
          .filter(
            ({ s }) =>
              s.phase === 'turn' &&
              s.log.at(-1)?.kind === 'turn' &&
              s.hands[0].length + s.hands[1].length <= 10,
          );
        expect(turnStarts.length).toBeGreaterThan(1);
        for (const { s, step } of turnStarts.slice(-3)) {
          const expected = solveRound(s, { nodes: Infinity }).verdict;
          await page.goto(`${stage.served.url}#/history/${record.id}/${step}`);
          await page.getByTestId('replay-view').waitFor();
          const verdict = page.getByTestId('forced-verdict');
          await expect.poll(() => verdict.getAttribute('data-verdict'), { timeout: 15_000 }).toBe(expected);
          const words = await verdict.textContent();
          const name = ['Ann', 'Bo'][s.current!];
          expect(words).toContain(name);
          console.log(`step ${step}: ${expected}: ${words?.trim()}`);
          if (expected === 'win' && size.locale === 'en-US')
            expect(words).toMatch(/could force the round's win from here: \w+/);
        }
        // Beside the verdict, where the round turned for the player to act: the same analysis as here.
        const last = turnStarts.at(-1)!.s;
        const [round] = recordRounds(record)!;
        const truth = roundHindsight(round.deal, round.moves, last.current!, {
          turnMs: Infinity,
          totalMs: Infinity,
        });
        const turning = page.getByTestId('turning-point');
        await expect
          .poll(() => turning.getAttribute('data-finding'), { timeout: 15_000 })
          .toMatch(/^(won|lostAt|noWin|unknown)$/);
        const found = await turning.getAttribute('data-finding');
        const turningWords = (await turning.textContent())!.trim();
        console.log(`turning point: ${found} (unbounded: ${truth.finding.kind}): ${turningWords}`);
        // Late turns are decided within the page's second: a loss at a late turn is found there too.
        if (truth.finding.kind === 'lostAt') {
          expect(found).toBe('lostAt');
          if (size.locale === 'en-US')
            expect(turningWords).toContain(`was lost at turn ${truth.finding.at.turnNumber}, where`);
        }
        expect(turningWords).toContain(['Ann', 'Bo'][last.current!]);
        await page.getByTestId('forced-line').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(shots, `forced-${size.name}.jpg`) });
        expect(seriousTargets(await axeViolations(page))).toEqual([]);
        expect(errors).toEqual([]);
      },
    );
  },
);
