import { createRequire } from 'node:module';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { setupState } from '../../shared/engine';
import type { GameOptions } from '../../shared/engine/types';
import { describeInChromium, plantTable, resumeSeat, screenshotDir, type Player } from './harness';
import { createTable, enterName, openNewTable } from './ui';

/*
 * Every player, every way of playing: a WCAG 2.1 AA audit (axe-core) of fifteen screens reached by clicks
 * in real Chromium against a real host, and the keyboard-only and screen-reader paths through them.
 * Ada plays at 1280×800 (the desktop window) with a bot, in an Advanced game: lobby, the new-table form,
 * the waiting room, her turn, the rules, the coach, the pass confirmation and the round summary, then her
 * turn again in Italian and Korean. Bea, on a 390×844 phone, opens a link to a table that is gone (the door),
 * then plays a Basic game: her turn, this screen's choices (language, hints), then game over.
 * Any serious or critical violation fails the test, and every violation found is printed. Text drawn on
 * the felt (a gradient axe cannot measure) is checked against its lightest and darkest colours. Along the
 * way: the rules scroll from the keyboard, every dialog takes, keeps and gives back the focus, and the
 * announcer's live region speaks moves and, on `L`, the rule and who leads. Then two planted positions:
 * a 7's and a 1's choice made with the keys alone (P plays, the focus goes on to the cards to pick, each
 * ringed as focused, Enter picks).
 * Screenshots: a11y-*.jpg.
 */

const shots = screenshotDir();
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** axe-core's own build, served same-origin by URL: the app's CSP (`script-src 'self'`) refuses inline scripts. */
const AXE_FILE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const AXE_URL = '/__axe/axe.min.js';

interface Finding {
  screen: string;
  id: string;
  impact: string;
  targets: string[];
}
const findings: Finding[] = [];

/** Serves axe-core at AXE_URL on this page's own origin. */
async function serveAxe(page: Page): Promise<void> {
  await page.route(`**${AXE_URL}`, (route) =>
    route.fulfill({ path: AXE_FILE, contentType: 'text/javascript; charset=utf-8' }),
  );
}

