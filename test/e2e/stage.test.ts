import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { setupState } from '../../shared/engine';
import type { Move } from '../../shared/engine/types';
import { describeInChromium, plantTable, resumeSeat, screenshotDir, type Player } from './harness';

/*
 * A turn staged on screen, then confirmed, in real Chromium against a real host. Two people in their own
 * browser contexts: Ada on the desktop window (1280×800), Bo on a phone (390×844, then 360×740). Every
 * frame each page sends is recorded: a mis-tap taken back (Play then Undo, Discard then Esc) sends
 * nothing and the other screen does not change; a confirmed turn is one `turn` frame and the other player
 * sees it; a 3's draw and the Advanced draw go at once with the turn so far, and their buttons say so;
 * a whole turn by keyboard alone (digits, P, Backspace, Enter). Screenshots: test-results/screenshots/stage-*.jpg.
 */

const shots = screenshotDir();
const TABLE = 'stagedturn';
const token = (seat: number) => `token-${TABLE}-${seat}-0123456789abcdef`;
const options = {
  players: 2,
  mode: 'advanced',
  actionRule: true,
  rulesVersion: '1.2',
  targetScore: 35,
  autoDraw: false,
} as const;

/*
 * Ada (seat 0) to move, O3 against Bo's Y5 under Red. G6 played leads; V1 discarded leads (Violet: cards
 * under 4). Then Bo: Y3 draws the face-down top card at once (Action rule); Y4 discarded leads under
 * Yellow (two yellows), and as 4 is more than his palette's two cards the Advanced draw is offered.
 */
const position = () =>
  setupState(options, {
    hands: [
      ['G6', 'V1', 'B4', 'I5', 'R2'],
      ['Y3', 'O2', 'B6', 'Y4', 'G1'],
    ],
    palettes: [['O3'], ['Y5']],
    deck: ['I2', 'B1', 'V2'],
    current: 0,
  });

/** A `turn` frame a page sent: its steps. */
const turnFrames = (frames: string[]): Move[][] =>
  frames.flatMap((f) => {
    const msg = JSON.parse(f) as { type: string; steps?: Move[] };
    return msg.type === 'turn' ? [msg.steps!] : [];
  });

const moveCount = async (page: Page): Promise<number> =>
  Number(await page.getByTestId('table-view').getAttribute('data-move-count'));
const palette = (page: Page, seat: number): Promise<string[]> =>
  page
    .locator(`[data-seat="${seat}"] [data-card]`)
    .evaluateAll((cards) => [...new Set(cards.map((c) => c.getAttribute('data-card')!))].sort());

async function inViewport(page: Page, what: Locator, label: string): Promise<void> {
  const box = await what.boundingBox();
  const vp = page.viewportSize()!;
  expect(box, `${label} is drawn`).not.toBeNull();
  const inside = {
    top: box!.y >= 0,
    left: box!.x >= 0,
    bottom: box!.y + box!.height <= vp.height + 0.5,
    right: box!.x + box!.width <= vp.width + 0.5,
  };
  expect(inside, `${label} ${JSON.stringify(box)} inside ${vp.width}×${vp.height}`).toEqual({
    top: true,
    left: true,
    bottom: true,
    right: true,
  });
}

