import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type {
  DesktopApi,
  HandOverAsk,
  HandOverReport,
  HandOverTarget,
  TableEvent,
  TargetEvent,
  TurnNotice,
} from '../../shared/desktop-api';
import { IPC_CHANNELS, type IpcChannel } from '../../main/ipc';
import { openDataFolder } from '../../main/electron/data-folder';
import { createIpcHandlers, TABLES_EVENT } from '../../main/electron/desktop-services';
import { createHostController } from '../../main/electron/host-controller';
import { registerIpcHandlers, UNTRUSTED_SENDER, type IpcHandlers } from '../../main/electron/ipc-handlers';
import { bridgeFromIpcRenderer, createDesktopApi } from '../../main/electron/preload-api';
import { openSettingsStore } from '../../main/electron/settings-store';
import { createTableFeed } from '../../main/electron/table-feed';
import { createTargetFeed } from '../../main/electron/target-feed';
import type { BrowseEvent, DiscoveredTable } from '../../main/discovery/types';
import { FakeWebContents, fakePowerSaveBlocker } from './electron-mock';
import { createKeepAwake } from '../../main/electron/keep-awake';
import { createUpdates } from '../../main/electron/updates';

type Invoke = (event: unknown, ...args: unknown[]) => Promise<unknown>;

const APP_FRAME = { url: 'app://red7/index.html', parent: null };

function captureHandlers(handlers: IpcHandlers, log = vi.fn()) {
  const registered = new Map<string, Invoke>();
  registerIpcHandlers(
    { handle: (channel: string, fn: Invoke) => registered.set(channel, fn) } as never,
    handlers,
    log,
  );
  return registered;
}

function spyHandlers(): IpcHandlers {
  return Object.fromEntries(IPC_CHANNELS.map((c) => [c, vi.fn(() => `${c} done`)])) as unknown as IpcHandlers;
}

describe('IPC registration and the sender check', () => {
  it('registers exactly the channels of the map', () => {
    const registered = captureHandlers(spyHandlers());
    expect([...registered.keys()].sort()).toEqual(
      [
        'app:info',
        'app:openDataFolder',
        'app:notify',
        'app:keepAwake',
        'app:updateStatus',
        'app:downloadUpdate',
        'app:installUpdate',
        'tables:openInBrowser',
        'host:closeTable',
        'host:showRoomScreen',
        'host:start',
        'host:status',
        'host:stop',
        'settings:get',
        'settings:set',
        'tables:subscribe',
        'tables:unsubscribe',
        'host:askHandOver',
        'host:withdrawHandOver',
        'host:handOver',
        'host:receiveTables',
        'handOver:subscribe',
        'handOver:unsubscribe',
        'handOver:watch',
      ].sort(),
    );
  });

  const untrusted: [string, unknown][] = [
    ['no frame', null],
    ['a remote page', { url: 'https://evil.example/', parent: null }],
    ['a LAN host page', { url: 'http://192.168.1.9:47470/', parent: null }],
    ['a file page', { url: 'file:///tmp/index.html', parent: null }],
    ['another app host', { url: 'app://evil/index.html', parent: null }],
    ['a sub-frame of the app', { url: 'app://red7/index.html', parent: APP_FRAME }],
    ['a destroyed frame', 'throws'],
  ];

  for (const channel of IPC_CHANNELS) {
    it(`${channel}: refuses every sender but the app's own page`, async () => {
      const handlers = spyHandlers();
      const log = vi.fn();
      const registered = captureHandlers(handlers, log);
      const invoke = registered.get(channel)!;
      for (const [what, frame] of untrusted) {
        const event =
          frame === 'throws'
            ? Object.defineProperty({ sender: new FakeWebContents() }, 'senderFrame', {
                get() {
                  throw new Error('Render frame was disposed before WebFrameMain could be accessed');
                },
              })
            : { senderFrame: frame, sender: new FakeWebContents() };
        expect(await invoke(event, 'x'), what).toEqual({ ok: false, error: UNTRUSTED_SENDER });
      }
      expect(handlers[channel as IpcChannel]).not.toHaveBeenCalled();
      expect(log).toHaveBeenCalledTimes(untrusted.length);

      const sender = new FakeWebContents();
      expect(await invoke({ senderFrame: APP_FRAME, sender })).toEqual({
        ok: true,
        value: `${channel} done`,
      });
      expect(handlers[channel as IpcChannel]).toHaveBeenCalledWith(sender);
    });
  }

  it("sends a handler's error back as its message", async () => {
    const handlers = spyHandlers();
    handlers['host:start'] = () => Promise.reject(new Error('port 80 is not allowed'));
    const invoke = captureHandlers(handlers).get('host:start')!;
    expect(await invoke({ senderFrame: APP_FRAME, sender: new FakeWebContents() }, { port: 80 })).toEqual({
      ok: false,
      error: 'port 80 is not allowed',
    });
  });
});

