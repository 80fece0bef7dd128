/** Size limits every peer can check before sending; the host enforces them. */

/** A player's display name, after trimming. */
export const PLAYER_NAME_MAX = 24;
/** A table's name, after trimming. */
export const TABLE_NAME_MAX = 40;
/** Free-text client identification in `hello` (app name and version). */
export const CLIENT_NAME_MAX = 64;
/** Largest text frame the host accepts, in bytes; larger frames close the socket (1009). */
export const MAX_FRAME_BYTES = 4096;
/** Advanced-game target score bounds a table may set. */
export const TARGET_SCORE_MIN = 1;
export const TARGET_SCORE_MAX = 500;
/**
 * Steps in one `turn` message. The longest legal turn has 11 (every 5 played in a row, a last play and
 * its 7 or 1 choice, a discard and its draw); anything longer is refused before the engine is asked.
 */
export const TURN_STEPS_MAX = 16;
/** Heats an evening may have (a long night of short games). */
export const EVENING_HEATS_MAX = 12;
