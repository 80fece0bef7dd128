import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { lanAddresses, reachableAddresses, type NetworkInterfaces } from '../../../main/host/lan-addresses';

function v4(address: string, internal = false): NetworkInterfaceInfo {
  return {
    address,
    family: 'IPv4',
    internal,
    netmask: '255.255.255.0',
    mac: '00:00:00:00:00:00',
    cidr: null,
  };
}
function v6(address: string, internal = false): NetworkInterfaceInfo {
  return {
    address,
    family: 'IPv6',
    internal,
    netmask: 'ffff:ffff:ffff:ffff::',
    mac: '00:00:00:00:00:00',
    cidr: null,
    scopeid: 0,
  };
}

/** A laptop on Wi-Fi and Ethernet, with a VPN and a cable to another laptop (no DHCP). */
const laptop: NetworkInterfaces = {
  lo: [v4('127.0.0.1', true), v6('::1', true)],
  wlan0: [v6('fe80::1c2b:3aff:fe4d:5e6f'), v4('192.168.1.23'), v6('2001:db8::23')],
  eth1: [v4('169.254.10.7'), v6('FE80::2')],
  eth0: [v4('10.0.0.5'), v6('fd00::5')],
  tun0: undefined,
};

describe('lanAddresses', () => {
  it('lists IPv4 first, APIPA after, then routable IPv6, in interface order', () => {
    expect(lanAddresses(laptop)).toEqual([
      '192.168.1.23',
      '10.0.0.5',
      '169.254.10.7',
      '2001:db8::23',
      'fd00::5',
    ]);
  });

  it('leaves out loopback, even when a system does not mark it internal', () => {
    const odd = { lo0: [v4('127.0.0.1'), v4('127.0.1.1'), v6('::1')] };
    expect(lanAddresses(odd)).toEqual([]);
  });

  it('leaves out every link-local IPv6 (fe80::/10), whatever its case', () => {
    const links = { en0: [v6('fe80::1'), v6('FEBF::2'), v6('fea0::3'), v6('fec0::4')] };
    // fec0:: is outside fe80::/10 (a deprecated site-local), so it stays.
    expect(lanAddresses(links)).toEqual(['fec0::4']);
  });

  it('lists an address once when two interfaces report it', () => {
    expect(lanAddresses({ a: [v4('10.1.1.1')], b: [v4('10.1.1.1')] })).toEqual(['10.1.1.1']);
  });

  it('is empty with no network at all', () => {
    expect(lanAddresses({})).toEqual([]);
    expect(lanAddresses({ lo: [v4('127.0.0.1', true)] })).toEqual([]);
  });
});

describe('reachableAddresses', () => {
  it('is every LAN address for a host bound to all interfaces', () => {
    expect(reachableAddresses('0.0.0.0', laptop)).toEqual(lanAddresses(laptop));
    expect(reachableAddresses('::', laptop)).toEqual(lanAddresses(laptop));
  });

  it('is only the bound address, and nothing for loopback', () => {
    expect(reachableAddresses('10.0.0.5', laptop)).toEqual(['10.0.0.5']);
    expect(reachableAddresses('127.0.0.1', laptop)).toEqual([]);
  });
});
