import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { CHAPTER_IDS } from '../../renderer/src/learn/chapters';
import { describeInChromium, screenshotDir, type Player, type Stage } from './harness';
import { axeViolations } from './axe';

/*
 * "Learn to play" in real Chromium, through clicks only: every chapter completed by following the guide
 * (the element it outlines is the one clicked), at 1280×800 and on 360×740 and 390×844 phones (there the
 * callout must stay on screen and off what each step rings, and off the palettes and who leads during a
 * move), the phones in Italian and in Korean (the longest words); a wrong move explained and tried
 * again; Esc as at a table; a chapter skipped and one resumed from the list; the lobby's first-start
 * offer; an axe-core audit of a chapter step. The page is served by a real
 * host, but nothing in a lesson talks to it. Screenshots: learn-<chapter>-<width>.jpg at each chapter's
 * key step.
 */

const shots = screenshotDir();

/** The step each chapter's screenshot is taken at: where its lesson is on screen. */
const KEY_STEP: Record<string, string> = {
  goal: 'behind',
  play: 'ranking',
  rules: 'rule-G',
  turn: 'setUp',
  ties: 'groups',
  advanced: 'draw',
  action: 'seven',
};

const chapter = (page: Page) => page.getByTestId('learn-chapter');
const attr = (page: Page, name: string) => chapter(page).getAttribute(name);

/** Waits for the guide to settle on a step (a new step id, a mistake, or a new thing to press). */
async function stepState(
  page: Page,
): Promise<{ step: string; wait: string; target: string | null; scene: string }> {
  await chapter(page).waitFor();
  // One round trip for the four attributes (this is read many times a step).
  return chapter(page).evaluate((el) => ({
    step: el.getAttribute('data-step') ?? '',
    wait: el.getAttribute('data-wait') ?? '',
    target: el.getAttribute('data-target'),
    scene: el.getAttribute('data-scene') ?? '',
  }));
}

/** Clicks what the guide points at (the first of its kind that is visible). */
async function clickTarget(page: Page, selector: string): Promise<void> {
  const el = chapter(page).locator(selector).locator('visible=true').first();
  try {
    await el.click({ timeout: 10_000 });
  } catch (e) {
    await page.screenshot({ path: join(shots, 'learn-failed.jpg') });
    const where = `${await attr(page, 'data-chapter')} ${await attr(page, 'data-step')}`;
    throw new Error(`${where}: cannot click ${selector}`, { cause: e });
  }
}

/**
 * What the callout covers that it must not: the screen's edge (it stays on screen), the element the step
 * rings, and, while the player makes a move, the palettes and the line saying who leads (what a move is
 * judged by). Empty: nothing.
 */
function calloutCovers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const callout = document.querySelector('[data-testid="learn-callout"]')!.getBoundingClientRect();
    const covered = (el: Element): boolean => {
      const b = el.getBoundingClientRect();
      return (
        el.getClientRects().length > 0 &&
        Math.min(callout.right, b.right) > Math.max(callout.left, b.left) &&
        Math.min(callout.bottom, b.bottom) > Math.max(callout.top, b.top)
      );
    };
    const found: string[] = [];
    const { top, left, bottom, right } = callout;
    if (top < 0 || left < 0 || bottom > innerHeight || right > innerWidth) found.push('the screen edge');
    const ring = document.querySelector('[data-testid="learn-ring"]');
    if (ring && covered(ring)) found.push('the ringed element');
    const lesson = document.querySelector('[data-testid="learn-chapter"]')!;
    if (lesson.getAttribute('data-wait') === 'turn')
      for (const el of lesson.querySelectorAll('.seat, [data-testid="leader"]'))
        if (covered(el))
          found.push(el.matches('.seat') ? `seat ${el.getAttribute('data-seat')}` : 'the leader');
    return found;
  });
}

/**
 * Follows the guide through one chapter to its end: Next on words, the outlined element on moves (a pass
 * asks first: yes), the bots' turns waited for. `shot`: the key step's screenshot file. `clear`: at each
 * thing the guide points at, the callout covers nothing it must not (`calloutCovers`).
 */
