// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppInfo, DesktopApi } from '../../shared/desktop-api';
import type { ReachReport } from '../../shared/reach';
import { desktopBridge } from '../../renderer/src/bridge/desktop';
import ReachPanel from '../../renderer/src/components/waiting/ReachPanel.vue';
import { GameClient } from '../../renderer/src/net/client';
import { setServices } from '../../renderer/src/services';
import { NOTHING_FOUND_AFTER_MS } from '../../renderer/src/stores/lanTables';
import { hostHttpBase, useReachStore } from '../../renderer/src/stores/reach';
import LobbyView from '../../renderer/src/views/LobbyView.vue';
import { MemoryStorage } from './memory-storage';
import { mountApp, seatInfo, tableInfo } from './mount';
import { useTableStore } from '../../renderer/src/stores/table';
import { noHandOver } from '../helpers/no-hand-over';

const report = (over: Partial<ReachReport> = {}): ReachReport => ({
  port: 47470,
  addresses: ['192.168.1.23', 'fd00::23'],
  loopbackOnly: null,
  platform: 'win32',
  runtime: 'app',
  hostingSince: '2026-11-30T12:00:00.000Z',
  lastRemote: null,
  mdns: [
    { address: '192.168.1.23', announcing: true, problem: null, lastQueryAt: null },
    { address: '10.8.0.2', announcing: false, problem: 'send EPERM 224.0.0.251:5353', lastQueryAt: null },
  ],
  nobodyReached: false,
  ...over,
});

let served: ReachReport | null;
const fetchMock = vi.fn(async (url: string) =>
  served && url.endsWith('/api/reach')
    ? new Response(JSON.stringify(served), { status: 200 })
    : new Response('{"error":"no such API"}', { status: 404 }),
);

/** Only what the lobby asks the desktop bridge for; the app info is the test's. */
function desktopApi(info: Partial<AppInfo>, openDataFolder: () => Promise<void>): DesktopApi {
  return {
    tables: { subscribe: () => () => undefined, openInBrowser: async () => undefined },
    host: {
      start: async () => ({ port: 47470, addresses: [] }),
      stop: async () => undefined,
      status: async () => ({ running: false }),
      closeTable: async () => undefined,
      showRoomScreen: async () => undefined,
      ...noHandOver,
    },
    settings: { get: async () => '' as never, set: async () => undefined },
    app: {
      info: async () => ({
        name: 'Red7 LAN',
        version: '0.1.0',
        platform: 'linux',
        versions: { electron: '45', chrome: '140', node: '24' },
        locale: 'en-US',
        packaged: true,
        dataFolder: '/home/ada/.config/Red7 LAN/host',
        ...info,
      }),
      openDataFolder,
      notify: async () => false,
      keepAwake: async () => undefined,
      updateStatus: async () => ({ state: 'off' }),
      downloadUpdate: async () => undefined,
      installUpdate: async () => undefined,
    },
  };
}

function useDesktop(info: Partial<AppInfo> = {}, openDataFolder = vi.fn(async () => undefined)) {
  setServices({
    bridge: desktopBridge(desktopApi(info, openDataFolder)),
    createClient: (url) => new GameClient({ url, backoff: { maxAttempts: 0 } }),
    session: new MemoryStorage(),
    local: new MemoryStorage(),
    originWsUrl: null,
  });
  return openDataFolder;
}

