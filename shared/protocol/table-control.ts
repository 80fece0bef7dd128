/**
 * The creator's hold on their table (docs/protocol.md, "The host in charge of their table"): a lock, a
 * seat code, and removing a person. Shared by the host, which enforces it, and the screens that offer it.
 */

/** A seat code is exactly four ASCII digits ("0420"): easy to say across a room, typed on any phone. */
export const SEAT_CODE_PATTERN = /^[0-9]{4}$/;
export const SEAT_CODE_LENGTH = 4;

/**
 * Wrong codes a connection, and a remote address, may try per window before `rateLimited`: 5 a minute
 * makes the 10,000 codes take one machine about 33 hours (17 on average to hit the right one).
 */
export const CODE_TRIES_PER_WINDOW = 5;
export const CODE_TRY_WINDOW_MS = 60_000;

/** Why the host sent you away from a table (`left.reason`); none: you left, or the table went. */
export const LEFT_REASONS = ['removed', 'replaced'] as const;
export type LeftReason = (typeof LEFT_REASONS)[number];
