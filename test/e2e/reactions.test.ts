import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it, vi } from 'vitest';
import { applyMove, completeTurns, newGame } from '../../shared/engine';
import type { GameState } from '../../shared/engine/types';
import { describeInChromium, plantTable, resumeSeat, screenshotDir, type Player } from './harness';
import { createTable, enterName, joinTable } from './ui';
import { axeViolations } from './axe';

/*
 * Quick reactions in real Chromium against a real host: Ann and Bob at 1280×800, Cleo on a 390×844 phone
 * (later 360×740), each in a browser context of their own, and Dan watching at 1280×800. A reaction sent by clicks, and once by keys,
 * shows on the sender's seat on the other screens and is said to screen readers; the open set passes
 * axe; a screen that turned reactions off shows none but its own; fast clicks are held back, never refused.
 * Between rounds the summary covers the seats: its own React button, R answering there, and the latest
 * reaction written in it. Screenshots land in test-results/screenshots/ (reactions-*.jpg).
 */

const shots = screenshotDir();

/** The bubble on seat `seat` of this page, if any. */
const bubble = (page: Page, seat: number) =>
  page.locator(`section.seat[data-seat="${seat}"] [data-testid="seat-reaction"]`);

async function sees(page: Page, seat: number, reaction: string): Promise<void> {
  await expect
    .poll(
      () =>
        bubble(page, seat)
          .getAttribute('data-reaction', { timeout: 200 })
          .catch(() => null),
      {
        timeout: 5000,
      },
    )
    .toBe(reaction);
}

/** The reaction's bubble gone from every seat of the page (it shows for 2.5 s). */
async function bubblesGone(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('seat-reaction').count(), { timeout: 5000 }).toBe(0);
}

