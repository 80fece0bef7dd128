import { describe, expect, it, vi } from 'vitest';
import type { TableSummary } from '../../shared/protocol';
import { createHostController, type RunningHost } from '../../main/electron/host-controller';
import { createKeepAwake } from '../../main/electron/keep-awake';
import {
  findTableLink,
  hostPageUrl,
  parseHostPort,
  parseTableLink,
  tableLinkHash,
} from '../../main/electron/table-links';
import { parseRoute } from '../../renderer/src/stores/routes';
import { fakePowerSaveBlocker } from './electron-mock';
import { idleHostHandOver } from '../helpers/no-hand-over';

describe('keeping awake (powerSaveBlocker)', () => {
  it('starts one blocker for all who ask, stops it once when the last lets go', () => {
    const blocker = fakePowerSaveBlocker();
    const awake = createKeepAwake(blocker, 'prevent-display-sleep');
    expect(awake.active()).toBe(false);
    awake.hold('page 1', true);
    awake.hold('page 1', true);
    awake.hold('page 2', true);
    expect(blocker.start).toHaveBeenCalledExactlyOnceWith('prevent-display-sleep');
    awake.hold('page 1', false);
    expect(blocker.stop).not.toHaveBeenCalled();
    awake.release('page 2');
    awake.release('page 2');
    awake.hold('page 1', false);
    expect(blocker.stop).toHaveBeenCalledExactlyOnceWith(1);
    expect(awake.active()).toBe(false);
    // Asked again later: a new blocker, stopped by its own id.
    awake.hold('page 1', true);
    awake.hold('page 1', false);
    expect(blocker.stop).toHaveBeenLastCalledWith(2);
    expect(blocker.started.size).toBe(0);
  });

  it('a blocker that cannot start is said once and changes nothing else', () => {
    const log = vi.fn();
    const awake = createKeepAwake(
      {
        start: () => {
          throw new Error('no power manager');
        },
        stop: vi.fn(),
      },
      'prevent-app-suspension',
      log,
    );
    expect(() => awake.hold('host', true)).not.toThrow();
    expect(awake.active()).toBe(false);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('no power manager'));
  });

  it('a host keeps the system up while it holds a table in play, and lets go after the game and when it stops', async () => {
    const blocker = fakePowerSaveBlocker();
    const system = createKeepAwake(blocker, 'prevent-app-suspension');
    let tables: TableSummary[] = [];
    let changed: (t: TableSummary[]) => void = () => undefined;
    const summary = (state: TableSummary['state']) => ({ id: 'tbl11111', state }) as TableSummary;
    const host: RunningHost = {
      port: 47999,
      addresses: () => [],
      tables: () => tables,
      onTablesChanged: (cb) => {
        const before = changed;
        changed = (t) => (before(t), cb(t));
        return () => (changed = before);
      },
      closeTable: () => undefined,
      watchDiscovery: () => undefined,
      handOver: idleHostHandOver,
      close: async () => undefined,
    };
    const controller = createHostController({
      startHost: async () => host,
      createPublisher: vi.fn(),
      syncAds: vi.fn(),
      dataDir: '/nowhere',
      defaults: () => ({ name: 'Bo', port: 47470 }),
      inPlay: (playing) => system.hold('host', playing),
    });
    const running = () => blocker.running('prevent-app-suspension');

    await controller.start({ advertise: false });
    expect(running()).toBe(0);
    tables = [summary('open')];
    changed(tables);
    expect(running()).toBe(0);
    tables = [summary('open'), summary('playing')];
    changed(tables);
    changed(tables);
    expect(running()).toBe(1);
    expect(blocker.start).toHaveBeenCalledExactlyOnceWith('prevent-app-suspension');
    // The game ends: the system may sleep again.
    tables = [summary('open'), summary('finished')];
    changed(tables);
    expect(running()).toBe(0);
    // A game again, then the host stops in the middle of it: let go.
    changed([summary('playing')]);
    expect(running()).toBe(1);
    await controller.stop();
    expect(running()).toBe(0);
    expect(blocker.stop).toHaveBeenCalledTimes(2);

    // A host restarted with a game already in play (restored from its files) holds from the start.
    tables = [summary('playing')];
    await controller.start({ advertise: false });
    expect(running()).toBe(1);
    await controller.stop();
    expect(running()).toBe(0);
  });
});

