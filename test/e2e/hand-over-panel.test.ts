import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { HandOverTarget } from '../../shared/desktop-api';
import { axeViolations, seriousTargets } from './axe';
import { describeInChromium, screenshotDir, type Player } from './harness';

/*
 * Handing tables over, the desktop side, in real Chromium: the real renderer with a stand-in `window.red7`
 * (the preload's API) whose host and hand-over the test drives. One computer switches "Take over tables" on,
 * is asked and shows the code, then has taken the tables; the other chooses it under "Hand over to…", types
 * the code read out, and sees the report. By keyboard, in en and ko, at 1280×800 and 390×844; axe clean.
 * Screenshots in test-results/screenshots/hand-over/ (or RED7_SHOTS).
 */

const SHOTS = process.env.RED7_SHOTS ?? join(screenshotDir(), 'hand-over');
const CODE = '482913';

interface FakeArg {
  locale: 'en' | 'ko';
  /** The test's real host stands in for this machine's (the lobby talks to its own host). */
  port: number;
  code: string;
  target: HandOverTarget;
  /** What main says of updates (default: off, as in development). */
  update?: { state: 'available'; version: string };
}

/** The preload's API, standing in for the desktop app; `window.__hand` records calls and fires its events. */
function fakeDesktop(arg: FakeArg): void {
  const calls: unknown[][] = [];
  let running = false;
  let receiving = false;
  const targetListeners = new Set<(e: unknown) => void>();
  const askedListeners = new Set<(a: unknown) => void>();
  const receivedListeners = new Set<(r: unknown) => void>();
  const settings: Record<string, unknown> = {
    playerName: 'Ann',
    locale: arg.locale,
    hostName: '',
    hostPort: 47470,
  };
  const off = (set: Set<unknown>, cb: unknown) => () => void set.delete(cb);
  Object.assign(window, {
    __hand: {
      calls,
      setRunning(on: boolean) {
        running = on;
      },
      target(e: unknown) {
        targetListeners.forEach((cb) => cb(e));
      },
      asked(a: unknown) {
        askedListeners.forEach((cb) => cb(a));
      },
      received(r: unknown) {
        receivedListeners.forEach((cb) => cb(r));
      },
    },
    red7: {
      tables: { subscribe: () => () => undefined, openInBrowser: async () => undefined },
      host: {
        start: async () => {
          running = true;
          return { port: arg.port, addresses: ['127.0.0.1'] };
        },
        stop: async () => {
          running = false;
        },
        status: async () =>
          running
            ? {
                running: true,
                port: arg.port,
                addresses: ['127.0.0.1'],
                name: 'Ann',
                advertising: true,
                receiving,
              }
            : { running: false },
        closeTable: async () => undefined,
        showRoomScreen: async () => undefined,
        handOverTargets(cb: (e: unknown) => void) {
          targetListeners.add(cb);
          setTimeout(() => cb({ type: 'up', target: arg.target }), 0);
          return off(targetListeners, cb);
        },
        async askHandOver(key: string) {
          calls.push(['askHandOver', key]);
          return { ok: true, value: null };
        },
        async withdrawHandOver(key: string) {
          calls.push(['withdrawHandOver', key]);
        },
        async handOver(key: string, code: string) {
          calls.push(['handOver', key, code]);
          if (code !== arg.code) return { ok: false, failure: { code: 'wrongCode', detail: 'wrong code' } };
          running = false;
          return { ok: true, value: { to: arg.target.name, moved: ['t1', 't2', 't3'], refused: [] } };
        },
        async receiveTables(on: boolean) {
          calls.push(['receiveTables', on]);
          running = true;
          receiving = on;
        },
        onHandOverAsked: (cb: (a: unknown) => void) => (askedListeners.add(cb), off(askedListeners, cb)),
        onTablesReceived: (cb: (r: unknown) => void) => (
          receivedListeners.add(cb),
          off(receivedListeners, cb)
        ),
      },
      settings: {
        get: async (key: string) => settings[key],
        set: async (key: string, value: unknown) => {
          settings[key] = value;
        },
      },
      app: {
        info: async () => ({
          name: 'Red7 LAN',
          version: '0.1.0',
          platform: 'linux',
          versions: { electron: '', chrome: '', node: '' },
          locale: arg.locale,
          packaged: false,
          dataFolder: '',
        }),
        openDataFolder: async () => undefined,
        notify: async () => false,
        keepAwake: async () => undefined,
        updateStatus: async () => arg.update ?? { state: 'off' },
        downloadUpdate: async () => undefined,
        installUpdate: async () => undefined,
      },
    },
  });
}

