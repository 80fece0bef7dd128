import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeInChromium, screenshotDir } from './harness';
import { createTable, enterName, joinTable } from './ui';

/*
 * "Can others reach me?" in real Chromium, on the page a host serves (the browser-served UI): the
 * creator's waiting room shows the panel from the host's /api/reach, and once nobody from the LAN
 * came within the (here shortened) grace period, it opens with the firewall advice for the host's system.
 * A host bound to 127.0.0.1 says that instead, as the one cause, and its guests are shown none of it.
 *
 * The first host listens on every interface with one LAN address given (10.77.0.5, HostOptions.interfaces),
 * as a party host does; the browsers reach it at 127.0.0.1.
 */
const LAN = {
  lo: [{ address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/8' }],
  eth0: [{ address: '10.77.0.5', netmask: '255.255.255.0', family: 'IPv4', mac: '02:00:00:00:00:05', internal: false, cidr: '10.77.0.5/24' }],
} as const; // prettier-ignore
const GRACE_MS = 2000;
const shots = screenshotDir();

describeInChromium(
  'the reachability panel in Chromium',
  { limits: { nobodyReachedAfterMs: GRACE_MS }, host: { bind: '0.0.0.0', interfaces: () => LAN } },
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
      // Served pages come from this machine: nobody from the LAN yet.
      await expect(panel.getByTestId('reach-addresses').textContent()).resolves.toContain(
        `10.77.0.5:${stage.served.host.port}`,
      );

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
      await ada.page.screenshot({ path: join(shots, 'reach-panel-1280.jpg'), fullPage: true });
      expect(ada.errors).toEqual([]);
    }, 60_000);
  },
);

describeInChromium(
  'a host bound to 127.0.0.1 in Chromium',
  { limits: { nobodyReachedAfterMs: GRACE_MS }, host: { bind: '127.0.0.1', interfaces: () => LAN } },
  (stage) => {
    it('tells the creator the true cause, never a firewall, and shows the guests none of it', async () => {
      const ada = await stage.player('Ada', 1280, 900);
      const bo = await stage.player('Bo', 1280, 900);
      await ada.page.goto(stage.served.url);
      await enterName(ada.page, 'Ada');
      await createTable(ada.page, {
        name: 'Alone table',
        players: 3,
        bots: [],
        advanced: false,
        actionRule: false,
      });
      await bo.page.goto(stage.served.url);
      await enterName(bo.page, 'Bo');
      await joinTable(bo.page, 'Alone table');

      const panel = ada.page.getByTestId('reach-panel');
      await expect
        .poll(() => panel.getByTestId('reach-loopback').textContent(), { timeout: 10_000 })
        .toContain('This host listens only on 127.0.0.1');
      await expect(ada.page.getByTestId('no-lan').textContent()).resolves.toContain(
        'The host listens only on 127.0.0.1',
      );
      // Past the grace nothing turns into a firewall warning: the cause is known.
      await ada.page.waitForTimeout(GRACE_MS + 3500);
      const said = (await ada.page.getByTestId('waiting-room').textContent()) ?? '';
      for (const wrong of ['on no network', 'firewall', 'Probably blocked'])
        expect(said).not.toContain(wrong);
      await ada.page.screenshot({ path: join(shots, 'reach-loopback-1280.jpg'), fullPage: true });

      // The guest: no reach panel, and no word of the host's network.
      await bo.page.getByTestId('waiting-room').waitFor();
      expect(await bo.page.getByTestId('reach-panel').count()).toBe(0);
      expect(await bo.page.getByTestId('join-address').count()).toBe(0);
      await bo.page.screenshot({ path: join(shots, 'reach-loopback-guest-1280.jpg'), fullPage: true });
      expect([...ada.errors, ...bo.errors]).toEqual([]);
    }, 60_000);
  },
);
