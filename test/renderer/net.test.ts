import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_BACKOFF } from '../../renderer/src/net/backoff';
import { parseAddress, wsUrl } from '../../renderer/src/net/address';

describe('reconnect back-off', () => {
  it('grows exponentially up to the cap', () => {
    const opts = { ...DEFAULT_BACKOFF, jitter: 0 };
    expect([1, 2, 3, 4, 5, 6, 10].map((a) => backoffDelay(a, opts))).toEqual([
      400, 800, 1600, 3200, 6400, 8000, 8000,
    ]);
  });

  it('spreads retries with jitter, never above the nominal delay', () => {
    const opts = { ...DEFAULT_BACKOFF, jitter: 0.5 };
    expect(backoffDelay(3, opts, 0)).toBe(800);
    expect(backoffDelay(3, opts, 0.999)).toBeLessThanOrEqual(1600);
  });
});

describe('addresses typed by players', () => {
  it.each([
    ['192.168.1.20', { address: '192.168.1.20', port: 47470 }],
    [' 192.168.1.20:5000 ', { address: '192.168.1.20', port: 5000 }],
    ['http://10.0.0.5:47470/', { address: '10.0.0.5', port: 47470 }],
    ['red7.local:1234', { address: 'red7.local', port: 1234 }],
    ['[fe80::1]:47470', { address: 'fe80::1', port: 47470 }],
    ['fe80::1', { address: 'fe80::1', port: 47470 }],
  ])('reads %j', (text, host) => {
    expect(parseAddress(text)).toEqual({ ok: true, host });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['10.0.0.5:99999', 'port'],
    ['10.0.0.5:abc', 'port'],
    ['bad host!', 'invalid'],
  ])('refuses %j (%s)', (text, reason) => {
    expect(parseAddress(text)).toEqual({ ok: false, reason });
  });

  it('builds ws URLs, bracketing IPv6', () => {
    expect(wsUrl({ address: '10.0.0.5', port: 47470 })).toBe('ws://10.0.0.5:47470/ws');
    expect(wsUrl({ address: 'fe80::1', port: 1 })).toBe('ws://[fe80::1]:1/ws');
  });
});