/** Audits the page as it stands; returns the serious and critical violations (all are printed). */
async function audit(page: Page, screen: string): Promise<Finding[]> {
  // Settle: no audit in the middle of a transition (colours mid-fade would be measured).
  await page.waitForTimeout(250);
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.addScriptTag({ url: AXE_URL });
  // axe is already in the page (loaded above): the builder's own injection is a no-op expression.
  const results = await new AxeBuilder({ page, axeSource: 'void 0' })
    .withTags(TAGS)
    .setLegacyMode(true)
    .analyze();
  const found = results.violations.map((v) => ({
    screen,
    id: v.id,
    impact: v.impact ?? 'unknown',
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
  findings.push(...found);
  for (const f of found)
    console.log(
      `axe ${screen}: ${f.id} (${f.impact}) on ${f.targets.length}: ${f.targets.slice(0, 6).join(' | ')}`,
    );
  // What axe could not decide (text over a gradient, e.g. the felt) is measured by feltContrast below.
  const review = results.incomplete.map((r) => `${r.id} ×${r.nodes.length}`).join(', ') || 'none';
  console.log(
    `axe ${screen}: ${results.passes.length} rules passed, ${found.length} violated; to review: ${review}`,
  );
  // axe accepts an aria-describedby whose element is not there (yet); a screen reader then hears nothing.
  const dangling: string[] =
    await page.evaluate(`[...document.querySelectorAll('[aria-describedby], [aria-labelledby], [aria-controls]')]
    .flatMap((el) => ['aria-describedby', 'aria-labelledby', 'aria-controls'].flatMap((a) =>
      (el.getAttribute(a) || '').split(/\\s+/).filter((id) => id && !document.getElementById(id))
        .map((id) => el.tagName.toLowerCase() + '[' + (el.getAttribute('data-testid') || '') + '] ' + a + '=' + id)))`);
  for (const d of dangling) console.log(`axe ${screen}: missing idref: ${d}`);
  const missing = dangling.map((d) => ({ screen, id: 'idref-missing', impact: 'serious', targets: [d] }));
  findings.push(...missing);
  return [...found.filter((f) => f.impact === 'serious' || f.impact === 'critical'), ...missing];
}

/** The element that has focus: `tag[data-testid]`, and whether it is inside the open dialog. */
async function focused(page: Page): Promise<{ el: string; inDialog: boolean }> {
  return page.evaluate(`(() => {
    const el = document.activeElement;
    const dialog = document.querySelector('[role="dialog"]');
    return {
      el: el ? el.tagName.toLowerCase() + '[' + (el.getAttribute('data-testid') || '') + ']' : '',
      inDialog: !!dialog && !!el && dialog.contains(el),
    };
  })()`);
}

/** Starts keeping every text the announcer's region shows (a bot's next move may replace ours quickly). */
async function hearAnnouncer(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const region = document.querySelector('[data-testid="announcer"]');
    window.__heard = [];
    new MutationObserver(() => window.__heard.push((region.textContent || '').trim())).observe(region, {
      childList: true, subtree: true, characterData: true,
    });
  })()`);
}

/**
 * The first words the announcer said that match: since hearAnnouncer if it was called, else what it says
 * now (the region is emptied, then filled).
 */
async function announced(page: Page, pattern: RegExp): Promise<string> {
  const heard = async () =>
    (
      (await page.evaluate(
        `[...(window.__heard || []), (document.querySelector('[data-testid="announcer"]').textContent || '').trim()]`,
      )) as string[]
    ).find((words) => pattern.test(words)) ?? '';
  await expect.poll(heard, { timeout: 15_000 }).toMatch(pattern);
  return heard();
}

/** From now on, every text the announcer's region shows is kept in the page (`spokenSoFar` reads them). */
async function recordSpoken(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const region = document.querySelector('[data-testid="announcer"]');
    const said = (window.__spoken = []);
    new MutationObserver(() => {
      const text = region.textContent.trim();
      if (text) said.push(text);
    }).observe(region, { childList: true, characterData: true, subtree: true });
  })()`);
}
const spokenSoFar = (page: Page): Promise<string[]> => page.evaluate('window.__spoken');
/** Waits until the region has said something matching `pattern` (since recordSpoken), however soon replaced. */
async function heard(page: Page, pattern: RegExp): Promise<void> {
  await expect
    .poll(async () => (await spokenSoFar(page)).some((w) => pattern.test(w)), { timeout: 15_000 })
    .toBe(true);
}

/**
 * Every visible text drawn straight on the felt (no background of its own between it and the felt),
 * measured against the felt's lightest and darkest colours: below 4.5:1 (3:1 for large text) is listed.
 */
async function feltContrast(page: Page): Promise<{ text: string; ratio: number }[]> {
  return page.evaluate(`(() => {
    const felt = document.querySelector('.felt');
    if (!felt) return [{ text: 'no felt', ratio: 0 }];
    const root = getComputedStyle(document.documentElement);
    const hex = (h) => { h = h.trim().replace('#', ''); return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)); };
    const ends = [hex(root.getPropertyValue('--felt-light')), hex(root.getPropertyValue('--felt'))];
    const rgba = (c) => { const m = c.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
    const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
    const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
    const bad = [];
    const walker = document.createTreeWalker(felt, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!n.textContent.trim() || !el || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (el.closest('.sr-only')) continue;
      let own = false, alpha = 1;
      for (let a = el; a && a !== felt; a = a.parentElement) {
        const st = getComputedStyle(a);
        if (rgba(st.backgroundColor)[3] > 0 || st.backgroundImage !== 'none') { own = true; break; }
        alpha *= Number(st.opacity);
      }
      if (own) continue;
      const st = getComputedStyle(el);
      const [r, g, b, a] = rgba(st.color);
      const size = parseFloat(st.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(st.fontWeight) >= 700);
      for (const bg of ends) {
        const k = a * alpha;
        const fg = [r * k + bg[0] * (1 - k), g * k + bg[1] * (1 - k), b * k + bg[2] * (1 - k)];
        const q = ratio(fg, bg);
        if (q < (large ? 3 : 4.5)) bad.push({ text: n.textContent.trim().slice(0, 40), ratio: Math.round(q * 100) / 100 });
      }
    }
    return bad;
  })()`);
}

