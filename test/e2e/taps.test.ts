import { expect, it } from 'vitest';
import { describeInChromium } from './harness';
import { createTable, enterName } from './ui';

/*
 * Two taps that used to fail in Chromium: the first tap on Join after "Enter your name first." (the
 * error vanished as the field lost focus on that tap, so Join moved from under the finger) and a
 * double-click on "Start the game" (the second start came back as an error).
 */
describeInChromium('taps that work the first time', {}, (stage) => {
  it('a phone joins on the first tap after the name error, and a double-click starts once', async () => {
    const ada = await stage.player('Ada', 1280, 900);
    await ada.page.goto(stage.served.url);
    await enterName(ada.page, 'Ada');
    await createTable(ada.page, {
      name: 'Tap table',
      players: 3,
      bots: [2],
      advanced: false,
      actionRule: false,
    });

    const bo = await stage.player('Bo', 390, 844, { isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await bo.page.goto(stage.served.url);
    const join = bo.page.getByTestId('table-row').filter({ hasText: 'Tap table' }).getByTestId('join');
    await join.tap();
    const error = bo.page.getByText('Enter your name first.');
    await error.waitFor();

    // Typing (no blur yet) clears the error, so the tap that ends the typing lands where Join is.
    await bo.page.getByTestId('player-name').pressSequentially('Bo');
    await expect.poll(() => error.count()).toBe(0);
    await join.tap();
    await bo.page.getByTestId('waiting-room').waitFor({ timeout: 5000 });

    await expect
      .poll(() => ada.page.getByTestId('seat').allTextContents())
      .toContainEqual(expect.stringContaining('Bo'));
    await ada.page.getByTestId('start').dblclick();
    for (const p of [ada, bo]) await p.page.getByTestId('table-view').waitFor();
    // The host answers a second start at once; give it the time to arrive.
    await ada.page.waitForTimeout(500);
    await expect(ada.page.locator('[data-testid="notice"].error').allTextContents()).resolves.toEqual([]);
    expect([...ada.errors, ...bo.errors]).toEqual([]);
  });
});
