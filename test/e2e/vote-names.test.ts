import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { applyMove, completeTurns, newGame } from '../../shared/engine';
import type { GameState } from '../../shared/engine/types';
import { axeViolations, seriousTargets } from './axe';
import { describeInChromium, plantTable, resumeSeat, screenshotDir, type Stage } from './harness';
import { gameOverPosition } from './layout-positions';

/*
 * The round vote (between rounds) and the rematch vote (after a game) list who is ready by the buttons. An
 * away person's name stays whole on its line, never broken inside a word ("Be / a" beside "Let a bot play for
 * them" on a phone): a name too long for the line is cut with an ellipsis (whole on focus, a tap or hover),
 * and the state and the button wrap under it. Phones in Italian and Korean (the longest words), the desktop
 * window in English. Screenshots: test-results/screenshots/vote-names-*.jpg.
 */

const shots = process.env.RED7_SHOTS_DIR ?? screenshotDir();
mkdirSync(shots, { recursive: true });
const token = (id: string, seat: number) => `token-${id}-${seat}`.padEnd(43, 'x');
const LONG = 'Massimiliana Bortolotti-Castelfranchi';
const NAMES = ['Ann', 'Bea', LONG];

/** Round 1 of a 4-player Advanced game played to its end (the round vote opens on it). */
function roundOver(): GameState {
  for (let seed = 1; seed < 500; seed++) {
    let s = newGame({ players: 4, mode: 'advanced', actionRule: false, targetScore: 30 }, seed);
    while (s.phase === 'turn') {
      const turn = completeTurns(s)[0] ?? [{ type: 'pass' as const }];
      for (const m of turn) s = applyMove(s, m);
    }
    if (s.phase === 'roundOver') return s;
  }
  throw new Error('roundOver: every game ended in its first round');
}

type Kind = 'round' | 'rematch';
const CASES = [
  { locale: 'it-IT', phone: true },
  { locale: 'ko-KR', phone: true },
  { locale: 'en-US', phone: false },
];
const idOf = (kind: Kind, locale: string) => `vote-${kind}-${locale}`;

/**
 * Each voter's name: the lines its text takes, and whether its box is cut (an ellipsis) where it does not fit.
 * The name is the voter's first text.
 */
function nameLines(page: Page, testId: string) {
  return page.getByTestId(testId).evaluateAll((items) =>
    items.map((li) => {
      const voter = li.querySelector('.voter')!;
      const texts = document.createTreeWalker(voter, NodeFilter.SHOW_TEXT);
      let text = texts.nextNode()!;
      while (!text.textContent?.trim()) text = texts.nextNode()!;
      const range = document.createRange();
      range.selectNodeContents(text);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      // Cut, it is whole in its title and on focus (a tab stop).
      const box = text.parentElement!;
      const cut = box.scrollWidth > box.clientWidth + 1;
      const whole = !cut || (box.title === text.textContent && box.tabIndex === 0);
      return { name: text.textContent, lines: tops.size, whole };
    }),
  );
}

/** Ann's screen at each size: every name on one line, whole or cut with its whole in reach; no sideways scroll. */
async function check(stage: Stage, kind: Kind, locale: string, phone: boolean): Promise<void> {
  const id = idOf(kind, locale);
  const ann = await stage.player(
    'Ann',
    phone ? 360 : 1280,
    phone ? 740 : 800,
    phone ? { locale, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : { locale },
  );
  const { page } = ann;
  await resumeSeat(ann, stage.served, id, token(id, 0), 0);
  const testId = kind === 'round' ? 'round-voter' : 'rematch-voter';
  if (kind === 'rematch') {
    // Bea and the long name come and go: away, their grace soon over, a bot may play for them.
    for (const seat of [1, 2]) {
      const p = await stage.player(NAMES[seat], 1280, 800);
      await resumeSeat(p, stage.served, id, token(id, seat), seat);
      await p.context.close();
    }
    await page.getByTestId('rematch').click();
    await expect.poll(() => page.getByTestId('rematch-bot').count(), { timeout: 15_000 }).toBe(2);
  } else {
    // Away since the host started: their grace counts down.
    await expect
      .poll(() => page.getByTestId(testId).evaluateAll((l) => l.map((e) => e.getAttribute('data-state'))), {
        timeout: 15_000,
      })
      .toEqual(['notYet', 'away', 'away', 'bot']);
  }
  const sizes = phone
    ? [
        { width: 360, height: 740 },
        { width: 390, height: 844 },
      ]
    : [{ width: 1280, height: 800 }];
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.getByTestId(kind === 'round' ? 'round-vote' : 'rematch-status').scrollIntoViewIfNeeded();
    const where = `${kind}-${size.width}-${locale}`;
    await page.screenshot({ path: join(shots, `vote-names-${where}.jpg`) });
    await expect
      .poll(() => nameLines(page, testId), { timeout: 5000 })
      .toEqual([...NAMES, 'Robo'].map((name) => ({ name, lines: 1, whole: true })));
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide, `${where}: nothing scrolls sideways`).toBeLessThanOrEqual(size.width);
  }
  expect(seriousTargets(await axeViolations(page))).toEqual([]);
  expect(ann.errors).toEqual([]);
}

/** One table per locale, planted at `state`: Ann, Bea, the long name, and a bot. */
const plantAll = (kind: Kind, state: () => GameState) => (dataDir: string) => {
  for (const { locale } of CASES) {
    const id = idOf(kind, locale);
    const s = state();
    plantTable(dataDir, {
      id,
      name: id,
      options: s.options,
      state: s,
      seats: [...NAMES.map((name, seat) => ({ name, token: token(id, seat) })), { name: 'Robo', bot: true }],
    });
  }
};

// A long grace: the people not back since the host started stay "away · ready in …", and the round is not dealt.
describeInChromium(
  'the round vote keeps each name whole',
  { plant: plantAll('round', roundOver), limits: { awayGraceMs: 600_000 }, playersPerTest: true },
  (stage) => {
    it.each(CASES)(
      '$locale: an away name stays whole beside its state',
      { timeout: 60_000 },
      ({ locale, phone }) => check(stage, 'round', locale, phone),
    );
  },
);

// A short grace: soon a bot may play for the away people, and the button stands by their names.
describeInChromium(
  'the rematch vote keeps each name whole',
  {
    plant: plantAll('rematch', () => gameOverPosition(4)),
    limits: { awayGraceMs: 1000 },
    playersPerTest: true,
  },
  (stage) => {
    it.each(CASES)(
      '$locale: an away name stays whole beside its state and its bot button',
      { timeout: 60_000 },
      ({ locale, phone }) => check(stage, 'rematch', locale, phone),
    );
  },
);
