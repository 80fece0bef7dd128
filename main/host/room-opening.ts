import { keepOrUndo } from './changes';
import { HostedTable } from './hosted-table';
import { hashToken, newToken } from './ids';
import { restoreTable } from './restore';
import { Room } from './room';
import type { RoomContext } from './room-context';
import type { Arrival } from './room-seats';
import type { StoredTable } from './store';
import type { NewTable, TableRecord } from './table-record';

/** A new table as its creator asked for it (the room makes the creator's token). */
export type NewRoom = Omit<NewTable, 'creator'> & { creator: { name: string; seat: number } };

/** How a room comes to be: a new table, one restored from its store, or an evening's, seated and dealt. */

const hosted = (record: TableRecord, ctx: RoomContext): HostedTable =>
  new HostedTable(record, ctx.clock.now(), ctx.limits.awayGraceMs, ctx.limits.clockSecondMs);

/**
 * A table restored from its store (null: it cannot be, reported): kept from now on, its seats' tokens open
 * them again. Its `unattendedSince` is null when someone was at it when it was last saved (it counts as
 * attended until now).
 */
export function restoredRoom(stored: StoredTable, ctx: RoomContext): Room | null {
  const record = restoreTable(stored, ctx.report);
  if (!record) return null;
  const room = new Room(hosted(record, ctx), ctx, record.unattendedSince);
  room.track(stored.log.length);
  ctx.store.save(room.id);
  room.restarted();
  return room;
}

/** The room's first log line (the table as made): a refusal of the disk leaves no folder. */
function logCreated(room: Room, table: HostedTable, ctx: RoomContext): void {
  const keep = (write: () => void, undo: () => void = () => {}) => keepOrUndo(write, undo, ctx.report);
  keep(() => room.track());
  keep(
    () => ctx.store.appendCreated(table.id, { ...table.record(), unattendedSince: null }),
    () => void ctx.store.remove(table.id),
  );
}

/**
 * A new table, in its log before anyone hears of it, with its creator's seat kept for them. Throws (and
 * leaves no folder) if the store refuses.
 */
export function createdRoom(fields: NewRoom, ctx: RoomContext): { room: Room; creator: Arrival } {
  const token = newToken();
  const creator = { ...fields.creator, tokenHash: hashToken(token) };
  const { awayGraceMs, clockSecondMs } = ctx.limits;
  const table = HostedTable.create({ ...fields, creator }, ctx.clock.now(), awayGraceMs, clockSecondMs);
  const room = new Room(table, ctx, null);
  logCreated(room, table, ctx);
  ctx.store.save(table.id);
  return { room, creator: { seat: creator.seat, token } };
}

/**
 * A table of an evening's heat, every seat held (people's by their seat tokens, bots), its game begun
 * from the heat's `seed`: in its log before anyone hears of it. Throws if the store refuses.
 */
export function seatedRoom(record: TableRecord, seed: number, ctx: RoomContext): Room {
  const table = hosted(record, ctx);
  const room = new Room(table, ctx, null);
  logCreated(room, table, ctx);
  try {
    room.deal(seed);
  } catch (e) {
    void ctx.store.remove(table.id); // a table never begun is no heat's: the next start makes it again
    throw e;
  }
  return room;
}
