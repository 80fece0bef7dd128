import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { chooseBotMove } from '../../shared/bots';
import { roundHindsight } from '../../shared/bots/hindsight';
import { solveRound } from '../../shared/bots/solver';
import { applyMove, newGame, viewFor } from '../../shared/engine';
import type { GameState } from '../../shared/engine/types';
import { recordRounds } from '../../renderer/src/coach/record-rounds';
import { axeViolations, seriousTargets } from './axe';
import { describeInChromium, plantTable, resumeSeat, screenshotDir } from './harness';

/*
 * The round review at the game's end, in hindsight, in real Chromium against a real host: Ada plays a
 * 2-player Basic game against a bot, planted late in its one round at a turn from which she has a forced
 * win. While the game is on the host refuses its record and the page asks for none; she passes, the game
 * ends, the host archives it, and "Review your round" says, from the record with every hand, where the
 * round was lost and which turn would have won: the sentence the same analysis gives here in Node.
 * Desktop and phone, English and Korean; axe finds nothing serious. Screenshots: hindsight-*.jpg, also in
 * /work/shots/hindsight/ when that folder exists.
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

/** A seeded deal played on by easy bots until Ada (seat 0) is to act, late, with a forced win. */
function lateWin(): GameState {
  for (let seed = 1; ; seed++) {
    let s = newGame(OPTIONS, seed);
    while (s.phase === 'turn') {
      const cards = s.hands[0].length + s.hands[1].length;
      if (s.current === 0 && s.log.at(-1)?.kind === 'turn' && cards <= 8 && cards >= 6) {
        if (solveRound(s, { nodes: Infinity }).verdict === 'win') return s;
      }
      s = applyMove(s, chooseBotMove(viewFor(s, s.current!), s.moveCount, 'easy'));
    }
  }
}

const planted = lateWin();
const RUNS = [
  { id: 'desk', width: 1280, height: 800, locale: 'en-US', phone: false },
  { id: 'phone', width: 390, height: 844, locale: 'en-US', phone: true },
  { id: 'phoneko', width: 390, height: 844, locale: 'ko-KR', phone: true },
];
const keep = '/work/shots/hindsight';

describeInChromium(
  'the round review at the game end, with every hand known (Chromium)',
  {
    plant: (dataDir) => {
      for (const run of RUNS)
        plantTable(dataDir, {
          id: run.id,
          name: `Hindsight ${run.id}`,
          options: OPTIONS,
          state: planted,
          seats: [
            { name: 'Ada', token: `token-${run.id}-0123456789abcdef` },
            { name: 'Bot 2', bot: true },
          ],
        });
    },
  },
  (stage) => {
    it.each(RUNS)(
      '$id: the host keeps the record until the end; then the review says where the round was lost',
      { timeout: 90_000 },
      async (run) => {
        const p = await stage.player(
          `Ada ${run.id}`,
          run.width,
          run.height,
          run.phone
            ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: run.locale }
            : { locale: run.locale },
        );
        const { page } = p;
        const history: string[] = [];
        page.on('request', (r) => {
          if (r.url().includes('/api/history')) history.push(r.url());
        });
        await resumeSeat(p, stage.served, run.id, `token-${run.id}-0123456789abcdef`);
        await page.getByTestId('pass').waitFor();
        // During the game: the host refuses the record, and the page has asked for none.
        const early = await fetch(`${stage.served.url}api/history/${run.id}-1`);
        expect(early.status).toBe(404);
        expect(history).toEqual([]);

        await page.getByTestId('pass').click();
        await page.getByTestId('confirm-yes').click();
        await page.getByTestId('round-summary').waitFor({ timeout: 15_000 });
        const review = page.getByTestId('round-review');
        await review.locator('summary').click();
        const verdict = page.getByTestId('hindsight-verdict');
        await expect.poll(() => verdict.getAttribute('data-state'), { timeout: 20_000 }).toBe('done');
        expect(await verdict.getAttribute('aria-live')).toBe('polite');
        const words = (await verdict.textContent())!.trim();
        const ms = Number(await verdict.getAttribute('data-ms'));
        console.log(`${run.id}: solver ${ms} ms: ${words}`);
        expect(ms).toBeLessThan(1500);

        // The same analysis here, on the record the host serves: the round was lost at Ada's last turn.
        const record = await (await fetch(`${stage.served.url}api/history/${run.id}-1`)).json();
        const [round] = recordRounds(record)!;
        const truth = roundHindsight(round.deal, round.moves, 0);
        expect(truth.finding.kind).toBe('lostAt');
        const at = (truth.finding as Extract<typeof truth.finding, { kind: 'lostAt' }>).at;
        expect(at.played).toEqual([{ type: 'pass' }]);
        expect(await verdict.getAttribute('data-finding')).toBe('lostAt');
        if (run.locale === 'en-US')
          expect(words).toMatch(
            new RegExp(
              `^The round was lost at your turn ${at.ownNumber}, where playing .+ would have won\\.$`,
            ),
          );
        else
          expect(words).toMatch(
            new RegExp(`^내 ${at.ownNumber}번째 차례에서 라운드를 놓쳤습니다\\. 이기는 수: `),
          );
        // The record was asked for once (the list first), and only after the game's end.
        expect(history.filter((u) => u.endsWith(`/api/history/${run.id}-1`))).toHaveLength(1);

        await page.getByTestId('hindsight').scrollIntoViewIfNeeded();
        const name = `hindsight-${run.width}-${run.locale.slice(0, 2)}.jpg`;
        await page.screenshot({ path: join(shots, name) });
        try {
          mkdirSync(keep, { recursive: true });
          await page.screenshot({ path: join(keep, name) });
        } catch {
          // Only where that folder can be made.
        }
        expect(seriousTargets(await axeViolations(page))).toEqual([]);
        expect(p.errors).toEqual([]);
      },
    );
  },
);
