import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeInChromium, screenshotDir } from './harness';
import { createTable, enterName } from './ui';

/*
 * "Can others reach me?" in real Chromium, on the page a host serves (the browser-served UI): the
 * creator's waiting room shows the panel from the host's /api/reach, and once nobody from the LAN
 * came within the (here shortened) grace period, it opens with the firewall advice for the host's system.
 */
const GRACE_MS = 2000;
const shots = screenshotDir();

describeInChromium(
  'the reachability panel in Chromium',
  { limits: { nobodyReachedAfterMs: GRACE_MS } },
  (stage) => {
    it('shows the creator where the host listens, that nobody came yet, then what to allow', async () => {
      const ada = await stage.player('Ada', 1280, 900);
      await ada.page.goto(stage.served.url);
      await enterName(ada.page, 'Ada');
      await createTable(ada.page, {
        name: 'Reach table',
        players: 2,
        bots: [],
        advanced: false,
        actionRule: false,
      });

      const panel = ada.page.getByTestId('reach-panel');
      await panel.waitFor();
      await expect(panel.locator('summary').textContent()).resolves.toContain('Can others reach me?');
      await expect
        .poll(() => panel.getByTestId('reach-last').textContent(), { timeout: 10_000 })
        .toBe('No other device has connected yet.');
      // Bound to 127.0.0.1 (the test's host): no LAN address; served pages come from this machine.
      await expect(panel.textContent()).resolves.toContain(`port ${stage.served.host.port}`);

      // After the grace period the host says nobody reached it; the panel opens itself within one poll.
      await expect
        .poll(() => panel.getByTestId('reach-advice').isVisible(), { timeout: GRACE_MS + 8000 })
        .toBe(true)
        .catch(async (e: Error) => {
          throw new Error(`${e.message}; panel: ${await panel.textContent()}`);
        });
      const advice = await panel.getByTestId('reach-advice').textContent();
      expect(advice).toContain('A firewall is the likely cause.');
      if (process.platform === 'linux')
        expect(advice).toContain(`sudo ufw allow ${stage.served.host.port}/tcp`);
      await expect(panel.getByTestId('reach-warning').textContent()).resolves.toBe('Probably blocked');
      await ada.page.screenshot({ path: join(shots, 'reach-panel-1280.png'), fullPage: true });
      expect(ada.errors).toEqual([]);
    }, 60_000);
  },
);
