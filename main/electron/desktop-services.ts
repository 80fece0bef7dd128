/**
 * The main-process side of every DesktopApi capability, as IPC handlers. Arguments come from the
 * renderer and are validated here again, whatever the types say.
 */
import type { AppInfo, HandOverOutcome, HandOverReport, TurnNotice } from '../../shared/desktop-api';
import { HandOverError } from '../../shared/protocol/hand-over-failure';
import type { IpcEvent, IpcEvents } from '../ipc';
import type { HostController, HostHandOver } from './host-controller';
import type { IpcHandlers, IpcSender } from './ipc-handlers';
import type { KeepAwake } from './keep-awake';
import { hostPageUrl } from './table-links';
import type { SettingsStore } from './settings-store';
import type { TableFeed } from './table-feed';
import type { TargetFeed } from './target-feed';
import type { Updates } from './updates';

export interface DesktopServices {
  settings: SettingsStore;
  host: HostController;
  tables: TableFeed;
  /** Hosts on the LAN that take tables over now. */
  targets: TargetFeed;
  appInfo(): AppInfo;
  /** Shows the host's data folder in the file manager; rejects with a reason a person can read. */
  openDataFolder(): Promise<void>;
  /** Shows the notice when the window is not focused; says whether it did. */
  notify(notice: TurnNotice): boolean;
  /** The display's power-save blocker, held by each page that shows a game. */
  displayAwake: KeepAwake;
  /** shell.openExternal: the system browser. */
  openExternal(url: string): Promise<void>;
  /** The room screen of this machine's host in a window of its own (main/electron/room-window.ts). */
  showRoomScreen(): void;
  /** Updates from the project's releases (main/electron/updates.ts). */
  updates: Updates;
}

/** A discovered table's key (the mDNS instance name); anything longer is no key of ours. */
const KEY_MAX = 300;

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
export const TARGETS_EVENT = 'handOver:target' satisfies IpcEvent;

/** The code the target's person reads out: six digits. */
const HAND_OVER_CODE = /^\d{6}$/;

