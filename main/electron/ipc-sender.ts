import { isAppUrl } from './app-url';

/** The parts of Electron's WebFrameMain the check reads. */
export interface SenderFrame {
  readonly url: string;
  readonly parent: unknown;
}

/**
 * An IPC request is served only when it comes from the top frame of the app's own page;
 * a null frame (navigated away or destroyed) is refused too.
 */
export function isTrustedSender(frame: SenderFrame | null | undefined): boolean {
  return frame != null && frame.parent == null && isAppUrl(frame.url);
}
