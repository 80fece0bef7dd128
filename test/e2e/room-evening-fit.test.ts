import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { eveningWhere, person, playTables, takeSeats } from '../integration/helpers/evening';
import { rng } from '../helpers/random';
import { axeViolations } from './axe';
import { describeInChromium, screenshotDir } from './harness';

/*
 * A TV does not scroll: after a heat of twelve people (three tables of four), the room screen holds the
 * tables, the standings (ten rows and "…and 2 more") and the heat's same cards side by side within the
 * screen, at 1280×800 in Korean and 1920×1080 in Italian, with long names. At 12 the same-cards lines ran
 * past the bottom of both while they sat in the evening's column. The standings use the room: names on one
 * line, figures aligned, type readable from across it (in a fixed 27em column names wrapped beside empty
 * felt). On a 720p TV in English the same cards' lines ran 79 px past the bottom: the screen's type is made
 * just small enough to fit (fitToScreen.ts), and left as designed where all of it fits. Screenshots:
 * room-fit-*.jpg.
 */

const shots = screenshotDir();

/**
 * The heat's tables as laid out: how many stand in the fullest row, and the names (in the tables, and kept
 * whole in a sentence) that break over two lines.
 */
const heatTables = (page: Page) =>
  page.evaluate(() => {
    const lines = (el: Element) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    };
    const names = document.querySelectorAll(
      '[data-testid="room-heat-table"] .name, [data-testid="room-screen"] .whole',
    );
    const tops = [...document.querySelectorAll('[data-testid="room-heat-table"]')].map((el) =>
      Math.round(el.getBoundingClientRect().top),
    );
    return {
      names: names.length,
      wrapped: [...names].filter((el) => lines(el) > 1).map((el) => el.textContent),
      perRow: Math.max(...tops.map((top) => tops.filter((x) => x === top).length)),
    };
  });

/** The lowest bottom of anything on the room screen. */
const bottom = (page: Page) =>
  page.evaluate(() =>
    Math.max(
      ...[...document.querySelectorAll('[data-testid="room-screen"] *')].map(
        (el) => el.getBoundingClientRect().bottom,
      ),
    ),
  );

describeInChromium('the room screen fits a big evening', {}, (stage) => {
  it('twelve people after heat 1: nothing past the bottom of the screen', async () => {
    const port = Number(new URL(stage.served.url).port);
    const settings = {
      name: '금요일 밤의 긴 대회 이름',
      game: { mode: 'basic' as const, actionRule: false },
      prefer: 4 as const,
      heats: 2,
    };
    const names = [
      'Zed',
      'Ann',
      '김수한무거북이와두루미삼천갑자동방삭치치카포사리',
      'Dev',
      'Fabrizio',
      'Chloé',
      'Eun-ji',
      'Fay',
      'Hal',
      'Ida',
    ];
    const people = [await person(port, 'Bartolomeo Vanzetti Ross', settings)];
    for (const name of [...names, 'Maximiliano Ortega']) people.push(await person(port, name));
    people[0].client.send({ type: 'nextHeat' });
    await playTables(await takeSeats(people, 1), rng(3));
    await eveningWhere(people[0].client, (e) => e.heatInPlay === null);
    for (const [width, height, locale] of [
      [1280, 800, 'ko-KR'],
      [1920, 1080, 'it-IT'],
      [1280, 720, 'en-GB'],
    ] as const) {
      const tv = await stage.player(`TV ${width} ${locale}`, width, height, { locale });
      const { page } = tv;
      await page.goto(`${stage.served.url}#/room`);
      await page.getByTestId('room-same-cards').waitFor({ timeout: 15_000 });
      await expect.poll(() => page.getByTestId('room-standings').locator('tbody tr').count()).toBe(10);
      expect(await page.getByTestId('room-more-rows').textContent()).toContain('2');
      await page.waitForTimeout(300); // fonts and the last frame settle
      // Polled: the type is fitted once the screen has laid out what it shows (a frame after each change).
      await expect.poll(() => bottom(page), { timeout: 5_000 }).toBeLessThanOrEqual(height);
      await page.screenshot({ path: join(shots, `room-fit-${width}-${locale.slice(0, 2)}.jpg`) });
      // The standings use the room: every name on one line (at a fixed 27em column the long ones wrapped
      // beside empty felt), figures right-aligned in columns, type that reads from across the room.
      const standings = await page.getByTestId('room-standings').evaluate((table) => {
        const lines = (el: Element) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        };
        const rows = [...table.querySelectorAll('tbody tr')];
        const rightEdges = (col: number) =>
          new Set(rows.map((r) => Math.round(r.children[col].getBoundingClientRect().right))).size;
        return {
          wrapped: rows
            .map((r) => r.querySelector('th')!)
            .filter((th) => lines(th) > 1)
            .map((th) => th.textContent),
          figureAlign: [0, 2, 3].map((col) => getComputedStyle(rows[0].children[col]).textAlign),
          edges: [0, 2, 3].map(rightEdges),
          fontPx: parseFloat(getComputedStyle(rows[0]).fontSize),
        };
      });
      expect(standings.wrapped).toEqual([]);
      // No name anywhere breaks over two lines (24 letters, Korean too: a Korean name broke between syllables).
      const tables = await heatTables(page);
      expect(tables.names).toBeGreaterThanOrEqual(12);
      expect(tables.wrapped).toEqual([]);
      expect(standings.figureAlign).toEqual(['end', 'end', 'end']);
      expect(standings.edges).toEqual([1, 1, 1]);
      expect(standings.fontPx).toBeGreaterThanOrEqual(width >= 1920 ? 24 : height >= 800 ? 17 : 15);
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(height);
      const serious = (await axeViolations(page)).filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      );
      expect(serious.map((v) => v.id)).toEqual([]);
      expect(tv.errors).toEqual([]);
    }
    await Promise.all(people.map((p) => p.client.close()));
  }, 120_000);
});

