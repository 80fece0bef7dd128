import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { lanAddresses } from '../../main/host/lan-addresses';
import { PROTOCOL_VERSION } from '../../shared/protocol';
import type { ReachReport } from '../../shared/reach';
import { testHost, type TestHost } from './helpers/host';
import { ManualClock } from './helpers/manual-clock';

/** A raw GET, so paths reach the host exactly as written (fetch would normalise `..`). */
function get(
  port: number,
  path: string,
  method = 'GET',
): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () =>
        resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** A machine on one LAN (10.77.0.5), whatever this one's interfaces are. */
const LAN = {
  lo: [{ address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/8' }],
  eth0: [{ address: '10.77.0.5', netmask: '255.255.255.0', family: 'IPv4', mac: '02:00:00:00:00:05', internal: false, cidr: '10.77.0.5/24' }],
} as const; // prettier-ignore

describe('the host over HTTP', () => {
  let h: TestHost;
  const web = mkdtempSync(join(tmpdir(), 'red7-web-'));
  const outside = mkdtempSync(join(tmpdir(), 'red7-secret-'));
  beforeAll(async () => {
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Red7</title>');
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'assets', 'app.js'), 'console.log(7)');
    writeFileSync(join(outside, 'secret.txt'), 'do not serve');
    h = await testHost({ staticDir: web, hostName: 'Friday host' });
  });
  afterAll(async () => {
    await h.stop();
    rmSync(web, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('answers /api/info and /api/tables with JSON', async () => {
    const info = await get(h.port, '/api/info');
    expect(info.type).toMatch(/application\/json/);
    expect(JSON.parse(info.body)).toEqual({
      name: 'Friday host',
      version: expect.any(String),
      port: h.port,
      // Bound to loopback: nobody on the LAN can reach it, so no address is offered, and it says why.
      addresses: [],
      loopbackOnly: '127.0.0.1',
      protocol: PROTOCOL_VERSION,
    });
    expect(JSON.parse((await get(h.port, '/api/tables')).body)).toEqual([]);
    expect((await get(h.port, '/api/nothing')).status).toBe(404);
    expect((await get(h.port, '/api/tables', 'POST')).status).toBe(405);
  });

  it("lists this machine's LAN addresses when bound to every interface", async () => {
    const all = await testHost({ bind: '0.0.0.0' });
    try {
      const body = JSON.parse((await get(all.port, '/api/info')).body) as {
        addresses: string[];
        port: number;
      };
      expect(body.port).toBe(all.port);
      expect(body.addresses).toEqual(lanAddresses(networkInterfaces()));
      expect(body.addresses).not.toContain('127.0.0.1');
      expect(body).toMatchObject({ loopbackOnly: null });
      expect(all.host.addresses()).toEqual(body.addresses);
    } finally {
      await all.stop();
    }
  });

  it('answers /api/reach: what the LAN can see of this host, and a warning once nobody came for a while', async () => {
    const clock = new ManualClock();
    const quiet = await testHost({
      clock,
      bind: '0.0.0.0',
      interfaces: () => LAN,
      limits: { nobodyReachedAfterMs: 300 },
    });
    try {
      const first = JSON.parse((await get(quiet.port, '/api/reach')).body) as ReachReport;
      expect(first).toEqual({
        port: quiet.port,
        addresses: ['10.77.0.5'],
        loopbackOnly: null,
        platform: process.platform,
        runtime: 'command',
        hostingSince: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        lastRemote: null, // these requests come from this machine
        mdns: null, // no publisher attached
        nobodyReached: false,
      });
      clock.advance(299);
      expect(JSON.parse((await get(quiet.port, '/api/reach')).body)).toMatchObject({ nobodyReached: false });
      clock.advance(1);
      const later = JSON.parse((await get(quiet.port, '/api/reach')).body) as ReachReport;
      expect(later.nobodyReached).toBe(true);
      expect(quiet.host.reach()).toMatchObject({ nobodyReached: true, lastRemote: null });
    } finally {
      await quiet.stop();
    }
  });

  it('says a host bound to loopback is out of reach for that reason, never for a firewall', async () => {
    const clock = new ManualClock();
    const alone = await testHost({
      clock,
      bind: '127.0.0.1',
      interfaces: () => LAN,
      limits: { nobodyReachedAfterMs: 300 },
    });
    try {
      clock.advance(10_000);
      const report = JSON.parse((await get(alone.port, '/api/reach')).body) as ReachReport;
      expect(report).toMatchObject({ addresses: [], loopbackOnly: '127.0.0.1', nobodyReached: false });
    } finally {
      await alone.stop();
    }
  });

  it('serves the built renderer, with the page for client-side routes', async () => {
    const page = await get(h.port, '/');
    expect(page).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
    expect(page.body).toContain('Red7');
    expect(await get(h.port, '/assets/app.js')).toMatchObject({
      status: 200,
      type: 'text/javascript; charset=utf-8',
    });
    expect((await get(h.port, '/table/abc')).body).toContain('Red7');
    expect((await get(h.port, '/assets/missing.js')).status).toBe(404);
  });

  it('never serves a file outside the renderer folder', async () => {
    const rel = `../${outside.split('/').pop()}/secret.txt`;
    for (const path of [
      `/${rel}`,
      `/assets/../../${rel}`,
      `/%2e%2e/${rel.slice(3)}`,
      `/..%2f..%2f..%2fetc%2fpasswd`,
      '/%00',
      '/%',
    ]) {
      const r = await get(h.port, path);
      expect(r.body).not.toContain('do not serve');
      expect(r.body).not.toContain('root:');
    }
  });

  it.skipIf(!existsSync('/proc/self/mem'))('survives a file that fails while it is read', async () => {
    // /proc/self/mem is a regular file whose reads fail (EIO): a disk error, or a file replaced mid-read.
    symlinkSync('/proc/self/mem', join(web, 'assets', 'broken.js'));
    await get(h.port, '/assets/broken.js').catch(() => null);
    expect((await get(h.port, '/assets/app.js')).body).toBe('console.log(7)');
  });

  it('upgrades only /ws to a WebSocket', async () => {
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${h.port}/other`);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode!));
      ws.on('error', () => {});
    });
    expect(status).toBe(404);
  });
});

describe('the port', () => {
  it('falls back to a free port when the wanted one is taken', async () => {
    const first = await testHost();
    const second = await testHost({ port: first.port });
    expect(second.port).not.toBe(first.port);
    expect((await get(second.port, '/api/info')).status).toBe(200);
    await second.stop();
    await first.stop();
  });
});
