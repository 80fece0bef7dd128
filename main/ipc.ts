/**
 * The IPC channel map: the one type that both `ipcMain.handle` registration (main) and the
 * preload's `ipcRenderer.invoke` calls are checked against. Each entry is derived from the
 * DesktopApi function it serves, so the renderer contract, the preload and the handlers cannot
 * drift apart without a type error.
 *
 * Plain TypeScript with no imports at run time: the sandboxed preload bundles it.
 */
import type { DesktopApi, HandOverAsk, TableEvent, TargetEvent } from '../shared/desktop-api';

type Args<F> = F extends (...args: infer A) => unknown ? A : never;
type Result<F> = F extends (...args: never[]) => infer R ? Awaited<R> : never;
type Channel<F> = { args: Args<F>; result: Result<F> };

/** Renderer → main requests (ipcRenderer.invoke / ipcMain.handle). */
export interface IpcChannels {
  'host:start': Channel<DesktopApi['host']['start']>;
  'host:stop': Channel<DesktopApi['host']['stop']>;
  'host:status': Channel<DesktopApi['host']['status']>;
  'host:closeTable': Channel<DesktopApi['host']['closeTable']>;
  'host:showRoomScreen': Channel<DesktopApi['host']['showRoomScreen']>;
  'settings:get': Channel<DesktopApi['settings']['get']>;
  'settings:set': Channel<DesktopApi['settings']['set']>;
  'app:info': Channel<DesktopApi['app']['info']>;
  'app:openDataFolder': Channel<DesktopApi['app']['openDataFolder']>;
  'app:notify': Channel<DesktopApi['app']['notify']>;
  'app:keepAwake': Channel<DesktopApi['app']['keepAwake']>;
  'app:updateStatus': Channel<DesktopApi['app']['updateStatus']>;
  'app:downloadUpdate': Channel<DesktopApi['app']['downloadUpdate']>;
  'app:installUpdate': Channel<DesktopApi['app']['installUpdate']>;
  'tables:openInBrowser': Channel<DesktopApi['tables']['openInBrowser']>;
  /** Start streaming `tables:event` to the calling page; known tables are replayed as `up`. */
  'tables:subscribe': { args: []; result: void };
  'tables:unsubscribe': { args: []; result: void };
  'host:askHandOver': Channel<DesktopApi['host']['askHandOver']>;
  'host:withdrawHandOver': Channel<DesktopApi['host']['withdrawHandOver']>;
  'host:handOver': Channel<DesktopApi['host']['handOver']>;
  'host:receiveTables': Channel<DesktopApi['host']['receiveTables']>;
  /** Start streaming `handOver:target` to the calling page; known targets are replayed as `up`. */
  'handOver:subscribe': { args: []; result: void };
  'handOver:unsubscribe': { args: []; result: void };
  /** Tell the calling page `handOver:asked` and `handOver:received` from now on. */
  'handOver:watch': { args: []; result: void };
}
export type IpcChannel = keyof IpcChannels;

/** Main → renderer pushes (webContents.send / ipcRenderer.on). */
export interface IpcEvents {
  'tables:event': TableEvent;
  'handOver:target': TargetEvent;
  'handOver:asked': HandOverAsk;
  'handOver:received': { from: string; tables: number };
}
export type IpcEvent = keyof IpcEvents;

/**
 * What every handler sends back. Errors travel as data rather than a rejected invoke, because
 * Electron rewrites a rejection's message ("Error invoking remote method …"); the preload turns
 * `ok: false` back into an Error with the handler's own message.
 */
export type IpcReply<T> = { ok: true; value: T } | { ok: false; error: string };

/** Every channel once, checked both ways against the map (a missing or extra key fails to compile). */
export const IPC_CHANNELS = Object.keys({
  'host:start': true,
  'host:stop': true,
  'host:status': true,
  'host:closeTable': true,
  'host:showRoomScreen': true,
  'settings:get': true,
  'settings:set': true,
  'app:info': true,
  'app:openDataFolder': true,
  'app:notify': true,
  'app:keepAwake': true,
  'app:updateStatus': true,
  'app:downloadUpdate': true,
  'app:installUpdate': true,
  'tables:openInBrowser': true,
  'tables:subscribe': true,
  'tables:unsubscribe': true,
  'host:askHandOver': true,
  'host:withdrawHandOver': true,
  'host:handOver': true,
  'host:receiveTables': true,
  'handOver:subscribe': true,
  'handOver:unsubscribe': true,
  'handOver:watch': true,
} satisfies Record<IpcChannel, true>) as IpcChannel[];
