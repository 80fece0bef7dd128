/**
 * Hosting from the desktop shell with the real host on 127.0.0.1, and the quit sequence:
 * stop accepting and save, then mDNS goodbyes, then quit; bounded when a step hangs.
 * The mDNS publisher is a recorder here (mDNS only runs inside network namespaces, see test/lan).
 */
import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { startHost } from '../../main/host';
import { syncAds } from '../../main/discovery';
import type { Publisher, TableAd } from '../../main/discovery/types';
import { PROTOCOL_VERSION } from '../../shared/protocol';
import type { ReachReport } from '../../shared/reach';
import { createHostController, type HostController } from '../../main/electron/host-controller';
import { installQuitSequence, runQuitSteps, type QuitStep } from '../../main/electron/quit-sequence';
import { createTableFeed } from '../../main/electron/table-feed';
import { idleHostHandOver } from '../helpers/no-hand-over';

const trail: string[] = [];

function recordingPublisher(
  stop: () => Promise<void> = async () => {},
): Publisher & { announced: Map<string, TableAd> } {
  const announced = new Map<string, TableAd>();
  return {
    announced,
    publish: (ad) => void announced.set(ad.id, ad),
    update: (ad) => void announced.set(ad.id, ad),
    unpublish: (id) => void announced.delete(id),
    ads: () => [...announced.values()],
    reach: () => [{ address: '10.0.0.2', announcing: true, problem: null, lastQueryAt: null }],
    stop: vi.fn(async () => {
      trail.push('goodbyes sent');
      announced.clear();
      await stop();
    }),
  };
}

function fakeApp() {
  const app = Object.assign(new EventEmitter(), {
    quit: vi.fn(() => {
      trail.push('quit');
      // Electron fires before-quit again for our own quit.
      const again = { preventDefault: vi.fn() };
      app.emit('before-quit', again);
      app.lastEvent = again;
    }),
    lastEvent: null as null | { preventDefault: ReturnType<typeof vi.fn> },
  });
  return app;
}

const controllers: HostController[] = [];
afterEach(async () => {
  trail.length = 0;
  await Promise.all(controllers.splice(0).map((c) => c.stop({ timeoutMs: 500 })));
});

function realController(publisher: Publisher, dataDir = mkdtempSync(join(tmpdir(), 'red7-host-'))) {
  const controller = createHostController({
    startHost: async (opts) => {
      const host = await startHost({ ...opts, bind: '127.0.0.1', bots: 'inline', onProblem: () => {} });
      return {
        port: host.port,
        addresses: () => host.addresses(),
        tables: () => host.tables(),
        onTablesChanged: (cb) => host.onTablesChanged(cb),
        watchDiscovery: (source) => host.watchDiscovery(source),
        closeTable: (id) => host.closeTable(id),
        handOver: host.handOver,
        close: async (o) => {
          await host.close(o);
          trail.push('host closed');
        },
      };
    },
    createPublisher: () => publisher,
    syncAds,
    dataDir,
    defaults: () => ({ name: 'Quit test', port: 0 }),
  });
  controllers.push(controller);
  return { controller, dataDir };
}

function open(
  port: number,
): Promise<{ ws: WebSocket; messages: { type: string }[]; closed: Promise<number> }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const messages: { type: string }[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages, closed }));
    ws.once('error', reject);
  });
}

describe('hosting from the desktop app', () => {
  it('starts the real host, keeps the ads in step with its tables, and reports its status', async () => {
    const publisher = recordingPublisher();
    const { controller } = realController(publisher);
    const started = await controller.start({ name: 'Friday host' });
    expect(started.addresses).toEqual([]); // bound to 127.0.0.1 here: nothing the LAN could use
    const info = (await (await fetch(`http://127.0.0.1:${started.port}/api/info`)).json()) as {
      name: string;
    };
    expect(info.name).toBe('Friday host');
    // Can others reach it: the app's host, with the publisher's mDNS state per interface.
    const reach = (await (await fetch(`http://127.0.0.1:${started.port}/api/reach`)).json()) as ReachReport;
    expect(reach).toMatchObject({
      port: started.port,
      runtime: 'app',
      platform: process.platform,
      lastRemote: null, // 127.0.0.1 is this machine
      mdns: [{ address: '10.0.0.2', announcing: true, problem: null, lastQueryAt: null }],
      nobodyReached: false, // hosting for less than a minute
    });
    expect(controller.status()).toMatchObject({ running: true, port: started.port, advertising: true });
    // Starting again while running gives the same host.
    expect(await controller.start()).toEqual(started);

    const client = await open(started.port);
    client.ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION }));
    client.ws.send(
      JSON.stringify({
        type: 'createTable',
        name: 'Round one',
        player: 'Ada',
        options: { players: 2, mode: 'basic', actionRule: false },
      }),
    );
    // A few seconds, not the default one: a busy CI machine takes longer to start a host and announce.
    await vi.waitFor(
      () => expect([...publisher.announced.values()].map((a) => a.name)).toEqual(['Round one']),
      { timeout: 5000 },
    );
    expect([...publisher.announced.values()][0]).toMatchObject({ players: 1, seats: 2, state: 'open' });
    client.ws.close();
  });

  it('without advertising, nothing is published', async () => {
    const publisher = recordingPublisher();
    const create = vi.fn(() => publisher);
    const c2 = createHostController({
      startHost: (o) => startHost({ ...o, bind: '127.0.0.1', bots: 'inline', onProblem: () => {} }),
      createPublisher: create,
      syncAds,
      dataDir: mkdtempSync(join(tmpdir(), 'red7-host-')),
      defaults: () => ({ name: 'Quiet', port: 0 }),
    });
    controllers.push(c2);
    await c2.start({ advertise: false });
    expect(create).not.toHaveBeenCalled();
    expect(c2.status()).toMatchObject({ running: true, advertising: false });
  });
});