/** One page wired to the main process through fake ipcMain / ipcRenderer, over the real modules. */
async function wirePage() {
  const dir = mkdtempSync(join(tmpdir(), 'red7-ipc-'));
  const shell = { openPath: vi.fn(async (_path: string) => '') };
  const shown: TurnNotice[] = [];
  const blocker = fakePowerSaveBlocker();
  const openExternal = vi.fn(async (_url: string) => undefined);
  const showRoomScreen = vi.fn(() => {});
  const settings = await openSettingsStore(join(dir, 'settings.json'), vi.fn());
  let emit: (e: BrowseEvent) => void = () => {};
  const browserStop = vi.fn(async () => {});
  const found: DiscoveredTable[] = [];
  const browse = vi.fn((onEvent: (e: BrowseEvent) => void) => {
    emit = (e) => {
      if (e.type !== 'down') found.push(e.table);
      onEvent(e);
    };
    return { tables: () => [...found], stop: browserStop };
  });
  const tables = createTableFeed(browse, {}, vi.fn());
  // Hosts that take tables over, as discovery would find them.
  let emitTarget: (e: TargetEvent) => void = () => {};
  const knownTargets = new Map<string, HandOverTarget>();
  const targetBrowserStop = vi.fn(async () => {});
  const browseTargets = vi.fn((onEvent: (e: TargetEvent) => void) => {
    emitTarget = (e) => {
      if (e.type === 'down') knownTargets.delete(e.key);
      else knownTargets.set(e.target.key, e.target);
      onEvent(e);
    };
    return { targets: () => [...knownTargets.values()], stop: targetBrowserStop };
  });
  const targets = createTargetFeed(browseTargets, vi.fn());
  // main/host's Host.handOver, shaped as the host side defines it (the host itself is not under test here).
  const askedListeners = new Set<(ask: HandOverAsk) => void>();
  const receivedListeners = new Set<(r: { from: string; tables: number }) => void>();
  let receiving = false;
  const handOver = {
    setReceiving: vi.fn((on: boolean) => {
      receiving = on;
    }),
    receiving: () => receiving,
    onAsked: (cb: (ask: HandOverAsk) => void) => (askedListeners.add(cb), () => askedListeners.delete(cb)),
    onReceived: (cb: (r: { from: string; tables: number }) => void) => (
      receivedListeners.add(cb),
      () => receivedListeners.delete(cb)
    ),
    ask: vi.fn(async (_to: { address: string; port: number }) => undefined),
    withdraw: vi.fn(async (_to?: { address: string; port: number }) => undefined),
    send: vi.fn(async (_to: { address: string; port: number }, _code: string): Promise<HandOverReport> => ({
      to: 'Bo’s computer',
      moved: ['t1', 't2', 't3'],
      refused: [],
    })),
  };
  const targetAdStop = vi.fn(async () => {});
  const createTargetAd = vi.fn((_opts: { port: number; hostName?: string }) => ({ stop: targetAdStop }));
  const hostClose = vi.fn(async () => {});
  const closedTables: string[] = [];
  const host = createHostController({
    startHost: vi.fn(async () => ({
      port: 47999,
      addresses: () => ['10.0.0.2'],
      tables: () => [],
      onTablesChanged: () => () => {},
      watchDiscovery: () => {},
      closeTable: (id: string) => {
        if (id !== 'Done1') throw new Error(`"${id}" is not finished: only a finished table can be closed`);
        closedTables.push(id);
      },
      close: hostClose,
      handOver,
    })),
    createPublisher: vi.fn(() => ({ stop: async () => {}, reach: () => [] }) as never),
    createTargetAd,
    syncAds: vi.fn(),
    dataDir: dir,
    defaults: () => ({ name: 'Test host', port: 47470 }),
  });
  const handlers = createIpcHandlers({
    settings,
    host,
    tables,
    targets,
    // Not packaged, as in development: updates are off.
    updates: createUpdates({ packaged: false, version: '0.1.0', updater: () => null, busy: () => null }),
    appInfo: () => ({
      name: 'Red7 LAN',
      version: '0.1.0',
      platform: 'linux',
      versions: { electron: '45', chrome: '1', node: '24' },
      locale: 'en-US',
      packaged: false,
      dataFolder: join(dir, 'host'),
    }),
    openDataFolder: () => openDataFolder(shell, join(dir, 'host')),
    notify: (notice) => (shown.push(notice), true),
    displayAwake: createKeepAwake(blocker, 'prevent-display-sleep'),
    openExternal,
    showRoomScreen,
  });
  const registered = captureHandlers(handlers);

  // The page: its webContents (main side) and its ipcRenderer (preload side).
  const contents = new FakeWebContents();
  const rendererSide = new EventEmitter();
  contents.send.mockImplementation((channel: string, payload: unknown) =>
    rendererSide.emit(channel, { sender: 'ipc' }, payload),
  );
  const ipcRenderer = {
    invoke: (channel: string, ...args: unknown[]) =>
      registered.get(channel)!({ senderFrame: APP_FRAME, sender: contents }, ...structuredClone(args)),
    on: (channel: string, l: (...a: unknown[]) => void) => rendererSide.on(channel, l),
    removeListener: (channel: string, l: (...a: unknown[]) => void) =>
      rendererSide.removeListener(channel, l),
  };
  const api: DesktopApi = createDesktopApi(bridgeFromIpcRenderer(ipcRenderer as never), vi.fn());
  return {
    api,
    dir,
    emit,
    browse,
    browserStop,
    contents,
    rendererSide,
    emitLater: () => emit,
    host,
    shell,
    registered,
    shown,
    closedTables,
    blocker,
    openExternal,
    showRoomScreen,
    emitTarget: () => emitTarget,
    browseTargets,
    targetBrowserStop,
    handOver,
    askedListeners,
    receivedListeners,
    createTargetAd,
    targetAdStop,
    hostClose,
  };
}

