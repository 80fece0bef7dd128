import type { BotDriver } from './bots';
import type { Clock } from './clock';
import type { GameArchive } from './history/archive';
import type { HostLimits } from './limits';
import type { TableStore } from './store';

/** The room reaches the data folder only through these calls, always for its own table. */
export type RoomStore = Pick<
  TableStore,
  'track' | 'save' | 'appendCreated' | 'appendSeating' | 'appendStart' | 'appendMoves' | 'remove' | 'archive'
>;

/** What a room needs from the host around it: narrow ports, so a room never reaches another table. */
export interface RoomContext {
  store: RoomStore;
  /** Finished games go to the host's history (main/host/history). */
  history: Pick<GameArchive, 'started' | 'finished'>;
  bots: Pick<BotDriver, 'kick'>;
  clock: Clock;
  /** A new game's shuffle seed: random (ids.newSeed), except where a test replays a fixed deal. */
  seeds: () => number;
  /** How long an away person keeps their seat's grace, and a turn clock's second (tests shrink it). */
  limits: Pick<HostLimits, 'awayGraceMs' | 'clockSecondMs'>;
  /** False: every view goes whole (protocol 1's traffic), for measuring what deltas save. */
  viewDeltas: boolean;
  /** The lobby list may have changed (seats taken, a game begun). */
  lobbyChanged: () => void;
  report: (problem: string) => void;
}
