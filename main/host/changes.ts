import { TableError } from './errors';
import { StorageError } from './store';

/** Who must hear of a change: everyone at the table its info (default), the game's views, the lobby list. */
export interface Announcement {
  tableInfo?: boolean;
  views?: boolean;
  lobbyList?: boolean;
}

/**
 * A request that took effect. A refusal, or an unexpected error before anything was kept, is thrown
 * instead (and nothing changed); `failedAfter` is a bug met after the change was kept, while telling people.
 */
export interface Carried {
  failedAfter?: Error;
}

/**
 * Runs a write a change depends on; if it fails, undoes the change (an unexpected error too, so that the
 * caller may say nothing changed) and turns the disk's refusal into an `unavailable` refusal that says why.
 */
export function keepOrUndo(write: () => void, undo: () => void, report: (problem: string) => void): void {
  try {
    write();
  } catch (e) {
    undo();
    if (!(e instanceof StorageError)) throw e;
    report(e.message);
    throw new TableError(
      'unavailable',
      `the host could not save this (${e.code}); nothing changed: try again, or tell the host`,
    );
  }
}

/** Runs what follows a kept change: it has happened, whatever fails now. */
export function afterKept(tell: () => void): Carried {
  try {
    tell();
    return {};
  } catch (e) {
    return { failedAfter: e instanceof Error ? e : new Error(String(e)) };
  }
}