const table = (n: number): DiscoveredTable => ({
  id: `t${n}`,
  name: `Table ${n}`,
  players: 1,
  seats: 4,
  state: 'open',
  key: `host-${n}._red7._tcp.local`,
  address: `10.0.0.${n}`,
  addresses: [`10.0.0.${n}`],
  port: 47470,
  hostName: `host ${n}`,
  protocol: 1,
});

describe('the DesktopApi through IPC', () => {
  it('app: shows the data folder and opens it (created first); a refusal comes back as its reason', async () => {
    const { api, dir, shell, registered, contents } = await wirePage();
    const folder = join(dir, 'host');
    expect((await api.app.info()).dataFolder).toBe(folder);
    expect(existsSync(folder)).toBe(false);
    await api.app.openDataFolder();
    expect(existsSync(folder)).toBe(true);
    expect(shell.openPath).toHaveBeenCalledExactlyOnceWith(folder);

    shell.openPath.mockResolvedValueOnce('Failed to open path');
    await expect(api.app.openDataFolder()).rejects.toThrow(`cannot open ${folder}: Failed to open path`);
    // A page cannot pass a path of its own: the channel takes no argument.
    const reply = await registered.get('app:openDataFolder')!(
      { senderFrame: APP_FRAME, sender: contents },
      '/etc',
    );
    expect(reply).toEqual({ ok: false, error: 'app.openDataFolder: expected at most 0 argument(s)' });
    expect(shell.openPath).toHaveBeenCalledTimes(2);
  });

  it('settings: a value round-trips and is saved; a bad value or key is refused and nothing changes', async () => {
    const { api, dir } = await wirePage();
    expect(await api.settings.get('hostPort')).toBe(47470);
    await api.settings.set('playerName', '  Ada ');
    expect(await api.settings.get('playerName')).toBe('Ada');
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')).playerName).toBe('Ada');

    await expect(api.settings.set('hostPort', 80)).rejects.toThrow(
      'setting hostPort must be between 1024 and 65535',
    );
    await expect(api.settings.set('locale', 'fr' as never)).rejects.toThrow(
      'setting locale must be one of auto, en, it, ko',
    );
    await expect(api.settings.set('isAdmin' as never, true as never)).rejects.toThrow(
      'unknown setting "isAdmin"',
    );
    await expect(api.settings.get('__proto__' as never)).rejects.toThrow('unknown setting "__proto__"');
    expect(await api.settings.get('hostPort')).toBe(47470);
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toEqual({
      playerName: 'Ada',
      locale: 'auto',
      hostName: '',
      hostPort: 47470,
    });
  });

  it('app.info and host status come back as plain data', async () => {
    const { api } = await wirePage();
    expect(await api.app.info()).toMatchObject({ name: 'Red7 LAN', version: '0.1.0' });
    expect(await api.host.status()).toEqual({ running: false });
    expect(await api.host.start({ name: 'Friday' })).toEqual({ port: 47999, addresses: ['10.0.0.2'] });
    expect(await api.host.status()).toEqual({
      running: true,
      port: 47999,
      addresses: ['10.0.0.2'],
      name: 'Friday',
      advertising: true,
      receiving: false,
    });
    await api.host.stop();
    expect(await api.host.status()).toEqual({ running: false });
  });

  it('host.showRoomScreen: asks main for the window, with no argument the page could fill', async () => {
    const { api, showRoomScreen, registered, contents } = await wirePage();
    await api.host.showRoomScreen();
    expect(showRoomScreen).toHaveBeenCalledOnce();
    const invoke = registered.get('host:showRoomScreen')!;
    expect(await invoke({ senderFrame: APP_FRAME, sender: contents }, 'http://evil.example/')).toEqual({
      ok: false,
      error: 'host.showRoomScreen: expected at most 0 argument(s)',
    });
    expect(showRoomScreen).toHaveBeenCalledOnce();
  });

  it('host.closeTable: closes a finished table of the running host; refuses anything else, changing nothing', async () => {
    const { api, closedTables, registered, contents } = await wirePage();
    await expect(api.host.closeTable('Done1')).rejects.toThrow(
      'host.closeTable: this machine is not hosting',
    );
    await api.host.start();
    await expect(api.host.closeTable('Open1')).rejects.toThrow('"Open1" is not finished');
    await expect(api.host.closeTable('../tables' as never)).rejects.toThrow(
      'host.closeTable: that is not a table id',
    );
    await expect(api.host.closeTable(7 as never)).rejects.toThrow(
      'host.closeTable: the table id must be text',
    );
    const extra = await registered.get('host:closeTable')!(
      { senderFrame: APP_FRAME, sender: contents },
      'Done1',
      'x',
    );
    expect(extra).toEqual({ ok: false, error: 'host.closeTable: expected at most 1 argument(s)' });
    expect(closedTables).toEqual([]);
    await api.host.closeTable('Done1');
    expect(closedTables).toEqual(['Done1']);
    await api.host.stop();
  });

  it('app.notify passes a clean notice through; anything else is refused with a reason and shows nothing', async () => {
    const { api, shown } = await wirePage();
    await expect(api.app.notify({ title: 'Your turn', body: 'Kitchen\u0007 table ' })).resolves.toBe(true);
    expect(shown).toEqual([{ title: 'Your turn', body: 'Kitchen  table' }]);
    await expect(api.app.notify('Your turn' as never)).rejects.toThrow(
      'app.notify: the notice must be an object with a title and a body',
    );
    await expect(api.app.notify({ title: '', body: 'x' })).rejects.toThrow(
      'app.notify: title must not be empty',
    );
    await expect(api.app.notify({ title: 'x', body: 3 } as never)).rejects.toThrow(
      'app.notify: body must be text',
    );
    await expect(api.app.notify({ title: 'x', body: 'y'.repeat(201) })).rejects.toThrow(
      'app.notify: body must be at most 200 characters',
    );
    expect(shown).toHaveLength(1);
  });

  it('host.start refuses bad options with a reason', async () => {
    const { api } = await wirePage();
    await expect(api.host.start({ port: 22 })).rejects.toThrow(
      'host.start: port must be between 1024 and 65535',
    );
    await expect(api.host.start({ name: '' })).rejects.toThrow('host.start: name must not be empty');
    await expect(api.host.start({ bind: '0.0.0.0' } as never)).rejects.toThrow(/host\.start: unknown option/);
    expect(await api.host.status()).toEqual({ running: false });
  });

  it('app.keepAwake: the page holds the display awake once however often it asks; letting go, a reload or a closed page release it', async () => {
    const { api, blocker, contents, registered } = await wirePage();
    const display = () => blocker.running('prevent-display-sleep');
    await api.app.keepAwake(true);
    await api.app.keepAwake(true);
    expect(blocker.start).toHaveBeenCalledExactlyOnceWith('prevent-display-sleep');
    expect(display()).toBe(1);
    // The game ended (or the person left the table): stopped once, even if told twice.
    await api.app.keepAwake(false);
    await api.app.keepAwake(false);
    expect(blocker.stop).toHaveBeenCalledTimes(1);
    expect(display()).toBe(0);

    // A page that loads anew shows no game, whatever the old one asked.
    await api.app.keepAwake(true);
    expect(display()).toBe(1);
    contents.emit('did-navigate');
    expect(display()).toBe(0);
    // A page that closes lets go too.
    await api.app.keepAwake(true);
    contents.destroy();
    expect(display()).toBe(0);
    expect(blocker.stop).toHaveBeenCalledTimes(3);

    const invoke = registered.get('app:keepAwake')!;
    const page = new FakeWebContents();
    for (const bad of [['yes'], [1], [], [true, true]]) {
      const reply = await invoke({ senderFrame: APP_FRAME, sender: page }, ...bad);
      expect(reply, JSON.stringify(bad)).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^app\.keepAwake: /),
      });
    }
    expect(blocker.start).toHaveBeenCalledTimes(3);
  });

  it("tables.openInBrowser: opens a listed table's host page, built from the address it announced; nothing else", async () => {
    const { api, browse, emitLater, openExternal, registered, contents } = await wirePage();
    const seen: TableEvent[] = [];
    const unsubscribe = api.tables.subscribe((e) => seen.push(e));
    await vi.waitFor(() => expect(browse).toHaveBeenCalledOnce());
    const newer = { ...table(7), id: 'tblNEWER7', protocol: 99, appVersion: '9.0.0' };
    emitLater()({ type: 'up', table: newer });
    // The page learns the host's versions, to list the table apart.
    expect(seen[0]).toEqual({ type: 'up', table: newer });
    emitLater()({ type: 'up', table: { ...table(8), id: 'x' } });

    await api.tables.openInBrowser(newer.key);
    expect(openExternal).toHaveBeenCalledExactlyOnceWith('http://10.0.0.7:47470/#/table/tblNEWER7');

    // Only a key of a table listed now: no URL, no unknown key, no id of another shape, no other type.
    await expect(api.tables.openInBrowser('http://evil.example/')).rejects.toThrow(
      'no longer on the network',
    );
    await expect(api.tables.openInBrowser('host-9._red7._tcp.local')).rejects.toThrow(
      'no longer on the network',
    );
    await expect(api.tables.openInBrowser(table(8).key)).rejects.toThrow('no address a browser can open');
    const invoke = registered.get('tables:openInBrowser')!;
    for (const bad of [[42], [''], ['k'.repeat(301)], [newer.key, 'http://evil.example/']]) {
      const reply = await invoke({ senderFrame: APP_FRAME, sender: contents }, ...bad);
      expect(reply, JSON.stringify(bad)).toMatchObject({ ok: false });
    }
    // Browsing stopped (no lobby open): nothing is listed, nothing opens.
    unsubscribe();
    await expect(api.tables.openInBrowser(newer.key)).rejects.toThrow('no longer on the network');
    expect(openExternal).toHaveBeenCalledOnce();
  });

  it('tables: streams up/update/down, replays known tables to late subscribers, and stops browsing when nobody listens', async () => {
    const page = await wirePage();
    const first: TableEvent[] = [];
    const unsubscribeFirst = page.api.tables.subscribe((e) => first.push(e));
    await vi.waitFor(() => expect(page.browse).toHaveBeenCalledOnce());
    page.emitLater()({ type: 'up', table: table(1) });
    page.emitLater()({ type: 'update', table: { ...table(1), players: 2 } });
    expect(first.map((e) => e.type)).toEqual(['up', 'update']);
    expect(first[1]).toEqual({ type: 'update', table: { ...table(1), players: 2 } });

    const second: TableEvent[] = [];
    const unsubscribeSecond = page.api.tables.subscribe((e) => second.push(e));
    expect(second).toEqual([{ type: 'up', table: { ...table(1), players: 2 } }]);

    page.emitLater()({ type: 'down', key: table(1).key });
    expect(first.at(-1)).toEqual({ type: 'down', key: table(1).key });
    expect(second.at(-1)).toEqual({ type: 'down', key: table(1).key });

    unsubscribeFirst();
    unsubscribeSecond();
    await vi.waitFor(() => expect(page.browserStop).toHaveBeenCalledOnce());
    expect(page.rendererSide.listenerCount(TABLES_EVENT)).toBe(0);
  });

  it('a page that subscribes after tables are known gets them first, as up events', async () => {
    const page = await wirePage();
    const stop = page.api.tables.subscribe(() => {});
    await vi.waitFor(() => expect(page.browse).toHaveBeenCalled());
    page.emitLater()({ type: 'up', table: table(2) });
    stop();
    await vi.waitFor(() => expect(page.browserStop).toHaveBeenCalled());
    // Browsing starts again, the new browser already knows table 2 (as discovery does after a query).
    const events: TableEvent[] = [];
    page.api.tables.subscribe((e) => events.push(e));
    await vi.waitFor(() => expect(page.browse).toHaveBeenCalledTimes(2));
    page.emitLater()({ type: 'up', table: table(3) });
    expect(events.map((e) => (e.type === 'down' ? e.key : e.table.id))).toEqual(['t3']);
  });

  it('a closed page stops the stream without unsubscribing', async () => {
    const page = await wirePage();
    page.api.tables.subscribe(() => {});
    await vi.waitFor(() => expect(page.browse).toHaveBeenCalled());
    page.contents.destroy();
    await vi.waitFor(() => expect(page.browserStop).toHaveBeenCalledOnce());
  });

  it('a listener never receives the IPC event object', async () => {
    const page = await wirePage();
    const received: unknown[][] = [];
    page.api.tables.subscribe((...args: unknown[]) => received.push(args));
    await vi.waitFor(() => expect(page.browse).toHaveBeenCalled());
    page.emitLater()({ type: 'up', table: table(4) });
    expect(received).toHaveLength(1);
    expect(received[0]).toHaveLength(1);
    expect(JSON.stringify(received[0][0])).not.toContain('sender');
  });
});