function checkKey(what: string, key: unknown): string {
  if (typeof key !== 'string' || key === '' || key.length > KEY_MAX)
    throw new Error(`${what}: the key must be text`);
  return key;
}

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

  /** Pages told `handOver:asked` / `handOver:received`; a page that closes is forgotten. */
  const handOverPages = new Map<number, IpcSender>();
  const tellPages = <E extends 'handOver:asked' | 'handOver:received'>(event: E, payload: IpcEvents[E]) => {
    for (const page of [...handOverPages.values()]) if (!page.isDestroyed()) page.send(event, payload);
  };
  host.onHandOverAsked((ask) => tellPages('handOver:asked', ask));
  host.onTablesReceived((received) => tellPages('handOver:received', received));
  const watchHandOver = (sender: IpcSender) => {
    if (handOverPages.has(sender.id)) return;
    handOverPages.set(sender.id, sender);
    sender.once('destroyed', () => handOverPages.delete(sender.id));
  };

  const targetPages = new Set<number>();
  const subscribeTargets = (sender: IpcSender) => {
    services.targets.subscribe({
      id: sender.id,
      send: (event) => {
        if (!sender.isDestroyed()) sender.send(TARGETS_EVENT, event);
      },
    });
    if (targetPages.has(sender.id)) return;
    targetPages.add(sender.id);
    sender.once('destroyed', () => {
      targetPages.delete(sender.id);
      services.targets.unsubscribe(sender.id);
    });
  };

  /** The target's address is the one it answered from (the feed's), never one the page passes. */
  const targetOf = (what: string, key: unknown) => {
    const target = services.targets.find(checkKey(what, key));
    if (!target)
      throw new HandOverError({ code: 'targetGone' }, `${what}: that computer no longer takes tables over`);
    return { address: target.address, port: target.port };
  };

  /** A hand-over's failure goes to the page as data, its code worded there (a malformed argument still throws). */
  const outcome = async <T>(step: () => Promise<T>): Promise<HandOverOutcome<T>> => {
    try {
      return { ok: true, value: await step() };
    } catch (e) {
      if (!(e instanceof HandOverError)) throw e;
      return { ok: false, failure: e.failure };
    }
  };

  const handOver = (key: unknown, code: unknown) =>
    outcome(async (): Promise<HandOverReport> => {
      const to = targetOf('host.handOver', key);
      if (typeof code !== 'string' || !HAND_OVER_CODE.test(code))
        throw new Error('host.handOver: the code must be 6 digits'); // the page checks it first
      const report = await host.handOver().send(to, code);
      // Every table went (or there were none) and everyone at them was told where: the host stops.
      // A table the target refused keeps this host running, so its players still play there; so does a
      // person who was away (a phone asleep), whom only this host can send on when they come back.
      if (report.refused.length === 0 && !report.away) await host.stop();
      return report;
    });

  const awakePages = new Set<number>();
  const keepAwake = (sender: IpcSender, on: boolean) => {
    const holder = `page ${sender.id}`;
    if (!awakePages.has(sender.id)) {
      awakePages.add(sender.id);
      // A page that reloads or closes shows no game any more, whatever it last asked.
      sender.on('did-navigate', () => services.displayAwake.release(holder));
      sender.once('destroyed', () => {
        awakePages.delete(sender.id);
        services.displayAwake.release(holder);
      });
    }
    services.displayAwake.hold(holder, on);
  };

  const openInBrowser = async (key: unknown): Promise<void> => {
    if (typeof key !== 'string' || key === '' || key.length > KEY_MAX)
      throw new Error('tables.openInBrowser: the table key must be text');
    const table = tables.find(key);
    if (!table) throw new Error('tables.openInBrowser: that table is no longer on the network');
    // Built here from what the host announced: the page never names the address the browser opens.
    const url = hostPageUrl(table);
    if (!url) throw new Error('tables.openInBrowser: that table announced no address a browser can open');
    await services.openExternal(url);
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
    'host:showRoomScreen': (_sender, ...args) => {
      noExtraArgs('host.showRoomScreen', args, 0);
      services.showRoomScreen();
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
    'app:keepAwake': (sender, ...args) => {
      noExtraArgs('app.keepAwake', args, 1);
      if (typeof args[0] !== 'boolean') throw new Error('app.keepAwake: expected true or false');
      keepAwake(sender, args[0]);
    },
    'app:updateStatus': (_sender, ...args) => {
      noExtraArgs('app.updateStatus', args, 0);
      return services.updates.status();
    },
    'app:downloadUpdate': (_sender, ...args) => {
      noExtraArgs('app.downloadUpdate', args, 0);
      return services.updates.download();
    },
    'app:installUpdate': (_sender, ...args) => {
      noExtraArgs('app.installUpdate', args, 0);
      services.updates.install();
    },
    'tables:openInBrowser': (_sender, ...args) => {
      noExtraArgs('tables.openInBrowser', args, 1);
      return openInBrowser(args[0]);
    },
    'tables:subscribe': (sender, ...args) => {
      noExtraArgs('tables.subscribe', args, 0);
      subscribe(sender);
    },
    'tables:unsubscribe': (sender, ...args) => {
      noExtraArgs('tables.unsubscribe', args, 0);
      tables.unsubscribe(sender.id);
    },
    'host:askHandOver': (_sender, ...args) => {
      noExtraArgs('host.askHandOver', args, 1);
      return outcome(async () => {
        await host.handOver().ask(targetOf('host.askHandOver', args[0]));
        return null;
      });
    },
    'host:withdrawHandOver': async (_sender, ...args) => {
      noExtraArgs('host.withdrawHandOver', args, 1);
      const target = services.targets.find(checkKey('host.withdrawHandOver', args[0]));
      let running: HostHandOver;
      try {
        running = host.handOver();
      } catch {
        return; // no host runs: it asked nobody
      }
      // A target no longer listed (gone from the LAN): this host's one ask is taken back all the same.
      await running.withdraw(target ? { address: target.address, port: target.port } : undefined);
    },
    'host:handOver': (_sender, ...args) => {
      noExtraArgs('host.handOver', args, 2);
      return handOver(args[0], args[1]);
    },
    'host:receiveTables': (_sender, ...args) => {
      noExtraArgs('host.receiveTables', args, 1);
      return host.receiveTables(args[0]);
    },
    'handOver:subscribe': (sender, ...args) => {
      noExtraArgs('host.handOverTargets', args, 0);
      subscribeTargets(sender);
    },
    'handOver:unsubscribe': (sender, ...args) => {
      noExtraArgs('host.handOverTargets', args, 0);
      services.targets.unsubscribe(sender.id);
    },
    'handOver:watch': (sender, ...args) => {
      noExtraArgs('host.onHandOverAsked', args, 0);
      watchHandOver(sender);
    },
  };
}