describeInChromium(
  'a turn staged, then confirmed (Chromium)',
  {
    plant: (dataDir) =>
      plantTable(dataDir, {
        id: TABLE,
        name: 'Staged turns',
        options,
        state: position(),
        seats: [
          { name: 'Ada', token: token(0) },
          { name: 'Bo', token: token(1) },
        ],
      }),
  },
  (stage) => {
    let ada: Player;
    let bo: Player;
    const sent = new Map<Player, string[]>();

    /** Opens the table in `p`'s page as the tab holding `seat`, recording every frame it sends. */
    async function sit(p: Player, seat: number): Promise<void> {
      const frames: string[] = [];
      sent.set(p, frames);
      p.page.setDefaultTimeout(8000); // a step that does not come says where, well inside the test's time
      p.page.on('websocket', (ws) => ws.on('framesent', (f) => frames.push(String(f.payload))));
      await resumeSeat(p, stage.served, TABLE, token(seat), seat);
    }
    const shot = (p: Player, name: string) => p.page.screenshot({ path: join(shots, `stage-${name}.jpg`) });
    const turnsSent = (p: Player) => turnFrames(sent.get(p)!);

    it('a mis-tap on the desktop is taken back with nothing sent: Play then Undo, Discard then Esc', async () => {
      ada = await stage.player('Ada', 1280, 800);
      bo = await stage.player('Bo', 390, 844, { isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
      await sit(ada, 0);
      await sit(bo, 1);
      const { page } = ada;
      await page.locator('.panel.mine').waitFor();
      await bo.page.getByTestId('turn-status').filter({ hasText: 'Ada is playing' }).waitFor();

      await page.locator('.my-hand [data-card="G6"]').click();
      await page.getByTestId('play').click();
      // On Ada's screen the card lies in her palette, marked as not sent; the turn can be confirmed.
      await page.locator('.my-seat [data-card="G6"] [data-testid="staged-mark"]').waitFor();
      await expect(page.getByTestId('not-sent').textContent()).resolves.toContain('Not sent yet');
      await expect(page.getByTestId('undo').getAttribute('aria-label')).resolves.toBe(
        'Undo: playing Green 6',
      );
      await expect.poll(() => page.locator('.my-hand [data-card="G6"]').count()).toBe(0);
      await shot(ada, '1280x800-staged');
      await page.getByTestId('undo').click();
      await page.locator('.my-hand [data-card="G6"][aria-pressed="true"]').waitFor(); // back, and selected

      await page.locator('.my-hand [data-card="V1"]').click();
      await page.getByTestId('discard').click();
      await page.getByTestId('turn-status').filter({ hasText: 'Your turn is ready.' }).waitFor();
      await expect(page.getByTestId('rule-name').textContent()).resolves.toContain('Violet');
      await shot(ada, '1280x800-staged-discard');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('rule-name').textContent()).toContain('Red');
      await page.locator('.my-hand [data-card="V1"]').waitFor();

      // Nothing went to the host: no turn frame, the same move count, Bo's screen as it was.
      await page.waitForTimeout(300);
      expect(turnsSent(ada)).toEqual([]);
      expect(sent.get(ada)!.length).toBeGreaterThan(0); // the recorder does hear this page's frames
      await expect(moveCount(page)).resolves.toBe(0);
      await expect(moveCount(bo.page)).resolves.toBe(0);
      await expect(palette(bo.page, 0)).resolves.toEqual(['O3']);
      await expect(bo.page.getByTestId('rule-name').textContent()).resolves.toContain('Red');
    });

    it('keyboard only: a digit selects, P stages, Backspace takes it back, Enter sends one turn frame', async () => {
      const { page } = ada;
      const hand = await page
        .locator('.my-hand [data-card]')
        .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')));
      const key = String(hand.indexOf('G6') + 1);
      await page.keyboard.press(key);
      await page.keyboard.press('p');
      await page.locator('.my-seat [data-card="G6"]').waitFor();
      await page.keyboard.press('Backspace');
      await page.locator('.my-hand [data-card="G6"]').waitFor();
      // The card flies back: its palette copy leaves once its animation ends.
      await expect.poll(() => page.locator('.my-seat [data-card="G6"]').count()).toBe(0);
      // By Tab and Enter: Play, once pressed, is disabled (one play a turn), and the focus goes on to Confirm
      // instead of falling to the page; Backspace takes it back, and the focus is on the card given back.
      const focusedId = () =>
        page.evaluate(() => {
          const el = document.activeElement;
          return el?.getAttribute('data-testid') ?? el?.getAttribute('data-card') ?? el?.tagName;
        });
      await page.keyboard.press(key);
      for (let n = 0; n < 12 && (await focusedId()) !== 'play'; n++) await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.locator('.my-seat [data-card="G6"]').waitFor();
      await expect.poll(focusedId).toBe('confirm-turn');
      await page.keyboard.press('Backspace');
      await page.locator('.my-hand [data-card="G6"]').waitFor();
      await expect.poll(focusedId).toBe('G6');
      await expect.poll(() => page.locator('.my-seat [data-card="G6"]').count()).toBe(0);
      await page.keyboard.press(key);
      await page.keyboard.press('p');
      await page.locator('.my-seat [data-card="G6"]').waitFor();
      // The played card let go of the focus as it left the hand: it is on Confirm, so Enter confirms the turn
      // (and a screen reader hears where the turn stands, not the page's start).
      await expect.poll(focusedId).toBe('confirm-turn');
      expect(turnsSent(ada)).toEqual([]);
      await page.keyboard.press('Enter');
      await expect.poll(() => moveCount(page)).toBeGreaterThan(0);
      // The turn gone, its buttons with it: the focus is in the hand, where the next turn starts.
      await expect
        .poll(() => page.evaluate(() => !!document.activeElement?.matches('.my-hand button.card')))
        .toBe(true);
      expect(turnsSent(ada)).toEqual([[{ type: 'play', card: 'G6' }, { type: 'end' }]]);
      // Bo sees it: G6 in Ada's palette, and his turn.
      await expect.poll(() => palette(bo.page, 0)).toEqual(['G6', 'O3']);
      await bo.page.locator('.panel.mine').waitFor();
      await expect.poll(() => page.locator('[data-testid="staged-mark"]').count()).toBe(0);
    });

    it('on a phone: a mis-tap taken back unsent, Confirm and Undo in sight, the draws go at once and say so', async () => {
      const { page } = bo;
      const before = await moveCount(page);
      await page.locator('.my-hand [data-card="B6"]').tap();
      await page.getByTestId('play').tap();
      await page.getByTestId('undo').waitFor();
      await inViewport(page, page.getByTestId('confirm-turn'), 'Confirm turn');
      await inViewport(page, page.getByTestId('undo'), 'Undo');
      await inViewport(page, page.locator('.my-seat [data-card="B6"]'), 'the staged card');
      await inViewport(page, page.getByTestId('rule-name'), 'the rule');
      await shot(bo, '390x844-staged');
      await page.setViewportSize({ width: 360, height: 740 });
      await inViewport(page, page.getByTestId('confirm-turn'), 'Confirm turn at 360×740');
      await inViewport(page, page.getByTestId('undo'), 'Undo at 360×740');
      await shot(bo, '360x740-staged');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('undo').tap();
      await page.locator('.my-hand [data-card="B6"]').waitFor();
      await page.waitForTimeout(300);
      expect(turnsSent(bo)).toEqual([]);
      await expect(palette(ada.page, 1)).resolves.toEqual(['Y5']);

      // A 3 draws the face-down top card: only the host knows it, so the play goes at once, and says so.
      await page.locator('.my-hand [data-card="Y3"]').tap();
      await expect(page.getByTestId('play').textContent()).resolves.toContain(
        'Play — your turn so far is final',
      );
      await shot(bo, '390x844-final-three');
      await page.getByTestId('play').tap();
      await expect.poll(() => moveCount(page)).toBeGreaterThan(before);
      expect(turnsSent(bo)).toEqual([[{ type: 'play', card: 'Y3' }]]);
      await page.getByTestId('drew').waitFor(); // the card the 3 drew, shown to Bo alone
      // Said once: the announcer says the card with the move that drew it, so the line on screen is no live
      // region of its own (a screen reader heard "You drew …" twice).
      const drewWords = (await page.getByTestId('drew').textContent())!.trim().replace(/\.$/, '');
      expect(drewWords).toMatch(/^You drew \w+ \d$/);
      await expect(
        page
          .getByTestId('drew')
          .evaluate((el) => !!el.closest('[aria-live], [role="status"], [role="alert"]')),
      ).resolves.toBe(false);
      await expect.poll(() => page.getByTestId('announcer').textContent()).toContain(drewWords);
      await expect.poll(() => palette(ada.page, 1)).toEqual(['Y3', 'Y5']);

      // Then Y4 to the canvas: Yellow, and Bo leads with two yellows; 4 > 2 palette cards offers the draw.
      await page.locator('.my-hand [data-card="Y4"]').tap();
      await page.getByTestId('discard').tap();
      await expect(page.getByTestId('draw').textContent()).resolves.toContain(
        'Draw — your turn so far is final',
      );
      await inViewport(page, page.getByTestId('draw'), 'Draw');
      await shot(bo, '390x844-final-draw');
      expect(turnsSent(bo)).toHaveLength(1);
      const mid = await moveCount(page);
      await page.getByTestId('draw').tap();
      await expect.poll(() => moveCount(page)).toBeGreaterThan(mid);
      expect(turnsSent(bo)).toEqual([
        [{ type: 'play', card: 'Y3' }],
        [{ type: 'discard', card: 'Y4' }, { type: 'draw' }],
      ]);
      await expect.poll(() => ada.page.getByTestId('rule-name').textContent()).toContain('Yellow');
      await ada.page.locator('.panel.mine').waitFor();
      expect([...ada.errors, ...bo.errors]).toEqual([]);
    });
  },
);