beforeEach(() => {
  served = null;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  useDesktop();
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ReachPanel (Can others reach me?)', () => {
  it("reads the table's host: addresses and port, mDNS on each network, nobody yet", async () => {
    served = report();
    const w = mountApp(ReachPanel, { props: { hostUrl: 'ws://127.0.0.1:47470/ws' } });
    await flushPromises();
    expect(fetchMock).toHaveBeenCalledWith('http://127.0.0.1:47470/api/reach', expect.anything());
    expect(w.get('summary').text()).toContain('Can others reach me?');
    expect(w.get('[data-testid="reach-addresses"]').text()).toBe(
      'Others on this network join at: 192.168.1.23:47470[fd00::23]:47470',
    );
    const mdns = w.findAll('[data-testid="reach-mdns"] li').map((li) => li.text());
    expect(mdns).toEqual([
      '192.168.1.23 announcing',
      '10.8.0.2 not announcing (send EPERM 224.0.0.251:5353)',
    ]);
    expect(w.get('[data-testid="reach-last"]').text()).toBe('No other device has connected yet.');
    // All is well so far: closed, no warning, no advice.
    expect(w.get('details').attributes('open')).toBeUndefined();
    expect(w.find('[data-testid="reach-advice"]').exists()).toBe(false);
  });

  it('on Windows, once nobody came for a minute: opens itself and says what to allow, and where', async () => {
    served = report({ nobodyReached: true });
    const w = mountApp(ReachPanel, { props: { hostUrl: 'ws://127.0.0.1:47470/ws' } });
    await flushPromises();
    expect(w.get('details').attributes('open')).toBeDefined();
    expect(w.get('[data-testid="reach-warning"]').text()).toBe('Probably blocked');
    const advice = w.get('[data-testid="reach-advice"]').text();
    expect(advice).toContain('A firewall is the likely cause.');
    expect(advice).toContain('Allow an app through firewall');
    expect(advice).toContain('tick Red7 LAN for Private networks');
    expect(advice).toContain('Network profile type → Private');
  });

  it('a host bound to loopback: says so as the cause, with no firewall advice and no "Probably blocked"', async () => {
    served = report({ addresses: [], loopbackOnly: '127.0.0.1', mdns: null, nobodyReached: false });
    const w = mountApp(ReachPanel, { props: { hostUrl: 'ws://127.0.0.1:47470/ws' } });
    await flushPromises();
    expect(w.get('details').attributes('open')).toBeDefined();
    expect(w.get('[data-testid="reach-loopback-badge"]').text()).toBe('Only this computer');
    expect(w.get('[data-testid="reach-loopback"]').text()).toContain('This host listens only on 127.0.0.1');
    expect(w.text()).not.toContain('on no network');
    expect(w.text()).not.toContain('firewall');
    expect(w.find('[data-testid="reach-warning"]').exists()).toBe(false);
  });

  it('with no seat open for a person (all taken, or bots), nobody coming is information, not a warning', async () => {
    served = report({ nobodyReached: true });
    const w = mountApp(ReachPanel, { props: { hostUrl: 'ws://127.0.0.1:47470/ws' } });
    const table = useTableStore();
    table.table = tableInfo([seatInfo(0, 'Ada'), seatInfo(1, 'Bot 2', { bot: true, person: false })]);
    await flushPromises();
    expect(w.get('details').attributes('open')).toBeUndefined();
    expect(w.find('[data-testid="reach-warning"]').exists()).toBe(false);
    expect(w.find('[data-testid="reach-advice"]').exists()).toBe(false);
    expect(w.get('[data-testid="reach-info"]').text()).toContain('no seat is open for a person');
    // A seat freed for someone: the same report is a warning again.
    table.table = tableInfo([seatInfo(0, 'Ada'), seatInfo(1, '', { name: null, person: false })]);
    await flushPromises();
    expect(w.find('[data-testid="reach-warning"]').exists()).toBe(true);
    expect(w.get('details').attributes('open')).toBeDefined();
  });

  it('names the program and the system: Node.js on macOS, the port on Linux', async () => {
    served = report({ nobodyReached: true, platform: 'darwin', runtime: 'command', mdns: null });
    const w = mountApp(ReachPanel, { props: { hostUrl: 'ws://10.0.0.5:5000/ws' } });
    await flushPromises();
    expect(w.text()).toContain('Not announced (discovery is off): others type the address.');
    expect(w.get('[data-testid="reach-advice"]').text()).toContain(
      'System Settings → Network → Firewall → Options…, and set Node.js to allow incoming connections',
    );
    w.unmount();

    served = report({ nobodyReached: true, platform: 'linux', port: 5000 });
    const linux = mountApp(ReachPanel, { props: { hostUrl: 'ws://10.0.0.5:5000/ws' } });
    await flushPromises();
    expect(linux.get('[data-testid="reach-advice"]').text()).toContain('sudo ufw allow 5000/tcp');
  });

  it('shows the last device that connected, and stays quiet about firewalls then', async () => {
    served = report({ lastRemote: { at: '2026-11-30T12:03:10.000Z', address: '192.168.1.40' } });
    const w = mountApp(ReachPanel, { props: { hostUrl: 'ws://127.0.0.1:47470/ws' } });
    await flushPromises();
    expect(w.get('[data-testid="reach-last"]').text()).toMatch(
      /^Last device that connected: 192\.168\.1\.40, at /,
    );
    expect(w.find('[data-testid="reach-advice"]').exists()).toBe(false);
  });

  it('says it cannot tell when the host has no /api/reach (an older host)', async () => {
    const w = mountApp(ReachPanel, { props: { hostUrl: 'ws://127.0.0.1:47470/ws' } });
    await flushPromises();
    expect(w.text()).toContain('This host does not say');
  });

  it('re-reads every few seconds while shown, and stops when it goes', async () => {
    vi.useFakeTimers();
    served = report();
    const w = mountApp(ReachPanel, { props: { hostUrl: 'ws://127.0.0.1:47470/ws' } });
    await flushPromises();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    served = report({ lastRemote: { at: '2026-11-30T12:03:10.000Z', address: '192.168.1.40' } });
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(w.get('[data-testid="reach-last"]').text()).toContain('192.168.1.40');
    w.unmount();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(useReachStore().report).toBeNull();
  });

  it('hostHttpBase keeps IPv6 brackets and the port', () => {
    expect(hostHttpBase('ws://[fd00::5]:47470/ws')).toBe('http://[fd00::5]:47470');
    expect(hostHttpBase('wss://red.local/ws')).toBe('https://red.local');
  });
});

