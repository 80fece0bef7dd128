/**
 * Builds the DesktopApi the preload exposes, from a typed view of ipcRenderer. Kept apart from
 * the preload entry so it is tested in Node; the preload bundles it (it imports nothing at run time).
 */
import type { IpcRenderer } from 'electron';
import type { DesktopApi, DiscoveredTable, TableEvent } from '../../shared/desktop-api';
import type { IpcChannel, IpcChannels, IpcEvent, IpcEvents, IpcReply } from '../ipc';

export interface IpcBridge {
  invoke<C extends IpcChannel>(
    channel: C,
    ...args: IpcChannels[C]['args']
  ): Promise<IpcReply<IpcChannels[C]['result']>>;
  on<E extends IpcEvent>(event: E, listener: (payload: IpcEvents[E]) => void): void;
  off<E extends IpcEvent>(event: E, listener: (payload: IpcEvents[E]) => void): void;
}

/** Wraps ipcRenderer so that listeners get the payload only, never the event (which holds ipcRenderer). */
export function bridgeFromIpcRenderer(ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>): IpcBridge {
  const wrapped = new Map<(payload: never) => void, (event: unknown, payload: unknown) => void>();
  return {
    invoke: (channel, ...args) => ipc.invoke(channel, ...args),
    on(event, listener) {
      const relay = (_event: unknown, payload: unknown) => listener(payload as IpcEvents[typeof event]);
      wrapped.set(listener, relay);
      ipc.on(event, relay);
    },
    off(event, listener) {
      const relay = wrapped.get(listener);
      if (!relay) return;
      wrapped.delete(listener);
      ipc.removeListener(event, relay);
    },
  };
}

async function call<C extends IpcChannel>(
  bridge: IpcBridge,
  channel: C,
  ...args: IpcChannels[C]['args']
): Promise<IpcChannels[C]['result']> {
  const reply = await bridge.invoke(channel, ...args);
  if (!reply.ok) throw new Error(reply.error);
  return reply.value;
}

export function createDesktopApi(
  bridge: IpcBridge,
  onError: (error: unknown) => void = (error) => console.error(error),
): DesktopApi {
  // One IPC stream per page however many components subscribe; late subscribers get the cache.
  const known = new Map<string, DiscoveredTable>();
  const listeners = new Set<(event: TableEvent) => void>();
  const deliver = (event: TableEvent) => {
    if (event.type === 'down') known.delete(event.key);
    else known.set(event.table.key, event.table);
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        onError(error);
      }
    }
  };

  return {
    tables: {
      subscribe(listener) {
        if (typeof listener !== 'function') throw new TypeError('tables.subscribe needs a callback');
        const first = listeners.size === 0;
        listeners.add(listener);
        if (first) {
          bridge.on('tables:event', deliver);
          call(bridge, 'tables:subscribe').catch(onError);
        } else {
          for (const table of known.values()) listener({ type: 'up', table });
        }
        return () => {
          if (!listeners.delete(listener) || listeners.size > 0) return;
          bridge.off('tables:event', deliver);
          known.clear();
          call(bridge, 'tables:unsubscribe').catch(onError);
        };
      },
      openInBrowser: (key) => call(bridge, 'tables:openInBrowser', key),
    },
    host: {
      start: (opts) => call(bridge, 'host:start', opts),
      stop: () => call(bridge, 'host:stop'),
      status: () => call(bridge, 'host:status'),
      closeTable: (tableId) => call(bridge, 'host:closeTable', tableId),
      showRoomScreen: () => call(bridge, 'host:showRoomScreen'),
    },
    settings: {
      get: (key) => call(bridge, 'settings:get', key) as Promise<never>,
      set: (key, value) => call(bridge, 'settings:set', key, value),
    },
    app: {
      info: () => call(bridge, 'app:info'),
      openDataFolder: () => call(bridge, 'app:openDataFolder'),
      notify: (notice) => call(bridge, 'app:notify', notice),
      keepAwake: (on) => call(bridge, 'app:keepAwake', on),
    },
  };
}
