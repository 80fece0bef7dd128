import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { HandOverAsk } from '../../shared/protocol';
import { TestClient } from '../integration/helpers/client';
import {
  builtRenderer,
  describeInChromium,
  screenshotDir,
  serveHost,
  type Served,
  type Stage,
} from './harness';

/*
 * A table handed over to another host while a person sits at it on a phone: the page the old host served
 * loads the new host's page at the table by itself, the seat carried in the fragment (then cleared from
 * the address bar), and says where the table went; the room's TV, opened on the old host, goes to the new
 * host's room screen by itself. Screenshot at 390×844: test-results/screenshots/.
 */

const shots = screenshotDir();

/** Host `a` hands its tables to `b`, by the code `b` shows, as the operator would; the sender's report. */
async function handOver(a: Served, b: Served) {
  b.host.handOver.setReceiving(true);
  const codes: HandOverAsk[] = [];
  b.host.handOver.onAsked((ask) => codes.push(ask));
  const to = { address: '127.0.0.1', port: b.host.port };
  await a.host.handOver.ask(to);
  return a.host.handOver.send(to, codes[0].code);
}

/**
 * A person's seat at a new table on host `a` (made over the protocol, a bot at the other seat, started), then
 * opened on a 390×844 phone at that table, the seat in its session as a page the host served keeps it.
 */
async function seatedPhone(stage: Stage, a: Served, name: string, device: { locale?: string } = {}) {
  const maker = await TestClient.greeted(a.host.port);
  maker.send({
    type: 'createTable',
    name: `${name}’s table`,
    player: name,
    options: { players: 2, mode: 'advanced', actionRule: true },
    bots: [1],
  });
  const joined = await maker.next('joined');
  maker.send({ type: 'start' });
  await maker.next('view');
  await maker.close();
  const session = {
    url: `ws://127.0.0.1:${a.host.port}/ws`,
    tableId: joined.tableId,
    token: joined.token,
    seat: 0,
  };
  const p = await stage.player(name, 390, 844, {
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    ...device,
  });
  await p.context.addInitScript(
    ([s, port]) => {
      if (location.port === port) sessionStorage.setItem('red7.session', JSON.stringify(s));
    },
    [session, String(a.host.port)] as const,
  );
  await p.page.goto(`${a.url}#/table/${joined.tableId}`);
  await p.page.getByTestId('table-view').waitFor();
  return { p, joined };
}

describeInChromium(
  'a table that moves to another host, on a phone',
  { host: { hostName: 'Ann’s laptop' } },
  (stage) => {
    it('follows the table to the new host with its seat, and says so', { timeout: 90_000 }, async () => {
      const a = stage.served;
      const b: Served = await serveHost(await builtRenderer(), undefined, {}, { hostName: 'Bo’s computer' });
      try {
        // Each phone's seat, made over the protocol (a bot at the other seat), then opened in its browser.
        const phones = [
          { name: 'Ada', locale: 'en-US', says: 'The table moved to Bo’s computer' },
          { name: 'Bea', locale: 'it-IT', says: 'Il tavolo si è spostato su Bo’s computer' },
          { name: 'Cho', locale: 'ko-KR', says: '테이블이 Bo’s computer로 옮겨졌습니다' }, // the particle follows the name,
        ];
        const seated = [];
        for (const phone of phones) {
          const { p, joined } = await seatedPhone(stage, a, phone.name, { locale: phone.locale });
          seated.push({ ...phone, p, joined });
        }

        // The room's TV shows the old host's tables; nobody sits at it, so it must follow them by itself.
        const tv = await stage.player('TV', 1280, 720);
        await tv.page.goto(`${a.url}#/room`);
        await expect.poll(() => tv.page.getByTestId('room-table').count(), { timeout: 15_000 }).toBe(3);

        const report = await handOver(a, b);
        expect(report.moved.sort()).toEqual(seated.map((x) => x.joined.tableId).sort());

        // The TV loads the new host's room screen, which shows the same tables (it went blank before).
        await tv.page.waitForURL((u) => u.port === String(b.host.port), { timeout: 15_000 });
        expect(tv.page.url()).toBe(`${b.url}#/room`);
        await expect.poll(() => tv.page.getByTestId('room-table').count(), { timeout: 15_000 }).toBe(3);
        expect(await tv.page.locator('.room .title').textContent()).toBe('Bo’s computer');

        // Each page goes to the new host by itself, and sits at its table there.
        for (const { p, joined, says, locale } of seated) {
          await p.page.waitForURL((u) => u.port === String(b.host.port), { timeout: 15_000 });
          await p.page.getByTestId('table-view').waitFor();
          await expect.poll(() => p.page.url()).toBe(`${b.url}#/table/${joined.tableId}`);
          await p.page.getByTestId('notice').filter({ hasText: says }).waitFor();
          expect(await p.page.locator('.toasts').getAttribute('aria-live')).toBe('polite');
          expect(await p.page.evaluate(() => localStorage.getItem('red7.seats'))).toContain(joined.token);
          await p.page.screenshot({ path: join(shots, `hand-over-moved-390-${locale.slice(0, 2)}.jpg`) });
          expect(p.errors.filter((e) => !/WebSocket|ERR_CONNECTION|4003/.test(e))).toEqual([]);
        }
      } finally {
        await b.close();
      }
    });

    it(
      'a phone asleep during the move is counted, and follows the table when it opens the old page again',
      { timeout: 90_000 },
      async () => {
        const a = stage.served;
        const b: Served = await serveHost(
          await builtRenderer(),
          undefined,
          {},
          { hostName: 'Bo’s computer' },
        );
        try {
          const { p, joined } = await seatedPhone(stage, a, 'Dee');
          // The phone sleeps: its page and connection are gone while the tables move (a watcher sees it go).
          const watcher = await TestClient.greeted(a.host.port);
          watcher.send({ type: 'spectate', tableId: joined.tableId });
          await watcher.next((m) => m.type === 'table' && m.table.seatList[0].connected);
          await p.page.close();
          await watcher.next((m) => m.type === 'table' && !m.table.seatList[0].connected);
          await watcher.close();

          const report = await handOver(a, b);
          expect(report.moved).toEqual([joined.tableId]);
          expect(report.away).toBe(1);

          // It wakes at the old host's page: told where the table went, it goes there and sits again.
          const page = await p.context.newPage();
          await page.goto(`${a.url}#/table/${joined.tableId}`);
          await page.waitForURL((u) => u.port === String(b.host.port), { timeout: 15_000 });
          await page.getByTestId('table-view').waitFor();
          await expect.poll(() => page.url()).toBe(`${b.url}#/table/${joined.tableId}`);
          await page.getByTestId('notice').filter({ hasText: 'The table moved to Bo’s computer' }).waitFor();
        } finally {
          await b.close();
        }
      },
    );
  },
);
