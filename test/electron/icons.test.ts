/** The committed icons: one drawing rendered at each size, in valid ICO and ICNS containers. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const build = join(__dirname, '../../build');

function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.toString('ascii', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('app icons', () => {
  it('PNG 1024, 512 and 256 (and the Linux set) have the size their name says', () => {
    expect(pngSize(readFileSync(join(build, 'icon.png')))).toEqual({ width: 1024, height: 1024 });
    for (const size of [16, 32, 48, 64, 128, 256, 512]) {
      expect(pngSize(readFileSync(join(build, 'icons', `${size}x${size}.png`)))).toEqual({
        width: size,
        height: size,
      });
    }
  });

  it('icon.ico is a valid icon directory with PNG entries from 16 to 256', () => {
    const ico = readFileSync(join(build, 'icon.ico'));
    expect(ico.readUInt16LE(0)).toBe(0);
    expect(ico.readUInt16LE(2)).toBe(1);
    const count = ico.readUInt16LE(4);
    const sizes: number[] = [];
    for (let i = 0; i < count; i++) {
      const at = 6 + 16 * i;
      const declared = ico.readUInt8(at) || 256;
      const length = ico.readUInt32LE(at + 8);
      const offset = ico.readUInt32LE(at + 12);
      expect(offset + length).toBeLessThanOrEqual(ico.length);
      expect(pngSize(ico.subarray(offset, offset + length))).toEqual({ width: declared, height: declared });
      sizes.push(declared);
    }
    expect(sizes).toEqual([16, 24, 32, 48, 64, 128, 256]);
  });

  it('icon.icns holds PNG elements whose pixel size matches their type', () => {
    const icns = readFileSync(join(build, 'icon.icns'));
    expect(icns.toString('ascii', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const pixels: Record<string, number> = {
      icp4: 16,
      icp5: 32,
      icp6: 64,
      ic07: 128,
      ic08: 256,
      ic09: 512,
      ic10: 1024,
      ic11: 32,
      ic12: 64,
      ic13: 256,
      ic14: 512,
    };
    const seen: string[] = [];
    for (let at = 8; at < icns.length;) {
      const type = icns.toString('ascii', at, at + 4);
      const length = icns.readUInt32BE(at + 4);
      expect(length).toBeGreaterThan(8);
      const size = pngSize(icns.subarray(at + 8, at + length));
      expect(size, type).toEqual({ width: pixels[type], height: pixels[type] });
      seen.push(type);
      at += length;
    }
    expect(seen.sort()).toEqual(Object.keys(pixels).sort());
  });

  it('the source drawing is an SVG the script renders', () => {
    expect(readFileSync(join(build, 'icon.svg'), 'utf8')).toMatch(/^<svg [^>]*viewBox="0 0 1024 1024"/);
    expect(readFileSync(join(build, 'make-icons.mjs'), 'utf8')).toContain("join(here, 'icon.svg')");
  });
});
