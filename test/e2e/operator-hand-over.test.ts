import { createServer, type Socket } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { PROTOCOL_VERSION, type HandOverAsk, type ServerMessage } from '../../shared/protocol';
import { TestClient } from '../integration/helpers/client';
import { gate, holdingProxy } from '../integration/helpers/hand-over';
import { axeViolations, seriousTargets } from './axe';
import {
  builtRenderer,
  describeInChromium,
  onTheLan,
  screenshotDir,
  serveHost,
  type Served,
} from './harness';

/*
 * `npm run host`'s operator, at the host's own page on its own computer (http://127.0.0.1:PORT/), hands
 * its tables over: types the receiver's address, asks, types the code read out there, sends, reads the
 * report; a seated player follows the table. A page opened at the host's LAN address never offers it.
 * Screenshots at 1280×800 (en), the old host's lobby after it at 390×844 and 1280×800 (en), and a refusal
 * at 390×844 and 1280×800 (ko, it):
 * test-results/screenshots/operator-hand-over-*.jpg.
 */

const shots = screenshotDir();
const lan = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

describeInChromium(
  "handing the tables over from the host's own page",
  { host: { hostName: 'Ann’s laptop', bind: '0.0.0.0' } },
  (stage) => {
    it('moves the tables to the typed address, and the players follow', { timeout: 90_000 }, async () => {
      const a = stage.served;
      const b: Served = await serveHost(await builtRenderer(), undefined, {}, { hostName: 'Bo’s computer' });
      try {
        b.host.handOver.setReceiving(true);
        const codes: HandOverAsk[] = [];
        b.host.handOver.onAsked((ask) => codes.push(ask));

        // A seated player at a table of this host (a bot in the other seat).
        const ada = await TestClient.greeted(a.host.port);
        ada.send({
          type: 'createTable',
          name: 'Ada’s table',
          player: 'Ada',
          options: { players: 2, mode: 'advanced', actionRule: true },
          bots: [1],
        });
        const joined = await ada.next('joined');
        ada.send({ type: 'start' });
        await ada.next('view');

        const { page, errors } = await stage.player('Operator', 1280, 800);
        await page.goto(`http://127.0.0.1:${a.host.port}/`);
        // Opened by its button; its address field then has the focus.
        await page.getByRole('button', { name: 'Hand over this host’s tables…' }).click();
        const panel = page.getByTestId('operator-hand-over');
        await panel.waitFor();
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.id))
          .toBe('operator-hand-over-address');
        expect(await page.getByTestId('hand-over').count()).toBe(0); // not the desktop's panel
        // The address hint is there, its flag as code (an unresolved <i18n-t> once left it empty).
        const hint = panel.locator('#operator-hand-over-address-hint');
        expect(await hint.textContent()).toMatch(/^ADDRESS or ADDRESS:PORT, as shown on its screen/);
        expect(await hint.locator('code').textContent()).toBe('--receive');

        // A mistyped address is caught before anything is asked.
        const address = page.getByLabel('The other computer’s address');
        await address.fill('not an address!');
        await page.getByRole('button', { name: 'Ask for its code' }).click();
        await panel.getByText('Type the address shown on the other computer').waitFor();
        expect(await address.getAttribute('aria-invalid')).toBe('true');

        const to = `127.0.0.1:${b.host.port}`;
        await address.fill(to);
        await page.screenshot({ path: join(shots, 'operator-hand-over-address-1280-en.jpg') });
        expect(seriousTargets(await axeViolations(page))).toEqual([]);
        await address.press('Enter');
        // The code step names the other computer as its person knows it (its host's name), not by the address.
        const code = page.getByLabel('The 6-digit code shown on Bo’s computer');
        await code.waitFor();
        await panel
          .getByText('Ask the person at Bo’s computer to read out the code on their screen.')
          .waitFor();
        await expect.poll(() => codes.length).toBe(1);
        // By the keyboard: the code's field has the focus (the address's form went), and has it again,
        // the wrong digits selected, once a wrong code is refused.
        const focused = () => page.evaluate(() => document.activeElement?.id);
        await expect.poll(focused).toBe('operator-hand-over-code');
        const wrong = codes[0].code === '000000' ? '111111' : '000000';
        await page.keyboard.type(wrong);
        await page.keyboard.press('Enter');
        await panel.getByTestId('hand-over-failure').waitFor();
        expect(await panel.getByTestId('hand-over-failure').getAttribute('data-code')).toBe('wrongCode');
        await expect.poll(focused).toBe('operator-hand-over-code');
        expect(await code.evaluate((el: HTMLInputElement) => el.selectionEnd! - el.selectionStart!)).toBe(6);
        await code.fill(codes[0].code);
        await page.screenshot({ path: join(shots, 'operator-hand-over-code-1280-en.jpg') });
        expect(seriousTargets(await axeViolations(page))).toEqual([]);
        await page.getByRole('button', { name: 'Hand over my tables' }).click();

        const report = page.getByTestId('operator-hand-over-report');
        await report.getByText('1 table moved to Bo’s computer.').waitFor();
        // Ada was there to be told: nobody is waited for, and the host may be stopped.
        expect(await report.getByTestId('operator-hand-over-stop').textContent()).toBe(
          'Everyone at those tables was sent on. This host may now be stopped; while it runs, anyone who opens its page is told where the tables went.',
        );
        expect(await report.getByTestId('hand-over-away').count()).toBe(0);
        // The form went with the send: the focus is on the report's button, not lost to the page's top.
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
          .toBe('Done');
        await page.screenshot({ path: join(shots, 'operator-hand-over-report-1280-en.jpg') });
        expect(seriousTargets(await axeViolations(page))).toEqual([]);
        expect(b.host.tables().map((t) => t.id)).toEqual([joined.tableId]);
        // This host's list no longer shows the table that went.
        await page.getByText('Ada’s table').waitFor({ state: 'detached', timeout: 10_000 });
        // Its lobby says where the tables went, with the way there.
        const note = page.getByTestId('handed-over');
        await note.getByText('Ann’s laptop handed its tables over to Bo’s computer.').waitFor();
        expect(await note.getByRole('link', { name: 'Go to Bo’s computer' }).getAttribute('href')).toBe(
          `http://127.0.0.1:${b.host.port}/`,
        );
        await page.screenshot({ path: join(shots, 'operator-hand-over-old-lobby-1280-en.jpg') });

        // A phone that opens the old host's page afterwards (asleep during the move, or the old address
        // typed) is told the same instead of "No tables yet", and follows the button to the new host.
        const phone = await stage.player('Late', 390, 844, {
          isMobile: true,
          hasTouch: true,
          deviceScaleFactor: 2,
        });
        await phone.page.goto(onTheLan(`http://127.0.0.1:${a.host.port}/`));
        const phoneNote = phone.page.getByTestId('handed-over');
        await phoneNote.getByText('Ann’s laptop handed its tables over to Bo’s computer.').waitFor();
        expect(await phone.page.getByText('No tables yet').count()).toBe(0);
        // First on the page, on the first screen: not under the name field and the tutorial's offer.
        const noteBox = (await phoneNote.boundingBox())!;
        expect(noteBox.y).toBeLessThan((await phone.page.getByTestId('player-name').boundingBox())!.y);
        expect(noteBox.y + noteBox.height).toBeLessThan(844);
        expect(seriousTargets(await axeViolations(phone.page))).toEqual([]);
        await phone.page.screenshot({ path: join(shots, 'operator-hand-over-old-lobby-390-en.jpg') });
        const laptop = await stage.player('Late laptop', 1280, 800);
        await laptop.page.goto(onTheLan(`http://127.0.0.1:${a.host.port}/`));
        await laptop.page.getByTestId('handed-over').waitFor();
        await laptop.page.screenshot({ path: join(shots, 'operator-hand-over-old-lobby-guest-1280-en.jpg') });
        // In Korean and Italian too (the names as the hosts give them).
        for (const [locale, said, go, width] of [
          ['ko-KR', 'Ann’s laptop의 테이블이 Bo’s computer로 옮겨졌습니다.', 'Bo’s computer로 가기', 390],
          ['it-IT', 'Ann’s laptop ha passato i suoi tavoli a Bo’s computer.', 'Vai a Bo’s computer', 1280],
        ] as const) {
          const other = await stage.player(locale, width, width === 390 ? 844 : 800, { locale });
          await other.page.goto(onTheLan(`http://127.0.0.1:${a.host.port}/`));
          const otherNote = other.page.getByTestId('handed-over');
          await otherNote.getByText(said).waitFor();
          await otherNote.getByRole('link', { name: go }).waitFor();
          await other.page.screenshot({
            path: join(shots, `operator-hand-over-old-lobby-${width}-${locale.slice(0, 2)}.jpg`),
          });
          expect(other.errors).toEqual([]);
        }
        await phoneNote.getByRole('link', { name: 'Go to Bo’s computer' }).click();
        await phone.page.waitForURL(`http://127.0.0.1:${b.host.port}/**`);
        await phone.page.getByText('Ada’s table').waitFor();
        expect(await phone.page.getByTestId('handed-over').count()).toBe(0);
        expect(phone.errors).toEqual([]);
        expect(laptop.errors).toEqual([]);

        // The seated player is told where the table went, and sits there again with their token.
        const moved = (await ada.next('moved')) as Extract<ServerMessage, { type: 'moved' }>;
        expect(moved.to.port).toBe(b.host.port);
        const there = await TestClient.greeted(moved.to.port);
        there.send({ type: 'resume', token: ada.token! });
        expect((await there.next('view')).type).toBe('view');
        await there.close();
        await ada.close();
        // The browser's one line for the wrong code's answer (502, its failure in the body), nothing else.
        expect(errors).toEqual([expect.stringMatching(/Failed to load resource: .* 502 \(Bad Gateway\)$/)]);
      } finally {
        await b.close();
      }
    });

    it('folds away by its Close button: the focus goes back to its button, and a half-typed address is dropped', async () => {
      const { page, errors } = await stage.player('Operator', 1280, 800);
      await page.goto(`http://127.0.0.1:${stage.served.host.port}/`);
      const open = page.getByTestId('operator-hand-over-open');
      await open.click();
      const address = page.getByTestId('operator-hand-over-address');
      await address.fill('192.168.1.');
      await page.getByTestId('operator-hand-over').getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => page.getByTestId('operator-hand-over').count()).toBe(0);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe('operator-hand-over-open');
      // By the keyboard alone: open again with Enter, nothing of before in it, Close with Space.
      await page.keyboard.press('Enter');
      await expect.poll(() => address.inputValue()).toBe('');
      await page.getByTestId('operator-hand-over-close').focus();
      await page.keyboard.press('Space');
      await expect.poll(() => page.getByTestId('operator-hand-over').count()).toBe(0);
      expect(errors).toEqual([]);
    });

    it('says which computer to update when the other runs an older version, and how to let a host take tables', async () => {
      const older = await serveHost(
        await builtRenderer(),
        undefined,
        {},
        {
          hostName: 'Ciro’s laptop',
          protocol: PROTOCOL_VERSION - 1,
        },
      );
      const idle = await serveHost(await builtRenderer(), undefined, {}, { hostName: 'Dora’s PC' });
      try {
        older.host.handOver.setReceiving(true);
        const { page, errors } = await stage.player('Operator', 1280, 800);
        await page.goto(`http://127.0.0.1:${stage.served.host.port}/`);
        await page.getByTestId('operator-hand-over-open').click();
        const panel = page.getByTestId('operator-hand-over');
        const address = page.getByTestId('operator-hand-over-address');
        await address.fill(`127.0.0.1:${older.host.port}`);
        await address.press('Enter');
        // "Update the older app" left the person to find out which one that is.
        await expect
          .poll(() => panel.getByRole('alert').textContent())
          .toBe(
            'Could not hand over: Ciro’s laptop runs an older version of Red7 LAN. Update the app on it, then try again.',
          );
        await address.fill(`127.0.0.1:${idle.host.port}`);
        await address.press('Enter');
        // A receiver started by command has no switch: its flag is named too.
        await expect
          .poll(() => panel.getByRole('alert').textContent())
          .toContain(
            'switch on “Take over tables” first (a host started by command: start it with --receive).',
          );
        expect(errors.filter((e) => !/Failed to load resource: .* 502 \(Bad Gateway\)$/.test(e))).toEqual([]);
      } finally {
        await older.close();
        await idle.close();
      }
    });

    it(
      'a code typed wrong too many times: a button asks for a new one, by the keyboard',
      { timeout: 60_000 },
      async () => {
        const b = await serveHost(await builtRenderer(), undefined, {}, { hostName: 'Bo’s computer' });
        try {
          b.host.handOver.setReceiving(true);
          const codes: HandOverAsk[] = [];
          b.host.handOver.onAsked((ask) => codes.push(ask));
          const { page } = await stage.player('Operator', 1280, 800);
          await page.goto(`http://127.0.0.1:${stage.served.host.port}/`);
          await page.getByTestId('operator-hand-over-open').click();
          const panel = page.getByTestId('operator-hand-over');
          await page.getByTestId('operator-hand-over-address').fill(`127.0.0.1:${b.host.port}`);
          await page.keyboard.press('Enter');
          const field = page.getByTestId('operator-hand-over-code');
          await field.waitFor();
          await expect.poll(() => codes.length).toBe(1);
          const wrong = codes[0].code === '000000' ? '111111' : '000000';
          const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
          for (const expected of ['wrongCode', 'wrongCode', 'tooManyWrongCodes']) {
            await expect.poll(focused).toBe('operator-hand-over-code');
            await page.keyboard.type(wrong);
            await page.keyboard.press('Enter');
            await expect
              .poll(() => panel.getByTestId('hand-over-failure').getAttribute('data-code'))
              .toBe(expected);
          }
          // "Ask for a new code", the failure says: its button is there, with the focus.
          const again = panel.getByRole('button', { name: 'Ask for a new code' });
          await expect.poll(focused).toBe('operator-hand-over-ask-again');
          await page.keyboard.press('Enter');
          await expect.poll(() => codes.length).toBe(2);
          await expect.poll(focused).toBe('operator-hand-over-code');
          expect(await again.count()).toBe(0);
          expect(await panel.getByTestId('hand-over-failure').count()).toBe(0);
          await page.keyboard.type(codes[1].code);
          await page.keyboard.press('Enter');
          await panel.getByTestId('operator-hand-over-report').waitFor();
        } finally {
          await b.close();
        }
      },
    );

    const REFUSED = {
      ko: { title: '이 호스트의 테이블 넘기기', why: '넘기지 못했습니다: 127.0.0.1:1에서 응답이 없습니다.' },
      it: {
        title: 'Passa i tavoli di questo host',
        why: 'Passaggio non riuscito: nessuna risposta da 127.0.0.1:1.',
      },
    };
    it.each([
      { locale: 'ko' as const, width: 390, height: 844 },
      { locale: 'ko' as const, width: 1280, height: 800 },
      { locale: 'it' as const, width: 390, height: 844 },
      { locale: 'it' as const, width: 1280, height: 800 },
    ])(
      'speaks $locale at $width×$height, and a refusal says why in it (the host’s English only as technical details)',
      { timeout: 60_000 },
      async ({ locale, width, height }) => {
        const words = REFUSED[locale];
        const { page, errors } = await stage.player('운영자', width, height, {
          locale: `${locale}-${locale.toUpperCase()}`,
        });
        await page.goto(`http://localhost:${stage.served.host.port}/`);
        await page.getByTestId('operator-hand-over-open').click();
        const panel = page.getByTestId('operator-hand-over');
        await panel.waitFor();
        await panel.getByText(words.title).waitFor();
        // Nothing answers on port 1: the host says it cannot reach it (code `unreachable`), the page in its words.
        await page.getByTestId('operator-hand-over-address').fill('127.0.0.1:1');
        await page.getByTestId('operator-hand-over-ask').click();
        const alert = panel.getByRole('alert');
        await alert.waitFor();
        expect(await alert.textContent()).toContain(words.why);
        expect(await alert.textContent()).not.toMatch(/cannot be reached|fetch failed|ECONNREFUSED/);
        const failure = panel.getByTestId('hand-over-failure');
        expect(await failure.getAttribute('data-code')).toBe('unreachable');
        // The field, disabled while asking, has the focus back to correct the address.
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.id))
          .toBe('operator-hand-over-address');
        // The host's English waits, folded, under "technical details"; opened, it is marked as English.
        const details = failure.locator('details');
        expect(await details.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
        await details.locator('summary').click();
        await expect(details.locator('[lang="en"]').textContent()).resolves.toMatch(
          /^127\.0\.0\.1:1 cannot be reached/,
        );
        await panel.scrollIntoViewIfNeeded();
        await page.screenshot({
          path: join(shots, `operator-hand-over-refused-${width}-${locale}.jpg`),
          fullPage: width < 500,
        });
        expect(seriousTargets(await axeViolations(page))).toEqual([]);
        expect(errors.filter((e) => !/502|Failed to load resource/.test(e))).toEqual([]);
      },
    );

    it(
      'an address that never answers: the wait counted down, Cancel, then what to check',
      { timeout: 60_000 },
      async () => {
        // A listener that takes the connection and never says a word: what a firewall that drops packets
        // looks like to the sender (no refusal, nothing), here on loopback.
        const held: Socket[] = [];
        const silent = createServer((socket) => void held.push(socket));
        await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
        const to = `127.0.0.1:${(silent.address() as { port: number }).port}`;
        try {
          const { page, errors } = await stage.player('Operator', 1280, 800);
          await page.goto(`http://127.0.0.1:${stage.served.host.port}/`);
          await page.getByTestId('operator-hand-over-open').click();
          const panel = page.getByTestId('operator-hand-over');
          const address = page.getByTestId('operator-hand-over-address');
          const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
          await address.fill(to);
          await address.press('Enter');
          // While it waits, Cancel has the focus (the Ask button is disabled); by the keyboard it goes back to
          // the address, the focus in it, and no failure comes of it, then or later.
          await panel.getByText(`Asking ${to} for a code…`).waitFor();
          await expect.poll(focused, { timeout: 3000 }).toBe('hand-over-ask-cancel');
          await page.keyboard.press('Enter');
          await expect.poll(focused, { timeout: 3000 }).toBe('operator-hand-over-address');
          expect(await panel.getByTestId('hand-over-asking').count()).toBe(0);
          expect(await panel.getByTestId('hand-over-failure').count()).toBe(0);
          // Asked again and left to wait: the bar, and once a second passed without an answer, the seconds
          // left; after the sender's 5 s, it says nothing answered, and what to check.
          const asked = Date.now();
          await address.press('Enter');
          await panel.getByTestId('hand-over-wait-bar').waitFor();
          await expect
            .poll(() => panel.getByTestId('hand-over-wait').textContent(), { timeout: 4000 })
            .toMatch(/^\s*No answer yet: giving up in [1-4] seconds?\.\s*$/);
          // The countdown is not read out every second: only "Asking …" is in a live region.
          expect(await panel.locator('[aria-live]').allTextContents()).toEqual([`Asking ${to} for a code…`]);
          await page.screenshot({ path: join(shots, 'operator-hand-over-waiting-1280-en.jpg') });
          expect(seriousTargets(await axeViolations(page))).toEqual([]);
          const failure = panel.getByTestId('hand-over-failure');
          await failure.waitFor({ timeout: 15_000 });
          expect(Date.now() - asked).toBeGreaterThan(4000);
          expect(await failure.getAttribute('data-code')).toBe('noAnswer');
          expect(await panel.getByRole('alert').textContent()).toBe(
            `Could not hand over: ${to} did not answer at all, not even to refuse. Check that it is the address shown on the other computer, that both computers are on the same network, and that no firewall on that computer blocks Red7 LAN.`,
          );
          expect(await panel.getByTestId('hand-over-asking').count()).toBe(0);
          await expect.poll(focused, { timeout: 3000 }).toBe('operator-hand-over-address');
          await page.screenshot({ path: join(shots, 'operator-hand-over-no-answer-1280-en.jpg') });
          expect(errors.filter((e) => !/Failed to load resource: .* 502 \(Bad Gateway\)$/.test(e))).toEqual(
            [],
          );
        } finally {
          held.forEach((socket) => socket.destroy());
          silent.close();
        }
      },
    );

    it(
      'Cancel takes the ask back: the other host shows no code, whether the ask was on its way or its code shown',
      { timeout: 60_000 },
      async () => {
        const b = await serveHost(await builtRenderer(), undefined, {}, { hostName: 'Bo’s computer' });
        // The ask is held on the way (a busy Wi-Fi), and the withdrawal watched: both go through here.
        const reached = gate();
        const release = gate();
        const answered = gate();
        const withdrawn = gate();
        const proxy = await holdingProxy(b.host.port, async (path, phase) => {
          if (path === '/api/hand-over/withdraw' && phase === 'response') withdrawn.open();
          if (path !== '/api/hand-over/ask') return;
          if (phase === 'response') return answered.open();
          reached.open();
          await release.wait;
        });
        try {
          b.host.handOver.setReceiving(true);
          const codes: HandOverAsk[] = [];
          b.host.handOver.onAsked((ask) => codes.push(ask));
          const { page, errors } = await stage.player('Operator', 1280, 800);
          await page.goto(`http://127.0.0.1:${stage.served.host.port}/`);
          await page.getByTestId('operator-hand-over-open').click();
          const panel = page.getByTestId('operator-hand-over');
          const address = page.getByTestId('operator-hand-over-address');
          await address.fill(`127.0.0.1:${proxy.port}`);
          await address.press('Enter');
          await reached.wait;
          await panel.getByTestId('hand-over-ask-cancel').click();
          await expect.poll(() => panel.getByTestId('hand-over-asking').count()).toBe(0);
          await withdrawn.wait;
          // The ask reaches the other host only after the withdrawal: no code is shown there.
          release.open();
          await answered.wait;
          expect(codes).toEqual([]);
          expect(await panel.getByTestId('hand-over-failure').count()).toBe(0);

          // Asked again, its code shown over there; Cancel at the code step takes it back there too.
          await address.fill(`127.0.0.1:${b.host.port}`);
          await address.press('Enter');
          await page.getByTestId('operator-hand-over-code').waitFor();
          await expect.poll(() => codes.length).toBe(1);
          await panel.getByRole('button', { name: 'Cancel' }).click();
          await expect.poll(() => codes.map((c) => c.withdrawn === true)).toEqual([false, true]);
          await expect
            .poll(() => page.evaluate(() => document.activeElement?.id))
            .toBe('operator-hand-over-address');
          expect(await panel.getByTestId('hand-over-failure').count()).toBe(0);
          // The test's proxy passes /api/info on without the host's CORS header: the page's look-up of the
          // name there fails (two lines), nothing else.
          const proxied = (e: string) =>
            e.includes(`127.0.0.1:${proxy.port}/api/info`) ||
            e.endsWith('Failed to load resource: net::ERR_FAILED');
          expect(errors.filter((e) => !proxied(e))).toEqual([]);
        } finally {
          release.open();
          proxy.server.close();
          await b.close();
        }
      },
    );

    it.skipIf(!lan)('is not offered on a page opened at the host’s LAN address', async () => {
      const { page } = await stage.player('Guest', 1280, 800);
      await page.goto(`http://${lan}:${stage.served.host.port}/`);
      await page.locator('#host-title').waitFor();
      expect(await page.getByTestId('operator-hand-over').count()).toBe(0);
      expect(await page.getByTestId('operator-hand-over-open').count()).toBe(0);
    });
  },
);
