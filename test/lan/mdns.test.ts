/**
 * Real mDNS between simulated machines (network namespaces). Topology:
 *
 *   a 10.77.0.2 ─┐
 *   c 10.77.0.3 ─┼─ switch ─ eth0 10.77.0.1  h (host)  eth1 10.78.0.1 ── b 10.78.0.2
 *
 * h sits on two networks, like a laptop on Ethernet and Wi-Fi: its tables must reach both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json';
import { PROTOCOL_VERSION } from '../../shared/protocol';
import { Agent, type AgentEvent } from './agent';
import { Lan, lanSupport } from './netns';

const support = lanSupport();
const DEAD_HOST_LIMIT_MS = 10_000;

type Table = {
  key: string;
  id: string;
  name: string;
  players: number;
  state: string;
  locked?: boolean;
  hasCode?: boolean;
  address: string;
  addresses: string[];
};
const table = (e: AgentEvent) => e.table as Table;
const upOf = (id: string) => (e: AgentEvent) => e.type === 'up' && table(e).id === id;
const ad = (id: string, over: object = {}) => ({
  id,
  name: `Table ${id}`,
  players: 1,
  seats: 4,
  state: 'open',
  ...over,
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (!support.ok) {
  describe('LAN discovery (needs network namespaces)', () => {
    // Network namespaces are Linux's: CI on Linux must run these; macOS and Windows runners cannot.
    if (process.env.CI && process.platform === 'linux') {
      it('can create network namespaces (required in CI)', () => {
        throw new Error(`LAN tests cannot run: ${support.reason}`);
      });
    } else {
      console.warn(`LAN tests skipped: ${support.reason}`);
      it.skip(`skipped: ${support.reason}`, () => {});
    }
  });
}

describe.runIf(support.ok)('LAN discovery between simulated machines', () => {
  let lan: Lan;
  const ns: Record<'h' | 'a' | 'b' | 'c', string> = { h: '', a: '', b: '', c: '' };
  const agents: Agent[] = [];
  const browsers: Record<'a' | 'b' | 'c', Agent> = {} as never;
  const start = (label: string, where: string, script: string, args: string[] = []) => {
    const agent = new Agent(label, where, script, args);
    agents.push(agent);
    return agent;
  };
  const ready = (agent: Agent) => agent.waitFor('ready', (e) => e.type === 'ready', 15_000);
  const figures: Record<string, number> = {};
  /** The host of the first tests, kept running until the goodbye test stops it. */
  let publisher: Agent;

  beforeAll(async () => {
    lan = new Lan();
    const sw = lan.switch('sw');
    for (const m of ['h', 'a', 'b', 'c'] as const) ns[m] = lan.machine(m);
    lan.plug(ns.h, 'eth0', '10.77.0.1/24', sw);
    lan.plug(ns.a, 'eth0', '10.77.0.2/24', sw);
    lan.plug(ns.c, 'eth0', '10.77.0.3/24', sw);
    lan.cable(ns.h, 'eth1', '10.78.0.1/24', ns.b, 'eth0', '10.78.0.2/24');
    for (const m of ['a', 'b', 'c'] as const) browsers[m] = start(`browser ${m}`, ns[m], 'browse.ts');
    await Promise.all(Object.values(browsers).map(ready));
    // Sockets bind right after 'ready'; leave them a moment so the first announcement is heard.
    await sleep(300);
  });

  afterAll(async () => {
    for (const agent of agents) agent.kill('SIGKILL');
    await Promise.all(agents.map((a) => a.exited));
    lan?.destroy();
    console.log(`LAN figures (ms): ${JSON.stringify(figures)}`);
    expect(lan?.remaining() ?? []).toEqual([]);
  });

  it('a published table reaches every machine within 1 s, with the host address on each network', async () => {
    const host = start('publisher h', ns.h, 'publish.ts', ['--port', '47470', '--host-name', 'Alice']);
    await ready(host);
    host.send({ cmd: 'publish', ad: ad('fri1') });
    const published = await host.waitFor('published', (e) => e.type === 'published');
    const expected = { a: '10.77.0.1', c: '10.77.0.1', b: '10.78.0.1' };
    for (const [m, address] of Object.entries(expected) as ['a' | 'b' | 'c', string][]) {
      const up = await browsers[m].waitFor('up fri1', upOf('fri1'), 1000);
      expect(up.t - published.t).toBeLessThan(1000);
      expect(table(up)).toMatchObject({
        id: 'fri1',
        name: 'Table fri1',
        players: 1,
        seats: 4,
        state: 'open',
        address,
        port: 47470,
        hostName: 'Alice',
        protocol: PROTOCOL_VERSION,
        // The host's app version rides along (TXT `app`), for a lobby of another version to say.
        appVersion: packageJson.version,
      });
      expect(table(up).addresses).toEqual([address]);
      figures[`publish→up ${m}`] = up.t - published.t;
    }
    publisher = host;
  });

  it("the publisher sees the other machines' queries on each of its networks (for 'Can others reach me?')", async () => {
    const host = publisher;
    // The browsers re-query every few seconds; by now each network has asked at least once.
    await sleep(3000);
    host.send({ cmd: 'reach' });
    const seen = await host.waitFor('reach', (e) => e.type === 'reach');
    const interfaces = (
      seen.interfaces as { address: string; announcing: boolean; lastQueryAt: string | null }[]
    )
      .slice()
      .sort((x, y) => x.address.localeCompare(y.address));
    expect(interfaces.map((i) => [i.address, i.announcing])).toEqual([
      ['10.77.0.1', true],
      ['10.78.0.1', true],
    ]);
    for (const i of interfaces) expect(Date.parse(i.lastQueryAt ?? '')).toBeGreaterThan(Date.now() - 10_000);
  });

  it('TXT updates arrive, and later re-announcements do not bring the old values back', async () => {
    const host = publisher;
    // The creator's lock and seat code travel as flags only (TXT lock=1, code=1).
    host.send({
      cmd: 'update',
      ad: ad('fri1', { players: 3, state: 'playing', locked: true, hasCode: true }),
    });
    const sent = await host.waitFor('updated', (e) => e.type === 'updated');
    let seenByA = sent.t;
    for (const m of ['a', 'b', 'c'] as const) {
      const update = await browsers[m].waitFor(
        'update',
        (e) => e.type === 'update' && table(e).players === 3,
        1000,
      );
      expect(table(update)).toMatchObject({
        id: 'fri1',
        players: 3,
        state: 'playing',
        locked: true,
        hasCode: true,
      });
      figures[`update ${m}`] = update.t - sent.t;
      if (m === 'a') seenByA = update.t;
    }
    // The library re-announces 1 s and 4 s after publishing; both must carry the new TXT. Counted from the
    // update lobby a saw (its clock may stamp it before the publisher stamped "updated" on a busy machine).
    await sleep(4200);
    const later = browsers.a.events.filter((e) => e.t >= Math.min(seenByA, sent.t) && e.type !== 'ready');
    expect(later.map((e) => [e.type, table(e).players])).toEqual([['update', 3]]);
  });

  it('unpublishing one table says goodbye for it alone; a lobby opened later still finds the rest at once', async () => {
    const host = publisher;
    host.send({ cmd: 'publish', ad: ad('sat2') });
    const up = await browsers.a.waitFor('up sat2', upOf('sat2'), 1000);
    host.send({ cmd: 'unpublish', id: 'sat2' });
    const sent = await host.waitFor('unpublished', (e) => e.type === 'unpublished');
    const down = await browsers.a.waitFor(
      'down sat2',
      (e) => e.type === 'down' && e.key === table(up).key,
      1000,
    );
    figures['unpublish→down'] = down.t - sent.t;

    // Answers to a fresh query must still include fri1 (bonjour-service alone would have dropped
    // every table's PTR with sat2's) and its updated TXT, and must not include sat2.
    const late = start('late browser c', ns.c, 'browse.ts');
    const lateReady = await ready(late);
    const found = await late.waitFor('up fri1', upOf('fri1'), 1000);
    figures['late lobby→up'] = found.t - lateReady.t;
    expect(table(found)).toMatchObject({ players: 3, state: 'playing', address: '10.77.0.1' });
    await sleep(500);
    expect(late.events.filter(upOf('sat2'))).toEqual([]);
    // And fri1 is still answered: no expiry while the host lives (checked over one expiry period).
    await sleep(7500 - 500);
    expect(browsers.a.events.filter((e) => e.type === 'down' && e.key === table(found).key)).toEqual([]);
    expect(late.events.filter((e) => e.type === 'down')).toEqual([]);
  });

  it('a stopped host disappears at once (goodbye) on both networks', async () => {
    const host = publisher;
    const key = table(browsers.a.events.find(upOf('fri1'))!).key;
    const asked = Date.now();
    host.send({ cmd: 'stop' });
    const stopped = await host.waitFor('stopped', (e) => e.type === 'stopped', 2000);
    expect(stopped.ms as number).toBeLessThan(1000);
    for (const m of ['a', 'b', 'c'] as const) {
      const down = await browsers[m].waitFor('down fri1', (e) => e.type === 'down' && e.key === key, 1000);
      expect(down.t - asked).toBeLessThan(500);
      expect(down.t).toBeGreaterThanOrEqual(asked);
      figures[`stop→down ${m}`] = down.t - asked;
    }
    expect((await host.exited).code).toBe(0);
  });

  it('a killed host (no goodbye) leaves every lobby within 10 s', async () => {
    const host = start('doomed publisher h', ns.h, 'publish.ts', ['--port', '47471']);
    await ready(host);
    host.send({ cmd: 'publish', ad: ad('doom') });
    const ups = await Promise.all(
      Object.values(browsers).map((b) => b.waitFor('up doom', upOf('doom'), 1000)),
    );
    host.kill('SIGKILL');
    const killed = Date.now();
    expect((await host.exited).signal).toBe('SIGKILL');
    const downs = await Promise.all(
      Object.values(browsers).map((b, i) =>
        b.waitFor('down doom', (e) => e.type === 'down' && e.key === table(ups[i]).key, DEAD_HOST_LIMIT_MS),
      ),
    );
    for (const down of downs) expect(down.t - killed).toBeLessThan(DEAD_HOST_LIMIT_MS);
    figures['kill→down (slowest)'] = Math.max(...downs.map((d) => d.t - killed));
    figures['kill→down (fastest)'] = Math.min(...downs.map((d) => d.t - killed));
    // Expiry, not a false alarm: the last answer came at most one re-query (7000 / 3 ms) before
    // the kill, so no lobby may drop the table sooner than 7000 - 2333 ms after it.
    expect(figures['kill→down (fastest)']).toBeGreaterThan(4000);
  });

  it('broken announcements and garbage packets list nothing and leave lobbies working', async () => {
    const spoofer = start('spoofer c', ns.c, 'spoof.ts');
    await spoofer.waitFor('sent', (e) => e.type === 'sent', 10_000);
    expect((await spoofer.exited).code).toBe(0);
    const host = start('publisher after spoof', ns.h, 'publish.ts', ['--port', '47472']);
    await ready(host);
    host.send({ cmd: 'publish', ad: ad('after') });
    for (const b of Object.values(browsers)) {
      await b.waitFor('up after', upOf('after'), 1000);
      const bogus = b.events.filter((e) => e.type === 'up' && String(table(e).key).includes('bogus'));
      expect(bogus).toEqual([]);
      expect(b.events.filter((e) => e.type === 'warning')).toEqual([]);
    }
    host.send({ cmd: 'stop' });
    await host.exited;
  });

  it('a network that appears after start (Wi-Fi joined later) is announced on and browsed on', async () => {
    const host = start('publisher rescan', ns.h, 'publish.ts', ['--port', '47473', '--rescan', '500']);
    const late = lan.machine('d');
    const lobby = start('lobby d', late, 'browse.ts', ['--rescan', '500']);
    await Promise.all([ready(host), ready(lobby)]);
    host.send({ cmd: 'publish', ad: ad('wifi') });
    await browsers.a.waitFor('up wifi', upOf('wifi'), 1000);
    expect(lobby.events.filter(upOf('wifi'))).toEqual([]);
    // Both machines gain an interface while running: the host a third network, d its first.
    lan.cable(ns.h, 'eth2', '10.79.0.1/24', late, 'eth0', '10.79.0.2/24');
    const cabled = Date.now();
    const up = await lobby.waitFor('up wifi', upOf('wifi'), 3000);
    expect(table(up).address).toBe('10.79.0.1');
    figures['new interface→up'] = up.t - cabled;
    host.send({ cmd: 'stop' });
    await lobby.waitFor('down wifi', (e) => e.type === 'down' && e.key === table(up).key, 1000);
  });

  it('a machine with no network at all still sees its own tables (loopback)', async () => {
    const alone = lan.machine('alone');
    const lobby = start('lobby alone', alone, 'browse.ts');
    const host = start('publisher alone', alone, 'publish.ts', ['--port', '47490']);
    const [lobbyReady] = await Promise.all([ready(lobby), ready(host)]);
    expect(lobbyReady.addresses).toEqual(['127.0.0.1']);
    await sleep(300);
    host.send({ cmd: 'publish', ad: ad('solo') });
    const up = await lobby.waitFor('up solo', upOf('solo'), 1000);
    expect(table(up)).toMatchObject({ address: '127.0.0.1', port: 47490 });
  });

  it('a host that takes tables over appears as a hand-over target on both networks, and leaves when switched off', async () => {
    const senders = {
      a: start('sender a', ns.a, 'browse-targets.ts'),
      b: start('sender b', ns.b, 'browse-targets.ts'),
    };
    const receiver = start('receiver h', ns.h, 'target.ts', [
      '--port',
      '47491',
      '--host-name',
      'Bo’s computer',
    ]);
    await Promise.all([ready(senders.a), ready(senders.b), ready(receiver)]);
    await sleep(300);
    receiver.send({ cmd: 'on' });
    const on = await receiver.waitFor('receiving', (e) => e.type === 'receiving');
    const expected = { a: '10.77.0.1', b: '10.78.0.1' };
    const keys: string[] = [];
    for (const [m, address] of Object.entries(expected) as ['a' | 'b', string][]) {
      const up = await senders[m].waitFor('up target', (e) => e.type === 'up', 2000);
      expect(up.target).toMatchObject({
        name: 'Bo’s computer',
        address,
        port: 47491,
        protocol: PROTOCOL_VERSION,
        appVersion: packageJson.version,
      });
      expect(String((up.target as { key: string }).key)).toMatch(/\._red7-takeover\._tcp\.local$/);
      keys.push((up.target as { key: string }).key);
      figures[`target on→up ${m}`] = up.t - on.t;
    }
    // Its own service type: lobbies that browse for tables never list it.
    expect(browsers.a.events.filter((e) => e.type === 'up' && table(e).name === 'Bo’s computer')).toEqual([]);

    receiver.send({ cmd: 'off' });
    const off = await receiver.waitFor('withdrawn', (e) => e.type === 'withdrawn', 2000);
    for (const [i, m] of (['a', 'b'] as const).entries()) {
      const down = await senders[m].waitFor(
        'down target',
        (e) => e.type === 'down' && e.key === keys[i],
        1000,
      );
      figures[`target off→down ${m}`] = down.t - off.t;
    }

    // Switched on again: announced anew, found again (the goodbye just seen does not hide it).
    receiver.send({ cmd: 'on' });
    const again = await senders.a.waitFor(
      'up again',
      (e) => e.type === 'up' && (e.target as { key: string }).key !== keys[0],
      2000,
    );
    expect(again.target).toMatchObject({ name: 'Bo’s computer', address: '10.77.0.1' });
    receiver.kill('SIGKILL');
  });

  it(
    'players on both networks find a table in the lobby, join across the links and play it to the end',
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'r7-lan-host-'));
      try {
        // The real headless host, discovery on, as `npm run host` runs it.
        const host = start('host cli h', ns.h, 'main/cli.ts', [
          '--name',
          'Alice',
          '--port',
          '47480',
          '--data-dir',
          dataDir,
        ]);
        await host.waitFor(
          'announcing',
          (e) => e.type === 'line' && /announcing tables/.test(String(e.text)),
          15_000,
        );
        const name = 'Friday night';
        const players = [
          start('player h', ns.h, 'player.ts', [
            '--create',
            name,
            '--players',
            '3',
            '--port',
            '47480',
            '--player',
            'Alice',
            '--seed',
            '7',
          ]),
          start('player a', ns.a, 'player.ts', ['--join', name, '--player', 'Bob', '--seed', '8']),
          start('player b', ns.b, 'player.ts', ['--join', name, '--player', 'Carol', '--seed', '9']),
        ];
        const [foundA, foundB] = await Promise.all(
          players.slice(1).map((p) => p.waitFor('found', (e) => e.type === 'found', 15_000)),
        );
        expect(table(foundA)).toMatchObject({ address: '10.77.0.1', port: 47480, state: 'open' });
        expect(table(foundB)).toMatchObject({ address: '10.78.0.1', port: 47480, state: 'open' });
        const joined = await Promise.all(
          players.map((p) => p.waitFor('joined', (e) => e.type === 'joined', 10_000)),
        );
        expect(joined.map((j) => j.remote)).toEqual([
          'ws://127.0.0.1:47480/ws',
          'ws://10.77.0.1:47480/ws',
          'ws://10.78.0.1:47480/ws',
        ]);
        expect(new Set(joined.map((j) => j.seat))).toEqual(new Set([0, 1, 2]));

        const started = Date.now();
        const overs = await Promise.all(
          players.map((p) => p.waitFor('game over', (e) => e.type === 'gameOver', 90_000)),
        );
        figures['game (ms)'] = Date.now() - started;
        figures['game moves'] = overs.reduce((n, o) => n + (o.moves as number), 0);
        for (const o of overs)
          expect({ winners: o.winners, scores: o.scores }).toEqual({
            winners: overs[0].winners,
            scores: overs[0].scores,
          });
        expect(figures['game moves']).toBeGreaterThan(10);
        for (const p of players)
          expect(p.events.filter((e) => e.type === 'refused' || e.type === 'fatal')).toEqual([]);

        // A lobby that only watched followed the table through its TXT records.
        const lobby = browsers.c;
        await lobby.waitFor(
          'finished',
          (e) => e.type === 'update' && table(e).name === name && table(e).state === 'finished',
          2000,
        );
        const seen = lobby.events.filter(
          (e) => (e.type === 'up' || e.type === 'update') && table(e).name === name,
        );
        const states = seen.map((e) => `${table(e).state} ${table(e).players}`);
        // The host coalesces bursts of changes (the last join and the start may share one update).
        expect(states[0]).toBe('open 1');
        expect(states).toContain('playing 3');
        expect(states.at(-1)).toBe('finished 3');

        // SIGTERM: the CLI says goodbye before it closes, so the table leaves every lobby at once.
        const key = table(seen[0]).key;
        const asked = Date.now();
        host.kill('SIGTERM');
        const down = await lobby.waitFor('down', (e) => e.type === 'down' && e.key === key, 1000);
        figures['host SIGTERM→down'] = down.t - asked;
        expect(down.t).toBeGreaterThanOrEqual(asked);
        expect((await host.exited).code).toBe(0);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
