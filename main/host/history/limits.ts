/** How much finished-game history a host keeps; the oldest games go first when either bound is passed. */
export interface HistoryLimits {
  /** Games kept (the last N finished). */
  maxGames: number;
  /** Bytes of records kept, all together. */
  maxBytes: number;
}

export const DEFAULT_HISTORY_LIMITS: HistoryLimits = { maxGames: 500, maxBytes: 64 * 1024 * 1024 };

/** Bounds a host option may set (the CLI's and the desktop app's). */
export const HISTORY_GAMES_MAX = 100_000;
export const HISTORY_MB_MAX = 100_000;
