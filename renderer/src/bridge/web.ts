import type {
  AppInfo,
  DesktopApi,
  HostStatus,
  SettingKey,
  Settings,
  TableEvent,
} from '../../../shared/desktop-api';
import type { TableSummary } from '../../../shared/protocol';
import type { GameClient } from '../net/client';
import type { Bridge, BridgeTable, HandedOver } from './types';

export interface WebBridgeOptions {
  /** The page's location (injected by tests). */
  location: Pick<Location, 'hostname' | 'port' | 'protocol' | 'origin'>;
  fetch: typeof fetch;
  storage: Storage;
  /** How often the table list is re-read from the host. */
  pollMs?: number;
  /**
   * A socket to the host that asks for its lobby list (`listTables`): the host then pushes every change
   * (a seat taken, a start, a finish) at once, and the poll only backs it up.
   */
  lobbySocket?: () => GameClient;
}

const DEFAULT_SETTINGS: Settings = { playerName: '', locale: 'auto', hostName: '', hostPort: 47470 };

interface HostInfo {
  name: string;
  version: string;
  protocol: number;
}

export function defaultPort(loc: Pick<Location, 'port' | 'protocol'>): number {
  return loc.port ? Number(loc.port) : loc.protocol === 'https:' ? 443 : 80;
}

/**
 * The bridge for a browser that the host served: tables come from that host's GET /api/tables
 * (polled), settings live in localStorage, and "hosting" means creating a table on that host.
 */
