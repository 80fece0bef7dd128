import { TableError } from './errors';
import type { Presence, Table } from './table';
import { botName, emptySeat } from './table-record';

/**
 * A table's rules of who sits where, without any I/O: taking and giving up seats, bot seats, people away
 * and back, stand-ins, and votes to remove someone. Each checks who may do what, changes the table, or
 * throws a TableError. The game's own rules (start, moves, rematch) stay on `Table`.
 */

// ---------------------------------------------------------------------------------------------
// Before the start

export function join(
  table: Table,
  name: string,
  wanted: number | undefined,
  tokenHash: string,
  now: number,
): number {
  if (table.started) throw new TableError('alreadyStarted', 'the game has started; you may spectate');
  if (table.seats.some((s) => s.name !== null && s.name.toLowerCase() === name.toLowerCase())) {
    throw new TableError('nameTaken', `"${name}" is already seated here; choose another name`);
  }
  let seat: number;
  if (wanted !== undefined) {
    if (wanted >= table.options.players) throw new TableError('badSeat', `this table has no seat ${wanted}`);
    if (table.seats[wanted].name !== null) throw new TableError('seatTaken', `seat ${wanted} is taken`);
    seat = wanted;
  } else {
    seat = table.seats.findIndex((s) => s.name === null);
    if (seat < 0) throw new TableError('tableFull', 'every seat is taken');
  }
  table.seats[seat] = { ...emptySeat(), name, tokenHash };
  table.lastAttended = now;
  return seat;
}

/** Frees a seat before the start. Returns the token hash that no longer opens anything. */
export function leave(table: Table, seat: number, now: number): string | null {
  if (table.started) {
    throw new TableError('alreadyStarted', 'the game has started; your seat waits for you if you step away');
  }
  const hash = table.seats[seat].tokenHash;
  freeSeat(table, seat);
  table.lastAttended = now;
  return hash;
}

function freeSeat(table: Table, seat: number): void {
  table.seats[seat] = emptySeat();
  table.away.forget(seat);
  if (seat === table.creator) {
    // The creator role passes to the next person, so the table can still start.
    const next = table.seats.findIndex((_, i) => table.isPerson(i));
    if (next >= 0) table.creator = next;
  }
}

export function setBot(table: Table, by: number, seat: number, bot: boolean, now: number): void {
  table.requireCreator(by, 'choose bot seats');
  if (table.started) throw new TableError('alreadyStarted', 'bot seats are set before the start');
  if (seat >= table.options.players) throw new TableError('badSeat', `this table has no seat ${seat}`);
  const s = table.seats[seat];
  if (bot) {
    if (s.name !== null) throw new TableError('seatTaken', `seat ${seat} is taken`);
    table.seats[seat] = { ...emptySeat(), name: botName(seat), bot: true };
  } else {
    if (!s.bot) throw new TableError('badSeat', `seat ${seat} is not a bot`);
    table.seats[seat] = emptySeat();
  }
  table.lastAttended = now;
}

// ---------------------------------------------------------------------------------------------
// After a game

/**
 * A person leaves a finished table: a bot stands in for them (their token still takes the seat back), so
 * the others can play again without waiting for someone who has gone.
 */
export function leaveFinished(table: Table, seat: number, now: number): void {
  if (!table.isPerson(seat)) return;
  table.seats[seat] = { ...table.seats[seat], bot: true, standIn: true };
  table.rematchVotes.delete(seat);
  table.away.cleared(seat);
  table.lastAttended = now;
}

// ---------------------------------------------------------------------------------------------
// Presence, stand-ins and votes

/** A person's socket attached to the seat: they are no longer away. */
export function arrived(table: Table, seat: number, now: number): void {
  table.away.cleared(seat);
  const s = table.seats[seat];
  // A returning person takes the seat back from the bot that stood in.
  if (s.standIn) table.seats[seat] = { ...s, bot: false, standIn: false };
  table.lastAttended = now;
}

/** The seat's socket went away: a person (or the person a bot stands in for) is away from now. */
export function wentAway(table: Table, seat: number, now: number): void {
  table.away.since[seat] = table.isPerson(seat) || table.seats[seat].standIn ? now : null;
  table.lastAttended = now;
}

function requireAway(table: Table, by: number, seat: number, connected: Presence, now: number): void {
  if (!table.isPerson(by) || !connected(by)) {
    throw new TableError('notSeated', 'only a seated, connected player may do this');
  }
  if (seat >= table.options.players || seat === by)
    throw new TableError('badSeat', `cannot do this to seat ${seat}`);
  if (!table.isPerson(seat) || connected(seat)) {
    throw new TableError('notAway', `seat ${seat} is not an away player`);
  }
  table.away.requireGraceOver(seat, now);
}

export function replaceByBot(table: Table, by: number, seat: number, connected: Presence, now: number): void {
  requireAway(table, by, seat, connected, now);
  table.seats[seat] = { ...table.seats[seat], bot: true, standIn: true };
  table.away.votes[seat].clear();
  table.rematchVotes.delete(seat);
  table.lastAttended = now;
}

/**
 * Records a vote. A majority of the other connected people removes the player: before the start the
 * seat is freed, during a game the host passes for them. Returns the revoked token hash, if any.
 */
export function voteOut(
  table: Table,
  by: number,
  seat: number,
  connected: Presence,
  now: number,
): { out: boolean; revoked: string | null } {
  requireAway(table, by, seat, connected, now);
  const votesAgainst = table.away.votes[seat];
  votesAgainst.add(by);
  const voters = table.seats.filter((_, i) => i !== seat && table.isPerson(i) && connected(i)).length;
  const needed = Math.floor(voters / 2) + 1;
  const votes = [...votesAgainst].filter((v) => table.isPerson(v) && connected(v)).length;
  table.lastAttended = now;
  if (votes < needed) return { out: false, revoked: null };
  const revoked = table.seats[seat].tokenHash;
  if (!table.started) {
    freeSeat(table, seat);
  } else {
    table.seats[seat] = { ...table.seats[seat], tokenHash: null, votedOut: true, bot: false, standIn: false };
    table.away.cleared(seat);
    table.rematchVotes.delete(seat);
  }
  return { out: true, revoked };
}
