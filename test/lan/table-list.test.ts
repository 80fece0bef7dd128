import { beforeEach, describe, expect, it } from 'vitest';
import { TableList } from '../../main/discovery/table-list';
import type { Sighting } from '../../main/discovery/response';
import type { BrowseEvent } from '../../main/discovery';

const EXPIRE = 7000;
let events: BrowseEvent[];
let list: TableList;

function sighting(over: Partial<Sighting> & { txt?: Record<string, string> } = {}): Sighting {
  return {
    key: 'friday (aa-1)._red7._tcp.local',
    port: 47470,
    target: 'laptop',
    address: '10.77.0.1',
    ...over,
    txt: {
      v: '1',
      id: 't1',
      name: 'Friday',
      players: '1',
      seats: '4',
      state: 'open',
      host: 'Alice',
      ...over.txt,
    },
  };
}

beforeEach(() => {
  events = [];
  list = new TableList(EXPIRE, (e) => events.push(e));
});

describe('the lobby table list', () => {
  it('reports a new table once, then only real changes', () => {
    list.seen(sighting(), 0);
    list.seen(sighting(), 100);
    expect(events).toEqual([
      {
        type: 'up',
        table: {
          key: 'friday (aa-1)._red7._tcp.local',
          id: 't1',
          name: 'Friday',
          players: 1,
          seats: 4,
          state: 'open',
          address: '10.77.0.1',
          addresses: ['10.77.0.1'],
          port: 47470,
          hostName: 'Alice',
          protocol: 1,
        },
      },
    ]);
    list.seen(sighting({ txt: { players: '2', state: 'playing' } }), 200);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ type: 'update', table: { players: 2, state: 'playing' } });
    expect(list.tables()).toEqual([(events[1] as { table: unknown }).table]);
  });

  it("carries the host's app version when its TXT says one", () => {
    list.seen(sighting({ txt: { app: '0.2.0', v: '6' } }), 0);
    expect(list.tables()[0]).toMatchObject({ protocol: 6, appVersion: '0.2.0' });
  });

  it('falls back to the SRV host name when TXT has none', () => {
    list.seen(sighting({ txt: { host: '' } }), 0);
    expect(list.tables()[0].hostName).toBe('laptop');
  });

  it('drops a table on goodbye and ignores late copies of older answers for a moment', () => {
    list.seen(sighting(), 0);
    list.goodbye(sighting().key, 1000);
    list.seen(sighting(), 1500);
    expect(events.map((e) => e.type)).toEqual(['up', 'down']);
    list.expire(2100);
    list.seen(sighting(), 2100);
    expect(events.map((e) => e.type)).toEqual(['up', 'down', 'up']);
  });

  it('expires a table nobody answered for, and keeps one that keeps answering', () => {
    list.seen(sighting(), 0);
    list.seen(sighting({ key: 'other (bb-1)._red7._tcp.local', txt: { id: 't2' }, address: '10.77.0.9' }), 0);
    for (let t = 2000; t <= 8000; t += 2000) list.alive('other (bb-1)._red7._tcp.local', '10.77.0.9', t);
    list.expire(EXPIRE);
    expect(events.filter((e) => e.type === 'down')).toEqual([]);
    list.expire(EXPIRE + 1);
    expect(events.filter((e) => e.type === 'down')).toEqual([{ type: 'down', key: sighting().key }]);
    expect(list.tables().map((t) => t.id)).toEqual(['t2']);
  });

  it('keeps the address in use while it answers, and moves to another when it falls silent', () => {
    list.seen(sighting({ address: '10.77.0.1' }), 0);
    list.seen(sighting({ address: '10.78.0.1' }), 10);
    expect(events.at(-1)).toMatchObject({
      type: 'update',
      table: { address: '10.77.0.1', addresses: ['10.77.0.1', '10.78.0.1'] },
    });
    for (let t = 2000; t <= 8000; t += 2000) list.seen(sighting({ address: '10.78.0.1' }), t);
    list.expire(8000);
    expect(events.at(-1)).toMatchObject({
      type: 'update',
      table: { address: '10.78.0.1', addresses: ['10.78.0.1'] },
    });
    expect(events.filter((e) => e.type === 'down')).toEqual([]);
  });

  it('replaces a crashed host’s old entry when it comes back under a new instance name', () => {
    list.seen(sighting(), 0);
    list.seen(sighting({ key: 'friday (cc-1)._red7._tcp.local' }), 3000);
    expect(events.map((e) => e.type)).toEqual(['up', 'down', 'up']);
    expect(events[1]).toEqual({ type: 'down', key: sighting().key });
    expect(list.tables().map((t) => t.key)).toEqual(['friday (cc-1)._red7._tcp.local']);
  });

  it('keeps two hosts’ tables with the same id apart', () => {
    list.seen(sighting(), 0);
    list.seen(sighting({ key: 'friday (dd-1)._red7._tcp.local', address: '10.77.0.5' }), 0);
    expect(list.tables()).toHaveLength(2);
  });

  it('ignores unreadable announcements without touching a known table', () => {
    list.seen(sighting({ txt: { state: 'bogus' } }), 0);
    expect(events).toEqual([]);
    list.seen(sighting(), 0);
    list.seen(sighting({ txt: { players: 'many' } }), 10);
    expect(events.map((e) => e.type)).toEqual(['up']);
    expect(list.tables()[0].players).toBe(1);
  });

  it('stops growing at 256 tables however many fake announcements arrive', () => {
    for (let i = 0; i < 1000; i++)
      list.seen(
        sighting({
          key: `t${i}._red7._tcp.local`,
          txt: { id: `t${i}` },
          address: `10.1.${i >> 8}.${i & 255}`,
        }),
        0,
      );
    expect(list.tables()).toHaveLength(256);
  });

  it('hands out copies: a caller changing a table does not change the list', () => {
    list.seen(sighting(), 0);
    const [table] = list.tables();
    table.addresses.push('6.6.6.6');
    table.name = 'changed';
    expect(list.tables()[0]).toMatchObject({ name: 'Friday', addresses: ['10.77.0.1'] });
  });
});
