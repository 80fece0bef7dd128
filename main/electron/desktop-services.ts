/**
 * The main-process side of every DesktopApi capability, as IPC handlers. Arguments come from the
 * renderer and are validated here again, whatever the types say.
 */
import type { AppInfo, TurnNotice } from '../../shared/desktop-api';
import type { IpcEvent } from '../ipc';
import type { HostController } from './host-controller';
import type { IpcHandlers, IpcSender } from './ipc-handlers';
import type { SettingsStore } from './settings-store';
import type { TableFeed } from './table-feed';

export interface DesktopServices {
  settings: SettingsStore;
  host: HostController;
  tables: TableFeed;
  appInfo(): AppInfo;
  /** Shows the host's data folder in the file manager; rejects with a reason a person can read. */
  openDataFolder(): Promise<void>;
  /** Shows the notice when the window is not focused; says whether it did. */
  notify(notice: TurnNotice): boolean;
}

const NOTICE_LIMITS = { title: 80, body: 200 } as const;

/** A notice from the page, checked again here: exactly a title and a body, short plain text. */
function checkNotice(value: unknown): TurnNotice {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('app.notify: the notice must be an object with a title and a body');
  const keys = Object.keys(value);
  const extra = keys.filter((k) => k !== 'title' && k !== 'body');
  if (extra.length) throw new Error(`app.notify: unknown field "${extra[0]}"`);
  const out = {} as TurnNotice;
  for (const key of ['title', 'body'] as const) {
    const text: unknown = (value as Record<string, unknown>)[key];
    if (typeof text !== 'string') throw new Error(`app.notify: ${key} must be text`);
    const clean = text.replace(/\p{Cc}|\p{Cf}/gu, ' ').trim();
    if (!clean && key === 'title') throw new Error('app.notify: title must not be empty');
    if (clean.length > NOTICE_LIMITS[key])
      throw new Error(`app.notify: ${key} must be at most ${NOTICE_LIMITS[key]} characters`);
    out[key] = clean;
  }
  return out;
}

export const TABLES_EVENT = 'tables:event' satisfies IpcEvent;

function noExtraArgs(channel: string, args: unknown[], allowed: number): void {
  if (args.length > allowed) throw new Error(`${channel}: expected at most ${allowed} argument(s)`);
}

export function createIpcHandlers(services: DesktopServices): IpcHandlers {
  const { settings, host, tables } = services;
  const watched = new Set<number>();

  const subscribe = (sender: IpcSender) => {
    tables.subscribe({
      id: sender.id,
      send: (event) => {
        if (!sender.isDestroyed()) sender.send(TABLES_EVENT, event);
      },
    });
    if (!watched.has(sender.id)) {
      watched.add(sender.id);
      // A page that closes or crashes stops listening without telling us.
      sender.once('destroyed', () => {
        watched.delete(sender.id);
        tables.unsubscribe(sender.id);
      });
    }
  };

  return {
    'host:start': (_sender, ...args) => {
      noExtraArgs('host.start', args, 1);
      return host.start(args[0]);
    },
    'host:stop': (_sender, ...args) => {
      noExtraArgs('host.stop', args, 0);
      return host.stop();
    },
    'host:status': (_sender, ...args) => {
      noExtraArgs('host.status', args, 0);
      return host.status();
    },
    'host:closeTable': (_sender, ...args) => {
      noExtraArgs('host.closeTable', args, 1);
      return host.closeTable(args[0]);
    },
    'settings:get': (_sender, ...args) => {
      noExtraArgs('settings.get', args, 1);
      return settings.get(args[0]);
    },
    'settings:set': (_sender, ...args) => {
      noExtraArgs('settings.set', args, 2);
      return settings.set(args[0], args[1]);
    },
    'app:info': (_sender, ...args) => {
      noExtraArgs('app.info', args, 0);
      return services.appInfo();
    },
    'app:openDataFolder': (_sender, ...args) => {
      noExtraArgs('app.openDataFolder', args, 0);
      return services.openDataFolder();
    },
    'app:notify': (_sender, ...args) => {
      noExtraArgs('app.notify', args, 1);
      return services.notify(checkNotice(args[0]));
    },
    'tables:subscribe': (sender, ...args) => {
      noExtraArgs('tables.subscribe', args, 0);
      subscribe(sender);
    },
    'tables:unsubscribe': (sender, ...args) => {
      noExtraArgs('tables.unsubscribe', args, 0);
      tables.unsubscribe(sender.id);
    },
  };
}