export function webBridge(opts: WebBridgeOptions): Bridge {
  const { location: loc, storage } = opts;
  const port = defaultPort(loc);
  const pollMs = opts.pollMs ?? 3000;
  let info: HostInfo | null = null;
  const handedOver = new Set<(h: HandedOver) => void>();

  async function getJson<T>(path: string): Promise<T> {
    const res = await opts.fetch(`${loc.origin}${path}`, { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    return (await res.json()) as T;
  }

  async function hostInfo(): Promise<HostInfo> {
    info ??= await getJson<HostInfo>('/api/info');
    return info;
  }

  /** A table this page's host serves, in the shape the desktop bridge gives a table found on the LAN. */
  function summaryAsBridgeTable(t: TableSummary, host: HostInfo): BridgeTable {
    return {
      id: t.id,
      name: t.name,
      players: t.players,
      seats: t.seats,
      state: t.state,
      key: `${loc.hostname}:${port}/${t.id}`,
      address: loc.hostname,
      addresses: [loc.hostname],
      port,
      hostName: host.name,
      protocol: host.protocol,
      summary: t,
    };
  }

  const api: DesktopApi = {
    tables: {
      subscribe(cb: (e: TableEvent) => void): () => void {
        const known = new Map<string, string>();
        let stopped = false;
        let timer: ReturnType<typeof setTimeout> | null = null;
        /** One list, from the poll or the push: only what changed goes on, as up, update or down. */
        const show = (list: TableSummary[], host: HostInfo): void => {
          if (stopped) return;
          const seen = new Set<string>();
          for (const table of list.map((t) => summaryAsBridgeTable(t, host))) {
            seen.add(table.key);
            const json = JSON.stringify(table);
            const before = known.get(table.key);
            if (before === json) continue;
            known.set(table.key, json);
            cb({ type: before === undefined ? 'up' : 'update', table });
          }
          for (const key of [...known.keys()]) {
            if (!seen.has(key)) {
              known.delete(key);
              cb({ type: 'down', key });
            }
          }
        };
        const poll = async (): Promise<void> => {
          try {
            const host = await hostInfo();
            show(await getJson<TableSummary[]>('/api/tables'), host);
          } catch {
            // The host is unreachable for now: keep what we showed, try again at the next tick.
          }
          if (!stopped) timer = setTimeout(() => void poll(), pollMs);
        };
        void poll();
        const socket = opts.lobbySocket?.() ?? null;
        if (socket) {
          socket.onWelcome(() => socket.send({ type: 'listTables' }));
          socket.onMessage((msg) => {
            if (msg.type !== 'tables') return;
            void hostInfo().then(
              (host) => {
                show(msg.tables, host);
                const to = msg.handedOverTo;
                if (to && !stopped) handedOver.forEach((tell) => tell({ from: host.name, to }));
              },
              () => undefined,
            );
          });
          socket.connect();
        }
        return () => {
          stopped = true;
          if (timer) clearTimeout(timer);
          socket?.close();
        };
      },
      // Every table listed here is on the host that served this page, which speaks its version.
      async openInBrowser() {
        throw new Error('This page already plays with its own host.');
      },
    },
    host: {
      // A browser cannot host; its tables are created on the host that served it.
      async start() {
        return { port, addresses: [loc.hostname] };
      },
      async stop() {
        throw new Error('A browser cannot stop the host that serves it.');
      },
      // Closing a table is for the person at the hosting computer, in its app.
      async closeTable() {
        throw new Error('A browser cannot close tables on the host that serves it.');
      },
      // A browser page opens the room screen by its address (the lobby's link): no window of the app's.
      async showRoomScreen() {
        throw new Error('A browser opens the room screen by its link.');
      },
      // Handing tables over is between two desktop apps; a browser page neither sends nor takes them.
      handOverTargets: () => () => undefined,
      async askHandOver() {
        throw new Error('A browser cannot hand tables over.');
      },
      async handOver() {
        throw new Error('A browser cannot hand tables over.');
      },
      async withdrawHandOver() {},
      async receiveTables() {
        throw new Error('A browser cannot take tables over.');
      },
      onHandOverAsked: () => () => undefined,
      onTablesReceived: () => () => undefined,
      async status(): Promise<HostStatus> {
        const host = await hostInfo().catch(() => null);
        return {
          running: true,
          port,
          addresses: [loc.hostname],
          name: host?.name ?? loc.hostname,
          advertising: false,
          receiving: false,
        };
      },
    },
    settings: {
      async get<K extends SettingKey>(key: K): Promise<Settings[K]> {
        const raw = storage.getItem(`red7.setting.${key}`);
        if (raw === null) return DEFAULT_SETTINGS[key];
        try {
          return JSON.parse(raw) as Settings[K];
        } catch {
          return DEFAULT_SETTINGS[key];
        }
      },
      async set<K extends SettingKey>(key: K, value: Settings[K]): Promise<void> {
        if (typeof value !== typeof DEFAULT_SETTINGS[key])
          throw new Error(`${key}: expected a ${typeof DEFAULT_SETTINGS[key]}`);
        storage.setItem(`red7.setting.${key}`, JSON.stringify(value));
      },
    },
    app: {
      async info(): Promise<AppInfo> {
        const host = await hostInfo().catch(() => null);
        return {
          name: 'Red7 LAN',
          version: host?.version ?? '',
          platform: 'web',
          versions: { electron: '', chrome: '', node: '' },
          locale: navigator.language,
          packaged: false,
          // The host's folder is on the host's machine: a browser neither sees nor opens it.
          dataFolder: '',
        };
      },
      async openDataFolder() {
        throw new Error('A browser cannot open folders on the host.');
      },
      // A browser tab never asks for notification permission: its title and sound are the cue.
      notify: async () => false,
      // The desktop app's power-save blocker; a browser tab has none to hold.
      keepAwake: async () => undefined,
      // A browser page is always its host's version: nothing to update here.
      updateStatus: async () => ({ state: 'off' }) as const,
      async downloadUpdate() {
        throw new Error('A browser page has no update to download.');
      },
      async installUpdate() {
        throw new Error('A browser page has no update to install.');
      },
    },
  };
  return {
    kind: 'web',
    api,
    origin: { address: loc.hostname, port },
    onHandedOver(cb) {
      handedOver.add(cb);
      return () => void handedOver.delete(cb);
    },
  };
}