const calls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __hand: { calls: unknown[][] } }).__hand.calls);

const WORDS = {
  en: {
    receive: 'Take over tables',
    asked: 'Ann wants to hand their tables to you',
    left: 'Expires in',
    received: 'You now host the 3 tables from Ann.',
    handTo: 'Hand over to Bo’s computer',
    badCode: 'The code is 6 digits.',
    wrong: 'Could not hand over: that is not the code shown on the other computer.',
    moved: '3 tables moved to Bo’s computer.',
    withdrawn: 'Ann cancelled the hand-over: the code is no longer needed.',
  },
  ko: {
    receive: '테이블 넘겨받기',
    asked: 'Ann 님이 테이블을 넘기려고 합니다',
    left: '후 만료',
    received: '이제 Ann의 테이블 3개를 이 컴퓨터에서 호스트합니다.',
    handTo: 'Bo’s computer에 넘기기',
    badCode: '코드는 6자리 숫자입니다.',
    wrong: '넘기지 못했습니다: 다른 컴퓨터에 표시된 코드가 아닙니다.',
    moved: '테이블 3개를 Bo’s computer로 옮겼습니다.',
    withdrawn: 'Ann 님이 넘기기를 취소했습니다. 코드는 더 이상 필요하지 않습니다.',
  },
};