const ACTION: GameOptions = { players: 2, mode: 'basic', actionRule: true, rulesVersion: '1.2' };
/** Two positions where Ada, to act, holds an action card: a 7 (a palette card to move) and a 1 (one to take). */
const PROMPTS = [
  {
    id: 'prompt-seven',
    card: 'R7',
    state: setupState(ACTION, {
      hands: [
        ['G2', 'R7', 'B3'],
        ['V2', 'I3', 'G6'],
      ],
      palettes: [['Y4', 'O1'], ['V5']],
      current: 0,
    }),
  },
  {
    id: 'prompt-one',
    card: 'R1',
    state: setupState(ACTION, {
      hands: [
        ['G2', 'R1', 'B3'],
        ['V2', 'I3', 'G6'],
      ],
      palettes: [['B4'], ['Y6', 'G3']],
      current: 0,
    }),
  },
] as const;
const token = (id: string) => `token-a11y-${id}-0123456789abcdef`;
/** The 1's prompt again, for a phone (the palettes there fold again as the pick is staged). */
const PHONE_ONE = 'prompt-one-phone';

/**
 * The focused element's outline. A card to pick (a 7's, a 1's) is outlined as such: the keyboard's focus must
 * still show on it (its dashed outline hid the page's focus ring, and focusing a card changed nothing).
 */
const focusRing = (page: Page): Promise<string> =>
  page.evaluate(`(() => {
    const s = getComputedStyle(document.activeElement);
    return s.outlineStyle + ' ' + s.outlineColor;
  })()`);
/** Is the focus on an element that matches `selector`? */
const focusIn = (page: Page, selector: string): Promise<boolean> =>
  page.evaluate(`!!document.activeElement?.matches(${JSON.stringify(selector)})`);
/** A card's focus ring: solid, in the ink colour (an amber band inside it). */
const FOCUS_RING = 'solid rgb(42, 33, 27)';

/** Confirms the staged turn with Enter; when ending it puts Ada out, Tab to the dialog's yes and Enter. */
async function confirmByKeys(page: Page): Promise<void> {
  await page.keyboard.press('Enter');
  // Either the turn goes (Undo leaves) or the app asks first: wait for whichever comes, not for a fixed time,
  // since a busy machine can take longer than any guess to show the question.
  const undo = page.getByTestId('undo');
  const sure = page.getByTestId('confirm-yes');
  const outcome = async () =>
    (await sure.isVisible()) ? 'asked' : (await undo.count()) === 0 ? 'sent' : 'waiting';
  await expect.poll(outcome, { timeout: 15_000 }).not.toBe('waiting');
  if ((await outcome()) === 'asked') {
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await undo.waitFor({ state: 'detached' });
  }
}

/** Selects `card` in the hand by its number key and plays it with P, as the keyboard does. */
async function playByKeys(p: Player, card: string): Promise<void> {
  const hand = await p.page
    .locator('.my-hand [data-card]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-card')));
  await p.page.keyboard.press(String(hand.indexOf(card) + 1));
  await p.page.keyboard.press('p');
}

