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
