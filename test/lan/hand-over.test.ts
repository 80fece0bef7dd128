/**
 * Handing the tables over between real hosts on simulated machines (network namespaces, as mdns.test.ts):
 *
 *   h1 10.77.0.1 (host, hands over) ─┐
 *   h2 10.77.0.2 (host, receiving)  ─┼─ switch
 *   c  10.77.0.3 (a player)         ─┘
 *
 * h1's side finds h2 by browsing the hand-over targets, asks it, types the code h2 prints and sends; the
 * player on c, who found the table in the lobby, follows `moved` to h2 by itself and plays on there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HandOverTarget } from '../../shared/desktop-api';
import { Agent, type AgentEvent } from './agent';
import { Lan, lanSupport } from './netns';

const support = lanSupport();
const H1 = { address: '10.77.0.1', port: 47500 };
const H2 = { address: '10.77.0.2', port: 47501, name: 'Bo’s computer' };
const TABLE = 'Saturday night';
const wsOf = (at: { address: string; port: number }) => `ws://${at.address}:${at.port}/ws`;

type LobbyTable = { key: string; id: string; name: string; address: string; port: number; state: string };
const lobbyTable = (e: AgentEvent) => e.table as LobbyTable;

if (!support.ok) {
  describe('handing tables over on a LAN (needs network namespaces)', () => {
    // As in mdns.test.ts: CI on Linux must run it.
    if (process.env.CI && process.platform === 'linux') {
      it('can create network namespaces (required in CI)', () => {
        throw new Error(`LAN tests cannot run: ${support.reason}`);
      });
    } else {
      it.skip(`skipped: ${support.reason}`, () => {});
    }
  });
}

describe.runIf(support.ok)('handing tables over between simulated machines', () => {
  let lan: Lan;
  const ns = { h1: '', h2: '', c: '' };
  const agents: Agent[] = [];
  const dataDirs: string[] = [];
  const figures: Record<string, number> = {};
  const start = (label: string, where: string, script: string, args: string[] = []) => {
    const agent = new Agent(label, where, script, args);
    agents.push(agent);
    return agent;
  };
  const line = (agent: Agent, what: string, pattern: RegExp, timeoutMs = 15_000) =>
    agent.waitFor(what, (e) => e.type === 'line' && pattern.test(String(e.text)), timeoutMs);
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'r7-lan-hand-over-'));
    dataDirs.push(dir);
    return dir;
  };

  beforeAll(() => {
    lan = new Lan();
    const sw = lan.switch('sw');
    for (const m of ['h1', 'h2', 'c'] as const) ns[m] = lan.machine(m);
    lan.plug(ns.h1, 'eth0', `${H1.address}/24`, sw);
    lan.plug(ns.h2, 'eth0', `${H2.address}/24`, sw);
    lan.plug(ns.c, 'eth0', '10.77.0.3/24', sw);
  });

  afterAll(async () => {
    for (const agent of agents) agent.kill('SIGKILL');
    await Promise.all(agents.map((a) => a.exited));
    lan?.destroy();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    console.log(`LAN hand-over figures (ms): ${JSON.stringify(figures)}`);
    expect(lan?.remaining() ?? []).toEqual([]);
  });

  it(
    'a host finds the receiving host by mDNS and hands its table over mid-game; the player on another machine follows and plays on there',
    { timeout: 150_000 },
    async () => {
      // Two real headless hosts, discovery on; h2 takes tables over (--receive: announced as a target).
      const h1 = start('host cli h1', ns.h1, 'main/cli.ts', [
        '--name',
        'Alice',
        '--port',
        String(H1.port),
        '--data-dir',
        dataDir(),
      ]);
      const h2 = start('host cli h2', ns.h2, 'main/cli.ts', [
        '--name',
        H2.name,
        '--port',
        String(H2.port),
        '--data-dir',
        dataDir(),
        '--receive',
      ]);
      // h1's person: browses the hand-over targets and starts the hand-over through h1's loopback API.
      const sender = start('hand-over h1', ns.h1, 'hand-over.ts', ['--port', String(H1.port)]);
      await Promise.all([
        line(h1, 'announcing', /announcing tables/),
        line(h2, 'announcing', /announcing tables/),
        line(h2, 'receiving', /taking over tables/),
        sender.waitFor('ready', (e) => e.type === 'ready', 15_000),
      ]);

      // A table at h1: its creator on h1 itself, and Carol on c, who finds it in the lobby by mDNS.
      const alice = start('player h1', ns.h1, 'player.ts', [
        '--create',
        TABLE,
        '--players',
        '2',
        '--port',
        String(H1.port),
        '--player',
        'Alice',
        '--seed',
        '7',
      ]);
      // Carol stops at her turn after two moves of hers: the game is under way when it moves.
      const carol = start('player c', ns.c, 'player.ts', [
        '--join',
        TABLE,
        '--player',
        'Carol',
        '--seed',
        '8',
        '--pause-after',
        '2',
      ]);
      const found = await carol.waitFor('found', (e) => e.type === 'found', 15_000);
      expect(lobbyTable(found)).toMatchObject({ ...H1, state: 'open' });
      const [aliceJoined, carolJoined] = await Promise.all(
        [alice, carol].map((p) => p.waitFor('joined', (e) => e.type === 'joined', 10_000)),
      );
      expect(carolJoined.remote).toBe(wsOf(H1));
      const paused = await carol.waitFor('paused', (e) => e.type === 'paused', 60_000);
      expect(paused.remote).toBe(wsOf(H1));

      // h1 finds h2 by browsing, at the address h2 answered from.
      const up = await sender.waitFor(
        'target h2',
        (e) => e.type === 'up' && (e.target as HandOverTarget).name === H2.name,
        5000,
      );
      const target = up.target as HandOverTarget;
      expect(target).toMatchObject({ address: H2.address, port: H2.port });
      const to = `${target.address}:${target.port}`;

      sender.send({ cmd: 'ask', to });
      expect(await sender.waitFor('asked', (e) => e.type === 'asked')).toMatchObject({
        status: 200,
        body: { asked: true },
      });
      const shown = await line(h2, 'code', /"Alice" asks to hand its tables over: code \d{6}/, 5000);
      const code = /code (\d{6})/.exec(String(shown.text))![1];

      const sent = Date.now();
      sender.send({ cmd: 'send', to, code });
      const report = await sender.waitFor('report', (e) => e.type === 'report', 20_000);
      expect(report).toMatchObject({
        status: 200,
        body: { to: H2.name, moved: [carolJoined.tableId], refused: [] },
      });
      figures['send→report'] = report.t - sent;
      await line(h2, 'took over', /took over 1 table\(s\) from "Alice"/, 1000);

      // Carol follows by herself, to the address h1 reached h2 at, and resumes her seat with her token.
      const moved = await carol.waitFor('moved', (e) => e.type === 'moved', 5000);
      expect(moved).toMatchObject({ tableId: carolJoined.tableId, to: { name: H2.name, port: H2.port } });
      expect((moved.to as { addresses: string[] }).addresses[0]).toBe(H2.address);
      const [carolBack, aliceBack] = await Promise.all(
        [carol, alice].map((p) => p.waitFor('resumed', (e) => e.type === 'resumed', 5000)),
      );
      expect(carolBack).toMatchObject({
        remote: wsOf(H2),
        seat: carolJoined.seat,
        tableId: carolJoined.tableId,
        sameToken: true,
      });
      expect(aliceBack).toMatchObject({ remote: wsOf(H2), seat: aliceJoined.seat, sameToken: true });
      figures['send→Carol resumed at h2'] = carolBack.t - sent;
      figures['send→Alice resumed at h2'] = aliceBack.t - sent;

      // Her move, held since before the hand-over, is taken at h2.
      const asked = Date.now();
      carol.send({ cmd: 'play' });
      const taken = await carol.waitFor('taken', (e) => e.type === 'taken' && e.remote === wsOf(H2), 5000);
      expect(taken.moveCount).toBe(paused.moveCount);
      figures['play→move taken at h2'] = taken.t - asked;

      // h1 plays the table no more: her token brought back there is told where it went ...
      carol.send({ cmd: 'probe', ...H1 });
      const probed = await carol.waitFor('probed', (e) => e.type === 'probed', 5000);
      expect(probed.answer).toMatchObject({
        type: 'moved',
        tableId: carolJoined.tableId,
        to: { name: H2.name, port: H2.port },
      });
      // ... and Carol's lobby lists the table at h2 only: h1's goodbye, h2's announcement.
      const lobby = (e: AgentEvent) => (e.type === 'lobby' ? (e.event as string) : '');
      const gone = await carol.waitFor(
        'table gone from h1',
        (e) => lobby(e) === 'down' && e.key === lobbyTable(found).key,
        5000,
      );
      const atH2 = await carol.waitFor(
        'table at h2',
        (e) =>
          lobby(e) === 'up' &&
          lobbyTable(e).id === carolJoined.tableId &&
          lobbyTable(e).address === H2.address,
        5000,
      );
      expect(lobbyTable(atH2)).toMatchObject({ name: TABLE, port: H2.port, state: 'playing' });
      figures['send→lobby c: gone from h1'] = gone.t - sent;
      figures['send→lobby c: listed at h2'] = atH2.t - sent;

      // Both play the game to its end at h2.
      const playing = Date.now();
      const overs = await Promise.all(
        [alice, carol].map((p) => p.waitFor('game over', (e) => e.type === 'gameOver', 90_000)),
      );
      figures['game after the hand-over'] = Date.now() - playing;
      expect(overs[1]).toMatchObject({ winners: overs[0].winners, scores: overs[0].scores });
      for (const p of [alice, carol])
        expect(p.events.filter((e) => e.type === 'refused' || e.type === 'fatal')).toEqual([]);

      for (const host of [h1, h2]) host.kill('SIGTERM');
      expect((await h1.exited).code).toBe(0);
      expect((await h2.exited).code).toBe(0);
    },
  );
});