/** What a shown bubble covers of the cards, the turn's buttons and the React button, measured in the page at once. */
async function bubbleCovers(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const boxes = (sel) => [...document.querySelectorAll(sel)].map((el) => [sel, el.getBoundingClientRect()]);
    const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const under = [...boxes('.card'), ...boxes('.panel button'), ...boxes('[data-testid="react-open"]')];
    return boxes('[data-testid="seat-reaction"]').flatMap(([, bubble]) =>
      under.filter(([, b]) => b.width > 0 && meets(bubble, b)).map(([sel, b]) => sel + ' at ' + b.left + ',' + b.top));
  })()`);
}

async function audit(page: Page): Promise<string[]> {
  return (await axeViolations(page, '[data-testid="reaction-bar"]')).map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
}

describeInChromium('quick reactions (Chromium)', {}, (stage) => {
  vi.setConfig({ testTimeout: 60_000 });
  let ann: Player;
  let bob: Player;
  let cleo: Player;
  /** Watches the table: sees the reactions, has no button to send one. */
  let dan: Player;
  const shot = (p: Player, name: string) =>
    p.page.screenshot({ path: join(shots, `reactions-${name}-${p.page.viewportSize()!.width}.jpg`) });

  beforeAll(async () => {
    ann = await stage.player('Ann', 1280, 800);
    bob = await stage.player('Bob', 1280, 800);
    cleo = await stage.player('Cleo', 390, 844, { isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    for (const p of [ann, bob, cleo]) {
      await p.page.goto(stage.served.url);
      await p.page.getByTestId('player-name').waitFor();
      await enterName(p.page, p.name);
    }
    await createTable(ann.page, { name: 'Cheers', players: 3, bots: [], advanced: false, actionRule: true });
    await joinTable(bob.page, 'Cheers');
    await joinTable(cleo.page, 'Cheers');
    await ann.page.getByTestId('start').click();
    for (const p of [ann, bob, cleo]) await p.page.getByTestId('table-view').waitFor();
    dan = await stage.player('Dan', 1280, 800);
    await dan.page.goto(stage.served.url);
    await dan.page.getByTestId('player-name').waitFor();
    await enterName(dan.page, 'Dan');
    await dan.page.getByTestId('table-row').filter({ hasText: 'Cheers' }).getByTestId('watch').click();
    await dan.page.getByTestId('table-view').waitFor();
  }, 60_000);

  it('a reaction by clicks shows on the sender’s seat on every screen, and is said politely', async () => {
    await ann.page.getByTestId('react-open').click();
    const menu = ann.page.getByTestId('reaction-menu');
    await menu.waitFor();
    await expect(ann.page.getByTestId('react-open').getAttribute('aria-expanded')).resolves.toBe('true');
    // The set is the fixed one, its emoji named for screen readers, its words in the screen's language.
    await expect(menu.getByRole('menuitem').count()).resolves.toBe(8);
    // Drawn by the app (no emoji font needed): every emoji of the set is a picture, no character.
    await expect(
      menu.getByRole('menuitem', { name: 'applause' }).locator('svg[data-reaction-icon="clap"]').count(),
    ).resolves.toBe(1);
    await expect(menu.locator('svg[data-reaction-icon]').count()).resolves.toBe(6);
    await expect(menu.textContent()).resolves.not.toMatch(/\p{Extended_Pictographic}/u);
    await expect(menu.getByRole('menuitem', { name: 'Well played' }).count()).resolves.toBe(1);
    await shot(ann, 'menu');
    expect(await audit(ann.page)).toEqual([]);

    await menu.getByRole('menuitem', { name: 'applause' }).click();
    await expect(menu.isVisible()).resolves.toBe(false);
    for (const p of [ann, bob, cleo, dan]) await sees(p.page, 0, 'clap');
    await expect.poll(() => dan.page.getByTestId('reaction-live').textContent()).toBe('Ann: 👏 applause');
    await expect(dan.page.getByTestId('react-open').count()).resolves.toBe(0);
    await shot(dan, 'spectator');
    await expect(bubble(bob.page, 0).locator('svg[data-reaction-icon="clap"]').count()).resolves.toBe(1);
    await expect(bubble(bob.page, 0).textContent()).resolves.toBe('');
    await expect.poll(() => bob.page.getByTestId('reaction-live').textContent()).toBe('Ann: 👏 applause');
    await expect(bob.page.getByTestId('reaction-live').getAttribute('aria-live')).resolves.toBe('polite');
    await shot(bob, 'seen');
    await shot(cleo, 'seen');
    for (const p of [bob, cleo]) expect(await bubbleCovers(p.page)).toEqual([]);
    // Only on the sender's seat.
    for (const seat of [1, 2]) await expect(bubble(bob.page, seat).count()).resolves.toBe(0);
    await bubblesGone(bob.page);
  });

  it('by keys: R opens the set, arrows move, Enter sends, Esc closes without touching the turn', async () => {
    const { page } = bob;
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('r');
    const menu = page.getByTestId('reaction-menu');
    await menu.waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-reaction'));
    await expect(focused()).resolves.toBe('thumbsUp');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(focused()).resolves.toBe('wow');
    await page.keyboard.press('ArrowDown'); // the next row, same column
    await expect(focused()).resolves.toBe('party');
    await page.keyboard.press('ArrowDown'); // the words' row
    await expect(focused()).resolves.toBe('wellPlayed');
    await page.keyboard.press('ArrowUp'); // the middle of the row above
    await expect(focused()).resolves.toBe('grimace');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    await expect(focused()).resolves.toBe('thumbsUp');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    // A card's number key inside the set selects no card.
    const staged = await page.locator('.my-hand .card.selected').count();
    await page.keyboard.press('1');
    await expect(page.locator('.my-hand .card.selected').count()).resolves.toBe(staged);
    await page.keyboard.press('Enter');
    await expect(menu.isVisible()).resolves.toBe(false);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe(
      'react-open',
    );
    for (const p of [ann, cleo]) await sees(p.page, 1, 'wow');
    await expect.poll(() => cleo.page.getByTestId('reaction-live').textContent()).toBe('Bob: 😮 wow');
    await shot(ann, 'keys-seen');

    await page.keyboard.press('r');
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await expect(menu.isVisible()).resolves.toBe(false);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe(
      'react-open',
    );
    await bubblesGone(ann.page);
  });

  it('on a phone: the set fits the screen, a word reaction shows on the seat without covering cards', async () => {
    const { page } = cleo;
    await page.getByTestId('react-open').scrollIntoViewIfNeeded();
    await page.getByTestId('react-open').tap();
    const menu = page.getByTestId('reaction-menu');
    await menu.waitFor();
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await shot(cleo, 'menu');
    await menu.getByRole('menuitem', { name: 'Well played' }).tap();
    for (const p of [ann, bob, cleo]) await sees(p.page, 2, 'wellPlayed');
    await expect(bubble(ann.page, 2).textContent()).resolves.toBe('Well played');
    await shot(cleo, 'own');
    await shot(ann, 'word-seen');
    for (const p of [ann, cleo]) expect(await bubbleCovers(p.page)).toEqual([]);
    await bubblesGone(cleo.page);

    // 360×740: the set still fits.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByTestId('react-open').scrollIntoViewIfNeeded();
    await page.getByTestId('react-open').tap();
    const small = (await menu.boundingBox())!;
    expect(small.x).toBeGreaterThanOrEqual(0);
    expect(small.x + small.width).toBeLessThanOrEqual(360);
    expect(small.y).toBeGreaterThanOrEqual(0);
    await shot(cleo, 'menu');
    await page.getByTestId('react-open').tap(); // closes it again
    await expect(menu.isVisible()).resolves.toBe(false);
    await page.setViewportSize({ width: 390, height: 844 });
  });

  it('a screen that turned reactions off shows none but its own', async () => {
    const { page } = cleo;
    await page.getByTestId('open-screen-settings').click();
    const box = page.getByTestId('show-reactions');
    await expect(box.isChecked()).resolves.toBe(true);
    await box.click();
    await expect(box.isChecked()).resolves.toBe(false);
    await page.getByTestId('screen-done').click();

    const liveBefore = await page.getByTestId('reaction-live').textContent();
    await ann.page.getByTestId('react-open').click();
    await ann.page.getByTestId('reaction-menu').getByRole('menuitem', { name: 'party' }).click();
    await sees(bob.page, 0, 'party');
    await page.waitForTimeout(500); // it would have come by now: Bob's came through the same host
    await expect(bubble(page, 0).count()).resolves.toBe(0);
    await expect(page.getByTestId('reaction-live').textContent()).resolves.toBe(liveBefore);

    // Her own still shows on her screen (and everyone else's).
    await page.getByTestId('react-open').tap();
    await page.getByTestId('reaction-menu').getByRole('menuitem', { name: 'Oops' }).tap();
    await sees(page, 2, 'oops');
    await sees(bob.page, 2, 'oops');
    await shot(cleo, 'muted-own');
    // The choice stays on this device.
    await page.reload();
    await page.getByTestId('table-view').waitFor();
    await page.getByTestId('open-screen-settings').click();
    await expect(page.getByTestId('show-reactions').isChecked()).resolves.toBe(false);
    await page.getByTestId('show-reactions').click();
    await page.getByTestId('screen-done').click();
  });

  it('fast clicks are held back on the screen (3 in 5 s), never refused by the host', async () => {
    const { page } = bob;
    // Bob's page again (it resumes its seat), with its socket's frames watched from the start.
    const frames: string[] = [];
    page.on('websocket', (ws) => {
      ws.on('framesent', (f) => frames.push(`> ${String(f.payload)}`));
      ws.on('framereceived', (f) => frames.push(`< ${String(f.payload)}`));
    });
    await page.reload();
    await page.getByTestId('table-view').waitFor();
    await bubblesGone(page);
    await new Promise((r) => setTimeout(r, 5000)); // Bob's earlier reaction leaves the host's window
    const sent: string[] = [];
    for (const r of ['thumbsUp', 'laugh', 'grimace', 'clap']) {
      await page.getByTestId('react-open').click();
      await page.locator(`[data-testid="reaction-menu"] [data-reaction="${r}"]`).click();
      sent.push(r);
    }
    await page.getByTestId('reaction-wait').waitFor();
    await expect(page.getByTestId('reaction-wait').textContent()).resolves.toContain('at most 3 reactions');
    await sees(ann.page, 1, 'grimace');
    await ann.page.waitForTimeout(400);
    await expect(bubble(ann.page, 1).getAttribute('data-reaction')).resolves.toBe('grimace');
    await expect(page.getByTestId('reaction-live').textContent()).resolves.toContain('at most 3 reactions');
    await shot(bob, 'wait');
    await page.waitForTimeout(300);
    expect(frames.filter((f) => f.startsWith('> ') && f.includes('"react"')).length).toBe(3);
    expect(frames.filter((f) => f.startsWith('< ') && f.includes('"error"'))).toEqual([]);
    // No error toast anywhere, no console error.
    for (const p of [ann, bob, cleo, dan]) {
      await expect(p.page.locator('.toast, [data-testid="notice"]').count()).resolves.toBe(0);
      expect(p.errors).toEqual([]);
    }
  });
});

/** Round 1 of an Advanced game with a bot, played to its end by the engine (the next round waits for a vote). */
function roundOver(): GameState {
  for (let seed = 1; seed < 500; seed++) {
    let s = newGame({ players: 3, mode: 'advanced', actionRule: false, targetScore: 35 }, seed);
    while (s.phase === 'turn') {
      const turn = completeTurns(s)[0] ?? [{ type: 'pass' as const }];
      for (const m of turn) s = applyMove(s, m);
    }
    if (s.phase === 'roundOver') return s;
  }
  throw new Error('no seed ends round 1');
}
const TOKENS = ['A'.repeat(43), 'B'.repeat(43)];
const planted = roundOver();

describeInChromium(
  'reactions between rounds (Chromium)',
  {
    plant: (dataDir) =>
      plantTable(dataDir, {
        id: 'react01',
        name: 'Between rounds',
        options: planted.options,
        state: planted,
        seats: [
          { name: 'Ada', token: TOKENS[0] },
          { name: 'Bea', token: TOKENS[1] },
          { name: 'Bot 3', bot: true },
        ],
      }),
  },
  (stage) => {
    it(
      'the summary has its own React: R answers there, Esc closes only the set, the latest is written in it',
      {
        timeout: 60_000,
      },
      async () => {
        const ada = await stage.player('Ada', 1280, 800);
        const bea = await stage.player('Bea', 390, 844, {
          isMobile: true,
          hasTouch: true,
          deviceScaleFactor: 2,
        });
        await resumeSeat(ada, stage.served, 'react01', TOKENS[0], 0);
        await resumeSeat(bea, stage.served, 'react01', TOKENS[1], 1);
        for (const p of [ada, bea]) await p.page.getByTestId('round-vote').waitFor();
        const inDialog = (p: Player, id: string) => p.page.locator(`[role="dialog"] [data-testid="${id}"]`);

        // Ada, by keys: R opens the dialog's set, End goes to its last, Esc closes the set and not the dialog.
        await ada.page.keyboard.press('r');
        await inDialog(ada, 'reaction-menu').waitFor();
        await ada.page.keyboard.press('Escape');
        await expect(inDialog(ada, 'reaction-menu').isVisible()).resolves.toBe(false);
        await expect(ada.page.getByTestId('round-summary').isVisible()).resolves.toBe(true);
        await ada.page.keyboard.press('r');
        await inDialog(ada, 'reaction-menu').waitFor();
        expect(await audit(ada.page)).toEqual([]);
        await ada.page.keyboard.press('End');
        await ada.page.keyboard.press('ArrowUp');
        await ada.page.keyboard.press('Enter');
        await expect.poll(() => inDialog(bea, 'reaction-heard').textContent()).toBe('Ada: Well played');
        await expect.poll(() => inDialog(bea, 'reaction-live').textContent()).toBe('Ada: Well played');
        // Said once: the table's own region, under the dialog, is silent meanwhile.
        await expect(bea.page.locator('.turnbox [data-testid="reaction-live"]').textContent()).resolves.toBe(
          '',
        );
        await bea.page.screenshot({ path: join(shots, 'reactions-summary-390.jpg') });

        // Bea taps the dialog's button; the set opens inside the screen.
        await inDialog(bea, 'react-open').tap();
        const box = (await inDialog(bea, 'reaction-menu').boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
        expect(box.y).toBeGreaterThanOrEqual(0);
        await bea.page.screenshot({ path: join(shots, 'reactions-summary-menu-390.jpg') });
        await inDialog(bea, 'reaction-menu').getByRole('menuitem', { name: 'applause' }).tap();
        await expect.poll(() => inDialog(ada, 'reaction-heard').textContent()).toBe('Bea: ');
        await inDialog(ada, 'reaction-heard').locator('svg[data-reaction-icon="clap"]').waitFor();
        await ada.page.screenshot({ path: join(shots, 'reactions-summary-1280.jpg') });

        // The summary closed ("Look at the table"), the bubble is on Bea's seat and the table's region speaks again.
        await ada.page.getByRole('button', { name: 'Look at the table' }).click();
        await ada.page.getByTestId('react-open').waitFor();
        for (const p of [ada, bea]) expect(p.errors).toEqual([]);
      },
    );

    it.each([
      { locale: 'ko-KR', seat: 1, width: 360, height: 740, well: '잘했어요', clap: '박수' },
      { locale: 'it-IT', seat: 0, width: 1280, height: 800, well: 'Ben giocato', clap: 'applauso' },
    ])('in $locale: the set and the bubble in the screen’s language', { timeout: 60_000 }, async (c) => {
      const phone = c.width < 500 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {};
      const p = await stage.player(c.locale, c.width, c.height, { locale: c.locale, ...phone });
      await resumeSeat(p, stage.served, 'react01', TOKENS[c.seat], c.seat);
      await p.page
        .getByRole('button', { name: c.locale === 'ko-KR' ? '테이블 보기' : 'Guarda il tavolo' })
        .click();
      // The way back to the summary stays in sight while one looks at the table, from its top down.
      await p.page.evaluate(() => window.scrollTo(0, 0));
      const back = p.page.getByTestId('show-summary');
      const box = (await back.boundingBox())!;
      expect(box.y >= 0 && box.y + box.height <= c.height, `Show the summary at y ${box.y}`).toBe(true);
      await p.page.getByTestId('react-open').click();
      const menu = p.page.getByTestId('reaction-menu');
      await menu.waitFor();
      await menu.getByRole('menuitem', { name: c.clap }).locator('svg[data-reaction-icon="clap"]').waitFor();
      await p.page.screenshot({ path: join(shots, `reactions-menu-${c.locale}-${c.width}.jpg`) });
      await menu.getByRole('menuitem', { name: c.well }).click();
      await expect.poll(() => bubble(p.page, c.seat).textContent()).toBe(c.well);
      await p.page.screenshot({ path: join(shots, `reactions-own-${c.locale}-${c.width}.jpg`) });
      expect(p.errors).toEqual([]);
    });
  },
);
