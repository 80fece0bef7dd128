import { BOT_PACES, MAX_FRAME_BYTES, type BotPace, type PaceMs } from '../../shared/protocol';
import { NOBODY_REACHED_AFTER_MS } from '../../shared/reach';

/** Every knob that bounds what one host spends on its clients. Tests shrink the timings. */
export interface HostLimits {
  /** Open WebSocket connections. */
  maxConnections: number;
  /** Open WebSocket connections from one LAN address (one machine cannot take every place; 127.0.0.1 is not capped). */
  maxConnectionsPerAddress: number;
  /** Tables held at once (open, playing and finished). */
  maxTables: number;
  /** Largest incoming frame in bytes; ws closes the socket (1009) above it. */
  maxPayload: number;
  /** Sustained messages per second per connection (token bucket refill). */
  ratePerSecond: number;
  /** Messages a connection may send in a burst. */
  rateBurst: number;
  /** Messages dropped for rate before the socket is closed as abusive. */
  rateStrikes: number;
  /** A socket that does not answer a ping within this period is dropped. */
  heartbeatMs: number;
  /** A socket must say hello within this time. */
  helloTimeoutMs: number;
  /** A player must be away this long before the table may replace them by a bot or vote them out. */
  awayGraceMs: number;
  /** Each table's bot pace (its option) in milliseconds, so people can follow a bot's play. */
  botPaces: Record<BotPace, PaceMs>;
  /** How long one second of a turn clock lasts: 1000; tests shorten it (never a table option). */
  clockSecondMs: number;
  /** Tests: every bot step waits exactly this, whatever the table's pace. null: the paces apply. */
  botDelayMs: number | null;
  /** Moves within this window share one snapshot write (the move log has each one at once). */
  snapshotDelayMs: number;
  /** An open or finished table nobody is attached to is removed after this long. */
  idleTableMs: number;
  /** A socket whose unsent data exceeds this many bytes is too slow to keep up and is dropped. */
  maxBufferedBytes: number;
  /** Hosting this long with no sign of another device makes /api/reach say nobodyReached. */
  nobodyReachedAfterMs: number;
  /**
   * Handing the tables over: how long their bundle may go with no byte taken by the network and no word from
   * the receiver before the sender gives up (`stalled`). A slow Wi-Fi keeps going; tests shorten it.
   */
  handOverQuietMs: number;
}

export const DEFAULT_LIMITS: HostLimits = {
  maxConnections: 256,
  maxConnectionsPerAddress: 32,
  maxTables: 64,
  maxPayload: MAX_FRAME_BYTES,
  ratePerSecond: 20,
  rateBurst: 40,
  rateStrikes: 200,
  heartbeatMs: 15_000,
  helloTimeoutMs: 10_000,
  awayGraceMs: 60_000,
  botPaces: BOT_PACES,
  clockSecondMs: 1000,
  botDelayMs: null,
  snapshotDelayMs: 1000,
  idleTableMs: 30 * 60_000,
  maxBufferedBytes: 4 * 1024 * 1024,
  nobodyReachedAfterMs: NOBODY_REACHED_AFTER_MS,
  handOverQuietMs: 15_000,
};
