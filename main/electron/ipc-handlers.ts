/**
 * Registers one ipcMain.handle per channel of the map. Every request is first checked to come
 * from the app's own page; then the handler's result (or its error message) travels back as an
 * IpcReply.
 */
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { IPC_CHANNELS, type IpcChannel, type IpcChannels, type IpcReply } from '../ipc';
import { isTrustedSender } from './ipc-sender';

/** The page that sent a request, as the handlers need it (a structural slice of WebContents). */
export interface IpcSender {
  readonly id: number;
  isDestroyed(): boolean;
  send(channel: string, ...args: unknown[]): void;
  once(event: 'destroyed', listener: () => void): unknown;
  /** A new document in the page (a reload): what the old one asked for is void. */
  on(event: 'did-navigate', listener: () => void): unknown;
}

export type IpcHandlers = {
  [C in IpcChannel]: (
    sender: IpcSender,
    ...args: IpcChannels[C]['args']
  ) => IpcChannels[C]['result'] | Promise<IpcChannels[C]['result']>;
};

export const UNTRUSTED_SENDER = 'refused: the request did not come from the app';

type InvokeEvent = Pick<IpcMainInvokeEvent, 'senderFrame'> & { sender: IpcSender };
type Dispatch = (sender: IpcSender, ...args: unknown[]) => unknown;

export function registerIpcHandlers(
  ipcMain: Pick<IpcMain, 'handle'>,
  handlers: IpcHandlers,
  log: (message: string) => void = (message) => console.warn(message),
): void {
  for (const channel of IPC_CHANNELS) {
    const handler = handlers[channel] as Dispatch;
    ipcMain.handle(channel, (event, ...args) => dispatch(channel, handler, event, args, log));
  }
}

async function dispatch(
  channel: IpcChannel,
  handler: Dispatch,
  event: InvokeEvent,
  args: unknown[],
  log: (message: string) => void,
): Promise<IpcReply<unknown>> {
  // senderFrame is a getter that throws once the frame is gone; treat that as untrusted.
  let frame: InvokeEvent['senderFrame'];
  try {
    frame = event.senderFrame;
  } catch {
    frame = null;
  }
  if (!isTrustedSender(frame)) {
    log(`ipc: ${channel} from ${frame?.url ?? 'an unknown frame'} refused`);
    return { ok: false, error: UNTRUSTED_SENDER };
  }
  try {
    return { ok: true, value: await handler(event.sender, ...args) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
