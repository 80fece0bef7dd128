import type { Locator, Page } from 'playwright-core';

/**
 * What a person does in the UI, as the e2e tests do it: fill fields, click buttons, press keys.
 * The play policy reads only what the screen shows (enabled buttons, the preview lines).
 */

export async function enterName(page: Page, name: string): Promise<void> {
  const field = page.getByTestId('player-name');
  await field.fill(name);
  await field.press('Tab'); // the name is saved on change
}

export interface NewTable {
  name: string;
  players: 2 | 3 | 4;
  /** Seats (0-based) given to bots. */
  bots: number[];
  advanced: boolean;
  actionRule: boolean;
  target?: number;
}

/**
 * Opens the lobby's new-table form, folded behind a button (its code loads when asked for); the focus
 * goes into its first field. Leaves an open form as it is.
 */
export async function openNewTable(page: Page): Promise<void> {
  const form = page.getByTestId('new-table');
  if (!(await form.isVisible())) await page.getByTestId('new-table-open').click();
  await form.waitFor();
}

export async function createTable(page: Page, t: NewTable): Promise<void> {
  await openNewTable(page);
  await page.getByTestId('table-name').fill(t.name);
  // Every option is the test's to choose (a fresh browser opens the form on First game).
  await page.getByTestId('preset-custom').check();
  await page.getByTestId(`players-${t.players}`).check();
  for (let seat = 1; seat < t.players; seat++) {
    const box = page.getByTestId(`bot-${seat}`);
    if ((await box.isChecked()) !== t.bots.includes(seat)) await box.click();
  }
  await page.getByTestId(t.advanced ? 'mode-advanced' : 'mode-basic').check();
  const action = page.getByTestId('action-rule');
  if ((await action.isChecked()) !== t.actionRule) await action.click();
  if (t.advanced && t.target !== undefined) await page.getByTestId('target').fill(String(t.target));
  await page.getByTestId('create').click();
  await page.getByTestId('waiting-room').waitFor();
}

export async function joinTable(page: Page, tableName: string): Promise<void> {
  const row = page.getByTestId('table-row').filter({ hasText: tableName });
  await row.getByTestId('join').click();
  await page.getByTestId('waiting-room').waitFor();
}

/** Is it this page's turn to act (or to start the next round)? */
export async function myTurn(page: Page): Promise<boolean> {
  return page.locator('.panel.mine').isVisible();
}

const enabled = async (l: Locator): Promise<boolean> =>
  (await l.count()) > 0 && (await l.first().isEnabled());

const numberAttr = async (page: Page, name: string): Promise<number> =>
  Number(await page.getByTestId('table-view').getAttribute(name));

/**
 * Takes this player's turn through the UI, step by step, preferring moves that keep the lead, until
 * something goes to the host (a confirmed turn, a pass, a draw from the face-down deck): each step is
 * staged on screen first. Keys select cards and play/discard/confirm (1–9, P, D, E); prompts are
 * clicked. Returns what it did, for the test's log.
 */
export async function takeStep(page: Page): Promise<string> {
  const done: string[] = [];
  const moveCount = await numberAttr(page, 'data-move-count');
  for (let i = 0; i < 12; i++) {
    const staged = await numberAttr(page, 'data-staged');
    done.push(await oneStep(page));
    // Staged (the count of staged steps changes) or sent (the host's move count changes, a moment later).
    let sent = false;
    for (let wait = 0; wait < 100; wait++) {
      if ((await numberAttr(page, 'data-move-count')) !== moveCount) sent = true;
      if (sent || (await numberAttr(page, 'data-staged')) !== staged) break;
      await page.waitForTimeout(50);
    }
    if (sent || !(await myTurn(page))) break;
  }
  return done.join(' + ');
}

/** One step of the turn on screen (staged, or sent when it cannot be staged). */
async function oneStep(page: Page): Promise<string> {
  const panel = page.locator('.panel.mine');
  // The staged turn is over (a discard ended it): confirm it.
  if ((await panel.getByText('Your turn is ready.').count()) > 0) {
    await page.getByTestId('confirm-turn').click();
    return 'confirm';
  }
  // Advanced draw offer: take it.
  const draw = page.getByTestId('draw');
  if (await draw.isVisible()) {
    await draw.click();
    return 'draw';
  }
  // 7: a palette card, then the canvas if allowed, else the deck.
  const mySeat = page.locator('.my-seat');
  const sevenPick = mySeat.locator('button.card');
  if ((await panel.getByText('Your 7:').count()) > 0) {
    if (!(await page.getByTestId('seven-canvas').isVisible())) await sevenPick.first().click();
    if (await enabled(page.getByTestId('seven-canvas'))) await page.getByTestId('seven-canvas').click();
    else if (await enabled(page.getByTestId('seven-deck'))) await page.getByTestId('seven-deck').click();
    else {
      await page.getByTestId('pass').click();
      await page.getByTestId('confirm-yes').click();
      return 'pass (7)';
    }
    return 'seven';
  }
  // 1: a card of another palette.
  if ((await panel.getByText('Your 1:').count()) > 0) {
    await page.locator('.others button.card').first().click();
    return 'one';
  }

  const hand = page.locator('.my-hand button.card');
  const count = await hand.count();
  const play = page.getByTestId('play');
  const discard = page.getByTestId('discard');
  const afterPlay = (await panel.getByText(/You played a card\.|That was your last card/).count()) > 0;
  const five = (await panel.getByText('Your 5:').count()) > 0;

  if (afterPlay) {
    if ((await page.locator('.whys .ok').count()) > 0) {
      await page.keyboard.press('e');
      return 'end';
    }
    for (let i = 0; i < count && i < 9; i++) {
      await page.keyboard.press(String(i + 1));
      if (await enabled(discard)) {
        await page.keyboard.press('d');
        return 'discard after play';
      }
    }
    await page.keyboard.press('e');
    await page.getByTestId('confirm-yes').click(); // ending out of the lead: confirm
    return 'end (out)';
  }

  // Start of the turn (or a 5): a play that leads, else a discard that leads, else any play.
  let fallback = -1;
  for (let i = 0; i < count && i < 9; i++) {
    await page.keyboard.press(String(i + 1));
    if (await enabled(play)) {
      // The first preview line is the play's; it is marked good when the play would lead.
      if ((await panel.locator('.preview').first().getAttribute('class'))?.includes('good')) {
        await page.keyboard.press('p');
        return five ? 'play (5)' : 'play';
      }
      if (fallback < 0) fallback = i;
    }
  }
  if (!five) {
    for (let i = 0; i < count && i < 9; i++) {
      await page.keyboard.press(String(i + 1));
      if (await enabled(discard)) {
        await page.keyboard.press('d');
        return 'discard';
      }
    }
  }
  if (fallback >= 0) {
    await page.keyboard.press(String(fallback + 1));
    await page.keyboard.press('p');
    return 'play (behind)';
  }
  await page.getByTestId('pass').click();
  await page.getByTestId('confirm-yes').click();
  return 'pass';
}