async function completeChapter(page: Page, id: string, shot: string | null, clear = false): Promise<void> {
  await expect.poll(() => attr(page, 'data-chapter')).toBe(id);
  for (let guard = 0; guard < 80; guard++) {
    const s = await stepState(page);
    if (s.wait === 'done') break;
    if (clear)
      await expect
        .poll(() => calloutCovers(page), { message: `${id} ${s.step} (${s.target}): the callout covers` })
        .toEqual([]);
    if (shot && s.step === KEY_STEP[id]) {
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(shots, shot) });
      shot = null;
    }
    if (s.wait === 'next') {
      await page.getByTestId('learn-next').click();
    } else if (s.wait === 'bots') {
      // Nothing to press: the poll below waits for the bots' turns to move the step on.
    } else if (s.wait === 'turn' && s.target) {
      await clickTarget(page, s.target);
      if (s.target.includes('"pass"')) await page.getByTestId('confirm-yes').click();
    }
    // The step moves on, or the turn's next thing to press changes.
    await expect
      .poll(
        async () => {
          const now = await stepState(page);
          return (
            now.step !== s.step || now.target !== s.target || now.scene !== s.scene || now.wait === 'done'
          );
        },
        { message: `${id}: stuck at ${JSON.stringify(s)}`, timeout: 10_000 },
      )
      .toBe(true);
  }
  expect(await attr(page, 'data-wait')).toBe('done');
  await expect.poll(() => page.getByTestId('learn-callout').innerText()).toMatch(/\S/);
}

/** Every chapter in order from the list, by its own Start button and the callout's Next chapter. */
async function completeAll(page: Page, width: number, lang: string, clear = false): Promise<void> {
  await page.getByTestId('learn-open-goal').click();
  for (const [i, id] of CHAPTER_IDS.entries()) {
    await completeChapter(page, id, `learn-${id}-${width}${lang === 'en' ? '' : `-${lang}`}.jpg`, clear);
    if (i < CHAPTER_IDS.length - 1) await page.getByTestId('learn-next-chapter').click();
  }
  await page.getByTestId('learn-done-chapters').click();
  await page.getByTestId('learn-chapters').waitFor();
  const rows = page.getByTestId('learn-chapter-row');
  await expect
    .poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-state'))))
    .toEqual(CHAPTER_IDS.map(() => 'done'));
}

/**
 * The chapter list, in `lang`. `pace`: the lessons' bot pace chosen there first (the walks after the first
 * go fast: the pace is the bots' wait between moves, which the first walk and a unit test cover).
 */
async function openLearn(player: Player, url: string, lang = 'en', pace = 'fast'): Promise<Page> {
  const { page } = player;
  await page.goto(url);
  if (lang !== 'en') {
    await page.getByTestId('language').selectOption(lang);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang);
  }
  await page.goto(`${url}#/learn`);
  await page.getByTestId('learn-chapters').waitFor();
  await page.getByTestId('learn-pace').selectOption(pace);
  return page;
}

