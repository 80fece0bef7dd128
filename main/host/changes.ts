import { TableError } from './errors';
import { StorageError, type TableStore } from './store';
import type { Table } from './table';

/** What a change may have altered: the table's info (default), the game's views, the lobby list. */
export interface Changes {
  table?: boolean;
  views?: boolean;
  list?: boolean;
}

/**
 * A request that took effect. A refusal, or an unexpected error before anything was kept, is thrown
 * instead (and nothing changed); `failedAfter` is a bug met after the change was kept, while telling people.
 */
export interface Done {
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

/**
 * A seating change is on disk (snapshot written and fsynced) before anyone hears of it: a host killed
 * right after would otherwise come back without it, and a `joined` token would open nothing.
 */
export function keepSeatChange<T>(
  table: Table,
  store: Pick<TableStore, 'saveDurably'>,
  change: () => T,
  report: (problem: string) => void,
): T {
  const undo = table.checkpoint();
  let result: T;
  try {
    result = change();
  } catch (e) {
    undo(); // a refusal (TableError) is thrown before any change, but an unexpected error may not be
    throw e;
  }
  keepOrUndo(() => store.saveDurably(table.id), undo, report);
  return result;
}

/** Runs what follows a kept change: it has happened, whatever fails now. */
export function afterKept(tell: () => void): Done {
  try {
    tell();
    return {};
  } catch (e) {
    return { failedAfter: e instanceof Error ? e : new Error(String(e)) };
  }
}