const target = (n: number): HandOverTarget => ({
  key: `bo-${n}._red7-takeover._tcp.local`,
  name: `Bo ${n}`,
  address: `10.0.0.${n}`,
  port: 47470 + n,
  protocol: 1,
});

describe('handing tables over through IPC', () => {
  it('host.receiveTables(true) starts the host, sets it receiving and announces it; false withdraws it', async () => {
    const page = await wirePage();
    await page.api.host.receiveTables(true);
    expect(page.handOver.setReceiving).toHaveBeenLastCalledWith(true);
    expect(page.createTargetAd).toHaveBeenCalledExactlyOnceWith({ port: 47999, hostName: 'Test host' });
    expect(await page.api.host.status()).toMatchObject({ running: true, receiving: true });
    // Asked twice, announced once.
    await page.api.host.receiveTables(true);
    expect(page.createTargetAd).toHaveBeenCalledOnce();
    await page.api.host.receiveTables(false);
    expect(page.handOver.setReceiving).toHaveBeenLastCalledWith(false);
    expect(page.targetAdStop).toHaveBeenCalledOnce();
    expect(await page.api.host.status()).toMatchObject({ running: true, receiving: false });

    const invoke = page.registered.get('host:receiveTables')!;
    for (const bad of [['yes'], [1], [], [true, true]]) {
      const reply = await invoke({ senderFrame: APP_FRAME, sender: page.contents }, ...bad);
      expect(reply, JSON.stringify(bad)).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^host\.receiveTables: /),
      });
    }
    expect(page.handOver.setReceiving).toHaveBeenCalledTimes(3);
    // Stopping the host withdraws the announcement too.
    await page.api.host.receiveTables(true);
    await page.api.host.stop();
    expect(page.targetAdStop).toHaveBeenCalledTimes(2);
  });

  it('host.handOverTargets streams the targets found, replays them to a late listener, and stops browsing when nobody listens', async () => {
    const page = await wirePage();
    const first: TargetEvent[] = [];
    const stopFirst = page.api.host.handOverTargets((e) => first.push(e));
    await vi.waitFor(() => expect(page.browseTargets).toHaveBeenCalledOnce());
    page.emitTarget()({ type: 'up', target: target(7) });
    expect(first).toEqual([{ type: 'up', target: target(7) }]);
    const second: TargetEvent[] = [];
    const stopSecond = page.api.host.handOverTargets((e) => second.push(e));
    expect(second).toEqual([{ type: 'up', target: target(7) }]);
    page.emitTarget()({ type: 'down', key: target(7).key });
    expect(second.at(-1)).toEqual({ type: 'down', key: target(7).key });
    stopFirst();
    stopSecond();
    await vi.waitFor(() => expect(page.targetBrowserStop).toHaveBeenCalledOnce());
  });

  it('host.askHandOver asks the target at the address it answered from; a key not listed, or an address, is refused', async () => {
    const page = await wirePage();
    await page.api.host.start();
    page.api.host.handOverTargets(() => {});
    await vi.waitFor(() => expect(page.browseTargets).toHaveBeenCalled());
    page.emitTarget()({ type: 'up', target: target(7) });
    expect(await page.api.host.askHandOver(target(7).key)).toEqual({ ok: true, value: null });
    expect(page.handOver.ask).toHaveBeenCalledExactlyOnceWith({ address: '10.0.0.7', port: 47477 });

    // A target gone from the list is a failure the page words (its code), not an error.
    expect(await page.api.host.askHandOver('10.0.0.66:47470')).toEqual({
      ok: false,
      failure: {
        code: 'targetGone',
        detail: 'host.askHandOver: that computer no longer takes tables over',
      },
    });
    const invoke = page.registered.get('host:askHandOver')!;
    for (const bad of [
      [42],
      [''],
      ['k'.repeat(301)],
      [{ address: '10.0.0.66', port: 1 }],
      [target(7).key, '10.0.0.66'],
    ]) {
      const reply = await invoke({ senderFrame: APP_FRAME, sender: page.contents }, ...bad);
      expect(reply, JSON.stringify(bad)).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^host\.askHandOver: /),
      });
    }
    expect(page.handOver.ask).toHaveBeenCalledOnce();
  });

  it("host.withdrawHandOver takes the ask of the target at the address it answered from back; once the target went, this host's ask all the same", async () => {
    const page = await wirePage();
    // Nothing runs: nothing was asked, nothing to take back.
    await page.api.host.withdrawHandOver(target(9).key);
    expect(page.handOver.withdraw).not.toHaveBeenCalled();
    await page.api.host.start();
    page.api.host.handOverTargets(() => {});
    await vi.waitFor(() => expect(page.browseTargets).toHaveBeenCalled());
    page.emitTarget()({ type: 'up', target: target(9) });
    await page.api.host.withdrawHandOver(target(9).key);
    expect(page.handOver.withdraw).toHaveBeenLastCalledWith({ address: '10.0.0.9', port: 47479 });
    await page.api.host.withdrawHandOver('gone._red7-takeover._tcp.local');
    expect(page.handOver.withdraw).toHaveBeenLastCalledWith(undefined);
    const invoke = page.registered.get('host:withdrawHandOver')!;
    for (const bad of [[42], [''], [target(9).key, '10.0.0.66']]) {
      const reply = await invoke({ senderFrame: APP_FRAME, sender: page.contents }, ...bad);
      expect(reply, JSON.stringify(bad)).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^host\.withdrawHandOver: /),
      });
    }
    expect(page.handOver.withdraw).toHaveBeenCalledTimes(2);
  });

  it('host.handOver sends to the discovered address with a 6-digit code, reports, and stops this host when every table went and nobody was away', async () => {
    const page = await wirePage();
    await page.api.host.start();
    page.api.host.handOverTargets(() => {});
    await vi.waitFor(() => expect(page.browseTargets).toHaveBeenCalled());
    page.emitTarget()({ type: 'up', target: target(8) });

    const invoke = page.registered.get('host:handOver')!;
    for (const bad of [
      [target(8).key, '12345'],
      [target(8).key, '1234567'],
      [target(8).key, 'abcdef'],
      [target(8).key, 123456],
      [target(8).key],
      [target(8).key, '123456', { address: '10.0.0.66', port: 47470 }],
    ]) {
      const reply = await invoke({ senderFrame: APP_FRAME, sender: page.contents }, ...bad);
      expect(reply, JSON.stringify(bad)).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^host\.handOver: /),
      });
    }
    expect(await page.api.host.handOver('other._red7-takeover._tcp.local', '123456')).toMatchObject({
      ok: false,
      failure: { code: 'targetGone' },
    });
    expect(page.handOver.send).not.toHaveBeenCalled();

    // A table refused: this host keeps running, so its players play on here.
    page.handOver.send.mockResolvedValueOnce({
      to: 'Bo 8',
      moved: ['t1'],
      refused: [{ id: 't2', reason: 'a table with that id is already here' }],
    });
    expect(await page.api.host.handOver(target(8).key, '004211')).toMatchObject({
      ok: true,
      value: { refused: [{ id: 't2' }] },
    });
    expect(await page.api.host.status()).toMatchObject({ running: true });
    expect(page.hostClose).not.toHaveBeenCalled();

    // Every table went, but a person was away (a phone asleep): this host keeps running to send them on.
    page.handOver.send.mockResolvedValueOnce({ to: 'Bo 8', moved: ['t2'], refused: [], away: 1 });
    expect(await page.api.host.handOver(target(8).key, '004212')).toMatchObject({
      ok: true,
      value: { away: 1 },
    });
    expect(await page.api.host.status()).toMatchObject({ running: true });
    expect(page.hostClose).not.toHaveBeenCalled();

    const report = await page.api.host.handOver(target(8).key, '123456');
    expect(page.handOver.send).toHaveBeenLastCalledWith({ address: '10.0.0.8', port: 47478 }, '123456');
    expect(report).toEqual({
      ok: true,
      value: { to: 'Bo’s computer', moved: ['t1', 't2', 't3'], refused: [] },
    });
    expect(page.hostClose).toHaveBeenCalledOnce();
    expect(await page.api.host.status()).toEqual({ running: false });
  });

  it('a code asked for and tables received reach every page that listens, as plain data', async () => {
    const page = await wirePage();
    const asks: unknown[][] = [];
    const got: unknown[][] = [];
    page.api.host.onHandOverAsked((...args: unknown[]) => asks.push(args));
    const stopGot = page.api.host.onTablesReceived((...args: unknown[]) => got.push(args));
    await page.api.host.receiveTables(true);
    await vi.waitFor(() => expect(page.askedListeners.size).toBe(1));
    const ask: HandOverAsk = { from: 'Ann', code: '482913', expiresAt: 1_800_000_000_000 };
    page.askedListeners.forEach((cb) => cb(ask));
    expect(asks).toEqual([[ask]]);
    page.receivedListeners.forEach((cb) => cb({ from: 'Ann', tables: 3 }));
    expect(got).toEqual([[{ from: 'Ann', tables: 3 }]]);
    stopGot();
    page.receivedListeners.forEach((cb) => cb({ from: 'Ann', tables: 1 }));
    expect(got).toHaveLength(1);
  });
});

describe('updates through IPC', () => {
  it('say "off" when the app is not packaged, and refuse to download or install; no arguments taken', async () => {
    const page = await wirePage();
    expect(await page.api.app.updateStatus()).toEqual({ state: 'off' });
    await expect(page.api.app.downloadUpdate()).rejects.toThrow('there is no update to download');
    await expect(page.api.app.installUpdate()).rejects.toThrow('no update is downloaded');
    for (const channel of ['app:updateStatus', 'app:downloadUpdate', 'app:installUpdate']) {
      const reply = await page.registered.get(channel)!(
        { senderFrame: APP_FRAME, sender: page.contents },
        'x',
      );
      expect(reply, channel).toMatchObject({
        ok: false,
        error: expect.stringMatching(/expected at most 0 argument/),
      });
    }
  });
});
