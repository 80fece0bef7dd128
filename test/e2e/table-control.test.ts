import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, screenshotDir, type Player } from './harness';
import { createTable, enterName, joinTable } from './ui';
import { axeViolations } from './axe';

/*
 * The host in charge of their table, in real Chromium against a real host: Ann (1280×800) gives her table
 * a seat code; Bob (a 390×844 phone) is asked for it, a wrong one is refused with a clear message read
 * out, the right one seats him; Ann removes him and he sees why; Ann locks the table and the lobby says
 * so. axe-core audits the code dialog.
 */

const shots = screenshotDir();

const shot = (p: Player, name: string) =>
  p.page.screenshot({
    path: join(shots, `control-${name}-${p.page.viewportSize()!.width}.jpg`),
    fullPage: true,
  });

/** WCAG 2.1 AA violations on the page as it stands (axe-core served same-origin: the CSP refuses inline). */
async function wcagFindings(page: Page): Promise<string[]> {
  await page.waitForTimeout(250); // no audit in the middle of a transition
  return (await axeViolations(page)).map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
}

describeInChromium('the host in charge of their table (Chromium)', {}, (stage) => {
  it('asks for the seat code, refuses a wrong one, seats the right one; the host removes and locks', async () => {
    const ann = await stage.player('Ann', 1280, 800);
    const bob = await stage.player('Bob', 390, 844, { isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    for (const p of [ann, bob]) {
      await p.page.goto(stage.served.url);
      await p.page.getByTestId('player-name').waitFor();
      await enterName(p.page, p.name);
    }

    // Ann's table, with a seat code shown to her alone.
    await createTable(ann.page, {
      name: 'Code table',
      players: 2,
      bots: [],
      advanced: false,
      actionRule: false,
    });
    await ann.page.getByTestId('control-code').check();
    const digits = ann.page.getByTestId('control-code-digits');
    await expect.poll(() => digits.inputValue()).toMatch(/^[0-9]{4}$/);
    const code = await digits.inputValue();
    await ann.page.getByTestId('table-controls').scrollIntoViewIfNeeded();
    await shot(ann, 'waiting-code');

    // Bob's lobby says the table asks for a code; joining asks for it.
    const row = bob.page.getByTestId('table-row').filter({ hasText: 'Code table' });
    await expect.poll(() => row.getByTestId('table-has-code').isVisible(), { timeout: 10_000 }).toBe(true);
    await row.getByTestId('join').click();
    const dialog = bob.page.getByTestId('seat-code-dialog');
    await dialog.waitFor();
    const input = bob.page.getByTestId('seat-code-input');
    expect(await input.getAttribute('inputmode')).toBe('numeric');
    expect(await input.getAttribute('autocomplete')).toBe('one-time-code');
    // The field has a name (its label) and takes the focus.
    expect(await bob.page.getByLabel('Seat code (4 digits)').count()).toBe(1);
    await expect
      .poll(() => bob.page.evaluate('document.activeElement?.dataset?.testid'))
      .toBe('seat-code-input');
    expect(await wcagFindings(bob.page)).toEqual([]);
    await shot(bob, 'code-asked');

    // A wrong code: refused with a clear message, tied to the field for screen readers.
    const wrong = code === '0000' ? '1111' : '0000';
    await input.fill(wrong);
    await bob.page.getByTestId('seat-code-submit').click();
    const error = bob.page.getByTestId('seat-code-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('That is not the code');
    expect(await error.getAttribute('role')).toBe('alert');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await input.getAttribute('aria-describedby')).toBe(await error.getAttribute('id'));
    expect(await wcagFindings(bob.page)).toEqual([]);
    await shot(bob, 'code-wrong');
    await bob.page.setViewportSize({ width: 360, height: 740 });
    await shot(bob, 'code-wrong');
    await bob.page.setViewportSize({ width: 390, height: 844 });
    // Nothing of the code reached Bob's screen.
    expect(await bob.page.content()).not.toContain(`>${code}<`);

    // The right one seats him.
    await input.fill(code);
    await bob.page.getByTestId('seat-code-submit').click();
    await bob.page.getByTestId('waiting-room').waitFor();
    expect(await dialog.count()).toBe(0);
    expect(await bob.page.getByTestId('table-controls').count()).toBe(0);
    await shot(bob, 'seated');

    // Ann's waiting room: Bob's seat has her Remove button; the whole screen passes axe.
    await ann.page.getByTestId('remove-seat-1').waitFor();
    expect(await ann.page.getByTestId('remove-seat-1').getAttribute('aria-label')).toBe(
      'Remove Bob from the table',
    );
    expect(await wcagFindings(ann.page)).toEqual([]);
    await shot(ann, 'waiting-bob');
    await ann.page.setViewportSize({ width: 390, height: 844 });
    await shot(ann, 'waiting-bob');
    await ann.page.setViewportSize({ width: 1280, height: 800 });

    // Ann removes him, after a confirmation; he is back in the lobby and told why.
    await ann.page.getByTestId('remove-seat-1').click();
    expect(await ann.page.getByRole('dialog').textContent()).toContain('Remove Bob?');
    await ann.page.getByTestId('confirm-yes').click();
    await bob.page.getByTestId('player-name').waitFor();
    const notice = bob.page.getByTestId('notice').filter({ hasText: 'The host removed you from this table' });
    await notice.waitFor();
    await shot(bob, 'removed');
    await expect.poll(() => ann.page.getByTestId('seat').nth(1).textContent()).toContain('free seat');
    await shot(ann, 'removed');

    // Ann locks the table: Bob's lobby says so and offers no Join.
    await ann.page.getByTestId('control-lock').check();
    await expect.poll(() => row.getByTestId('table-locked').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await row.getByTestId('table-locked').textContent()).toContain(
      'Locked — only the players who are in',
    );
    expect(await row.getByTestId('join').count()).toBe(0);
    await shot(bob, 'lobby-locked');
    // The table's own link (a QR code, a shared address) opens its door: locked, so no name to give.
    const tableHash = await ann.page.evaluate(() => window.location.hash);
    await bob.page.goto(stage.served.url + tableHash);
    const door = bob.page.getByTestId('table-door');
    await expect
      .poll(() => door.getByTestId('table-locked').textContent(), { timeout: 10_000 })
      .toContain('Locked — only the players who are in');
    expect(await door.getByTestId('door-name').count()).toBe(0);
    expect(await door.getByTestId('door-watch').count()).toBe(1);
    await shot(bob, 'door-locked');
    await ann.page.setViewportSize({ width: 390, height: 844 });
    await shot(ann, 'waiting-locked');
    expect([...ann.errors, ...bob.errors]).toEqual([]);
  }, 120_000);

  it('during a game the host replaces a person by a bot, who is told why', async () => {
    const cy = await stage.player('Cy', 1280, 800);
    const dee = await stage.player('Dee', 390, 844, { isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    for (const p of [cy, dee]) {
      await p.page.goto(stage.served.url);
      await p.page.getByTestId('player-name').waitFor();
      await enterName(p.page, p.name);
    }
    await createTable(cy.page, {
      name: 'Game table',
      players: 2,
      bots: [],
      advanced: false,
      actionRule: false,
    });
    await joinTable(dee.page, 'Game table');
    // Nobody but the creator sees the button, on nobody's seat but another person's.
    expect(await dee.page.getByTestId('remove-seat-0').count()).toBe(0);
    expect(await cy.page.getByTestId('remove-seat-0').count()).toBe(0);
    await cy.page.getByTestId('start').click();
    for (const p of [cy, dee]) await p.page.getByTestId('table-view').waitFor();
    const replace = cy.page.getByTestId('remove-seat-1');
    expect(await replace.textContent()).toContain('Replace by a bot');
    expect(await replace.getAttribute('aria-label')).toBe('Replace by a bot: Dee');
    await shot(cy, 'game-replace');
    await replace.click();
    await cy.page.getByTestId('confirm-yes').waitFor();
    await shot(cy, 'game-replace-confirm');
    await cy.page.getByTestId('confirm-yes').click();
    await dee.page.getByTestId('player-name').waitFor();
    await dee.page
      .getByTestId('notice')
      .filter({ hasText: 'The host gave your seat at this table to a bot' })
      .waitFor();
    await shot(dee, 'replaced');
    // Dee's seat is a bot's now (no button any more), and the game goes on.
    const seat = cy.page.locator('section.seat[data-seat="1"]');
    await expect.poll(() => seat.locator('.botbadge').count()).toBe(1);
    expect(await replace.count()).toBe(0);
    await shot(cy, 'game-replaced');
    expect([...cy.errors, ...dee.errors]).toEqual([]);
  }, 120_000);

  it('the creator reads every name beside Replace by a bot, at 1280×800 in English and Korean', async () => {
    const gil = await stage.player('Gil', 1280, 800);
    const others = [await stage.player('Bartolomeo', 360, 740), await stage.player('Chiaraluna', 360, 740)];
    await gil.page.goto(stage.served.url);
    await enterName(gil.page, 'Gil');
    await createTable(gil.page, {
      name: 'Four seats',
      players: 4,
      bots: [3],
      advanced: false,
      actionRule: false,
    });
    for (const p of others) {
      await p.page.goto(stage.served.url);
      await enterName(p.page, p.name);
      await joinTable(p.page, 'Four seats');
    }
    await gil.page.getByTestId('start').click();
    await gil.page.getByTestId('table-view').waitFor();
    for (const locale of ['en', 'ko']) {
      await gil.page.getByTestId('language').selectOption(locale);
      for (const seat of [1, 2]) {
        await gil.page.getByTestId(`remove-seat-${seat}`).waitFor();
        // At four seats in the 1280 window each other seat is a quarter wide: beside the button a
        // ten-letter name used to be cut to six ("Bartol…").
        const name = gil.page.locator(`section.seat[data-seat="${seat}"] .head .name-cut`);
        expect(await name.textContent()).toBe(others[seat - 1].name);
        expect(await name.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
      }
      await shot(gil, `game-replace-four-${locale}`);
    }
    expect([gil, ...others].flatMap((p) => p.errors)).toEqual([]);
  }, 120_000);

  it('asks for the code in Korean on a small phone', async () => {
    const fay = await stage.player('Fay', 1280, 800);
    const eun = await stage.player('Eun', 360, 740, {
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      locale: 'ko-KR',
    });
    for (const p of [fay, eun]) {
      await p.page.goto(stage.served.url);
      await p.page.getByTestId('player-name').waitFor();
      await enterName(p.page, p.name);
    }
    await createTable(fay.page, {
      name: 'Korean table',
      players: 2,
      bots: [],
      advanced: false,
      actionRule: false,
    });
    await fay.page.getByTestId('control-code').check();
    const digits = fay.page.getByTestId('control-code-digits');
    await expect.poll(() => digits.inputValue()).toMatch(/^[0-9]{4}$/);
    const code = await digits.inputValue();
    const row = eun.page.getByTestId('table-row').filter({ hasText: 'Korean table' });
    await expect
      .poll(() => row.getByTestId('table-has-code').textContent(), { timeout: 10_000 })
      .toContain('좌석 코드가 필요함');
    await row.getByTestId('join').click();
    await eun.page.getByTestId('seat-code-dialog').waitFor();
    await eun.page.getByTestId('seat-code-input').fill(code === '9999' ? '1111' : '9999');
    await eun.page.getByTestId('seat-code-submit').click();
    expect(await eun.page.getByTestId('seat-code-error').textContent()).toContain('코드가 맞지 않습니다');
    await eun.page.screenshot({ path: join(shots, 'control-code-wrong-ko-360.jpg') });
    await eun.page.getByTestId('seat-code-input').fill(code);
    await eun.page.getByTestId('seat-code-submit').click();
    await eun.page.getByTestId('waiting-room').waitFor();
    expect([...fay.errors, ...eun.errors]).toEqual([]);
  }, 120_000);
});
