// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  DesktopApi,
  DiscoveredTable,
  Settings,
  TableEvent,
  UpdateStatus,
} from '../../shared/desktop-api';
import { PROTOCOL_VERSION } from '../../shared/protocol';
import App from '../../renderer/src/App.vue';
import ConnectionBadge from '../../renderer/src/components/app/ConnectionBadge.vue';
import { desktopBridge } from '../../renderer/src/bridge/desktop';
import { GameClient } from '../../renderer/src/net/client';
import { setServices } from '../../renderer/src/services';
import { useConnectionStore } from '../../renderer/src/stores/connection';
import { useTableStore } from '../../renderer/src/stores/table';
import LobbyView from '../../renderer/src/views/LobbyView.vue';
import TableView from '../../renderer/src/views/TableView.vue';
import { MemoryStorage } from './memory-storage';
import { mountApp, seatInfo, seatView, tableInfo } from './mount';
import { noHandOver } from '../helpers/no-hand-over';
import { eventually } from './wait';

/** A desktop bridge in memory: tables are pushed by the test, hosting is recorded. */
function fakeDesktop() {
  const listeners = new Set<(e: TableEvent) => void>();
  const settings: Settings = { playerName: '', locale: 'en', hostName: '', hostPort: 47470 };
  const started: unknown[] = [];
  const closed: string[] = [];
  let roomScreens = 0;
  /** Keys of the tables opened in the browser, and each keepAwake asked. */
  const inBrowser: string[] = [];
  const awake: boolean[] = [];
  /** What main says of updates; the test moves it along. */
  const update: { status: UpdateStatus; asked: string[]; refuseInstall: string | null } = {
    status: { state: 'off' },
    asked: [],
    refuseInstall: null,
  };
  const api: DesktopApi = {
    tables: {
      subscribe(cb) {
        listeners.add(cb);
        return () => listeners.delete(cb);
      },
      openInBrowser: async (key) => {
        inBrowser.push(key);
      },
    },
    host: {
      start: async (opts) => {
        started.push(opts);
        return { port: 47999, addresses: ['10.0.0.9'] };
      },
      stop: async () => undefined,
      closeTable: async (id) => {
        closed.push(id);
      },
      showRoomScreen: async () => {
        roomScreens += 1;
      },
      ...noHandOver,
      status: async () =>
        started.length
          ? {
              running: true,
              port: 47999,
              addresses: ['10.0.0.9'],
              name: 'my pc',
              advertising: true,
              receiving: false,
            }
          : { running: false },
    },
    settings: {
      get: async (key) => settings[key],
      set: async (key, value) => {
        settings[key] = value;
      },
    },
    app: {
      info: async () => ({
        name: 'Red7 LAN',
        version: '0.1.0',
        platform: 'linux',
        versions: { electron: '', chrome: '', node: '' },
        locale: 'it-IT',
        packaged: false,
        dataFolder: '/home/ada/.config/Red7 LAN/host',
      }),
      openDataFolder: async () => {},
      notify: async () => false,
      keepAwake: async (on) => {
        awake.push(on);
      },
      updateStatus: async () => update.status,
      downloadUpdate: async () => {
        update.asked.push('download');
        // As main does: once downloaded, the update is ready.
        if (update.status.state === 'available')
          update.status = { state: 'ready', version: update.status.version };
      },
      installUpdate: async () => {
        update.asked.push('install');
        if (update.refuseInstall) throw new Error(update.refuseInstall);
      },
    },
  };
  return {
    api,
    settings,
    started,
    closed,
    inBrowser,
    awake,
    update,
    roomScreens: () => roomScreens,
    emit: (e: TableEvent) => listeners.forEach((l) => l(e)),
  };
}

let desktop: ReturnType<typeof fakeDesktop>;