describe('LobbyView: the data folder and macOS local network', () => {
  it('shows where hosted tables are saved and opens the folder; a refusal is shown', async () => {
    const open = useDesktop(
      {},
      vi.fn(async () => undefined),
    );
    const w = mountApp(LobbyView);
    await flushPromises();
    expect(w.get('[data-testid="data-folder"]').text()).toContain(
      'Tables you host are saved in /home/ada/.config/Red7 LAN/host',
    );
    await w.get('[data-testid="open-data-folder"]').trigger('click');
    expect(open).toHaveBeenCalledOnce();
    open.mockRejectedValueOnce(new Error('cannot open /home/ada/.config/Red7 LAN/host: no file manager'));
    await w.get('[data-testid="open-data-folder"]').trigger('click');
    await flushPromises();
    expect(w.text()).toContain(
      'Could not open the folder: cannot open /home/ada/.config/Red7 LAN/host: no file manager',
    );
  });

  it('on macOS, when browsing finds nothing for a while, says how to allow the local network', async () => {
    vi.useFakeTimers();
    useDesktop({ platform: 'darwin' });
    const w = mountApp(LobbyView);
    await flushPromises();
    expect(w.find('[data-testid="mac-local-network"]').exists()).toBe(false); // still looking
    await vi.advanceTimersByTimeAsync(NOTHING_FOUND_AFTER_MS);
    expect(w.get('[data-testid="mac-local-network"]').text()).toContain(
      'System Settings → Privacy & Security → Local Network',
    );
  });

  it('says nothing of the sort on other systems', async () => {
    vi.useFakeTimers();
    useDesktop({ platform: 'win32' });
    const w = mountApp(LobbyView);
    await vi.advanceTimersByTimeAsync(NOTHING_FOUND_AFTER_MS);
    expect(w.find('[data-testid="mac-local-network"]').exists()).toBe(false);
  });
});
