import { describe, expect, it } from 'vitest';
import { asksForTables } from '../../../main/discovery/publisher';
import { isRemote } from '../../../main/host/lan-addresses';
import { ReachWatch } from '../../../main/host/reach';
import type { MdnsInterfaceReach } from '../../../shared/reach';

const own = ['127.0.0.1', '::1', '192.168.1.23', 'fd00::23'];
const base = {
  port: 47470,
  addresses: ['192.168.1.23'],
  loopbackOnly: null,
  platform: 'win32',
  runtime: 'app' as const,
};

function clock(start = Date.parse('2026-11-30T12:00:00Z')) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe('isRemote', () => {
  it('is another device, not this machine by loopback or by one of its own addresses', () => {
    expect(isRemote('192.168.1.40', () => own)).toBe(true);
    expect(isRemote('::ffff:192.168.1.40', () => own)).toBe(true);
    expect(isRemote('127.0.0.1', () => own)).toBe(false);
    expect(isRemote('127.0.1.1', () => own)).toBe(false);
    expect(isRemote('::ffff:127.0.0.1', () => own)).toBe(false);
    expect(isRemote('::1', () => own)).toBe(false);
    expect(isRemote('192.168.1.23', () => own)).toBe(false);
    expect(isRemote('::ffff:192.168.1.23', () => own)).toBe(false);
    expect(isRemote('FD00::23', () => own)).toBe(false);
    expect(isRemote(undefined, () => own)).toBe(false);
  });
});

describe('ReachWatch', () => {
  it('says nobody reached only after the grace period with no remote connection and no mDNS query', () => {
    const c = clock();
    const watch = new ReachWatch(60_000, () => own, c.now);
    watch.connected('127.0.0.1'); // the app's own page
    watch.connected('192.168.1.23'); // this machine through its LAN address
    expect(watch.report(base)).toEqual({
      ...base,
      hostingSince: '2026-11-30T12:00:00.000Z',
      lastRemote: null,
      mdns: null,
      nobodyReached: false,
    });
    c.advance(59_999);
    expect(watch.report(base).nobodyReached).toBe(false);
    c.advance(1);
    expect(watch.report(base).nobodyReached).toBe(true);
    // Bound to loopback, nobody can come: the report says so, and warns of no firewall.
    expect(watch.report({ ...base, addresses: [], loopbackOnly: '127.0.0.1' }).nobodyReached).toBe(false);
  });

  it('a remote connection ends the warning and is reported with its time and address', () => {
    const c = clock();
    const watch = new ReachWatch(60_000, () => own, c.now);
    c.advance(90_000);
    expect(watch.report(base).nobodyReached).toBe(true);
    watch.connected('::ffff:192.168.1.40');
    expect(watch.report(base)).toMatchObject({
      lastRemote: { at: '2026-11-30T12:01:30.000Z', address: '192.168.1.40' },
      nobodyReached: false,
    });
  });

  it("an mDNS query from another device counts too; the publisher's state is read at each report", () => {
    const c = clock();
    const watch = new ReachWatch(60_000, () => own, c.now);
    const mdns: MdnsInterfaceReach[] = [
      { address: '192.168.1.23', announcing: true, problem: null, lastQueryAt: null },
      { address: '10.8.0.2', announcing: false, problem: 'send EPERM', lastQueryAt: null },
    ];
    watch.watchDiscovery(() => mdns);
    c.advance(61_000);
    expect(watch.report(base)).toMatchObject({ mdns, nobodyReached: true });
    mdns[0] = { ...mdns[0], lastQueryAt: '2026-11-30T12:01:01.000Z' };
    expect(watch.report(base).nobodyReached).toBe(false);
    watch.watchDiscovery(null);
    expect(watch.report(base)).toMatchObject({ mdns: null, nobodyReached: true });
  });
});

describe('asksForTables', () => {
  it('is a question about the Red7 service type or one of its instances, in any case', () => {
    expect(asksForTables({ questions: [{ name: '_red7._tcp.local', type: 'PTR' }] })).toBe(true);
    expect(asksForTables({ questions: [{ name: 'Friday (ab12cd-1)._RED7._tcp.local', type: 'SRV' }] })).toBe(
      true,
    );
    expect(asksForTables({ questions: [{ name: '_airplay._tcp.local', type: 'PTR' }] })).toBe(false);
    expect(asksForTables({ questions: [{ name: 'x_red7._tcp.local', type: 'PTR' }] })).toBe(false);
    expect(asksForTables({})).toBe(false);
  });
});
