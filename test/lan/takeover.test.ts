import { describe, expect, it } from 'vitest';
import type { TargetEvent } from '../../shared/desktop-api';
import { encodeTarget, parseTarget, TargetList } from '../../main/discovery/takeover';
import { readResponse } from '../../main/discovery/response';

const KEY = 'bo (1a2b3c)._red7-takeover._tcp.local';
const sighting = (address = '10.0.0.9', txt = encodeTarget('Bo’s computer', 7, '0.3.0')) => ({
  key: KEY,
  port: 47470,
  target: 'bo-pc',
  txt,
  address,
});

describe('hand-over targets (no network)', () => {
  it('TXT round-trips; a missing name or protocol is no target', () => {
    expect(parseTarget(encodeTarget('Bo’s computer', 7, '0.3.0'))).toEqual({
      name: 'Bo’s computer',
      protocol: 7,
      appVersion: '0.3.0',
    });
    expect(parseTarget(encodeTarget('Bo', 7, 'not a version'))).toEqual({ name: 'Bo', protocol: 7 });
    expect(parseTarget({ v: '7' })).toBeNull();
    expect(parseTarget({ name: 'Bo', v: 'x' })).toBeNull();
    expect(parseTarget({ name: '\u0007', v: '7' })).toBeNull();
  });

  it('lists a target, keeps its address while it answers, drops it on goodbye (and holds it off) or silence', () => {
    const events: TargetEvent[] = [];
    const list = new TargetList(7000, (e) => events.push(e));
    list.seen(sighting(), 0);
    expect(events).toEqual([
      {
        type: 'up',
        target: {
          key: KEY,
          name: 'Bo’s computer',
          protocol: 7,
          appVersion: '0.3.0',
          address: '10.0.0.9',
          port: 47470,
        },
      },
    ]);
    list.seen(sighting('10.1.0.9'), 100);
    expect(list.targets()[0].address).toBe('10.0.0.9');
    list.goodbye(KEY, 200);
    expect(events.at(-1)).toEqual({ type: 'down', key: KEY });
    // A copy of an older answer still in flight does not bring it back.
    list.seen(sighting(), 500);
    expect(list.targets()).toEqual([]);
    list.expire(1300);
    list.seen(sighting(), 1300);
    expect(list.targets()).toHaveLength(1);
    list.expire(1300 + 7001);
    expect(events.at(-1)).toEqual({ type: 'down', key: KEY });
    expect(list.targets()).toEqual([]);
  });

  it('a table browser reads only tables, a target browser only targets', () => {
    const packet = {
      answers: [
        { name: '_red7-takeover._tcp.local', type: 'PTR', ttl: 4500, data: KEY },
        { name: KEY, type: 'SRV', ttl: 120, data: { port: 47470, target: 'bo-pc.local' } },
        { name: KEY, type: 'TXT', ttl: 4500, data: [Buffer.from('name=Bo'), Buffer.from('v=7')] },
      ],
    };
    expect(readResponse(packet, '10.0.0.9').sightings).toEqual([]);
    expect(readResponse(packet, '10.0.0.9', '_red7-takeover._tcp.local').sightings).toEqual([
      { key: KEY, port: 47470, target: 'bo-pc', txt: { name: 'Bo', v: '7' }, address: '10.0.0.9' },
    ]);
  });
});
