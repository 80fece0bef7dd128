/**
 * Builds the DesktopApi the preload exposes, from a typed view of ipcRenderer. Kept apart from
 * the preload entry so it is tested in Node; the preload bundles it (it imports nothing at run time).
 */
import type { IpcRenderer } from 'electron';
import type {
  DesktopApi,
  DiscoveredTable,
  HandOverAsk,
  HandOverTarget,
  TableEvent,
  TargetEvent,
} from '../../shared/desktop-api';
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

  // Hand-over targets: the same one-stream-per-page scheme as the tables.
  const targets = new Map<string, HandOverTarget>();
  const targetListeners = new Set<(event: TargetEvent) => void>();
  const deliverTarget = (event: TargetEvent) => {
    if (event.type === 'down') targets.delete(event.key);
    else targets.set(event.target.key, event.target);
    for (const listener of [...targetListeners]) {
      try {
        listener(event);
      } catch (error) {
        onError(error);
      }
    }
  };

  // Asked for a code, tables received: main tells the page once it asked to be told, whoever listens.
  const asked = new Set<(ask: HandOverAsk) => void>();
  const received = new Set<(r: { from: string; tables: number }) => void>();
  let watching = false;
  const each = <T>(set: Set<(value: T) => void>, value: T) => {
    for (const listener of [...set]) {
      try {
        listener(value);
      } catch (error) {
        onError(error);
      }
    }
  };
  const watchHandOver = () => {
    if (watching) return;
    watching = true;
    bridge.on('handOver:asked', (ask) => each(asked, ask));
    bridge.on('handOver:received', (r) => each(received, r));
    call(bridge, 'handOver:watch').catch(onError);
  };
  const listen = <T>(set: Set<(value: T) => void>, what: string, listener: (value: T) => void) => {
    if (typeof listener !== 'function') throw new TypeError(`${what} needs a callback`);
    set.add(listener);
    watchHandOver();
    return () => void set.delete(listener);
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
      handOverTargets(listener) {
        if (typeof listener !== 'function') throw new TypeError('host.handOverTargets needs a callback');
        const first = targetListeners.size === 0;
        targetListeners.add(listener);
        if (first) {
          bridge.on('handOver:target', deliverTarget);
          call(bridge, 'handOver:subscribe').catch(onError);
        } else {
          for (const target of targets.values()) listener({ type: 'up', target });
        }
        return () => {
          if (!targetListeners.delete(listener) || targetListeners.size > 0) return;
          bridge.off('handOver:target', deliverTarget);
          targets.clear();
          call(bridge, 'handOver:unsubscribe').catch(onError);
        };
      },
      askHandOver: (key) => call(bridge, 'host:askHandOver', key),
      withdrawHandOver: (key) => call(bridge, 'host:withdrawHandOver', key),
      handOver: (key, code) => call(bridge, 'host:handOver', key, code),
      receiveTables: (on) => call(bridge, 'host:receiveTables', on),
      onHandOverAsked: (listener) => listen(asked, 'host.onHandOverAsked', listener),
      onTablesReceived: (listener) => listen(received, 'host.onTablesReceived', listener),
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
      updateStatus: () => call(bridge, 'app:updateStatus'),
      downloadUpdate: () => call(bridge, 'app:downloadUpdate'),
      installUpdate: () => call(bridge, 'app:installUpdate'),
    },
  };
}