beforeEach(() => {
  desktop = fakeDesktop();
  setServices({
    bridge: desktopBridge(desktop.api),
    createClient: (url) => new GameClient({ url, backoff: { maxAttempts: 0 } }),
    session: new MemoryStorage(),
    local: new MemoryStorage(),
    originWsUrl: null,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('[]', { status: 200 })),
  );
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const found: DiscoveredTable = {
  id: 'tbl12345',
  name: 'Kitchen table',
  players: 1,
  seats: 3,
  state: 'open',
  key: '10.0.0.7:47470/tbl12345',
  address: '10.0.0.7',
  addresses: ['10.0.0.7'],
  port: 47470,
  hostName: 'kitchen-pc',
  protocol: PROTOCOL_VERSION,
};

describe('LobbyView (desktop bridge)', () => {
  it('offers an update found at start, downloads it when asked and restarts into it; a refusal is said', async () => {
    desktop.update.status = { state: 'available', version: '0.2.0' };
    const w = mountApp(LobbyView);
    // The offer's code loads when the desktop lobby shows it (a browser's never does).
    const offer = await eventually(() => w.get('[data-testid="update-offer"]'));
    expect(offer.text()).toContain('Red7 LAN 0.2.0 is available');
    await w.get('[data-testid="update-download"]').trigger('click');
    await flushPromises();
    expect(desktop.update.asked).toEqual(['download']);
    expect(w.get('[data-testid="update-offer"]').text()).toContain('Red7 LAN 0.2.0 is ready to install');
    desktop.update.refuseInstall = 'app.installUpdate: not now, a game is on screen';
    await w.get('[data-testid="update-install"]').trigger('click');
    await flushPromises();
    expect(desktop.update.asked).toEqual(['download', 'install']);
    expect(w.get('[role="alert"]').text()).toContain('not now, a game is on screen');
    w.unmount();
  });

  it('shows no update offer when there is none (or in development)', async () => {
    for (const status of [{ state: 'off' }, { state: 'current' }, { state: 'unreachable' }] as const) {
      desktop.update.status = status;
      const w = mountApp(LobbyView);
      await flushPromises();
      expect(w.find('[data-testid="update-offer"]').exists()).toBe(false);
      w.unmount();
    }
  });

  it('lists tables found on the LAN and joins one with the remembered name', async () => {
    const w = mountApp(LobbyView);
    const table = useTableStore();
    const join = vi.spyOn(table, 'join').mockImplementation(() => undefined);
    desktop.emit({ type: 'up', table: found });
    await flushPromises();
    const row = w.get('[data-testid="table-row"]');
    expect(row.text()).toContain('Kitchen table');
    expect(row.text()).toContain('kitchen-pc · 10.0.0.7:47470');
    expect(row.text()).toContain('1/3 seated');
    expect(row.text()).toContain('Open');
    // A full table that has not started says it is full, not open.
    desktop.emit({ type: 'update', table: { ...found, players: 3 } });
    await flushPromises();
    expect(w.get('[data-testid="table-row"] .pill').text()).toBe('Full');
    desktop.emit({ type: 'update', table: found });
    await flushPromises();

    await row.get('[data-testid="join"]').trigger('click');
    await flushPromises();
    expect(join).not.toHaveBeenCalled();
    expect(w.text()).toContain('Enter your name first.');

    await w.get('[data-testid="player-name"]').setValue('  Ada  ');
    // Gone while typing, so nothing moves under the tap on Join that ends the typing.
    expect(w.text()).not.toContain('Enter your name first.');
    await w.get('[data-testid="player-name"]').trigger('change');
    await row.get('[data-testid="join"]').trigger('click');
    await flushPromises();
    expect(join).toHaveBeenCalledWith('ws://10.0.0.7:47470/ws', 'tbl12345', 'Ada');
    expect(desktop.settings.playerName).toBe('Ada');

    desktop.emit({ type: 'down', key: found.key });
    await flushPromises();
    expect(w.find('[data-testid="table-row"]').exists()).toBe(false);
  });

  it('changes rows in place: seats taken and a start keep each row where it is; a finished game moves to its group', async () => {
    const w = mountApp(LobbyView);
    const second = { ...found, id: 'tbl22222', key: '10.0.0.7:47470/tbl22222', name: 'Attic table' };
    desktop.emit({ type: 'up', table: found });
    desktop.emit({ type: 'up', table: second });
    await flushPromises();
    const names = () => w.findAll('[data-testid="tables"] h3').map((h) => h.text());
    expect(names()).toEqual(['Kitchen table', 'Attic table']);
    const firstRow = w.findAll('[data-testid="table-row"]')[0].element;
    const watch = w.findAll('[data-testid="watch"]')[0].element as HTMLButtonElement;
    watch.focus();

    // Kitchen fills and starts: it stays first (no name or state order moves it), the same element, focus kept.
    desktop.emit({ type: 'update', table: { ...found, players: 3 } });
    desktop.emit({ type: 'update', table: { ...found, players: 3, state: 'playing' } });
    await flushPromises();
    expect(names()).toEqual(['Kitchen table', 'Attic table']);
    expect(w.findAll('[data-testid="table-row"]')[0].element).toBe(firstRow);
    expect(firstRow.textContent).toContain('Playing');
    expect(document.activeElement).toBe(watch);
    expect(w.find('[data-testid="finished-title"]').exists()).toBe(false);

    desktop.emit({ type: 'update', table: { ...found, players: 3, state: 'finished' } });
    await flushPromises();
    expect(names()).toEqual(['Attic table']);
    expect(w.get('[data-testid="finished-title"]').text()).toBe('Finished games');
    expect(w.findAll('[data-testid="finished-tables"] h3').map((h) => h.text())).toEqual(['Kitchen table']);
    // Another machine's table: this app cannot close it.
    expect(w.find('[data-testid="close-table"]').exists()).toBe(false);
  });

  it('lists the tables of a host of another version apart, with its version, offered in the browser', async () => {
    const w = mountApp(LobbyView);
    const newer = {
      ...found,
      id: 'tblNEWER1',
      key: '10.0.0.8:47470/tblNEWER1',
      name: 'Newer table',
      address: '10.0.0.8',
      addresses: ['10.0.0.8'],
      hostName: 'newer-pc',
      protocol: PROTOCOL_VERSION + 1,
      appVersion: '9.1.0',
    };
    const older = { ...newer, id: 'tblOLDER1', key: 'k-old', name: 'Older table', protocol: 1 };
    delete (older as Partial<DiscoveredTable>).appVersion;
    desktop.emit({ type: 'up', table: newer });
    desktop.emit({ type: 'up', table: found });
    desktop.emit({ type: 'up', table: older });
    await flushPromises();

    // Can join here: only the table of this app's version, with its Join and Watch.
    expect(w.findAll('[data-testid="tables"] h3').map((h) => h.text())).toEqual(['Kitchen table']);
    // Join in the browser: the others, under a heading and the one line that explains it.
    expect(w.get('[data-testid="other-versions-title"]').text()).toBe('Other versions of Red7 LAN');
    expect(w.text()).toContain('play there in your browser, on the host');
    const list = w.get('[data-testid="other-version-tables"]');
    expect(list.attributes('aria-labelledby')).toBe('other-versions-title');
    const rows = list.findAll('[data-testid="table-row"]');
    expect(rows.map((r) => r.get('h3').text())).toEqual(['Newer table', 'Older table']);
    expect(rows[0].get('[data-testid="host-version"]').text()).toBe(
      `Red7 LAN 9.1.0, protocol ${PROTOCOL_VERSION + 1}`,
    );
    // A host from before the app version was announced: its protocol alone.
    expect(rows[1].get('[data-testid="host-version"]').text()).toBe(
      'Another version of Red7 LAN, protocol 1',
    );
    for (const row of rows) {
      expect(row.find('[data-testid="join"]').exists()).toBe(false);
      expect(row.find('[data-testid="watch"]').exists()).toBe(false);
      // What its host would say of the variant is not asked (another version's summary may read otherwise).
      expect(row.text()).not.toContain('variant not known yet');
    }
    expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).not.toContainEqual(
      expect.stringContaining('10.0.0.8'),
    );

    // The button hands the table's key to the app (main builds the address from what the host announced).
    await rows[0].get('[data-testid="play-in-browser"]').trigger('click');
    await flushPromises();
    expect(desktop.inBrowser).toEqual([newer.key]);
    expect(w.find('[role="alert"]').exists()).toBe(false);

    // Gone from the network before the click: the reason is said.
    desktop.api.tables.openInBrowser = async () => {
      throw new Error('tables.openInBrowser: that table is no longer on the network');
    };
    await rows[1].get('[data-testid="play-in-browser"]').trigger('click');
    await flushPromises();
    expect(w.get('[role="alert"]').text()).toContain('Could not open the browser');
    expect(w.get('[role="alert"]').text()).toContain('no longer on the network');
  });

  it('offers to close a finished table of this machine’s host, and closes it through the bridge', async () => {
    await desktop.api.host.start();
    const w = mountApp(LobbyView);
    await flushPromises();
    const mine = { ...found, address: '10.0.0.9', addresses: ['10.0.0.9'], port: 47999, hostName: 'my pc' };
    desktop.emit({ type: 'up', table: { ...mine, state: 'finished', players: 3 } });
    desktop.emit({
      type: 'up',
      table: { ...mine, id: 'tbl33333', key: 'k3', name: 'Mine, playing', state: 'playing' },
    });
    await flushPromises();
    expect(w.findAll('[data-testid="close-table"]')).toHaveLength(1);
    const close = w.get('[data-testid="close-table"]');
    expect(close.attributes('aria-label')).toBe('Close Kitchen table');
    await close.trigger('click');
    await flushPromises();
    expect(desktop.closed).toEqual(['tbl12345']);
  });

  it('never joins a table whose host speaks another protocol from this app (its page is offered instead)', async () => {
    const w = mountApp(LobbyView);
    desktop.emit({ type: 'up', table: { ...found, protocol: 99 } });
    await flushPromises();
    // No Join or Watch to press at all (they were greyed out before the browser was offered).
    expect(w.find('[data-testid="join"]').exists()).toBe(false);
    expect(w.find('[data-testid="watch"]').exists()).toBe(false);
    expect(w.get('[data-testid="play-in-browser"]').text()).toBe('Play in your browser');
    expect(w.text()).toContain('another version');
  });

  it('hosts: starts this machine’s host, then creates the table there with every option', async () => {
    const w = mountApp(LobbyView);
    const table = useTableStore();
    const create = vi.spyOn(table, 'createTable').mockImplementation(() => undefined);
    await w.get('[data-testid="player-name"]').setValue('Ada');
    // The form is folded behind a button, its code loaded when asked for; Cancel folds it again and gives
    // the focus back to the button; opened, the focus is in its first field.
    expect(w.find('[data-testid="new-table"]').exists()).toBe(false);
    // Hosting's first step comes first in its panel: the host's own tools (hand-over, data folder) after it.
    await eventually(() => w.get('.host [data-testid="hand-over"]'));
    const order = w
      .findAll('.host [data-testid="new-table-open"], .host [data-testid="hand-over"]')
      .map((x) => x.attributes('data-testid'));
    expect(order).toEqual(['new-table-open', 'hand-over']);
    await w.get('[data-testid="new-table-open"]').trigger('click');
    await eventually(() => w.get('[data-testid="table-name"]'));
    expect(document.activeElement).toBe(w.get('[data-testid="table-name"]').element);
    await w.get('[data-testid="new-table-cancel"]').trigger('click');
    await flushPromises();
    expect(w.find('[data-testid="new-table"]').exists()).toBe(false);
    expect(document.activeElement).toBe(w.get('[data-testid="new-table-open"]').element);
    // Esc in the form folds it as Cancel does.
    await w.get('[data-testid="new-table-open"]').trigger('click');
    await eventually(() => w.get('[data-testid="table-name"]'));
    await w.get('[data-testid="table-name"]').trigger('keydown', { key: 'Escape' });
    await flushPromises();
    expect(w.find('[data-testid="new-table"]').exists()).toBe(false);
    expect(document.activeElement).toBe(w.get('[data-testid="new-table-open"]').element);
    await w.get('[data-testid="new-table-open"]').trigger('click');
    await eventually(() => w.get('[data-testid="table-name"]'));
    await w.get('[data-testid="table-name"]').setValue('Late game');
    await w.get('[data-testid="preset-custom"]').setValue(true);
    await w.get('[data-testid="players-4"]').setValue();
    await w.get('[data-testid="bot-3"]').setValue(true);
    await w.get('[data-testid="bot-level"]').setValue('hard');
    await w.get('[data-testid="mode-advanced"]').setValue();
    expect((w.get('[data-testid="target"]').element as HTMLInputElement).value).toBe('30');
    await w.get('[data-testid="rules-version"]').setValue('1.1');
    await w.get('[data-testid="auto-draw"]').setValue(true);
    await w.get('[data-testid="new-table"]').trigger('submit');
    await flushPromises();
    expect(desktop.started).toHaveLength(1);
    expect(create).toHaveBeenCalledWith(
      'ws://127.0.0.1:47999/ws',
      'Late game',
      'Ada',
      {
        players: 4,
        mode: 'advanced',
        actionRule: true,
        rulesVersion: '1.1',
        targetScore: 30,
        autoDraw: true,
        botLevel: 'hard',
        botPace: 'relaxed',
        botThink: 'normal',
        hints: true,
      },
      [1, 3],
    );
    expect(w.get('[data-testid="hosting"]').text()).toContain('47999');
    // Hosting: the room screen opens in a window of the app's (main puts it on a second display).
    await w.get('[data-testid="show-room-screen"]').trigger('click');
    await flushPromises();
    expect(desktop.roomScreens()).toBe(1);
  });

  it('refuses a malformed address with a reason', async () => {
    const w = mountApp(LobbyView);
    await w.get('[data-testid="address"]').setValue('10.0.0.5:99999');
    await w.get('form.byaddress').trigger('submit');
    expect(w.text()).toContain('The port must be a number from 1 to 65535.');
  });
});

describe('TableView', () => {
  it('plays from the keyboard: a digit selects, P stages, Backspace and Escape undo, Enter sends the turn', async () => {
    const pinia = createPinia();
    const view = seatView(
      { players: 2, mode: 'basic', actionRule: false },
      { hands: [['G6', 'V2', 'B4'], ['I7']], palettes: [['O3'], ['Y5']], current: 0 },
    );
    const w = mountApp(
      TableView,
      { props: { info: tableInfo([seatInfo(0, 'Ada'), seatInfo(1, 'Bo')]), view } },
      pinia,
    );
    const table = useTableStore();
    const connection = useConnectionStore();
    const send = vi.spyOn(connection, 'send').mockReturnValue(true);
    table.view = view;
    connection.status = { state: 'reconnecting', attempt: 1, retryAt: null, reason: null };
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '1' }));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'p' }));
    await flushPromises();
    expect(send).not.toHaveBeenCalled(); // the link is down: the buttons wait
    expect(w.get('[data-testid="play"]').attributes('disabled')).toBeDefined();
    connection.status = { state: 'open', attempt: 0, retryAt: null, reason: null };
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));

    const selected = () => w.findAll('.my-hand [aria-pressed="true"]').map((c) => c.attributes('data-card'));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '2' }));
    await flushPromises();
    expect(selected()).toEqual(['V2']);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '2' }));
    await flushPromises();
    expect(selected()).toEqual(['V2']); // a digit selects, it does not toggle
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    await flushPromises();
    expect(selected()).toEqual([]);

    window.dispatchEvent(new KeyboardEvent('keydown', { key: '1' }));
    await flushPromises();
    expect(w.text()).toContain('Play Green 6: you would lead.');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'p' }));
    await flushPromises();
    expect(send).not.toHaveBeenCalled(); // staged, not sent
    const staged = () => w.get('[data-testid="table-view"]').attributes('data-staged');
    expect(staged()).toBe('1');
    expect(w.findAll('.my-seat [data-testid="staged-mark"]')).toHaveLength(1);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Backspace' }));
    await flushPromises();
    expect(staged()).toBe('0');
    expect(selected()).toEqual(['G6']); // back in hand, selected
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'p' }));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })); // nothing selected: undo
    await flushPromises();
    expect(staged()).toBe('0');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'p' }));
    await flushPromises();
    expect(send).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({
      type: 'turn',
      steps: [{ type: 'play', card: 'G6' }, { type: 'end' }],
      moveCount: view.moveCount,
    });
    expect(table.awaiting).toBe(true);
  });

  it('shows who is away and, after the grace period, offers a bot or a vote', async () => {
    const view = seatView(
      { players: 2, mode: 'basic', actionRule: false },
      { hands: [['G6'], ['I7']], palettes: [['O3'], ['Y5']], current: 1 },
    );
    // The clocks count from when the host says Bo went (awaySince), by the host's clock.
    const away = seatInfo(1, 'Bo', {
      connected: false,
      away: true,
      awayMs: 61_000,
      awaySince: Date.now() - 61_000,
      votes: [],
    });
    const pinia = createPinia();
    setActivePinia(pinia);
    // Spy before mounting: the template binds the store's action when it renders.
    const bot = vi.spyOn(useTableStore(), 'replaceByBot').mockImplementation(() => undefined);
    const w = mountApp(TableView, { props: { info: tableInfo([seatInfo(0, 'Ada'), away]), view } }, pinia);
    // One clock, counting down: nothing says how long Bo has been away.
    expect(w.text()).toContain('Bo is away.');
    expect(w.text()).toContain('Waiting for Bo, who is away.');
    expect(w.text()).not.toMatch(/1:01/);
    const button = w.findAll('button').find((b) => b.text() === 'Let a bot play for them')!;
    await button.trigger('click');
    expect(bot).toHaveBeenCalledWith(1);
    expect(w.get('[data-seat="1"]').text()).toContain('away');
  });
});