describeInChromium('handing tables over, the desktop side (Chromium)', {}, (stage) => {
  mkdirSync(SHOTS, { recursive: true });
  const target: HandOverTarget = {
    key: 'bo (1a2b3c)._red7-takeover._tcp.local',
    name: 'Bo’s computer',
    address: '10.0.0.9',
    port: 47470,
    protocol: 1,
  };

  const open = async (
    width: number,
    height: number,
    locale: 'en' | 'ko',
    update?: FakeArg['update'],
  ): Promise<Player> => {
    const phone: BrowserContextOptions =
      width < 500 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {};
    const p = await stage.player(`${locale} ${width}`, width, height, {
      ...phone,
      locale: locale === 'ko' ? 'ko-KR' : 'en-US',
    });
    await p.context.addInitScript(fakeDesktop, {
      locale,
      port: stage.served.host.port,
      code: CODE,
      target,
      update,
    } satisfies FakeArg);
    await p.page.goto(stage.served.url);
    await p.page.getByTestId('hand-over').waitFor();
    return p;
  };

  it.each([
    { width: 1280, height: 800, locale: 'en' as const },
    { width: 1280, height: 800, locale: 'ko' as const },
    { width: 390, height: 844, locale: 'en' as const },
    { width: 390, height: 844, locale: 'ko' as const },
  ])(
    'at $width×$height ($locale): take over by the switch and show the code; hand over by the code read out',
    { timeout: 60_000 },
    async ({ width, height, locale }) => {
      const words = WORDS[locale];
      const size = `${width}x${height}-${locale}`;
      const { page, errors } = await open(width, height, locale);

      // Receiving: a switch, named, toggled by the keyboard.
      const sw = page.getByRole('switch', { name: words.receive });
      await sw.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => calls(page)).toEqual([['receiveTables', true]]);
      await expect.poll(() => sw.isChecked()).toBe(true);
      // The address the sender's person types, when theirs is a host run by `npm run host`.
      await expect.poll(() => page.getByTestId('receive-address').textContent()).toMatch(/127\.0\.0\.1:\d+/);
      await page.evaluate(
        (code) =>
          (window as unknown as { __hand: { asked(a: unknown): void } }).__hand.asked({
            from: 'Ann',
            code,
            expiresAt: Date.now() + 118_000,
          }),
        CODE,
      );
      const asked = page.getByTestId('hand-over-asked');
      await asked.waitFor();
      await expect(asked.textContent()).resolves.toContain(words.asked);
      await expect(page.getByTestId('hand-over-code').textContent()).resolves.toContain(CODE);
      // The code sits in a live region, read digit by digit; the countdown outside it.
      await expect(
        asked.evaluate((el) => el.closest('[aria-live]')?.getAttribute('aria-live')),
      ).resolves.toBe('polite');
      await expect(page.getByText(words.left).textContent()).resolves.toMatch(/1:5\d|2:00/);
      await page.getByTestId('hand-over').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/receive-asked-${size}.jpg`, fullPage: width < 500 });
      expect(seriousTargets(await axeViolations(page))).toEqual([]);

      await page.evaluate(() =>
        (window as unknown as { __hand: { received(r: unknown): void } }).__hand.received({
          from: 'Ann',
          tables: 3,
        }),
      );
      await expect.poll(() => page.getByTestId('tables-received').textContent()).toContain(words.received);
      await expect(asked.count()).resolves.toBe(0);
      await page.screenshot({ path: `${SHOTS}/receive-done-${size}.jpg`, fullPage: width < 500 });

      // Sending: this computer hosts (it took tables), and Bo's computer takes tables over.
      const choose = page.getByRole('button', { name: words.handTo });
      await choose.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => calls(page)).toContainEqual(['askHandOver', target.key]);
      const field = page.getByTestId('hand-over-code-input');
      await field.waitFor();
      // The computer's button went: the focus is on the code's field, not lost to the page's top.
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
      await expect.poll(focused).toBe('hand-over-code-input');
      // The field is labelled with where the code is shown.
      await expect(
        field.evaluate((el: HTMLInputElement) => el.labels?.[0]?.textContent ?? ''),
      ).resolves.toContain('Bo’s computer');
      await field.fill('4829');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByText(words.badCode).count()).toBe(1);
      await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
      await field.fill('111111');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('alert').first().textContent()).toContain(words.wrong);
      await expect.poll(focused).toBe('hand-over-code-input'); // given back once the wrong code is refused
      await page.screenshot({ path: `${SHOTS}/send-code-${size}.jpg`, fullPage: width < 500 });
      expect(seriousTargets(await axeViolations(page))).toEqual([]);

      await field.fill(CODE);
      await page.keyboard.press('Enter');
      const report = page.getByTestId('hand-over-report');
      await report.waitFor();
      await expect(report.getAttribute('role')).resolves.toBe('status');
      await expect
        .poll(() =>
          page.evaluate(() => document.activeElement?.closest('[data-testid="hand-over-report"]') !== null),
        )
        .toBe(true);
      await expect(report.textContent()).resolves.toContain(words.moved);
      expect((await calls(page)).filter((c) => c[0] === 'handOver')).toEqual([
        ['handOver', target.key, '111111'],
        ['handOver', target.key, CODE],
      ]);
      await report.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/send-report-${size}.jpg`, fullPage: width < 500 });
      expect(seriousTargets(await axeViolations(page))).toEqual([]);
      // Done, by the keyboard: the report goes, and the focus is on the panel's switch (this computer no
      // longer hosts, so there is no computer to choose), not lost to the page's top.
      await page.keyboard.press('Enter');
      await expect.poll(() => report.count()).toBe(0);
      await expect.poll(focused).toBe('receive-tables');
      expect(errors).toEqual([]);
    },
  );

  it.each([
    { width: 1280, height: 800, locale: 'en' as const },
    { width: 390, height: 844, locale: 'ko' as const },
  ])(
    'at $width×$height ($locale): Cancel takes the ask back; an ask taken back over there shows no code, and says so',
    { timeout: 60_000 },
    async ({ width, height, locale }) => {
      const words = WORDS[locale];
      const { page, errors } = await open(width, height, locale);
      const hand = (what: 'asked', arg: unknown) =>
        page.evaluate(
          ([w, a]) => (window as unknown as { __hand: Record<string, (a: unknown) => void> }).__hand[w](a),
          [what, arg] as const,
        );
      await page.getByRole('switch', { name: words.receive }).click();
      await expect.poll(() => calls(page)).toEqual([['receiveTables', true]]);
      const ask = { from: 'Ann', code: CODE, expiresAt: Date.now() + 118_000 };
      await hand('asked', ask);
      await page.getByTestId('hand-over-code').waitFor();
      // Ann's person pressed Cancel: the code goes, and the live region says why, instead of a countdown.
      await hand('asked', { ...ask, withdrawn: true });
      const withdrawn = page.getByTestId('hand-over-withdrawn');
      await expect.poll(() => withdrawn.textContent()).toContain(words.withdrawn);
      expect(await page.getByTestId('hand-over-code').count()).toBe(0);
      expect(await page.getByText(CODE).count()).toBe(0);
      expect(await page.getByText(words.left).count()).toBe(0);
      expect(await page.getByText(words.asked).count()).toBe(0);
      await expect(
        withdrawn.evaluate((el) => el.closest('[aria-live]')?.getAttribute('aria-live')),
      ).resolves.toBe('polite');
      await page.getByTestId('hand-over').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/receive-withdrawn-${width}x${height}-${locale}.jpg` });
      expect(seriousTargets(await axeViolations(page))).toEqual([]);
      // A new ask shows its code again.
      await hand('asked', { ...ask, code: '135790' });
      await expect.poll(() => page.getByTestId('hand-over-code').textContent()).toContain('135790');
      expect(await withdrawn.count()).toBe(0);

      // This computer's Cancel at the code step: the bridge is told to take the ask back.
      await page.getByRole('button', { name: words.handTo }).click();
      await page.getByTestId('hand-over-code-input').waitFor();
      await page
        .getByTestId('hand-over')
        .getByRole('button', { name: locale === 'en' ? 'Cancel' : '취소' })
        .click();
      await expect.poll(() => page.getByTestId('hand-over-code-input').count()).toBe(0);
      expect((await calls(page)).filter((c) => c[0] !== 'receiveTables')).toEqual([
        ['askHandOver', target.key],
        ['withdrawHandOver', target.key],
      ]);
      expect(errors).toEqual([]);
    },
  );

  it(
    'the lobby offers an update found at start (never a table): labelled, axe clean',
    { timeout: 60_000 },
    async () => {
      for (const locale of ['en', 'ko'] as const) {
        const { page, errors } = await open(1280, 800, locale, { state: 'available', version: '0.2.0' });
        const offer = page.getByTestId('update-offer');
        await offer.waitFor({ timeout: 10_000 }).catch(async (error) => {
          throw new Error(`${String(error)}; page errors: ${errors.join(' | ')}`);
        });
        await expect(offer.textContent()).resolves.toContain('Red7 LAN 0.2.0');
        await page.screenshot({ path: `${SHOTS}/update-offer-1280x800-${locale}.jpg` });
        expect(seriousTargets(await axeViolations(page))).toEqual([]);
        expect(errors).toEqual([]);
      }
    },
  );

  it('a browser page has not the desktop panel (on loopback it has the operator’s: operator-hand-over.test.ts)', async () => {
    const p = await stage.player('browser', 1280, 800);
    await p.page.goto(stage.served.url);
    await p.page.locator('#host-title').waitFor();
    await expect(p.page.getByTestId('hand-over').count()).resolves.toBe(0);
  });
});
