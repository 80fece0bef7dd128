import type { MovedTo } from '../../../shared/protocol';
import type { StoredTable } from '../store';

/** A table's ready and rematch votes (runtime: not in its log), taken along when it moves. */
export interface TableVotes {
  ready: number[];
  rematch: number[];
}

/** What a hand-over asks of the hub (hub.ts `handOverRooms`): it reaches tables only through these. */
export interface HandOverRooms {
  /** Every table this host holds. */
  ids(): string[];
  has(id: string): boolean;
  votesOf(id: string): TableVotes | null;
  /** This host holds an evening that is not over: another host's may not come in beside it. */
  holdsEvening(): boolean;
  /** Receiving, at the commit: the checked tables become this host's (kept, then played and listed). */
  adopt(tables: { stored: StoredTable; votes?: TableVotes }[], evening: string | null): void;
  /**
   * Sending, after the commit: everyone at these tables is told where they went; the tables go aside.
   * Returns how many of their people were away (not connected): they are told when they come back here.
   */
  release(ids: string[], to: MovedTo): number;
  /** Sending: these tables stay here after all (refused, aborted): they play on. */
  thawed(ids: string[]): void;
  /** Sending: the evening went with its tables. */
  dropEvening(): void;
}
