import type { BotDriver } from './bots';
import type { TableStore } from './store';
import type { SeatTokens } from './tokens';

/** The room reaches the data folder only through these calls, always for its own table. */
export type RoomStore = Pick<
  TableStore,
  'track' | 'save' | 'saveDurably' | 'appendStart' | 'appendMove' | 'remove'
>;

/** What a room needs from the host around it: narrow ports, so a room never reaches another table. */
export interface RoomContext {
  store: RoomStore;
  tokens: SeatTokens;
  bots: Pick<BotDriver, 'kick'>;
  /** The lobby list may have changed (seats taken, a game begun). */
  listChanged: () => void;
  report: (problem: string) => void;
}
