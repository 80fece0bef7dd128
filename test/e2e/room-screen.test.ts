import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TableOptions } from '../../shared/protocol';
import { TestClient } from '../integration/helpers/client';
import { eveningWhere, person, playTables, takeSeats } from '../integration/helpers/evening';
import { moveMessage } from '../integration/helpers/play';
import { rng } from '../helpers/random';
import { axeViolations } from './axe';
import { describeInChromium, keepDownload, screenshotDir } from './harness';

/*
 * The room screen (`#/room`) in real Chromium against a real host with two tables in play, each a person
 * (a Node client that keeps playing) and bots: both tables shown live, moves arriving as they are made,
 * nothing but what a watcher may see ever reaching the page, from the lobby's link, at a TV's 1920×1080
 * and 1280×720 and in Korean; axe finds nothing serious. Then an evening of six (two tables of three with
 * the same cards): its tables shown by who sits there and never by their cards, the standings and the
 * same cards side by side once both have ended. Screenshots: room-<width>[-<lang>].jpg, room-evening-*.jpg.
 */

const shots = screenshotDir();
const LAN = '10.77.0.9';

describeInChromium(
  'the room screen',
  {
    host: {
      bind: '0.0.0.0',
      interfaces: () => ({
        lo: [{ address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/8' }],
        eth0: [{ address: LAN, netmask: '255.255.255.0', family: 'IPv4', mac: '02:00:00:00:00:09', internal: false, cidr: `${LAN}/24` }],
      }), // prettier-ignore
    },
  },
  (stage) => {
    const people: TestClient[] = [];
    let playing = true;
    const port = () => Number(new URL(stage.served.url).port);

    /** A table of one person and bots, started; the person plays on by themselves (never a pass while another move keeps them in). */
    async function tableOf(
      name: string,
      player: string,
      options: TableOptions,
      bots: number[],
    ): Promise<string> {
      const c = await TestClient.greeted(port());
      c.send({ type: 'createTable', name, player, options: { ...options, botPace: 'fast' }, bots });
      const { tableId } = await c.next('joined');
      c.send({ type: 'start' });
      people.push(c);
      void (async () => {
        let sent = -1;
        while (playing) {
          const v = c.view;
          if (v?.gameOver) c.send({ type: 'rematch' });
          else if (v && v.legalMoves.length > 0 && sent !== v.moveCount) {
            sent = v.moveCount;
            c.send(moveMessage(v.legalMoves.find((m) => m.type !== 'pass') ?? v.legalMoves[0], v.moveCount));
          }
          await new Promise((r) => setTimeout(r, 400));
        }
      })();
      return tableId;
    }

    beforeAll(async () => {
      await tableOf('Table A', 'Ada', { players: 3, mode: 'basic', actionRule: false }, [1, 2]);
      await tableOf('Table B', 'Bo', { players: 4, mode: 'advanced', actionRule: true }, [1, 2, 3]);
    });
    afterAll(async () => {
      playing = false;
      await Promise.all(people.map((c) => c.close()));
    });

    /** Every frame the page's sockets receive, parsed. */
    function framesOf(page: Page): Record<string, unknown>[] {
      const frames: Record<string, unknown>[] = [];
      page.on('websocket', (ws) =>
        ws.on('framereceived', (f) => {
          if (typeof f.payload === 'string') frames.push(JSON.parse(f.payload) as Record<string, unknown>);
        }),
      );
      return frames;
    }

    const moves = (page: Page) =>
      page
        .getByTestId('room-table')
        .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-moves') || -1)));

    it('at 1920×1080, from the lobby: both tables live, moves arriving, only public cards ever sent', async () => {
      const tv = await stage.player('TV', 1920, 1080);
      const frames = framesOf(tv.page);
      const { page } = tv;
      await page.goto(stage.served.url);
      await page.getByTestId('lobby-room').click();
      await page.getByTestId('room-screen').waitFor();
      expect(new URL(page.url()).hash).toBe('#/room');
      await expect.poll(() => page.getByTestId('room-table').count(), { timeout: 15_000 }).toBe(2);
      await expect
        .poll(() => page.getByTestId('room-table').locator('h2').allTextContents())
        .toEqual(['Table A', 'Table B']);
      // Each table's seats, by name, with their palettes and the rule.
      await expect.poll(() => page.getByTestId('room-seat').count(), { timeout: 15_000 }).toBe(7);
      const seatText = await page.getByTestId('room-seat').allTextContents();
      expect(seatText[0]).toContain('Ada');
      expect(seatText[3]).toContain('Bo');
      expect(await page.getByTestId('room-rule').count()).toBe(2);
      // Table A's games are one round: between a game's end and its rematch it is not playing for a moment.
      await expect
        .poll(() => page.getByTestId('room-summary').textContent(), { timeout: 15_000 })
        .toContain('2 tables playing');
      // Where to join: the host's page on its LAN address, with a QR code.
      expect(await page.getByTestId('room-join').textContent()).toContain(`http://${LAN}:`);
      expect(await page.getByTestId('room-join').locator('svg').count()).toBe(1);

      // Moves arrive without anything pressed: each table's count goes on.
      const before = await moves(page);
      await expect
        .poll(async () => (await moves(page)).every((n, i) => n > before[i]), { timeout: 20_000 })
        .toBe(true);
      await page.screenshot({ path: join(shots, 'room-1920.jpg') });

      // No controls on a TV: nothing to press inside the room screen.
      expect(await page.getByTestId('room-screen').locator('button, input, select').count()).toBe(0);
      const serious = (await axeViolations(page)).filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      );
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

      // What reached the page: watchers' views only: no hand, no seat, no token, no seed.
      const views = frames
        .filter((f) => f.type === 'view')
        .map((f) => f.view as { hand: unknown[]; seat: unknown });
      expect(views.length).toBeGreaterThanOrEqual(2);
      for (const v of views) expect([v.hand, v.seat]).toEqual([[], null]);
      for (const f of frames.filter((x) => x.type === 'viewDelta'))
        expect(Object.keys(f.set as object)).not.toContain('hand');
      const text = JSON.stringify(frames);
      expect(text).not.toMatch(/"token"|"seed"|"deck"\s*:\s*\[/);
      // Listed among each table's watchers under the screen's name.
      expect(
        frames.some((f) => f.type === 'table' && JSON.stringify(f).includes('"watching":["Room screen"]')),
      ).toBe(true);
      expect(tv.errors).toEqual([]);
    }, 90_000);

    it('at 1280×720 and in Korean at 1920×1080: both tables, nothing sticking out sideways', async () => {
      for (const [width, height, locale] of [
        [1280, 720, 'en-US'],
        [1920, 1080, 'ko-KR'],
      ] as const) {
        const tv = await stage.player(`TV ${width} ${locale}`, width, height, { locale });
        const { page } = tv;
        await page.goto(`${stage.served.url}#/room`);
        await expect.poll(() => page.getByTestId('room-seat').count(), { timeout: 15_000 }).toBe(7);
        if (locale === 'ko-KR')
          await expect
            .poll(() => page.getByTestId('room-summary').textContent(), { timeout: 15_000 })
            .toContain('테이블 2개');
        // Nothing sticks out sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        await page.waitForTimeout(600); // a card landing settles
        await page.screenshot({ path: join(shots, `room-${width}${locale === 'en-US' ? '' : '-ko'}.jpg`) });
        const serious = (await axeViolations(page)).filter(
          (v) => v.impact === 'serious' || v.impact === 'critical',
        );
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
          [],
        );
        expect(tv.errors).toEqual([]);
      }
    }, 90_000);

    it('an evening of six: two tables of three with the same cards, no card shown until both end, then the standings', async () => {
      const settings = {
        name: 'Friday night',
        game: { mode: 'basic' as const, actionRule: false },
        prefer: 3 as const,
        heats: 2,
      };
      const opener = await person(port(), 'Ivy', settings);
      const six = [opener];
      for (const name of ['Jun', 'Kai', 'Lea', 'Max', 'Noa']) six.push(await person(port(), name));
      for (const p of six) people.push(p.client);
      const tv = await stage.player('TV evening', 1920, 1080);
      const frames = framesOf(tv.page);
      const { page } = tv;
      // The lobby lists the evening with a link and QR code of its own (the host's page on its LAN address).
      await page.goto(stage.served.url);
      await page.getByTestId('evening-invite').locator('summary').click();
      expect(await page.getByTestId('evening-invite-url').textContent()).toMatch(
        new RegExp(`^http://${LAN.replaceAll('.', '\\.')}:\\d+/$`),
      );
      expect(await page.getByTestId('evening-invite').locator('svg').count()).toBe(1);
      await page.screenshot({ path: join(shots, 'evening-invite-1920.jpg') });
      await page.goto(`${stage.served.url}#/room`);
      // The page's first load, its socket and the evening's first message: seconds on a busy machine.
      await expect
        .poll(() => page.getByTestId('room-evening-stage').textContent(), { timeout: 15_000 })
        .toBe('2 heats to play');

      opener.client.send({ type: 'nextHeat' });
      const tables = await takeSeats(six, 1);
      await expect.poll(() => page.getByTestId('room-heat-table').count(), { timeout: 15_000 }).toBe(2);
      await expect
        .poll(() => page.getByTestId('room-evening-stage').textContent(), { timeout: 15_000 })
        .toBe('Heat 1 of 2');
      expect(await page.getByTestId('room-heat-table').locator('h2').allTextContents()).toEqual([
        'Table A',
        'Table B',
      ]);
      // Everyone seated there, by name; no card of either table (another holds the same ones).
      const seated = (await page.getByTestId('room-heat-table').allTextContents()).join(' ');
      for (const p of six) expect(seated).toContain(p.name);
      expect(await page.getByTestId('room-heat-table').locator('.card').count()).toBe(0);
      await page.screenshot({ path: join(shots, 'room-evening-playing-1920.jpg') });

      // Table A plays to its end first: still nothing of its cards while B plays on.
      const [a, b] = [...tables.values()];
      await playTables(new Map([['a', a]]), rng(5));
      await expect
        .poll(() => page.locator('[data-testid="room-heat-table"][data-state="ended"]').count(), {
          timeout: 15_000,
        })
        .toBe(1);
      expect(await page.getByTestId('room-same-cards').count()).toBe(0);
      // Its results are in the standings, said to be so far: the other table still plays.
      await expect
        .poll(() => page.getByTestId('room-standings-caption').textContent())
        .toMatch(/^\s*Standings so far: table [AB] still playing\s*$/);
      await playTables(new Map([['b', b]]), rng(6));
      await eveningWhere(opener.client, (e) => e.heatInPlay === null);
      await expect.poll(() => page.getByTestId('room-same-cards').count(), { timeout: 15_000 }).toBe(1);
      await expect
        .poll(() => page.getByTestId('room-evening-stage').textContent(), { timeout: 15_000 })
        .toBe('Heat 1 of 2 is over');
      // Standings: all six, each with a share of what anyone did with the same cards.
      await expect.poll(() => page.getByTestId('room-standings').locator('tbody tr').count()).toBe(6);
      expect((await page.getByTestId('room-standings-caption').textContent())?.trim()).toBe('Standings');
      const compared = (await page.getByTestId('room-same-cards').textContent())!;
      expect(compared).toMatch(/Seat 1's cards:.* at A.* at B|Seat 1's cards:.* at B.* at A/);
      await page.screenshot({ path: join(shots, 'room-evening-after-1920.jpg') });
      const serious = (await axeViolations(page)).filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      );
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

      // The room screen never watched an evening's table (the other tables' views are watchers' views).
      const heatIds = new Set(
        frames.flatMap((f) =>
          f.type === 'tables'
            ? (f.tables as { id: string; evening?: unknown }[]).filter((x) => x.evening).map((x) => x.id)
            : [],
        ),
      );
      expect(heatIds.size).toBe(2);
      expect(frames.filter((f) => heatIds.has(f.tableId as string))).toEqual([]);
      expect(JSON.stringify(frames)).not.toMatch(/"token"/);

      // Both tables ended: their games are in the history, each saying where in the evening it was played.
      await page.goto(`${stage.served.url}#/history`);
      await expect
        .poll(() => page.getByTestId('history-evening').allTextContents(), { timeout: 15_000 })
        .toEqual(expect.arrayContaining(['Friday night: heat 1, table A', 'Friday night: heat 1, table B']));
      // The history knows the evening: its games alone at a press, every game again at a second.
      const onlyEvening = page.getByTestId('history-evening-filter');
      await expect.poll(() => onlyEvening.textContent()).toBe('Friday night: 2 games');
      await onlyEvening.click();
      await expect.poll(() => page.getByTestId('history-game').count()).toBe(2);
      expect(await onlyEvening.getAttribute('aria-pressed')).toBe('true');
      const serious2 = (await axeViolations(page)).filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      );
      expect(serious2.map((v) => v.id)).toEqual([]);
      await page.screenshot({ path: join(shots, 'history-evening-1920.jpg') });

      // Saved as one file, and opened again: the evening's games, each replayed from the file.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('save-evening').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^red7-evening-\d{4}-\d\d-\d\d-Friday-night\.json$/);
      const savedFile = await keepDownload(download, stage.scratch);
      const saved = JSON.parse(readFileSync(savedFile, 'utf8')) as {
        format: string;
        name: string;
        games: { evening: { table: string } }[];
      };
      expect([saved.format, saved.name, saved.games.map((g) => g.evening.table).sort()]).toEqual([
        'red7-lan/evening',
        'Friday night',
        ['A', 'B'],
      ]);
      await expect.poll(() => page.getByTestId('save-evening-said').textContent()).toContain('(2 games)');
      await page.getByTestId('open-saved-game').setInputFiles(savedFile);
      await expect.poll(() => page.getByTestId('opened-evening-game').count()).toBe(2);
      await page.getByTestId('opened-evening-game').first().click();
      await expect
        .poll(() => page.getByTestId('replay-view').getAttribute('data-status'), { timeout: 10_000 })
        .toBe('ready');
      await page.goBack();
      await page.getByTestId('history-list').waitFor();
      await page.getByTestId('history-evening-filter').waitFor();
      if ((await onlyEvening.getAttribute('aria-pressed')) === 'false') await onlyEvening.click();
      await onlyEvening.click();
      await expect.poll(() => page.getByTestId('history-game').count()).toBeGreaterThan(2);
      expect(tv.errors).toEqual([]);
    }, 120_000);
  },
);
