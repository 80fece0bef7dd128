/** How long a person has for each turn, in seconds (a table option): 0 is no clock, the default. */
export const TURN_CLOCK_SECONDS = [0, 30, 60, 120] as const;
export type TurnClockSeconds = (typeof TURN_CLOCK_SECONDS)[number];
export const DEFAULT_TURN_CLOCK: TurnClockSeconds = 0;

/**
 * What happens when a person's time runs out: 'vote' (the default) offers the others "let a bot play this
 * turn"; 'bot' lets the host's bot play it at once. Nobody loses either way.
 */
export const CLOCK_EXPIRY_NAMES = ['vote', 'bot'] as const;
export type ClockExpiry = (typeof CLOCK_EXPIRY_NAMES)[number];
export const DEFAULT_CLOCK_EXPIRY: ClockExpiry = 'vote';

/**
 * The current person's turn clock as the host keeps it (`TableInfo.turnClock`). Running: `endsAt` is the
 * host's moment it runs out (ms since the epoch, on the clock of `TableInfo.hostNow`), so every screen
 * counts the same second. Paused (the player is away): `endsAt` is null and `leftMs` is what they have
 * left. Expired: both are 0/null and the others may let a bot play the turn (`botTurn` once one does).
 */
export interface TurnClockInfo {
  /** Whose turn is timed. */
  seat: number;
  /** When the time runs out, by the host's clock; null while paused or once expired. */
  endsAt: number | null;
  /** What is left, as of `TableInfo.hostNow`. */
  leftMs: number;
  /** The whole time of a turn at this table. */
  totalMs: number;
  /** The player is away: their time waits for them. */
  paused: boolean;
  /** The time ran out; the player may still play until a bot is asked to. */
  expired: boolean;
  /** A bot plays this one turn for the player (asked with `botTurn`, or at once with clockExpiry 'bot'). */
  botTurn: boolean;
}
