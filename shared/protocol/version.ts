/**
 * The wire protocol's version. Bump it on any change an older peer could misread; the host refuses a
 * `hello` with another version (error `protocolMismatch`) rather than guessing.
 * Version 2: rematch votes, the match score, the bots' pace, spectators' names (and view deltas).
 */
export const PROTOCOL_VERSION = 2;
// 2: `viewDelta` frames after each move and the `sync` request (a version-1 client would ignore deltas
// and show a frozen game, so it is refused at `hello`); the next round only as the move {type:'nextRound'}.
