/**
 * The wire protocol's version. Bump it on any change an older peer could misread; the host refuses a
 * `hello` with another version (error `protocolMismatch`) rather than guessing. What each version
 * changed is below and in docs/protocol.md ("Handshake and versioning"), whose title names this number.
 */
export const PROTOCOL_VERSION = 7;
// 2: `viewDelta` frames after each move and the `sync` request (a version-1 client would ignore deltas
// and show a frozen game, so it is refused at `hello`); the next round only as the move {type:'nextRound'}.
// 3: each turn opens with a `turn` log entry (a version-2 client's view schema refuses the new entry
// kind, and would read every turn boundary by guessing); a hand-made position's `deal` has `setup`.
// 4: a turn goes to the host in one `turn` message, its steps applied whole or refused whole; the one-step
// `move` message is gone (a version-3 client would send every step on its own, and each would be refused).
// 5: the party around a table: a turn clock, quick reactions, named bots with a level per seat, locked
// tables with a seat code, and a host who removes players (a version-4 client would not read the new
// table fields or messages, and would send joins without a code).
// 6: an evening of several tables (openEvening, joinEvening, resumeEvening, leaveEvening, nextHeat; the
// `evening` and `eveningJoined` messages): a version-5 client would not read them, and its lobby would
// not show the evening its people are seated by.
// 7: a host hands its tables over to another (`moved`, and the `moving` refusal while it does): a version-6
// client would not follow its table, and would drop a turn refused as `moving`.