describe('ConnectionBadge', () => {
  it('shows connected, reconnecting with a countdown, and lost with a reconnect button', async () => {
    const w = mountApp(ConnectionBadge);
    const connection = useConnectionStore();
    const retry = vi.spyOn(connection, 'retryNow').mockImplementation(() => undefined);
    connection.status = { state: 'open', attempt: 0, retryAt: null, reason: null };
    connection.hostName = 'kitchen-pc';
    await flushPromises();
    expect(w.text()).toContain('Connected to kitchen-pc');
    // The live region holds the words once: its whole text, not only a screen-reader span inside it (the drawn
    // long and short words sat in it too, aria-hidden, and some readers said all three).
    const live = () => {
      const regions = w.findAll('[role="status"], [aria-live]');
      expect(regions).toHaveLength(1);
      return regions[0]!.element.textContent!.trim();
    };
    expect(live()).toBe('Connected to kitchen-pc');
    connection.status = { state: 'reconnecting', attempt: 2, retryAt: Date.now() + 3000, reason: null };
    await flushPromises();
    expect(w.text()).toMatch(/Connection lost, retrying in [23] s/);
    // A screen reader hears the words without the countdown (a live region read each second out, else).
    expect(live()).toBe('Reconnecting…');
    connection.status = { state: 'lost', attempt: 20, retryAt: null, reason: 'unreachable' };
    await flushPromises();
    expect(w.text()).toContain('Connection lost');
    expect(live()).toBe('Connection lost');
    await w.get('button').trigger('click');
    expect(retry).toHaveBeenCalled();
    connection.status = { state: 'lost', attempt: 0, retryAt: null, reason: 'protocol' };
    await flushPromises();
    expect(w.text()).toContain('another version');
    expect(w.find('button').exists()).toBe(false);
  });
});

