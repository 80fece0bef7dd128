import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { TestClient } from '../integration/helpers/client';
import { eveningWhere } from '../integration/helpers/evening';
import { moveMessage } from '../integration/helpers/play';
import { axeViolations } from './axe';
import { describeInChromium, screenshotDir, type Player } from './harness';
import { enterName, myTurn } from './ui';

/*
 * An evening of several tables, the people's side, in real Chromium against a real host: the opener (a
 * laptop) opens it by clicks, a phone joins by taps and four Node clients join, so heat 1 seats two
 * tables of three; the phone is told its table and with whom, one tap takes it there, it plays (a pass
 * ends its part quickly) and "Back to the evening" brings it back; once every table has ended the
 * standings show on both browsers, and in Italian and Korean to watchers. axe on the lobby with the
 * evening and on the standings. Screenshots: evening-*.jpg.
 */

const shots = screenshotDir();
const HEATS = 2;

const serious = async (page: Page) =>
  (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

describeInChromium('an evening of several tables', {}, (stage) => {
  const clients: TestClient[] = [];
  let playing = true;
  afterAll(async () => {
    playing = false;
    await Promise.all(clients.map((c) => c.close()));
  });
  const port = () => Number(new URL(stage.served.url).port);

  /** A person played by a Node client: joins, then at each heat takes its seat and plays legal moves to the game's end. */
  async function nodePerson(name: string): Promise<void> {
    const c = await TestClient.greeted(port());
    clients.push(c);
    c.send({ type: 'joinEvening', name });
    await c.next('eveningJoined');
    void (async () => {
      for (let heat = 1; heat <= HEATS && playing; heat++) {
        const e = await eveningWhere(c, (x) => x.you?.table?.heat === heat, 120_000);
        c.send({ type: 'resume', token: e.you!.table!.token });
        await c.next('joined');
        await c.next('view'); // the heat's table's view (the one held may be the last heat's)
        let sent = -1;
        while (playing && !c.view?.gameOver) {
          const v = c.view;
          if (v?.phase === 'roundOver') c.send({ type: 'ready' });
          else if (v && v.legalMoves.length > 0 && sent !== v.moveCount) {
            sent = v.moveCount;
            c.send(moveMessage(v.legalMoves.find((m) => m.type !== 'pass') ?? v.legalMoves[0], v.moveCount));
          }
          await new Promise((r) => setTimeout(r, 150));
        }
      }
    })().catch(() => undefined); // the test's own waits say what went wrong
  }

  /** At the heat's table: a pass on this person's turn (they are out), then the game's end leads back. */
  async function passAndReturn(p: Player, tap: boolean): Promise<void> {
    const { page } = p;
    const press = (id: string) => (tap ? page.getByTestId(id).tap() : page.getByTestId(id).click());
    await page.getByTestId('table-view').waitFor();
    const back = page.getByTestId('summary-to-evening');
    // The others may end the game before this person's first turn (both out): then there is nothing to pass.
    await expect
      .poll(async () => (await myTurn(page)) || (await back.isVisible()), { timeout: 60_000 })
      .toBe(true);
    if (await myTurn(page)) {
      await press('pass');
      await press('confirm-yes');
    }
    await back.waitFor({ timeout: 90_000 });
    // An evening's table plays one game: no rematch at its end. Going back is the one thing left: the focus
    // starts there (it started on the dialog's ×, four Tabs away).
    expect(await page.getByTestId('rematch').count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('summary-to-evening');
    await page.screenshot({ path: join(shots, `evening-game-end-${page.viewportSize()!.width}.jpg`) });
    await press('summary-to-evening');
    await page.getByTestId('evening').waitFor();
    // The lobby opens at its top: the game's dialog gave its focus back to the page's main region without
    // scrolling the bar away (it opened 54 px down on a phone).
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  }

  it('opened by clicks, joined by a phone, seated, played, and its standings shown', async () => {
    const ann = await stage.player('Ann', 1280, 800);
    const bo = await stage.player('Bo', 390, 844, { isMobile: true, hasTouch: true });

    // The opener: a name, then "Open an evening" and its form (2 heats, tables of 3, Basic).
    await ann.page.goto(stage.served.url);
    await enterName(ann.page, 'Ann');
    await ann.page.getByTestId('evening-open').click();
    // The form takes the focus as it opens (its button is gone), so the keyboard goes on from there.
    await expect
      .poll(() => ann.page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('evening-name');
    await ann.page.getByTestId('evening-name').fill('Friday night');
    await ann.page.getByTestId('evening-prefer-3').check();
    await ann.page.getByTestId('evening-heats').fill(String(HEATS));
    await ann.page.getByTestId('evening-form').screenshot({ path: join(shots, 'evening-form-1280.jpg') });
    // Enter in the form opens the evening; the focus goes to its heading, in sight (the panel goes first, and
    // the browser's scroll anchoring had put the heading off the top), not to the page.
    await ann.page.getByTestId('evening-heats').press('Enter');
    await expect.poll(() => ann.page.locator('#evening-title').textContent()).toBe('Friday night');
    await expect.poll(() => ann.page.evaluate(() => document.activeElement?.id)).toBe('evening-title');
    await ann.page.waitForTimeout(300); // the panel's parts load and fill in under the heading
    expect((await ann.page.locator('#evening-title').boundingBox())!.y).toBeGreaterThanOrEqual(0);
    expect(await ann.page.getByTestId('evening-heat').textContent()).toBe(
      '2 heats, the first not seated yet',
    );

    // The phone: its name in the lobby's field, one tap on Join.
    await bo.page.goto(stage.served.url);
    await bo.page.getByTestId('evening').waitFor();
    await bo.page.getByTestId('player-name').fill('Bo');
    await bo.page.getByTestId('evening-join').tap();
    await expect.poll(() => bo.page.getByTestId('evening-people').textContent()).toContain('Bo (you)');
    // Only between heats is Leave offered; Bo waits for Ann to seat the heat.
    expect(await bo.page.getByTestId('evening-leave').count()).toBe(1);
    expect(await bo.page.getByTestId('evening-wait').textContent()).toContain(
      'Waiting for Ann to seat heat 1',
    );

    for (const name of ['Chloé', 'Dev', 'Eun', 'Fab']) await nodePerson(name);
    await expect
      .poll(() => ann.page.getByTestId('evening-people').locator('li').count(), { timeout: 15_000 })
      .toBe(6);
    await ann.page.screenshot({ path: join(shots, 'evening-lobby-1280.jpg'), fullPage: true });
    await bo.page.screenshot({ path: join(shots, 'evening-lobby-390.jpg'), fullPage: true });
    expect(await serious(ann.page)).toEqual([]);
    expect(await serious(bo.page)).toEqual([]);

    // The opener seats heat 1: two tables of three.
    await ann.page.getByTestId('evening-next-heat').click();
    const line = bo.page.getByTestId('evening-your-table');
    await line.waitFor({ timeout: 15_000 });
    const text = (await line.locator('p').textContent()) ?? '';
    expect(text).toMatch(/^Heat 1: you are at table [AB] with \S+ and \S+$/);
    // Said once, by the panel's one live region (the line on screen is not one).
    expect(await bo.page.getByTestId('evening-news').textContent()).toContain(text);
    expect(await bo.page.locator('[data-testid="evening"] [role="status"]').count()).toBe(1);
    // The opener's Seat heat 1 gave way to her own table's button: the focus is there.
    await expect
      .poll(() => ann.page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('evening-go');
    const table = text.match(/table ([AB])/)![1];
    expect(await line.getByTestId('evening-go').textContent()).toContain(`Go to table ${table}`);
    // On the phone's first screen, without scrolling: the panel of an evening you are in comes first.
    const go = (await line.getByTestId('evening-go').boundingBox())!;
    expect(go.y + go.height).toBeLessThanOrEqual(844);
    expect(await bo.page.getByTestId('evening-heat').textContent()).toBe('Heat 1 of 2');
    await bo.page.screenshot({ path: join(shots, 'evening-your-table-390.jpg'), fullPage: true });
    expect(await serious(bo.page)).toEqual([]);

    // One tap takes the phone there; Ann goes to hers; each passes and comes back once its table ends.
    await line.getByTestId('evening-go').tap();
    await ann.page.getByTestId('evening-go').click();
    await Promise.all([passAndReturn(bo, true), passAndReturn(ann, false)]);

    // Every table of the heat ended: the standings, on both screens, and the opener's next heat.
    for (const p of [ann, bo]) {
      await p.page.getByTestId('evening-standings').waitFor({ timeout: 90_000 });
      await expect
        .poll(() => p.page.getByTestId('evening-standings').locator('h3').textContent(), { timeout: 90_000 })
        .toBe('Standings after heat 1');
      expect(await p.page.getByTestId('evening-standing').count()).toBe(6);
      const first = await p.page.getByTestId('evening-standing').first().locator('td').nth(1).textContent();
      expect(first).toMatch(/^\d+%$/);
    }
    expect(await ann.page.getByTestId('evening-next-heat').textContent()).toContain('Seat heat 2');
    // Back from the game, the focus is on the evening's heading and its news says where Bo stands.
    expect(await bo.page.evaluate(() => document.activeElement?.id)).toBe('evening-title');
    expect(await bo.page.getByTestId('evening-news').textContent()).toMatch(
      /^\s*Standings after heat 1: your place is \d of 6\. Waiting for Ann to seat heat 2\.\s*$/,
    );
    await ann.page.screenshot({ path: join(shots, 'evening-standings-1280.jpg'), fullPage: true });
    await bo.page.screenshot({ path: join(shots, 'evening-standings-390.jpg'), fullPage: true });
    expect(await serious(ann.page)).toEqual([]);
    expect(await serious(bo.page)).toEqual([]);

    // Longer words: the same lobby to watchers in Italian and Korean.
    for (const [locale, width, height] of [
      ['it-IT', 390, 844],
      ['ko-KR', 1280, 800],
      ['ko-KR', 390, 844],
    ] as const) {
      const w = await stage.player(`watch-${locale}`, width, height, { locale });
      await w.page.goto(stage.served.url);
      await w.page.getByTestId('evening-standings').waitFor({ timeout: 15_000 });
      // The bar's language choice shows its whole word on a phone's lobby ("Automatica" was cut to "Autom").
      const language = await w.page.getByTestId('language').evaluate((el) => {
        const select = el as HTMLSelectElement;
        const pen = document.createElement('canvas').getContext('2d')!;
        pen.font = getComputedStyle(select).font;
        return { text: pen.measureText(select.selectedOptions[0].text).width, box: select.clientWidth };
      });
      expect(language.box).toBeGreaterThan(language.text + 16);
      await w.page.screenshot({
        path: join(shots, `evening-standings-${width}-${locale.slice(0, 2)}.jpg`),
        fullPage: true,
      });
      expect(await serious(w.page)).toEqual([]);
      expect(w.errors).toEqual([]);
    }

    // The last heat: seated, played, and the winner said in words on both screens.
    await ann.page.getByTestId('evening-next-heat').click();
    await bo.page.getByTestId('evening-go').tap();
    await ann.page.getByTestId('evening-go').click();
    await Promise.all([passAndReturn(bo, true), passAndReturn(ann, false)]);
    for (const p of [ann, bo]) {
      await expect.poll(() => p.page.getByTestId('evening-winner').count(), { timeout: 90_000 }).toBe(1);
      expect(await p.page.getByTestId('evening-winner').textContent()).toMatch(
        /wins the evening!|share the win/,
      );
      expect(await p.page.getByTestId('evening-heat').textContent()).toBe('All 2 heats played');
      // An evening over: anyone may open the next one.
      expect(await p.page.getByTestId('evening-open').count()).toBe(1);
    }
    // Back from the last game on the phone: the evening you were in still comes first, above the name field.
    const panelTop = (await bo.page.getByTestId('evening').boundingBox())!.y;
    expect(panelTop).toBeLessThan((await bo.page.getByTestId('player-name').boundingBox())!.y);
    // First in the page's order too, so Tab and a screen reader come to it before the name field (it was
    // only drawn first: its controls came after the name field's, the tutorial's and the links).
    const evening = bo.page.getByTestId('evening');
    expect(
      await evening.evaluate(
        (panel) =>
          !!(
            panel.compareDocumentPosition(document.querySelector('[data-testid="player-name"]')!) &
            Node.DOCUMENT_POSITION_FOLLOWING
          ),
      ),
    ).toBe(true);
    const winner = (await bo.page.getByTestId('evening-winner').boundingBox())!;
    expect(winner.y + winner.height).toBeLessThanOrEqual(844);
    // On the laptop too: the evening above the name field, its winner and every row of the standings in
    // the 1280×800 window (they sat under the tutorial's offer, below its bottom).
    expect((await ann.page.getByTestId('evening').boundingBox())!.y).toBeLessThan(
      (await ann.page.getByTestId('player-name').boundingBox())!.y,
    );
    const lastRow = (await ann.page.getByTestId('evening-standing').last().boundingBox())!;
    expect(lastRow.y + lastRow.height).toBeLessThanOrEqual(800);
    await ann.page.screenshot({ path: join(shots, 'evening-winner-1280.jpg'), fullPage: true });
    await bo.page.screenshot({ path: join(shots, 'evening-winner-390.jpg'), fullPage: true });
    // The next evening may not take this one's name (its tables still show under it): said on the phone.
    await bo.page.getByTestId('evening-open').tap();
    await bo.page.getByTestId('evening-name').fill('FRIDAY night');
    await bo.page.getByTestId('evening-open-submit').tap();
    await expect
      .poll(() => bo.page.getByTestId('evening-error').textContent())
      .toBe('This host has just held an evening with that name: give this one another name.');
    await bo.page.screenshot({ path: join(shots, 'evening-name-refused-390.jpg'), fullPage: true });
    expect(await ann.page.locator('.over-name').textContent()).toBe('Friday night'); // not replaced
    expect(await serious(bo.page)).toEqual([]);
    expect([...ann.errors, ...bo.errors]).toEqual([]);
  }, 300_000);
});
