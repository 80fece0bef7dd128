import { CLOSE_CODES } from '../../../shared/protocol';
import type { EveningHost } from '../evening-host';
import type { Room, RoomContext } from '../room';
import { restoredRoom } from '../room-opening';
import type { TableStore } from '../store';
import type { TableRecord } from '../table-record';
import type { MovedAway } from './moved-away';
import type { HandOverRooms } from './rooms';

/** What of the hub the hand-over reaches (hub.ts gives them): its table map, store, evening and lobby. */
export interface HubParts {
  rooms: Map<string, Room>;
  store: Pick<TableStore, 'adopt' | 'keepEvening'>;
  evening: Pick<EveningHost, 'underWay' | 'restore' | 'forget'>;
  contextOf: (record: TableRecord) => RoomContext;
  lobbyChanged: () => void;
  /** Where tables handed over went: a token brought back is told, the lobby list says. */
  movedAway: MovedAway;
}

/** The hub's tables as a hand-over sees them (rooms.ts). */
export function hubRooms(hub: HubParts): HandOverRooms {
  const { rooms } = hub;
  return {
    ids: () => [...rooms.keys()],
    has: (id) => rooms.has(id),
    votesOf: (id) => rooms.get(id)?.votes ?? null,
    holdsEvening: () => hub.evening.underWay(),
    adopt(tables, evening) {
      if (evening !== null) {
        hub.store.keepEvening(evening);
        hub.evening.restore();
      }
      for (const { stored, votes } of tables) {
        hub.store.adopt(stored.record.id, stored.log);
        // Restored as at a start: kept from now on, a finished game archived, its bots woken.
        const room = restoredRoom(stored, hub.contextOf(stored.record));
        if (!room) continue;
        rooms.set(room.id, room);
        if (votes) room.takeVotes(votes);
        room.archiveIfFinished();
        room.wakeBots();
      }
      hub.lobbyChanged();
    },
    release(ids, to) {
      let away = 0;
      for (const id of ids) {
        const room = rooms.get(id);
        if (!room) continue;
        const seats = room.door.heldSeats();
        hub.movedAway.table(id, seats.tokenHashes, to);
        away += seats.away;
        rooms.delete(id);
        const gone = room.close({ keepFiles: true, farewell: { type: 'moved', tableId: id, to } });
        for (const s of gone) s.close(CLOSE_CODES.moved, 'the table moved to another host');
      }
      hub.movedAway.wentTo(to);
      hub.lobbyChanged();
      return away;
    },
    thawed: (ids) => ids.forEach((id) => rooms.get(id)?.resend()),
    dropEvening: () => hub.evening.forget(),
  };
}