describe('App', () => {
  it('cancelling a resume on the joining screen keeps the seat (it only hangs up)', async () => {
    const url = 'ws://127.0.0.1:9/';
    const token = 'resumeToken123456789';
    const { services } = await import('../../renderer/src/services');
    services().session.setItem('red7.session', JSON.stringify({ url, tableId: 'tbl12345', token, seat: 1 }));
    const w = mountApp(App);
    const { useSavedSeatsStore } = await import('../../renderer/src/stores/savedSeats');
    const seats = useSavedSeatsStore();
    seats.remember(url, 'tbl12345', { token, seat: 1, tableName: 'Kitchen table', savedAt: 1 });
    useTableStore().init();
    await flushPromises();
    const cancel = w.get('.joining button');
    await cancel.trigger('click');
    await flushPromises();
    expect(useTableStore().atTable).toBe(false);
    expect(seats.find(url, 'tbl12345')?.token).toBe(token);
  });

  it('follows the system language until one is chosen, and switches all text', async () => {
    desktop.settings.locale = 'auto';
    const w = mountApp(App);
    const { useSettingsStore } = await import('../../renderer/src/stores/settings');
    await useSettingsStore().load();
    await flushPromises();
    // The fake app reports an Italian system.
    expect(w.get('[data-testid="open-rules"]').text()).toBe('Regole');
    expect(document.documentElement.lang).toBe('it');
    await w.get('[data-testid="language"]').setValue('ko');
    await flushPromises();
    expect(w.get('[data-testid="open-rules"]').text()).toBe('규칙');
    expect(desktop.settings.locale).toBe('ko');
    await w.get('[data-testid="open-rules"]').trigger('click');
    // The rule reference is a chunk of its own, fetched when first opened.
    await eventually(() =>
      expect(document.querySelector('[role="dialog"] h2')?.textContent).toBe('Red7 규칙'),
    );
  });
});