describe('the quit sequence', () => {
  it('stops accepting players and saves, then sends goodbyes, then stops browsing, then quits', async () => {
    const publisher = recordingPublisher();
    const { controller, dataDir } = realController(publisher);
    const { port } = await controller.start();
    const client = await open(port);
    client.ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION }));
    client.ws.send(
      JSON.stringify({
        type: 'createTable',
        name: 'Late game',
        player: 'Bo',
        options: { players: 3, mode: 'basic', actionRule: false },
      }),
    );
    await vi.waitFor(() => expect(publisher.announced.size).toBe(1), { timeout: 5000 });

    const browserStop = vi.fn(async () => void trail.push('browsing stopped'));
    const feed = createTableFeed(() => ({ tables: () => [], stop: browserStop }), {}, vi.fn());
    feed.subscribe({ id: 1, send: () => {} });

    const app = fakeApp();
    const guard = installQuitSequence(app, () => [
      { name: 'close the host', run: () => controller.closeHost(2000), timeoutMs: 3000 },
      { name: 'goodbyes', run: () => controller.withdrawAds(1000), timeoutMs: 1500 },
      { name: 'stop browsing', run: () => feed.stop(), timeoutMs: 1000 },
    ]);
    const first = { preventDefault: vi.fn() };
    app.emit('before-quit', first);
    expect(first.preventDefault).toHaveBeenCalled();
    expect(guard.state).toBe('running');
    // Another quit request meanwhile (Cmd+Q twice) is held too and does not start a second sequence.
    const second = { preventDefault: vi.fn() };
    app.emit('before-quit', second);
    expect(second.preventDefault).toHaveBeenCalled();

    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledOnce(), { timeout: 5000 });
    expect(trail).toEqual(['host closed', 'goodbyes sent', 'browsing stopped', 'quit']);
    // Our own app.quit() then passes.
    expect(app.lastEvent!.preventDefault).not.toHaveBeenCalled();
    expect(guard.state).toBe('done');

    // Players were told (close code 4002: the host is shutting down), the table was saved, the port is closed.
    expect(await client.closed).toBe(4002);
    const tables = readdirSync(join(dataDir, 'tables'));
    expect(tables).toHaveLength(1);
    expect(existsSync(join(dataDir, 'tables', tables[0], 'snapshot.json'))).toBe(true);
    await expect(fetch(`http://127.0.0.1:${port}/api/info`)).rejects.toThrow();
    expect(controller.status()).toEqual({ running: false });
  });

  it('a step that hangs delays the quit by its budget only, and later steps still run', async () => {
    const never = new Promise<void>(() => {});
    const log = vi.fn();
    const steps: QuitStep[] = [
      { name: 'flush', run: () => never, timeoutMs: 150 },
      { name: 'goodbyes', run: async () => void trail.push('goodbyes sent'), timeoutMs: 150 },
      { name: 'browse', run: () => Promise.reject(new Error('socket gone')), timeoutMs: 150 },
    ];
    const app = fakeApp();
    installQuitSequence(app, () => steps, log);
    const started = Date.now();
    app.emit('before-quit', { preventDefault: vi.fn() });
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalled(), { timeout: 2000 });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(140);
    expect(took).toBeLessThan(1000);
    expect(trail).toEqual(['goodbyes sent', 'quit']);
    expect(log.mock.calls.map((c) => c[0]).join('\n')).toMatch(
      /flush did not finish within 150 ms[\s\S]*browse failed: Error: socket gone/,
    );
  });

  it('a hung host close does not keep the goodbyes from going out', async () => {
    const publisher = recordingPublisher();
    const controller = createHostController({
      startHost: async () => ({
        port: 1,
        addresses: () => [],
        tables: () => [],
        onTablesChanged: () => () => {},
        watchDiscovery: () => {},
        closeTable: () => {},
        handOver: idleHostHandOver,
        close: () => new Promise(() => {}),
      }),
      createPublisher: () => publisher,
      syncAds,
      dataDir: '/nonexistent',
      defaults: () => ({ name: 'Stuck', port: 47470 }),
    });
    await controller.start();
    const report = await runQuitSteps(
      [
        { name: 'close', run: () => controller.closeHost(100), timeoutMs: 100 },
        { name: 'goodbyes', run: () => controller.withdrawAds(100), timeoutMs: 100 },
      ],
      vi.fn(),
    );
    expect(report).toEqual({ completed: ['goodbyes'], failed: [], timedOut: ['close'] });
    expect(publisher.stop).toHaveBeenCalledOnce();
  });
});
