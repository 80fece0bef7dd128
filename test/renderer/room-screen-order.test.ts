import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EveningInfo, TableSummary } from '../../shared/protocol';
import { ROOM_TABLES_MAX, useRoomScreenStore } from '../../renderer/src/stores/roomScreen';

/*
 * What the room screen shows and what it says it left out: an evening's earlier heats are over and not
 * missed (the screen said "2 more not shown" all through heat 2, and at the evening's end, for heat 1's
 * finished tables); only tables that would be on it but have no room are counted.
 */

const table = (
  id: string,
  state: TableSummary['state'],
  heat?: number,
  evening = 'Friday',
): TableSummary => ({
  id,
  name: id,
  players: 3,
  seats: 3,
  state,
  mode: 'basic',
  actionRule: false,
  rulesVersion: '1.2',
  spectators: 0,
  match: [],
  ...(heat ? { evening: { name: evening, heat, table: id.slice(-1) } } : {}),
});

/** An evening whose heats so far are numbered 1..`heats` (all the room screen's order reads of it). */
const evening = (heats: number, name = 'Friday') =>
  ({
    settings: { name },
    heats: Array.from({ length: heats }, (_, i) => ({ number: i + 1 })),
  }) as unknown as EveningInfo;

beforeEach(() => setActivePinia(createPinia()));

describe('the room screen: its tables and the count of those left out', () => {
  it("in heat 2: heat 2's tables, nothing said missing for heat 1's", () => {
    const room = useRoomScreenStore();
    room.tables = [
      table('h1A', 'finished', 1),
      table('h1B', 'finished', 1),
      table('h2A', 'playing', 2),
      table('h2B', 'playing', 2),
      table('Open one', 'open'),
      table('Table 2', 'playing'),
    ];
    room.evening = evening(2);
    expect(room.shown.map((t) => t.id)).toEqual(['h2A', 'h2B', 'Table 2']);
    expect(room.hidden).toBe(0);
  });

  it('more tables in play than the screen holds: the rest are counted', () => {
    const room = useRoomScreenStore();
    room.tables = Array.from({ length: ROOM_TABLES_MAX + 3 }, (_, i) => table(`Table ${i + 1}`, 'playing'));
    expect(room.shown).toHaveLength(ROOM_TABLES_MAX);
    expect(room.shown.at(-1)!.id).toBe(`Table ${ROOM_TABLES_MAX}`);
    expect(room.hidden).toBe(3);
  });

  it("a second evening: its own heat's tables, once each, not the last evening's of the same heat", () => {
    const room = useRoomScreenStore();
    room.tables = [
      table('old1A', 'finished', 1, 'Friday'),
      table('old1B', 'finished', 1, 'Friday'),
      table('new1A', 'playing', 1, 'Friday, late'),
      table('new1B', 'playing', 1, 'Friday, late'),
    ];
    room.evening = evening(1, 'Friday, late');
    expect(room.shown.map((t) => t.id)).toEqual(['new1A', 'new1B']);
    expect(room.hidden).toBe(0);
  });
});