/*
 * Two tables of four on a 1920×1080 TV, while they play and once the evening is over: side by side beside the
 * evening (a grid of 24em columns stacked them, a screen's width of felt beside), every name on one line, the
 * winners' too. On a 720p TV too the screen fits without scrolling. Screenshots: room-pair-*.jpg.
 */
describeInChromium('the room screen lays an evening out across a TV', {}, (stage) => {
  it('eight people in two tables: side by side at 1920×1080, no name broken', async () => {
    const port = Number(new URL(stage.served.url).port);
    const settings = {
      name: 'Venerdì sera',
      game: { mode: 'basic' as const, actionRule: false },
      prefer: 4 as const,
      heats: 1,
    };
    const names = ['김수한무거북이와두루미', 'Maximiliano Ortega', 'Ann', 'Chloé Dubois', 'Wolfgang Mozart'];
    const people = [await person(port, 'Bartolomeo Vanzetti', settings)];
    for (const name of [...names, 'Eun-ji Park', 'Hal']) people.push(await person(port, name));
    people[0].client.send({ type: 'nextHeat' });
    const tables = await takeSeats(people, 1);
    const look = async (when: string) => {
      for (const [width, height, locale] of [
        [1920, 1080, 'it-IT'],
        [1920, 1080, 'ko-KR'],
        [1280, 720, 'en-GB'],
      ] as const) {
        const tv = await stage.player(`TV ${when} ${width} ${locale}`, width, height, { locale });
        const { page } = tv;
        await page.goto(`${stage.served.url}#/room`);
        await expect.poll(() => page.getByTestId('room-heat-table').count(), { timeout: 15_000 }).toBe(2);
        if (when === 'over') await page.getByTestId('room-same-cards').waitFor({ timeout: 15_000 });
        await expect.poll(() => bottom(page), { timeout: 5_000 }).toBeLessThanOrEqual(height);
        // Taken first, so that a screen that fails the checks below is there to look at.
        await page.screenshot({ path: join(shots, `room-pair-${when}-${width}-${locale.slice(0, 2)}.jpg`) });
        const laid = await heatTables(page);
        expect(laid.names).toBeGreaterThanOrEqual(8);
        expect(laid.wrapped).toEqual([]);
        if (width >= 1920) expect(laid.perRow, `${when}, ${locale}`).toBe(2);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        expect(tv.errors).toEqual([]);
        await tv.context.close();
      }
    };
    await look('playing');
    await playTables(tables, rng(3));
    await eveningWhere(people[0].client, (e) => e.over);
    await look('over');
    await Promise.all(people.map((p) => p.client.close()));
  }, 120_000);
});