describeInChromium(
  'accessibility (Chromium, axe-core)',
  {
    limits: { botDelayMs: 60 },
    plant: (dataDir) => {
      for (const t of [...PROMPTS, { ...PROMPTS[1], id: PHONE_ONE }])
        plantTable(dataDir, {
          id: t.id,
          name: `Prompt ${t.id}`,
          options: t.state.options,
          state: t.state,
          seats: [
            { name: 'Ada', token: token(t.id) },
            { name: 'Bot 2', bot: true },
          ],
        });
    },
  },
  (stage) => {
    afterAll(() => {
      const screens = new Set(findings.map((f) => f.screen));
      console.log(`axe: ${findings.length} violations on ${screens.size} screens`);
    });

    it('desktop: lobby to round summary, then Italian and Korean: no serious violation, keyboard and screen reader paths', async () => {
      const p = await stage.player('Ada', 1280, 800);
      const { page } = p;
      await serveAxe(page);
      const serious: Finding[] = [];

      await page.goto(stage.served.url);
      await page.getByTestId('player-name').waitFor();
      serious.push(...(await audit(page, 'lobby')));
      // The skip link says where it goes: the content here (it said "the table" on every screen), the table at one.
      const skip = page.locator('a.skip');
      expect(await skip.textContent()).toBe('Skip to the content');

      await enterName(page, 'Ada');
      await openNewTable(page);
      await page.getByTestId('table-name').fill('Ada’s table');
      await page.getByTestId('preset-custom').check();
      await page.getByTestId('players-2').check();
      await page.getByTestId('mode-advanced').check();
      serious.push(...(await audit(page, 'new-table form')));

      await createTable(page, {
        name: 'Ada’s table',
        players: 2,
        bots: [1],
        advanced: true,
        actionRule: true,
      });
      serious.push(...(await audit(page, 'waiting room')));
      // A new screen puts the focus in the page's main region, not on the page itself (the next Tab starts there).
      const inMain = () => page.evaluate(`!!document.activeElement?.closest('main')`);
      expect(await inMain()).toBe(true);

      await page.getByTestId('start').click();
      await page.locator('.panel.mine').waitFor({ timeout: 20_000 });
      expect(await inMain()).toBe(true);
      expect(await skip.textContent()).toBe('Skip to the table');
      serious.push(...(await audit(page, 'table 1280')));
      await page.screenshot({ path: join(shots, 'a11y-table-1280.jpg') });
      expect(await feltContrast(page)).toEqual([]);

      // Each move is spoken as it happens, with who leads after it (the bot has moved, or it is the deal).
      // The bot has a name from its list (any name): the words end with who leads.
      const moveWords = await announced(page, /^[^.]+.*\. ([^.]+ leads|You lead|Nobody leads)\.$/);
      console.log(`announced: ${moveWords}`);
      // On demand: the rule and who leads, by key and by button (each time spoken anew).
      await recordSpoken(page);
      const standings = async () => (await spokenSoFar(page)).filter((w) => w.startsWith('The rule: '));
      await page.locator('body').press('l');
      await expect.poll(async () => (await standings()).length).toBe(1);
      const [standing] = await standings();
      expect(standing).toMatch(/^The rule: [A-Z][a-z]+, .+\. .*(leads?|Nobody)/);
      expect(standing).toContain((await page.getByTestId('rule-name').textContent())!.trim());
      console.log(`on demand: ${standing}`);
      // The button: out of sight until the focus reaches it (the canvas shows the same to those who see).
      const say = page.getByTestId('say-standing');
      expect((await say.boundingBox())!.width).toBeLessThanOrEqual(1);
      await say.focus();
      expect((await say.boundingBox())!.width).toBeGreaterThan(40);
      await page.screenshot({ path: join(shots, 'a11y-say-button-1280.jpg') });
      await say.press('Enter');
      await expect.poll(async () => (await standings()).length).toBe(2);

      // The rules: opened by click (then audited), the text takes the focus and scrolls from the keyboard.
      const opener = page.getByTestId('open-rules');
      await opener.click();
      await page.getByTestId('rules-reference').waitFor();
      serious.push(...(await audit(page, 'rules')));
      const body = page.getByTestId('dialog-body');
      expect(await focused(page)).toEqual({ el: 'div[dialog-body]', inDialog: true });
      const top = () => body.evaluate((el) => el.scrollTop);
      expect(await top()).toBe(0);
      await page.keyboard.press('PageDown');
      await expect.poll(top).toBeGreaterThan(100);
      await page.screenshot({ path: join(shots, 'a11y-rules-keyboard-1280.jpg') });
      await page.keyboard.press('End');
      const bottom = await body.evaluate((el) => el.scrollHeight - el.clientHeight);
      await expect.poll(top).toBeGreaterThanOrEqual(bottom - 2);
      await page.keyboard.press('Home');
      await expect.poll(top).toBe(0);
      // Tab and Shift+Tab stay inside the dialog, Esc closes it, the focus goes back to its button.
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press(i % 2 ? 'Shift+Tab' : 'Tab');
        expect((await focused(page)).inDialog).toBe(true);
      }
      await page.keyboard.press('Escape');
      await page.getByTestId('rules-reference').waitFor({ state: 'detached' });
      expect((await focused(page)).el).toBe('button[open-rules]');
      // `?` opens them from the keyboard alone.
      await page.keyboard.press('?');
      await page.getByTestId('rules-reference').waitFor();
      expect((await focused(page)).inDialog).toBe(true);
      await page.keyboard.press('Escape');
      await page.getByTestId('rules-reference').waitFor({ state: 'detached' });

      await page.getByTestId('suggest').click();
      await page.getByTestId('suggestion-words').waitFor({ timeout: 20_000 });
      serious.push(...(await audit(page, 'coach')));

      // A staged play (not sent yet): audited, then taken back with Backspace. A play that draws from the
      // face-down deck (a 3) would go at once, so the card must be one whose play stages.
      const cards = await page.locator('.my-hand [data-card]').count();
      const play = page.getByTestId('play');
      for (let i = 1; i <= cards && i <= 9; i++) {
        await page.keyboard.press(String(i));
        if ((await play.isEnabled()) && (await play.getAttribute('data-final')) === null) break;
      }
      await page.keyboard.press('p');
      await page.getByTestId('undo').waitFor();
      serious.push(...(await audit(page, 'staged turn')));
      await page.screenshot({ path: join(shots, 'a11y-staged-1280.jpg') });
      await page.keyboard.press('Backspace');
      await page.getByTestId('undo').waitFor({ state: 'detached' });

      // Passing, from the keyboard: Enter on Pass asks first; the focus is on Cancel; Esc cancels and the
      // focus is back on Pass; asked again, Tab reaches the confirmation and Enter passes.
      const pass = page.getByTestId('pass');
      await pass.focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('confirm-yes').waitFor();
      serious.push(...(await audit(page, 'pass confirmation')));
      expect(await focused(page)).toEqual({ el: 'button[confirm-no]', inDialog: true });
      await page.keyboard.press('Escape');
      await page.getByTestId('confirm-yes').waitFor({ state: 'detached' });
      expect((await focused(page)).el).toBe('button[pass]');
      await page.keyboard.press('Enter');
      await page.getByTestId('confirm-yes').waitFor();
      await page.keyboard.press('Tab');
      expect(await focused(page)).toEqual({ el: 'button[confirm-yes]', inDialog: true });
      await page.keyboard.press('Tab'); // wraps to the dialog's first control, never out of it
      expect((await focused(page)).inDialog).toBe(true);
      await page.keyboard.press('Shift+Tab');
      expect((await focused(page)).el).toBe('button[confirm-yes]');
      await page.keyboard.press('Enter');
      await heard(page, /You passed and are out\./);

      // The round summary takes the focus (on "I'm ready", a toggle); Enter says so, and with bots only
      // at the table the next round is dealt.
      await page.getByTestId('round-summary').waitFor({ timeout: 20_000 });
      serious.push(...(await audit(page, 'round summary')));
      await page.screenshot({ path: join(shots, 'a11y-round-summary-1280.jpg') });
      expect(await focused(page)).toEqual({ el: 'button[ready]', inDialog: true });
      await page.keyboard.press('Enter');
      await page.getByTestId('round-summary').waitFor({ state: 'detached' });
      await heard(page, /Round 2: cards dealt\./);

      await page.getByTestId('language').selectOption('it');
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('it');
      serious.push(...(await audit(page, 'table it')));
      await page.locator('body').press('l');
      await heard(page, /^La regola: /);
      await page.getByTestId('language').selectOption('ko');
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ko');
      serious.push(...(await audit(page, 'table ko')));
      await page.screenshot({ path: join(shots, 'a11y-table-ko-1280.jpg') });
      await page.locator('body').press('l');
      await heard(page, /^현재 규칙: /);

      expect(serious).toEqual([]);
      expect(p.errors).toEqual([]);
    }, 180_000);

    it('phone: the table at 390 px and game over, with no serious violation', async () => {
      const p = await stage.player('Bea', 390, 844, {
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      });
      const { page } = p;
      await serveAxe(page);
      const serious: Finding[] = [];

      // A link to a table that is not there: the door says so.
      await page.goto(`${stage.served.url}#/table/NoSuchTable1`);
      await page.getByTestId('table-door').getByTestId('door-lobby').waitFor();
      serious.push(...(await audit(page, 'door, table gone')));
      await page.getByTestId('door-lobby').click();
      await enterName(page, 'Bea');
      await createTable(page, {
        name: 'Bea’s table',
        players: 2,
        bots: [1],
        advanced: false,
        actionRule: false,
      });
      await page.getByTestId('start').click();
      await page.locator('.panel.mine').waitFor({ timeout: 20_000 });
      serious.push(...(await audit(page, 'table 390')));
      await page.screenshot({ path: join(shots, 'a11y-table-390.jpg') });
      expect(await feltContrast(page)).toEqual([]);

      // This screen's choices (language, hints), the phone's way to them at the table.
      await page.getByTestId('open-screen-settings').click();
      await page.getByTestId('screen-settings').waitFor();
      serious.push(...(await audit(page, 'this screen 390')));
      await page.keyboard.press('Escape');
      await page.getByTestId('screen-settings').waitFor({ state: 'detached' });

      await page.getByTestId('pass').click();
      await page.getByTestId('confirm-yes').click();
      await page.getByTestId('round-summary').waitFor({ timeout: 20_000 });
      serious.push(...(await audit(page, 'game over')));
      await page.screenshot({ path: join(shots, 'a11y-game-over-390.jpg') });
      // Esc closes it; what had the focus before (Pass) is gone, so the focus lands on the main region.
      await page.keyboard.press('Escape');
      await page.getByTestId('round-summary').waitFor({ state: 'detached' });
      expect(await focused(page)).toEqual({ el: 'main[]', inDialog: false });

      expect(serious).toEqual([]);
      expect(p.errors).toEqual([]);
    }, 120_000);

    it('the 7 and the 1: their choices reached and made from the keyboard alone, and spoken', async () => {
      for (const t of PROMPTS) {
        const p = await stage.player(`Ada ${t.id}`, 1280, 800);
        const { page } = p;
        await resumeSeat(p, stage.served, t.id, token(t.id));
        await page.locator('.panel.mine').waitFor();
        const focusedTestId = () =>
          page.evaluate(`document.activeElement?.getAttribute('data-testid') ?? ''`);
        await playByKeys(p, t.card);
        if (t.card === 'R7') {
          await page.getByTestId('turn-status').filter({ hasText: 'Your 7:' }).waitFor();
          // The cards to choose are in Ada's palette, above the hand: the focus goes on to the first of them
          // (the card P played had it, and left), ringed as the keyboard's; Shift+Tab and Tab move among them.
          await expect.poll(() => focusIn(page, '.my-seat button.card')).toBe(true);
          expect(await focusRing(page)).toBe(FOCUS_RING);
          await page.keyboard.press('Enter');
          // Then where it goes: the focus is on the first place it may go, Enter stages it; Enter again sends it.
          await expect.poll(focusedTestId).toMatch(/^seven-(canvas|deck)$/);
          const on = await focusedTestId();
          await page.keyboard.press('Enter');
          await page.getByTestId('undo').waitFor();
          await expect.poll(focusedTestId).toBe('confirm-turn');
          await hearAnnouncer(page);
          await confirmByKeys(page);
          const words = await announced(
            page,
            /You (moved|put) \w+ \d from your palette .*\(action of the 7\)/,
          );
          console.log(`7 by keys: the palette's card, then ${on}; announced: ${words}`);
        } else {
          await page.getByTestId('turn-status').filter({ hasText: 'Your 1:' }).waitFor();
          // The cards to take are in Bot 2's palette: the focus goes on to the first of them, Enter picks.
          await expect.poll(() => focusIn(page, '.others button.card')).toBe(true);
          expect(await focusRing(page)).toBe(FOCUS_RING);
          await page.keyboard.press('Enter');
          await page.getByTestId('undo').waitFor();
          // The picked card flies to the deck: the focus leaves it for Confirm, so that Enter sends the turn.
          await expect.poll(focusedTestId).toBe('confirm-turn');
          await hearAnnouncer(page);
          await confirmByKeys(page);
          const words = await announced(
            page,
            /You put Bot 2's \w+ \d on top of the deck \(action of the 1\)/,
          );
          console.log(`1 by keys: the palette's card; announced: ${words}`);
        }
        expect(p.errors).toEqual([]);
      }
    }, 60_000);

    it("on a phone, a 1's pick by keys leaves the focus on Confirm, so that Enter sends the turn", async () => {
      const p = await stage.player('Ada phone', 360, 740, {
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      });
      const { page } = p;
      await resumeSeat(p, stage.served, PHONE_ONE, token(PHONE_ONE));
      await page.locator('.panel.mine').waitFor();
      await playByKeys(p, 'R1');
      await page.getByTestId('turn-status').filter({ hasText: 'Your 1:' }).waitFor();
      await expect.poll(() => focusIn(page, '.others button.card')).toBe(true);
      await page.keyboard.press('Enter');
      await page.getByTestId('undo').waitFor();
      await expect
        .poll(() => page.evaluate(`document.activeElement?.getAttribute('data-testid') ?? ''`))
        .toBe('confirm-turn');
      await confirmByKeys(page);
      expect(p.errors).toEqual([]);
    }, 60_000);

    // Axe reads a screen as it stands, with no pointer on it: a filled button whose hover fell back to the
    // plain button's pale fill kept its white label (Confirm turns red where Play was just clicked).
    it('every filled button keeps its label readable under the pointer', async () => {
      const { page } = await stage.player('Hover', 1280, 800);
      await page.goto(stage.served.url);
      await page.getByTestId('player-name').waitFor();
      const ratios: Record<string, { still: number; hovered: number }> = {};
      for (const kind of ['primary', 'danger']) {
        await page.mouse.move(0, 0);
        // A string: this file is type-checked without the DOM's types.
        await page.evaluate(`(() => {
          document.getElementById('probe')?.remove();
          const b = document.createElement('button');
          b.id = 'probe';
          b.className = 'btn ${kind}';
          b.textContent = 'Confirm turn';
          b.style.cssText = 'position: fixed; top: 300px; left: 300px; z-index: 99';
          document.body.append(b);
        })()`);
        await page.waitForFunction(`!document.querySelector('#probe').matches(':hover')`);
        const still = await contrastOf(page, '#probe');
        await page.hover('#probe');
        // The pointer's state reaches the styles with the next frames.
        await page.waitForFunction(`document.querySelector('#probe').matches(':hover')`);
        await page.evaluate(`new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))`);
        const hovered = await contrastOf(page, '#probe');
        ratios[kind] = { still, hovered };
      }
      console.log(`filled buttons, contrast still / hovered: ${JSON.stringify(ratios)}`);
      for (const r of Object.values(ratios)) {
        expect(r.still).toBeGreaterThanOrEqual(4.5);
        expect(r.hovered).toBeGreaterThanOrEqual(4.5);
      }
    });
  },
);

/** WCAG contrast of an element's text colour on its own (opaque) background, as it is drawn now. */
async function contrastOf(page: Page, selector: string): Promise<number> {
  const [fg, bg] = (await page.evaluate(`(() => {
    const s = getComputedStyle(document.querySelector(${JSON.stringify(selector)}));
    return [s.color, s.backgroundColor].map((c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number));
  })()`)) as [number[], number[]];
  const lum = (rgb: number[]) => {
    const [r, g, b] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
  return (hi + 0.05) / (lo + 0.05);
}
