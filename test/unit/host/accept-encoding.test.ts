import { describe, expect, it } from 'vitest';
import { acceptedEncodings } from '../../../main/host/accept-encoding';

const names = (header: string | string[] | undefined) => acceptedEncodings(header).map((e) => e.name);

describe('acceptedEncodings', () => {
  it('prefers brotli among equals, and follows q-values otherwise', () => {
    expect(names('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(names('gzip;q=1, br;q=0.5')).toEqual(['gzip', 'br']);
    expect(names('BR;Q=0.9, GZIP')).toEqual(['gzip', 'br']);
    expect(names('x-gzip')).toEqual(['gzip']);
    expect(names(['gzip', 'br'])).toEqual(['br', 'gzip']);
  });

  it('q=0 refuses, * stands for the encodings not named', () => {
    expect(names('br;q=0, gzip')).toEqual(['gzip']);
    expect(names('br;q=0.0, gzip;q=0')).toEqual([]);
    expect(names('*')).toEqual(['br', 'gzip']);
    expect(names('gzip;q=0, *')).toEqual(['br']);
    expect(names('*;q=0, gzip')).toEqual(['gzip']);
  });

  it('no header, identity or only unknown encodings get the plain file', () => {
    expect(names(undefined)).toEqual([]);
    expect(names('')).toEqual([]);
    expect(names('identity')).toEqual([]);
    expect(names('deflate, zstd')).toEqual([]);
    // Empty items are skipped; a q-value that is no number is ignored, as if absent.
    expect(names(',,;q=,br;q=abc')).toEqual(['br']);
  });
});
