import { describe, expect, it } from 'vitest';
import { readResponse } from '../../main/discovery/response';
import type { DnsPacket } from '../../main/discovery/bonjour-internals';

const fqdn = 'Friday (ab12cd-1)._red7._tcp.local';
const txt = ['v=1', 'id=t1', 'name=Friday', 'players=1', 'seats=4', 'state=open'].map((s) => Buffer.from(s));

/** What bonjour-service answers to a PTR query: the PTR, then SRV, TXT and A as additionals. */
const answer = (ttl = 28800): DnsPacket => ({
  type: 'response',
  answers: [{ name: '_red7._tcp.local', type: 'PTR', ttl, data: fqdn }],
  additionals: [
    { name: fqdn, type: 'SRV', ttl: 120, data: { port: 47470, target: 'laptop.local' } },
    { name: fqdn, type: 'TXT', ttl: 4500, data: txt },
    { name: 'laptop.local', type: 'A', ttl: 120, data: '192.168.1.20' },
  ],
});

describe('reading mDNS responses', () => {
  it('takes the address from the packet, not from the advertised A records', () => {
    const { sightings, goodbyes, alive } = readResponse(answer(), '10.77.0.1');
    expect(goodbyes).toEqual([]);
    expect(alive).toEqual([]);
    expect(sightings).toEqual([
      {
        key: fqdn.toLowerCase(),
        port: 47470,
        target: 'laptop',
        address: '10.77.0.1',
        txt: { v: '1', id: 't1', name: 'Friday', players: '1', seats: '4', state: 'open' },
      },
    ]);
  });

  it('reads a TTL 0 PTR as a goodbye', () => {
    const packet = answer(0);
    for (const r of packet.additionals!) r.ttl = 0;
    expect(readResponse(packet, '10.77.0.1')).toEqual({
      goodbyes: [fqdn.toLowerCase()],
      sightings: [],
      alive: [],
    });
  });

  it('counts a bare PTR as a sign of life, and a broken SRV as nothing more', () => {
    const bare: DnsPacket = { answers: [answer().answers![0]] };
    expect(readResponse(bare, '10.0.0.1').alive).toEqual([fqdn.toLowerCase()]);
    const broken = answer();
    broken.additionals![0].data = { port: 0, target: 'laptop.local' };
    expect(readResponse(broken, '10.0.0.1')).toMatchObject({ sightings: [], alive: [fqdn.toLowerCase()] });
  });

  it('matches names without regard to case and ignores other services', () => {
    const packet = answer();
    packet.answers![0].name = '_RED7._TCP.local';
    packet.answers!.push({
      name: '_http._tcp.local',
      type: 'PTR',
      ttl: 120,
      data: 'printer._http._tcp.local',
    });
    packet.answers!.push({
      name: '_red7._tcp.local',
      type: 'PTR',
      ttl: 120,
      data: 'elsewhere._other._tcp.local',
    });
    expect(readResponse(packet, '10.0.0.1').sightings.map((s) => s.key)).toEqual([fqdn.toLowerCase()]);
  });

  it('survives packets without sections or with odd record data', () => {
    expect(readResponse({}, '10.0.0.1')).toEqual({ goodbyes: [], sightings: [], alive: [] });
    const odd = answer();
    odd.answers![0].data = 42;
    expect(readResponse(odd, '10.0.0.1')).toEqual({ goodbyes: [], sightings: [], alive: [] });
  });
});
