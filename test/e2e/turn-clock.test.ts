import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, screenshotDir, type Player } from './harness';
import { enterName, joinTable, myTurn, openNewTable } from './ui';
import { axeViolations, seriousTargets } from './axe';

/*
 * The turn clock in real Chromium against a real host: Ann and Bob at 1280×800 and Cleo on a 390×844
 * phone, each in a browser context of their own, at a table with a 30 s clock. Nobody plays the first
 * turn: every screen shows that seat's ring running, then its last seconds; once the time is up the
 * others are offered "Let a bot play this turn", one of them clicks it, a bot plays that turn, and the
 * timed player's screen says why. The host's clock seconds are shortened (a host limit for tests, never
 * a table option): the 30 s clock lasts 15 s.
 */

const shots = screenshotDir();
const SECOND_MS = 500;

/** WCAG 2.1 AA violations on the page as it stands, serious or worse, as "rule: target". */
async function wcagFindings(page: Page): Promise<string[]> {
  return seriousTargets(await axeViolations(page));
}

const moveCount = async (p: Page) =>
  Number(await p.getByTestId('table-view').getAttribute('data-move-count'));

describeInChromium('the turn clock in Chromium', { limits: { clockSecondMs: SECOND_MS } }, (stage) => {
  it('runs out, the others let a bot play that one turn, and the timed player sees why', async () => {
    const ann = await stage.player('Ann', 1280, 800);
    const bob = await stage.player('Bob', 1280, 800);
    const cleo = await stage.player('Cleo', 390, 844, {
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const people = [ann, bob, cleo];
    const shot = (p: Player, name: string) =>
      p.page.screenshot({
        path: join(shots, `clock-${name}-${p.name.toLowerCase()}-${p.page.viewportSize()!.width}.jpg`),
      });

    for (const p of people) {
      await p.page.goto(stage.served.url);
      await p.page.getByTestId('player-name').waitFor();
      await enterName(p.page, p.name);
    }
    // Ann hosts three people, no bots, with a 30 s clock; the form explains it and the vote is the default.
    const form = ann.page;
    await openNewTable(form);
    await form.getByTestId('table-name').fill('Clock table');
    await form.getByTestId('preset-custom').check();
    await form.getByTestId('players-3').check();
    for (const seat of [1, 2])
      if (await form.getByTestId(`bot-${seat}`).isChecked()) await form.getByTestId(`bot-${seat}`).click();
    await form.getByTestId('mode-basic').check();
    await form.getByTestId('turn-clock').selectOption('30');
    await expect(form.getByTestId('clock-vote').isChecked()).resolves.toBe(true);
    await form.getByTestId('clock-options').scrollIntoViewIfNeeded();
    await shot(ann, 'form');
    expect(await wcagFindings(form)).toEqual([]);
    await form.getByTestId('create').click();
    await form.getByTestId('waiting-room').waitFor();
    await joinTable(bob.page, 'Clock table');
    await joinTable(cleo.page, 'Clock table');
    // Whoever joins is told of the clock before the game.
    await expect(cleo.page.locator('[data-testid="waiting-room"] .variant').textContent()).resolves.toContain(
      'Turn clock: 30 seconds, then the others may let a bot play',
    );
    await shot(cleo, 'waiting');
    await expect.poll(() => ann.page.getByTestId('start').isEnabled(), { timeout: 10_000 }).toBe(true);
    await ann.page.getByTestId('start').click();
    for (const p of people) await p.page.getByTestId('table-view').waitFor();

    // Whose turn it is: nobody plays it.
    let timed: Player | undefined;
    await expect
      .poll(async () => {
        for (const p of people) if (await myTurn(p.page)) timed = p;
        return timed?.name;
      })
      .toBeDefined();
    const others = people.filter((p) => p !== timed);
    const before = await moveCount(ann.page);

    // Every screen shows the timed seat's ring (one ring: only that seat is timed).
    for (const p of people) {
      const ring = p.page.getByTestId('seat-clock');
      await expect.poll(() => ring.count()).toBe(1);
      await expect(ring.isVisible()).resolves.toBe(true);
      expect(await ring.getAttribute('aria-label')).toMatch(/^0:\d\d left$/);
    }
    await Promise.all(people.map((p) => shot(p, 'running')));

    // The last seconds: shown on the seat, and said once to screen readers.
    for (const p of people) {
      await p.page.locator('[data-testid="seat-clock"].short').waitFor({ timeout: 20_000 });
    }
    await expect.poll(() => timed!.page.getByTestId('clock-spoken').textContent()).toBe('10 seconds left.');
    await expect
      .poll(() => others[0].page.getByTestId('clock-spoken').textContent())
      .toBe(`${timed!.name} has 10 seconds left.`);
    await Promise.all(people.map((p) => shot(p, 'short')));

    // Time is up: nobody loses; the others are offered the bot, the timed player may still play.
    for (const p of others) await p.page.getByTestId('clock-bot').waitFor({ timeout: 20_000 });
    await expect
      .poll(() => timed!.page.getByTestId('clock-out').textContent())
      .toContain('Your time is up. You may still play');
    await expect(timed!.page.getByTestId('clock-bot').count()).resolves.toBe(0);
    expect(await moveCount(ann.page)).toBe(before);
    await Promise.all(people.map((p) => shot(p, 'expired')));
    for (const p of people) expect(await wcagFindings(p.page)).toEqual([]);

    // One of the others (the phone, if it is not the timed one) lets the bot play.
    const asker = others.includes(cleo) ? cleo : others[0];
    await asker.page.getByTestId('clock-bot').click();
    await expect
      .poll(() => timed!.page.getByTestId('notice').allTextContents(), { timeout: 10_000 })
      .toEqual(
        expect.arrayContaining([
          expect.stringContaining('Your time ran out: a bot plays this turn for you.'),
        ]),
      );
    await shot(timed!, 'bot-played');
    // The bot's turn went to everyone; the seat is the timed player's again (no bot mark on it).
    for (const p of people)
      await expect.poll(() => moveCount(p.page), { timeout: 10_000 }).toBeGreaterThan(before);
    await expect.poll(() => myTurn(timed!.page)).toBe(false);
    const seatOf = timed!.page.locator('.my-seat');
    await expect(seatOf.locator('.botbadge').count()).resolves.toBe(0);
    await shot(asker, 'after');

    // The smallest phone: the ring and the panel fit without pushing anything off screen.
    await cleo.page.setViewportSize({ width: 360, height: 740 });
    const scroll = await cleo.page.evaluate('document.documentElement.scrollWidth');
    expect(scroll).toBeLessThanOrEqual(360);
    await shot(cleo, 'small');
    for (const p of people) expect(p.errors).toEqual([]);
  }, 120_000);
});
