import { createHmac } from 'node:crypto';
import type { PersonId } from '../../shared/evening/seating';
import type { TableOptions } from '../../shared/protocol';
import type { EveningRecord } from './evening-format';
import type { FinishedTable } from './history/finished-game';
import { hashToken } from './ids';
import type { RoomContext } from './room-context';
import {
  botSeat,
  emptySeat,
  namesAt,
  newTableRecord,
  type SeatRecord,
  type TableRecord,
} from './table-record';

/** A person's seat token at one heat's table: only the host (which keeps `tokenKey`) can make it. */
export const seatToken = (key: string, tableId: string, person: PersonId): string =>
  createHmac('sha256', key).update(`${tableId}/${person}`).digest('base64url');

const isBot = (id: PersonId): boolean => id.startsWith('bot:');

/** One heat's table as made: its people's seats held by their seat tokens, bots for `bot:N`, locked to others. */
export function heatTableRecord(
  kept: EveningRecord,
  at: { heat: number; table: string; id: string },
  people: readonly PersonId[],
  now: number,
): TableRecord {
  const { heat, table, id } = at;
  const { settings } = kept.evening;
  const nameOf = (p: PersonId) => kept.evening.people.find((x) => x.id === p)?.name ?? p;
  const seats: SeatRecord[] = [];
  for (const [seat, p] of people.entries()) {
    seats.push(
      isBot(p)
        ? botSeat(seat, { level: null, think: null, lang: undefined }, id, [
            ...namesAt(seats),
            ...people.map(nameOf),
          ])
        : { ...emptySeat(), name: nameOf(p), tokenHash: hashToken(seatToken(kept.tokenKey, id, p)) },
    );
  }
  const options: TableOptions = { ...settings.game, players: people.length as 2 | 3 | 4, hints: false };
  const name = `${heat}${table} · ${settings.name}`.slice(0, 40);
  const record = newTableRecord(
    { id, name, options, creator: { name: '', seat: 0, tokenHash: '' }, bots: [] },
    now,
  );
  return {
    ...record,
    seats,
    control: { locked: true, watchers: false, code: null, removed: [] },
    evening: { name: settings.name, heat, table },
  };
}

/** What an evening's table refuses: its seats are the evening's, and it plays the heat's one game. */
const REFUSED = new Set(['setBot', 'lockTable', 'setCode', 'removePerson', 'start', 'rematch']);
export const eveningTableRefuses = (messageType: string): boolean => REFUSED.has(messageType);

/**
 * The context the evening's tables run in: the host's own, but a game that ends goes to the evening
 * (a table of an earlier evening is history as any table's).
 */
export function eveningRoomContext(
  host: RoomContext,
  evening: { holds(tableId: string): boolean; tableEnded(table: FinishedTable): void },
): RoomContext {
  const { history } = host;
  return {
    ...host,
    history: {
      started: (tableId, game) => history.started(tableId, game),
      finished: (table) => (evening.holds(table.id) ? evening.tableEnded(table) : history.finished(table)),
    },
  };
}
