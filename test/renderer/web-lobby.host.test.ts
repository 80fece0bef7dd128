import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHost, type Host } from '../../main/host';
import type { TableEvent } from '../../shared/desktop-api';
import { webBridge } from '../../renderer/src/bridge/web';
import type { HandedOver } from '../../renderer/src/bridge/types';
import { GameClient } from '../../renderer/src/net/client';
import { TestClient } from '../integration/helpers/client';
import { MemoryStorage } from './memory-storage';

/*
 * A browser's lobby against a real host: the host pushes its list over the page's lobby socket, so a
 * seat taken and a start reach the lobby at once, not at the next poll (here a minute away).
 */

let dataDir: string;
let host: Host;
beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'red7-web-lobby-'));
  host = await startHost({ port: 0, bind: '127.0.0.1', dataDir, bots: 'inline' });
});
afterEach(async () => {
  await host.close({ timeoutMs: 500 });
  rmSync(dataDir, { recursive: true, force: true });
});

const until = async (what: string, ok: () => boolean, timeoutMs = 3000): Promise<void> => {
  const start = Date.now();
  while (!ok()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** A browser page's bridge at the host on `port`: its lobby socket to that host, a poll a minute away. */
const bridgeAt = (port: number) =>
  webBridge({
    location: {
      hostname: '127.0.0.1',
      port: String(port),
      protocol: 'http:',
      origin: `http://127.0.0.1:${port}`,
    },
    fetch,
    storage: new MemoryStorage(),
    pollMs: 60_000,
    lobbySocket: () => new GameClient({ url: `ws://127.0.0.1:${port}/ws`, clientName: 'lobby test' }),
  });

describe('the web lobby, pushed', () => {
  it('sees seats taken and the start as they happen, each as an update of the same table', async () => {
    const port = host.port;
    const bridge = bridgeAt(port);
    const events: TableEvent[] = [];
    const stop = bridge.api.tables.subscribe((e) => events.push(e));
    const facts = () =>
      events.map((e) =>
        e.type === 'down' ? 'down' : `${e.type} ${e.table.players}/${e.table.seats} ${e.table.state}`,
      );

    const ann = await TestClient.greeted(port);
    ann.send({
      type: 'createTable',
      name: 'Pushed',
      player: 'Ann',
      options: { players: 2, mode: 'basic', actionRule: false },
    });
    const { tableId } = await ann.next('joined');
    await until('the new table', () => facts().includes('up 1/2 open'));
    const bob = await TestClient.greeted(port);
    bob.send({ type: 'join', tableId, name: 'Bob' });
    await until('the seat taken', () => facts().includes('update 2/2 open'));
    ann.send({ type: 'start' });
    await until('the start', () => facts().includes('update 2/2 playing'));
    expect(facts()).toEqual(['up 1/2 open', 'update 2/2 open', 'update 2/2 playing']);
    expect(events.every((e) => e.type === 'down' || e.table.id === tableId)).toBe(true);

    stop();
    await Promise.all([ann, bob].map((c) => c.close()));
  });

  it("says where the host's tables went after it handed them over, to a lobby open then and one opened later", async () => {
    const port = host.port;
    const otherDir = mkdtempSync(join(tmpdir(), 'red7-web-lobby-b-'));
    const other = await startHost({
      port: 0,
      bind: '127.0.0.1',
      dataDir: otherDir,
      bots: 'inline',
      hostName: 'Bo’s computer',
    });
    const lobby = () => {
      const bridge = bridgeAt(port);
      const events: (TableEvent | ({ type: 'handedOver' } & HandedOver))[] = [];
      const stopHeard = bridge.onHandedOver!((h) => events.push({ type: 'handedOver', ...h }));
      const stopTables = bridge.api.tables.subscribe((e) => events.push(e));
      return {
        events,
        stop: () => {
          stopTables();
          stopHeard();
        },
      };
    };
    try {
      const ann = await TestClient.greeted(port);
      ann.send({
        type: 'createTable',
        name: 'Going',
        player: 'Ann',
        options: { players: 2, mode: 'basic', actionRule: false },
        bots: [1],
      });
      await ann.next('joined');
      const open = lobby();
      await until('the table', () => open.events.some((e) => e.type === 'up'));
      expect(open.events.some((e) => e.type === 'handedOver')).toBe(false);

      other.handOver.setReceiving(true);
      let code = '';
      other.handOver.onAsked((ask) => (code = ask.code));
      const to = { address: '127.0.0.1', port: other.port };
      await host.handOver.ask(to);
      await host.handOver.send(to, code);

      const name = ((await (await fetch(`http://127.0.0.1:${port}/api/info`)).json()) as { name: string })
        .name;
      const said = {
        type: 'handedOver',
        from: name,
        to: { name: 'Bo’s computer', addresses: ['127.0.0.1'], port: other.port },
      };
      await until('the hand-over said', () => open.events.some((e) => e.type === 'handedOver'));
      expect(open.events.filter((e) => e.type !== 'handedOver').map((e) => e.type)).toEqual(['up', 'down']);
      expect(open.events.find((e) => e.type === 'handedOver')).toMatchObject(said);
      const later = lobby();
      await until('the hand-over said later', () => later.events.some((e) => e.type === 'handedOver'));
      expect(later.events).toEqual([expect.objectContaining(said)]);
      open.stop();
      later.stop();
      await ann.close();
    } finally {
      await other.close({ timeoutMs: 500 });
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
