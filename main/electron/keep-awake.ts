/**
 * Holds one of Electron's power-save blockers for as long as anyone asks for it: the display stays
 * awake while a game is on screen (the page asks), the system stays up while this machine's host has
 * a table in play (the host controller asks). Electron-free: the blocker is passed in.
 */
import type { PowerSaveBlocker } from 'electron';

export type BlockerKind = Parameters<PowerSaveBlocker['start']>[0];

export interface KeepAwake {
  /** `holder` asks (true) or lets go (false); asking twice is asking once. */
  hold(holder: string, on: boolean): void;
  /** Lets go for `holder` whatever it asked (its page closed or loaded anew). */
  release(holder: string): void;
  /** A blocker is started now. */
  active(): boolean;
  /** Someone asks now (whether or not the blocker could start): a game is on. */
  held(): boolean;
}

export function createKeepAwake(
  blocker: Pick<PowerSaveBlocker, 'start' | 'stop'>,
  kind: BlockerKind,
  log: (message: string) => void = (message) => console.warn(message),
): KeepAwake {
  const holders = new Set<string>();
  let id: number | null = null;

  const apply = (): void => {
    if (holders.size > 0 && id === null) {
      try {
        id = blocker.start(kind);
      } catch (error) {
        // The machine may sleep as it would anyway; nothing else depends on the blocker.
        log(`keep awake: ${kind} could not start (${String(error)})`);
      }
    } else if (holders.size === 0 && id !== null) {
      const started = id;
      id = null;
      blocker.stop(started);
    }
  };

  return {
    hold(holder, on) {
      if (on) holders.add(holder);
      else holders.delete(holder);
      apply();
    },
    release(holder) {
      holders.delete(holder);
      apply();
    },
    active: () => id !== null,
    held: () => holders.size > 0,
  };
}
