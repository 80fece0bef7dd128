import { describe, expect, it } from 'vitest';
import { checkAd, cleanText, decodeTxt, encodeAd, parseAd } from '../../main/discovery/txt';
import type { TableAd } from '../../main/discovery';

const ad: TableAd = { id: 'Tb_12-x', name: 'Friday table', players: 2, seats: 4, state: 'open' };
const wire = (txt: Record<string, string>) => Object.entries(txt).map(([k, v]) => Buffer.from(`${k}=${v}`));

describe('TXT records', () => {
  it('carry a table through encoding and back', () => {
    const txt = encodeAd(ad, 3, 'Alice’s laptop');
    expect(txt).toEqual({
      v: '3',
      id: 'Tb_12-x',
      name: 'Friday table',
      players: '2',
      seats: '4',
      state: 'open',
      host: 'Alice’s laptop',
    });
    expect(parseAd(decodeTxt(wire(txt)))).toEqual({ ...ad, protocol: 3, host: 'Alice’s laptop' });
  });

  it("carry the host's app version beside the protocol; a malformed one is dropped, never shown", () => {
    const txt = encodeAd(ad, 6, 'h', '0.3.0-beta.1');
    expect(txt).toMatchObject({ v: '6', app: '0.3.0-beta.1' });
    expect(parseAd(decodeTxt(wire(txt)))).toMatchObject({ protocol: 6, appVersion: '0.3.0-beta.1' });
    // A host from before the field: no key, and the ad still reads.
    expect(parseAd(decodeTxt(wire(encodeAd(ad, 5, 'h'))))).not.toHaveProperty('appVersion');
    for (const bad of ['1.2', 'v1.2.3', '1.2.3 <b>', '1.2.3-' + 'x'.repeat(40), '']) {
      expect(encodeAd(ad, 5, 'h', bad), bad).not.toHaveProperty('app');
      expect(parseAd({ ...encodeAd(ad, 5, 'h'), app: bad }), bad).not.toHaveProperty('appVersion');
    }
  });

  it('say only that a table is locked or has a seat code, in a flag of a few bytes', () => {
    const txt = encodeAd({ ...ad, locked: true, hasCode: true }, 5, 'h');
    expect(txt).toMatchObject({ lock: '1', code: '1' });
    // Within the TXT rules: every string far below 255 bytes, no digits of any code anywhere.
    for (const [k, v] of Object.entries(txt)) expect(Buffer.byteLength(`${k}=${v}`)).toBeLessThan(255);
    expect(parseAd(decodeTxt(wire(txt)))).toMatchObject({ locked: true, hasCode: true });
    // An open table without a code carries neither key (older lobbies see exactly what they did).
    expect(Object.keys(encodeAd(ad, 5, 'h'))).not.toContain('code');
    expect(parseAd(decodeTxt(wire(encodeAd(ad, 5, 'h'))))).not.toHaveProperty('hasCode');
    // Only "1" means yes: another announcer's value is not taken for a flag.
    expect(parseAd({ ...encodeAd(ad, 5, 'h'), code: '4321', lock: 'yes' })).not.toHaveProperty('hasCode');
  });

  it('cut long names on a character boundary and drop control characters', () => {
    const korean = '레드세븐'.repeat(30); // 3 bytes a character
    const cut = cleanText(korean, 200);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(200);
    expect(cut).toBe('레드세븐'.repeat(16) + '레드');
    expect(cleanText('a\nb\u0000c\u202Ed ')).toBe('a b c d');
  });

  it('decode like RFC 6763: first key wins, keys ignore case, values may hold "="', () => {
    const txt = decodeTxt([
      Buffer.from('Name=a=b'),
      Buffer.from('name=second'),
      Buffer.from('flag'),
      Buffer.from('=x'),
    ]);
    expect(txt).toEqual({ name: 'a=b', flag: '' });
  });

  it.each([
    ['no version', { v: undefined }],
    ['a version that is not a number', { v: '1x' }],
    ['more players than seats', { players: '5' }],
    ['a negative count', { players: '-1' }],
    ['an unknown state', { state: 'paused' }],
    ['an id with spaces', { id: 'a b' }],
    ['an empty name', { name: '   ' }],
    ['a name of 101 characters', { name: 'x'.repeat(101) }],
    ['seats out of range', { seats: '99' }],
  ])('refuse an announcement with %s', (_what, change) => {
    const txt: Record<string, string> = { ...encodeAd(ad, 1, 'h') };
    for (const [k, v] of Object.entries(change)) {
      if (v === undefined) delete txt[k];
      else txt[k] = v;
    }
    expect(parseAd(txt)).toBeNull();
  });

  it('accept an announcement without a host name (another implementation)', () => {
    const { host: _host, ...txt } = encodeAd(ad, 1, 'h');
    expect(parseAd(txt)?.host).toBe('');
  });

  it.each([
    [{ ...ad, id: '' }, /id must be/],
    [{ ...ad, name: '\n' }, /name must not be empty/],
    [{ ...ad, players: 5 }, /players must be/],
    [{ ...ad, seats: 2.5 }, /seats must be/],
    [{ ...ad, state: 'closed' as never }, /state must be one of open, playing, finished/],
  ])('refuse to announce a bad ad with the reason (%#)', (bad, reason) => {
    expect(() => checkAd(bad)).toThrow(reason);
  });
});
