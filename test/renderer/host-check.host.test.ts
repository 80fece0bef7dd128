import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../shared/protocol';
import { checkHost, isLoopback, joinUrls } from '../../renderer/src/net/host-check';
import { awayClock } from '../../renderer/src/table-models/away';
import { testHost } from '../integration/helpers/host';

/*
 * "Join by address" asks the host who it is before connecting. Real sockets on 127.0.0.1: a closed port, an
 * HTTP server that is not a Red7 host, a Red7 host of another protocol version, and a real host.
 */

let servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  servers = [];
});

async function serve(status: number, type: string, body: string): Promise<number> {
  const server = createServer((_req, res) => {
    res.writeHead(status, { 'Content-Type': type });
    res.end(body);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

/** A port nothing listens on: one that was just free. */
async function closedPort(): Promise<number> {
  const port = await serve(200, 'text/plain', '');
  await new Promise((r) => servers.pop()!.close(r));
  return port;
}

describe('checking a host before joining', () => {
  it('says nothing answers at a closed port', async () => {
    expect(await checkHost({ address: '127.0.0.1', port: await closedPort() })).toEqual({
      ok: false,
      reason: 'unreachable',
    });
  });

  it('says nothing answers when the host stays silent past the timeout', async () => {
    const server = createServer(() => {}); // accepts, never answers
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const t0 = performance.now();
    expect(await checkHost({ address: '127.0.0.1', port }, fetch, 300)).toMatchObject({
      reason: 'unreachable',
    });
    expect(performance.now() - t0).toBeLessThan(2000);
    server.closeAllConnections();
  });

  it('tells apart something that is not a Red7 host: a web page, a 404, other JSON', async () => {
    for (const [status, type, body] of [
      [200, 'text/html', '<!doctype html><title>router</title>'],
      [404, 'application/json', '{"error":"nope"}'],
      [200, 'application/json', '{"name":"printer","status":"idle"}'],
    ] as const) {
      const port = await serve(status, type, body);
      expect(await checkHost({ address: '127.0.0.1', port })).toEqual({ ok: false, reason: 'notRed7' });
    }
  });

  it('names the protocol of a Red7 host that speaks another version', async () => {
    const port = await serve(200, 'application/json', '{"name":"old","version":"0.0.9","protocol":1}');
    expect(await checkHost({ address: '127.0.0.1', port })).toEqual({
      ok: false,
      reason: 'protocol',
      protocol: 1,
    });
  });

  it('accepts a real host and reads where the LAN reaches it', async () => {
    const h = await testHost();
    try {
      const check = await checkHost({ address: '127.0.0.1', port: h.port });
      expect(check).toMatchObject({ ok: true, info: { protocol: PROTOCOL_VERSION, port: h.port } });
      expect(check.ok && Array.isArray(check.info.addresses)).toBe(true);
    } finally {
      await h.stop();
    }
  });
});

describe('join addresses', () => {
  it('never offers loopback to other devices', () => {
    expect(['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '0.0.0.0'].every(isLoopback)).toBe(true);
    expect(['10.0.0.5', '192.168.1.20', 'fd00::5'].some(isLoopback)).toBe(false);
    expect(joinUrls(['192.168.1.20', '127.0.0.1', 'fd00::5'], 47470)).toEqual([
      'http://192.168.1.20:47470/',
      'http://[fd00::5]:47470/',
    ]);
  });

  it('says how long someone has been away as m:ss', () => {
    expect([0, 999, 42_000, 61_500, 725_000].map(awayClock)).toEqual([
      '0:00',
      '0:00',
      '0:42',
      '1:01',
      '12:05',
    ]);
  });
});