describe('table links from outside the app', () => {
  it('reads a red7:// link and the host page link, both to the same table', () => {
    const want = { tableId: 'tbl_A-123', address: '192.168.1.20', port: 47470 };
    expect(parseTableLink('red7://table/tbl_A-123?host=192.168.1.20:47470')).toEqual(want);
    expect(parseTableLink('red7://table/tbl_A-123/?host=192.168.1.20')).toEqual(want);
    expect(parseTableLink('http://192.168.1.20:47470/#/table/tbl_A-123')).toEqual(want);
    expect(parseTableLink('red7://table/tbl_A-123?host=alice-pc.local:5000')).toEqual({
      ...want,
      address: 'alice-pc.local',
      port: 5000,
    });
    expect(parseTableLink('red7://table/tbl_A-123?host=%5Bfd00%3A%3A5%5D%3A47471')).toEqual({
      ...want,
      address: 'fd00::5',
      port: 47471,
    });
    expect(parseTableLink('http://[fd00::5]/#/table/tbl_A-123')).toEqual({
      ...want,
      address: 'fd00::5',
      port: 80,
    });
  });

  it('opens the app page at the table, at the address the renderer reads back', () => {
    for (const link of [
      'red7://table/tbl_A-123?host=192.168.1.20:47470',
      'red7://table/tbl_A-123?host=[fd00::5]:47471',
    ]) {
      const parsed = parseTableLink(link)!;
      expect(parseRoute(tableLinkHash(parsed))).toEqual({
        kind: 'table',
        tableId: parsed.tableId,
        host: { address: parsed.address, port: parsed.port },
      });
    }
  });

  it.each([
    ['another scheme', 'https://192.168.1.20:47470/#/table/tbl12345'],
    ['javascript:', 'javascript:alert(1)//red7://table/tbl12345?host=10.0.0.5'],
    ['a file', 'file:///etc/passwd#/table/tbl12345'],
    ['an app page', 'app://red7/index.html#/table/tbl12345?host=10.0.0.5'],
    ['another red7 target', 'red7://settings/tbl12345?host=10.0.0.5'],
    ['an id too short', 'red7://table/abc?host=10.0.0.5'],
    ['an id of other characters', 'red7://table/tbl%2F..%2F12345?host=10.0.0.5'],
    ['an id with a script', 'red7://table/<script>?host=10.0.0.5'],
    ['an id too long', `red7://table/${'a'.repeat(33)}?host=10.0.0.5`],
    ['a deeper path', 'red7://table/tbl12345/seat/0?host=10.0.0.5'],
    ['no host', 'red7://table/tbl12345'],
    ['two hosts', 'red7://table/tbl12345?host=10.0.0.5&host=10.0.0.6'],
    ['more in the query', 'red7://table/tbl12345?host=10.0.0.5&name=Ann'],
    ['a hash', 'red7://table/tbl12345?host=10.0.0.5#x'],
    ['a user name', 'red7://evil@table/tbl12345?host=10.0.0.5'],
    ['a host with a path', 'red7://table/tbl12345?host=10.0.0.5/evil'],
    ['a host with a user', 'red7://table/tbl12345?host=me@10.0.0.5'],
    ['a host that is a URL', 'red7://table/tbl12345?host=javascript:alert(1)'],
    ['a host of spaces', 'red7://table/tbl12345?host=a%20b'],
    ['an IPv4 out of range', 'red7://table/tbl12345?host=10.0.0.300'],
    ['a port out of range', 'red7://table/tbl12345?host=10.0.0.5:70000'],
    ['port 0', 'red7://table/tbl12345?host=10.0.0.5:0'],
    ['an unbracketed IPv6', 'red7://table/tbl12345?host=fd00::5'],
    ['a host page of another path', 'http://10.0.0.5:47470/evil#/table/tbl12345'],
    ['a host page with a query', 'http://10.0.0.5:47470/?x=1#/table/tbl12345'],
    ['a host page with a user', 'http://me@10.0.0.5:47470/#/table/tbl12345'],
    ['a host page of its lobby', 'http://10.0.0.5:47470/#/'],
    ['no URL at all', 'tbl12345'],
    ['too long', `red7://table/tbl12345?host=${'a'.repeat(400)}`],
  ])('refuses %s', (_what, link) => {
    expect(parseTableLink(link)).toBeNull();
  });

  it('refuses what is not text', () => {
    for (const value of [undefined, null, 42, {}, ['red7://table/tbl12345?host=10.0.0.5']])
      expect(parseTableLink(value)).toBeNull();
  });

  it('finds the link among a launch’s arguments, not a flag or a path', () => {
    expect(findTableLink(['/opt/Red7 LAN/red7-lan', '--no-sandbox', '.'])).toBeNull();
    expect(
      findTableLink(['red7-lan.exe', '--allow-file-access', 'red7://table/tbl12345?host=10.0.0.5:47470']),
    ).toEqual({ tableId: 'tbl12345', address: '10.0.0.5', port: 47470 });
  });
});

describe("a discovered host's page for the system browser", () => {
  it('is the host at its announced address and port, at the table', () => {
    expect(hostPageUrl({ address: '10.0.0.7', port: 47470, id: 'tbl77777' })).toBe(
      'http://10.0.0.7:47470/#/table/tbl77777',
    );
    expect(hostPageUrl({ address: 'fd00::7', port: 47471, id: 'tbl77777' })).toBe(
      'http://[fd00::7]:47471/#/table/tbl77777',
    );
    // What the app opens, the app would read back as the same table.
    expect(parseTableLink(hostPageUrl({ address: '10.0.0.7', port: 47470, id: 'tbl77777' }))).toEqual({
      tableId: 'tbl77777',
      address: '10.0.0.7',
      port: 47470,
    });
  });

  it('is refused for anything the network should not have sent', () => {
    for (const table of [
      { address: '10.0.0.7/evil', port: 47470, id: 'tbl77777' },
      { address: 'javascript:alert(1)', port: 47470, id: 'tbl77777' },
      { address: '10.0.0.7', port: 0, id: 'tbl77777' },
      { address: '10.0.0.7', port: 1.5, id: 'tbl77777' },
      { address: '10.0.0.7', port: 47470, id: '../x' },
      { address: '10.0.0.7', port: 47470, id: 'a' },
    ])
      expect(hostPageUrl(table), JSON.stringify(table)).toBeNull();
    expect(parseHostPort('')).toBeNull();
  });
});
