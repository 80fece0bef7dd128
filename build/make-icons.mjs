#!/usr/bin/env node
// Regenerates every app icon from build/icon.svg: build/icon.png (1024), build/icons/NxN.png
// (Linux, 16–512), build/icon.ico (Windows) and build/icon.icns (macOS).
// Chromium (headless, through playwright-core) rasterises the drawing at each size, so small
// sizes are drawn sharp rather than scaled down; the ICO and ICNS containers are written here
// from those PNGs. Run: node build/make-icons.mjs   (CHROMIUM=/path/to/chromium to override)
/* global process, Buffer, console, document -- Node script; `document` is used inside the page */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const svg = readFileSync(join(here, 'icon.svg'));
const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const LINUX_SIZES = [16, 32, 48, 64, 128, 256, 512];
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
// ICNS element types holding PNG data, by pixel size (the @2x types reuse the larger renders).
const ICNS_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
  ['ic11', 32],
  ['ic12', 64],
  ['ic13', 256],
  ['ic14', 512],
];

async function render(sizes) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const pngs = new Map();
    const src = `data:image/svg+xml;base64,${svg.toString('base64')}`;
    for (const size of sizes) {
      const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
      await page.setContent(
        `<html><body style="margin:0;background:transparent"><img style="display:block" width="${size}" height="${size}" src="${src}"></body></html>`,
      );
      await page.waitForFunction(() => document.images[0].complete && document.images[0].naturalWidth > 0);
      pngs.set(size, await page.screenshot({ omitBackground: true, type: 'png' }));
      await page.close();
    }
    return pngs;
  } finally {
    await browser.close();
  }
}

/** Reads width and height from a PNG's IHDR chunk (and checks the signature). */
export function pngSize(png) {
  if (png.readUInt32BE(0) !== 0x89504e47 || png.toString('ascii', 12, 16) !== 'IHDR')
    throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** ICO with PNG-compressed entries (Windows Vista and later). */
function ico(pngs) {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(([size, png], i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at); // 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt8(0, at + 2); // no palette
    header.writeUInt8(0, at + 3);
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...pngs.map(([, png]) => png)]);
}

/** ICNS: 'icns' + total length, then (type, length incl. 8-byte header, PNG) per element, big-endian. */
function icns(elements) {
  const parts = elements.map(([type, png]) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + parts.reduce((n, p) => n + p.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}

async function main() {
  const pngs = await render(SIZES);
  for (const [size, png] of pngs) {
    const { width, height } = pngSize(png);
    if (width !== size || height !== size)
      throw new Error(`rendered ${width}x${height}, wanted ${size}x${size}`);
  }
  writeFileSync(join(here, 'icon.png'), pngs.get(1024));
  mkdirSync(join(here, 'icons'), { recursive: true });
  for (const size of LINUX_SIZES) writeFileSync(join(here, 'icons', `${size}x${size}.png`), pngs.get(size));
  writeFileSync(join(here, 'icon.ico'), ico(ICO_SIZES.map((s) => [s, pngs.get(s)])));
  writeFileSync(join(here, 'icon.icns'), icns(ICNS_TYPES.map(([type, s]) => [type, pngs.get(s)])));
  console.log(
    `icons: icon.png, icons/{${LINUX_SIZES.join(',')}}, icon.ico (${ICO_SIZES.length} sizes), icon.icns (${ICNS_TYPES.length} elements)`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
