import { describe, expect, it } from 'vitest';
import { hostOfWsUrl, parseRoute, routeHash, sameRoute, type Route } from '../../renderer/src/stores/routes';

describe('route parsing', () => {
  it('reads the lobby, a table here and a table on another host', () => {
    expect(parseRoute('')).toEqual({ kind: 'lobby' });
    expect(parseRoute('#/')).toEqual({ kind: 'lobby' });
    expect(parseRoute('#/table/Ab3_x-9')).toEqual({ kind: 'table', tableId: 'Ab3_x-9', host: null });
    expect(parseRoute('#/table/Ab3_x-9/')).toEqual({ kind: 'table', tableId: 'Ab3_x-9', host: null });
    expect(parseRoute('#/table/abcd?host=10.0.0.5%3A47471')).toEqual({
      kind: 'table',
      tableId: 'abcd',
      host: { address: '10.0.0.5', port: 47471 },
    });
    expect(parseRoute('#/table/abcd?host=red.local')).toEqual({
      kind: 'table',
      tableId: 'abcd',
      host: { address: 'red.local', port: 47470 },
    });
    expect(parseRoute('#/table/abcd?host=%5Bfe80%3A%3A1%5D%3A5000')).toEqual({
      kind: 'table',
      tableId: 'abcd',
      host: { address: 'fe80::1', port: 5000 },
    });
  });

  it('is no route for any other hash: the skip link, a bad id, a bad host', () => {
    for (const hash of [
      '#main',
      '#/tables',
      '#/table/',
      '#/table/ab', // too short for a host's id
      '#/table/a b c d',
      '#/table/%E0%A4%A',
      '#/table/abcd/more',
      '#/table/abcd?host=10.0.0.5:99999',
      '#/table/abcd?host=',
      '#/room/abcd',
      '#/roomy',
      '#/room?host=10.0.0.5:99999',
    ])
      expect(parseRoute(hash), hash).toBeNull();
  });

  it('writes what it reads, the host only when there is one', () => {
    const routes: Route[] = [
      { kind: 'lobby' },
      { kind: 'table', tableId: 'T4ble-1', host: null },
      { kind: 'table', tableId: 'T4ble-1', host: { address: '192.168.1.20', port: 47470 } },
      { kind: 'table', tableId: 'T4ble-1', host: { address: 'fe80::1', port: 47470 } },
      { kind: 'room', host: null },
      { kind: 'room', host: { address: '192.168.1.20', port: 47470 } },
    ];
    for (const r of routes) expect(parseRoute(routeHash(r))).toEqual(r);
    expect(routeHash(routes[1])).toBe('#/table/T4ble-1');
    expect(routeHash(routes[2])).toBe('#/table/T4ble-1?host=192.168.1.20%3A47470');
    expect(routeHash(routes[4])).toBe('#/room');
    expect(routeHash(routes[5])).toBe('#/room?host=192.168.1.20%3A47470');
  });

  it('tells routes apart and finds the host of a ws URL', () => {
    expect(sameRoute({ kind: 'lobby' }, parseRoute(''))).toBe(true);
    expect(sameRoute(parseRoute('#/table/abcd'), parseRoute('#/table/abcd'))).toBe(true);
    expect(sameRoute(parseRoute('#/table/abcd'), parseRoute('#/table/abce'))).toBe(false);
    expect(sameRoute(parseRoute('#/table/abcd'), parseRoute('#/table/abcd?host=1.2.3.4'))).toBe(false);
    expect(sameRoute(null, { kind: 'lobby' })).toBe(false);
    expect(hostOfWsUrl('ws://10.0.0.5:47471/ws')).toEqual({ address: '10.0.0.5', port: 47471 });
    expect(hostOfWsUrl('ws://[fe80::1]:47470/ws')).toEqual({ address: 'fe80::1', port: 47470 });
    expect(hostOfWsUrl('not a url')).toBeNull();
  });
});