async function audit(page: Page): Promise<string[]> {
  await page.waitForTimeout(250);
  return (await axeViolations(page)).map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

describeInChromium('learn to play', {}, (stage) => {
  /*
   * Each test's page is closed when it ends (it stayed open until the file's end otherwise, and its bots
   * and guide woke with every change to its table).
   */
  const opened: Player[] = [];
  const newPlayer = async (...args: Parameters<Stage['player']>): Promise<Player> => {
    const p = await stage.player(...args);
    opened.push(p);
    return p;
  };
  /** Chapter 2's step 'fives', which points at the hand (the callout sits just above it). */
  const atFives = async (player: Player): Promise<Page> => {
    const page = await openLearn(player, stage.served.url);
    await page.getByTestId('learn-open-play').click();
    for (let i = 0; i < 2; i++) await page.getByTestId('learn-next').click();
    await expect.poll(() => attr(page, 'data-step')).toBe('fives');
    return page;
  };
  // Not awaited: the next test need not wait for Chromium to take the page down (the stage's end closes
  // whatever is left).
  afterEach(() => {
    for (const p of opened.splice(0)) void p.context.close().catch(() => {});
  });

  it('desktop 1280×800: the first-start offer, a wrong move tried again, axe on a step, every chapter by clicks', async () => {
    const player = await newPlayer('Ada', 1280, 800);
    const { page } = player;
    await page.goto(stage.served.url);
    // A device that never played: the lobby offers the lessons once, beside everything else.
    await page.getByTestId('learn-offer').waitFor();
    await expect.poll(() => page.getByTestId('player-name').isVisible()).toBe(true);
    await page.screenshot({ path: join(shots, 'learn-offer-1280.jpg') });
    await page.getByTestId('learn-offer-start').click();
    await page.getByTestId('learn-chapters').waitFor();
    await page.screenshot({ path: join(shots, 'learn-list-1280.jpg') });
    // The list, with its choice of the bots' pace (normal until chosen): nothing for axe either.
    expect(await page.getByTestId('learn-pace').inputValue()).toBe('normal');
    expect(await audit(page)).toEqual([]);

    // A wrong move in chapter 2: explained in the table's words, then taken back.
    await page.getByTestId('learn-open-play').click();
    for (let i = 0; i < 3; i++) await page.getByTestId('learn-next').click();
    await expect.poll(() => attr(page, 'data-step')).toBe('beat');
    await chapter(page).locator('.my-hand [data-card="I5"]').click();
    await page.getByTestId('play').click();
    await expect.poll(() => attr(page, 'data-mistake')).toBe('yes');
    const said = await page.getByTestId('learn-callout').innerText();
    expect(said).toContain('Play Indigo 5: you would not lead yet.');
    expect(said).toContain('Indigo is below Green');
    await page.screenshot({ path: join(shots, 'learn-wrong-1280.jpg') });
    await page.getByTestId('learn-try-again').click();
    await expect.poll(() => attr(page, 'data-mistake')).toBe(null);
    expect(await chapter(page).getAttribute('data-target')).toContain('I5'.replace('I5', 'Y5'));
    // axe on a step of a chapter: nothing at all.
    expect(await audit(page)).toEqual([]);
    await page.getByTestId('learn-to-chapters').click();

    await completeAll(page, 1280, 'en');
    expect(player.errors).toEqual([]);
  }, 240_000);

  it('Esc as at a real table: clears the selection, with none undoes a step, never skips or plays the move', async () => {
    const player = await newPlayer('Esa', 1280, 800);
    const page = await openLearn(player, stage.served.url);
    await page.getByTestId('learn-open-play').click();
    // On a step of words Esc goes nowhere.
    await page.keyboard.press('Escape');
    expect(await attr(page, 'data-step')).toBe('red');
    for (let i = 0; i < 3; i++) await page.getByTestId('learn-next').click();
    await expect.poll(() => attr(page, 'data-step')).toBe('beat');
    const hand = '.my-hand [data-card="Y5"]';
    const staged = chapter(page).locator('.seat[data-seat="0"] [data-card="Y5"]');
    // Selected, then Esc: the selection is gone (the guide points at the card again), the step stays.
    await chapter(page).locator(hand).click();
    await expect.poll(() => attr(page, 'data-target')).toBe('[data-testid="play"]');
    await page.keyboard.press('Escape');
    await expect.poll(() => attr(page, 'data-target')).toBe(hand);
    expect(await attr(page, 'data-step')).toBe('beat');
    expect(await staged.count()).toBe(0);
    // Played (staged), nothing selected: Esc undoes the step, the card is back in the hand.
    await chapter(page).locator(hand).click();
    await page.getByTestId('play').click();
    await expect.poll(() => staged.count()).toBe(1);
    await expect.poll(() => attr(page, 'data-target')).toBe('[data-testid="confirm-turn"]');
    await page.keyboard.press('Escape');
    await expect.poll(() => staged.count()).toBe(0);
    expect(await attr(page, 'data-step')).toBe('beat');
    expect(await chapter(page).locator(hand).count()).toBe(1);
    // Pressed again with nothing staged: still the player's move to make.
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
    expect(await attr(page, 'data-step')).toBe('beat');
    // A wrong move: Esc takes it back, as Try again does.
    await chapter(page).locator('.my-hand [data-card="I5"]').click();
    await page.getByTestId('play').click();
    await expect.poll(() => attr(page, 'data-mistake')).toBe('yes');
    await page.keyboard.press('Escape');
    await expect.poll(() => attr(page, 'data-mistake')).toBe(null);
    expect(await attr(page, 'data-step')).toBe('beat');
    await expect.poll(() => chapter(page).locator('.seat[data-seat="0"] [data-card="I5"]').count()).toBe(0);
    // The skip button no longer claims the key.
    expect(await page.getByTestId('learn-skip-step').getAttribute('aria-keyshortcuts')).toBe(null);
    expect(player.errors).toEqual([]);
  }, 60_000);

  it('a press on Next is not lost when what the callout follows moves before the release', async () => {
    const player = await newPlayer('Pia', 1280, 800);
    const page = await atFives(player);
    const callout = page.getByTestId('learn-callout');
    const ring = page.getByTestId('learn-ring');
    // The step's words come a frame or two before its target is found: the guide settles on the hand first.
    const hand = chapter(page).locator('.my-hand');
    await expect
      .poll(async () => {
        const [r, h] = [await ring.boundingBox(), await hand.boundingBox()];
        return !!r && !!h && r.y <= h.y && r.y + r.height >= h.y + h.height;
      })
      .toBe(true);
    const before = (await callout.boundingBox())!;
    const ringBefore = (await ring.boundingBox())!;
    const next = (await page.getByTestId('learn-next').boundingBox())!;
    await page.mouse.move(next.x + next.width / 2, next.y + next.height / 2);
    await page.mouse.down();
    // What the step points at moves far (as a card sliding in does), the press still held: the callout stays.
    await chapter(page)
      .locator('.my-hand')
      .evaluate((el) => {
        (el as HTMLElement).style.transform = 'translateY(-300px)';
      });
    // The ring follows the hand at once (the callout would too, were it not pressed).
    await expect.poll(async () => ringBefore.y - (await ring.boundingBox())!.y).toBeGreaterThan(250);
    expect(await callout.boundingBox()).toEqual(before);
    await page.mouse.up();
    await expect.poll(() => attr(page, 'data-step')).toBe('beat');
    expect(player.errors).toEqual([]);
  });

  it('on a still step the guide stops measuring the page, and follows again once something moves', async () => {
    const player = await newPlayer('Ola', 1280, 800);
    const page = await atFives(player);
    // Counts the page's layout reads (the guide measures its element with them) over a second.
    const readsInASecond = () =>
      page.evaluate(async () => {
        const proto = Element.prototype;
        const measure = proto.getBoundingClientRect;
        let reads = 0;
        proto.getBoundingClientRect = function (this: Element) {
          reads += 1;
          return measure.call(this);
        };
        await new Promise((r) => setTimeout(r, 1000));
        proto.getBoundingClientRect = measure;
        return reads;
      });
    // Settled (a few frames after the step's words), it reads nothing while nothing moves: it used to read
    // every frame, 60 a second, a lesson left open a steady drain on a phone's battery.
    await expect.poll(readsInASecond, { timeout: 10_000 }).toBeLessThan(5);
    const ring = page.getByTestId('learn-ring');
    const ringBefore = (await ring.boundingBox())!;
    await chapter(page)
      .locator('.my-hand')
      .evaluate((el) => {
        (el as HTMLElement).style.transform = 'translateY(-200px)';
      });
    await expect.poll(async () => ringBefore.y - (await ring.boundingBox())!.y).toBeGreaterThan(150);
    // It followed the hand while it slid (a transition), then settled again.
    await expect.poll(readsInASecond, { timeout: 10_000 }).toBeLessThan(5);
    expect(player.errors).toEqual([]);
  });

  it("the table's keys: a number selects a hand card, P plays it, E confirms (as the Confirm button says)", async () => {
    const player = await newPlayer('Eko', 1280, 800);
    const page = await openLearn(player, stage.served.url);
    await page.getByTestId('learn-open-play').click();
    for (let i = 0; i < 3; i++) await page.getByTestId('learn-next').click();
    await expect.poll(() => attr(page, 'data-step')).toBe('beat');
    const cards = await chapter(page)
      .locator('.my-hand [data-card]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
    await page.keyboard.press(String(cards.indexOf('Y5') + 1));
    await expect.poll(() => attr(page, 'data-target')).toBe('[data-testid="play"]');
    await page.keyboard.press('p');
    const staged = chapter(page).locator('.seat[data-seat="0"] [data-card="Y5"]');
    await expect.poll(() => staged.count()).toBe(1);
    expect(await page.getByTestId('confirm-turn').getAttribute('aria-keyshortcuts')).toContain('E');
    await page.keyboard.press('e');
    await expect.poll(() => attr(page, 'data-step')).not.toBe('beat');
    expect(await attr(page, 'data-mistake')).toBe(null);
    expect(player.errors).toEqual([]);
  }, 60_000);

  it('skip a chapter, resume one part way, replay a finished one (progress kept over a reload)', async () => {
    const player = await newPlayer('Bea', 1280, 800);
    const page = await openLearn(player, stage.served.url);
    // Skip: chapter 5 is left, 6 opens; 5 is not done.
    await page.getByTestId('learn-open-ties').click();
    await page.getByTestId('learn-skip-step').click();
    await page.getByTestId('learn-skip-chapter').click();
    await expect.poll(() => attr(page, 'data-chapter')).toBe('advanced');
    // Resume: chapter 4's first scene done, back to the list, reload: Continue opens its second scene.
    await page.getByTestId('learn-to-chapters').click();
    await page.getByTestId('learn-open-turn').click();
    for (let i = 0; i < 3; i++) await page.getByTestId('learn-skip-step').click();
    await page.getByTestId('learn-next').click();
    await expect.poll(() => attr(page, 'data-scene')).toBe('1');
    await page.getByTestId('learn-to-chapters').click();
    await page.reload();
    await page.getByTestId('learn-chapters').waitFor();
    const row = (id: string) => page.locator(`[data-testid="learn-chapter-row"][data-chapter="${id}"]`);
    expect(await row('turn').getAttribute('data-state')).toBe('current');
    expect(await row('ties').getAttribute('data-state')).toBe('new');
    await page.screenshot({ path: join(shots, 'learn-resume-1280.jpg') });
    await page.getByTestId('learn-open-turn').click();
    await expect.poll(() => attr(page, 'data-scene')).toBe('1');
    await completeChapter(page, 'turn', null);
    await page.getByTestId('learn-done-chapters').click();
    expect(await row('turn').getAttribute('data-state')).toBe('done');
    // A finished chapter can be played again, from its beginning.
    await page.getByTestId('learn-open-turn').click();
    await expect.poll(() => attr(page, 'data-scene')).toBe('0');
    expect(player.errors).toEqual([]);
  }, 120_000);

  /*
   * The phones walk every chapter in the languages with the longest words, Italian and Korean: a taller
   * callout is the harder case for keeping it on screen and off what each step is about, and English is
   * walked at 1280 above.
   */
  it('phone 360×740, in Italian: every chapter by taps, the callout never over what the step is about', async () => {
    const player = await newPlayer('Eva', 360, 740, {
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    await completeAll(await openLearn(player, stage.served.url, 'it'), 360, 'it', true);
    expect(player.errors).toEqual([]);
  }, 240_000);

  it('phone 390×844, in Korean: the first-start offer dismissed, then every chapter by taps, the callout never over what the step is about', async () => {
    const player = await newPlayer('Cy', 390, 844, {
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    await player.page.goto(stage.served.url);
    await player.page.getByTestId('learn-offer').waitFor();
    await player.page.screenshot({ path: join(shots, 'learn-offer-390.jpg') });
    // Dismissed, it is gone for good: the lobby keeps only its link.
    await player.page.getByTestId('learn-offer-dismiss').click();
    await player.page.reload();
    await player.page.getByTestId('lobby-learn').waitFor();
    expect(await player.page.getByTestId('learn-offer').count()).toBe(0);
    const page = await openLearn(player, stage.served.url, 'ko');
    await completeAll(page, 390, 'ko', true);
    expect(player.errors).toEqual([]);
  }, 240_000);
});
