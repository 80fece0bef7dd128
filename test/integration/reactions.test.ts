import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../main/host/limits';
import { REACTIONS, REACTION_RATE, type ServerMessage } from '../../shared/protocol';
import { rng } from '../helpers/random';
import { TestClient } from './helpers/client';
import { get, listHistory } from './helpers/history';
import { testHost, type TestHost } from './helpers/host';
import { playRandomly, startedTable, viewAt } from './helpers/play';
import { replayGame } from './helpers/truth';

const BASIC = { players: 3, mode: 'basic', actionRule: false } as const;
const hosts: TestHost[] = [];
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.stop();
});
async function host(opts: Parameters<typeof testHost>[0] = {}): Promise<TestHost> {
  const h = await testHost(opts);
  hosts.push(h);
  return h;
}

type Reacted = Extract<ServerMessage, { type: 'reaction' }>;
const reactions = (c: TestClient): Reacted[] => c.inbox.filter((m): m is Reacted => m.type === 'reaction');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function watcherOf(port: number, tableId: string): Promise<TestClient> {
  const w = await TestClient.greeted(port);
  w.send({ type: 'spectate', tableId, name: 'Zoe' });
  await w.next('view');
  return w;
}

/** Every file under `dir`, as text. */
function allFiles(dir: string): { path: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? allFiles(path) : [{ path, text: readFileSync(path, 'utf8') }];
  });
}

describe('quick reactions', () => {
  it('reach every seat and a spectator, from the sender’s seat, and nothing keeps them', async () => {
    const h = await host();
    const { tableId, clients } = await startedTable(h.port, BASIC);
    const watcher = await watcherOf(h.port, tableId);
    clients[1].send({ type: 'react', reaction: 'clap' });
    for (const c of [...clients, watcher]) {
      expect(await c.next('reaction')).toEqual({ type: 'reaction', tableId, seat: 1, reaction: 'clap' });
    }
    // Every reaction of the set goes through (spread over seats, within each seat's rate).
    REACTIONS.forEach((reaction, i) => clients[(i + 2) % 3].send({ type: 'react', reaction }));
    const burstAt = Date.now();
    await watcher.next((m) => m.type === 'reaction' && m.reaction === REACTIONS[REACTIONS.length - 1]);
    // Three sockets: their frames may interleave in any order, but each seat's keep theirs.
    const heard = reactions(watcher).map((r) => `${r.seat} ${r.reaction}`);
    const sent = ['1 clap', ...REACTIONS.map((r, i) => `${(i + 2) % 3} ${r}`)];
    expect([...heard].sort()).toEqual([...sent].sort());
    for (const seat of [0, 1, 2]) {
      const ofSeat = (list: string[]) => list.filter((x) => x.startsWith(`${seat} `));
      expect(ofSeat(heard)).toEqual(ofSeat(sent));
    }
    for (const c of clients) expect(c.errors()).toEqual([]);

    // The game goes on to its end; no reaction is in its log, its snapshot or its record.
    await playRandomly(clients, rng(21));
    // After the game too (a "well played"), once the burst's window has passed.
    await pause(Math.max(0, burstAt + REACTION_RATE.windowMs + 200 - Date.now()));
    clients[0].send({ type: 'react', reaction: 'wellPlayed' });
    await watcher.next((m) => m.type === 'reaction' && m.reaction === 'wellPlayed');
    let games = (await listHistory(h.port)).games;
    for (let i = 0; i < 100 && games.length === 0; i++) {
      await pause(20);
      games = (await listHistory(h.port)).games;
    }
    expect(games.length).toBe(1);
    const record = await get(h.port, `/api/history/${games[0].id}`);
    expect(record.status).toBe(200);
    const files = allFiles(h.dataDir);
    expect(files.some((f) => f.path.endsWith('moves.jsonl'))).toBe(true);
    expect(files.some((f) => f.path.includes('history'))).toBe(true);
    // A key naming reactions, or a value that is a reaction's id: random text (a seat token's hash is 43
    // base64url characters) may spell "wow" inside it, which is no reaction.
    const kept = new RegExp(`"[^"]*react[^"]*"\\s*:|"(?:${REACTIONS.join('|')})"`, 'i');
    expect(kept.test('{"reaction":"x"}') && kept.test('["oops"]') && !kept.test('{"t":"aWowClap9"}')).toBe(
      true,
    );
    for (const { path, text } of [...files, { path: 'record', text: record.body }])
      expect(kept.test(text), `${path} mentions a reaction`).toBe(false);
    expect(replayGame(h.dataDir, tableId).at(-1)!.moveCount).toBe(clients[0].view!.moveCount);
    expect(h.problems).toEqual([]);
    await Promise.all([...clients, watcher].map((c) => c.close()));
  });

  it('refuses values outside the set, malformed ones, spectators and strangers, and sends nothing', async () => {
    const h = await host();
    const { tableId, clients } = await startedTable(h.port, BASIC);
    const watcher = await watcherOf(h.port, tableId);
    const stranger = await TestClient.greeted(h.port);
    const bad: unknown[] = [
      { type: 'react', reaction: 'heart' },
      { type: 'react', reaction: '👏' },
      { type: 'react', reaction: 'Well played' },
      { type: 'react', reaction: 'CLAP' },
      { type: 'react', reaction: '' },
      { type: 'react', reaction: 3 },
      { type: 'react', reaction: null },
      { type: 'react', reaction: ['clap'] },
      { type: 'react', reaction: { id: 'clap' } },
      { type: 'react' },
      { type: 'react', text: 'you idiot' },
    ];
    for (const m of bad) clients[0].send(m as Record<string, unknown>);
    while (clients[0].errors().length < bad.length) await clients[0].next('error');
    for (const e of clients[0].errors()) {
      expect(e).toMatchObject({ code: 'badMessage', to: 'react' });
      expect(e.reason).toMatch(/^reaction: /);
    }
    expect(clients[0].errors()[0].reason).toContain('"thumbsUp", "clap"');

    watcher.send({ type: 'react', reaction: 'clap' });
    const refused = await watcher.next('error');
    expect(refused).toMatchObject({ code: 'notSeated', to: 'react' });
    expect(refused.reason).toMatch(/spectators/);
    stranger.send({ type: 'react', reaction: 'clap' });
    expect(await stranger.next('error')).toMatchObject({ code: 'notSeated', to: 'react' });

    // A ping behind them all proves every frame was answered: no reaction went to anyone.
    for (const c of [...clients, watcher]) {
      c.send({ type: 'ping', id: 9 });
      await c.next('pong');
      expect(reactions(c)).toEqual([]);
    }
    await Promise.all([...clients, watcher, stranger].map((c) => c.close()));
  });

  it(
    'a flood under the real rate limits delivers at most the limit, one word back, the socket and game unharmed',
    { timeout: 30_000 },
    async () => {
      const h = await host({ limits: { ...DEFAULT_LIMITS, botDelayMs: 0 } });
      const { tableId, clients } = await startedTable(h.port, {
        players: 2,
        mode: 'basic',
        actionRule: false,
      });
      const watcher = await watcherOf(h.port, tableId);
      const [flooder, other] = clients;
      await pause(2100); // the joins and starts spent some of the connection's burst
      const t0 = Date.now();
      for (let i = 0; i < 100; i++) {
        flooder.send({ type: 'react', reaction: REACTIONS[i % REACTIONS.length] });
        if (i % 10 === 9) await pause(100);
      }
      expect(Date.now() - t0).toBeLessThan(REACTION_RATE.windowMs);
      flooder.send({ type: 'ping', id: 1 });
      await flooder.next((m) => m.type === 'pong' && m.id === 1, 10_000);
      watcher.send({ type: 'ping', id: 2 });
      await watcher.next('pong');
      expect(reactions(watcher).length).toBe(REACTION_RATE.count);
      expect(reactions(other).length).toBe(REACTION_RATE.count);
      expect(reactions(flooder).length).toBe(REACTION_RATE.count);
      // One refusal for the burst; the connection's own limiter may add one of its own, no more.
      const limited = flooder.errors().filter((e) => e.code === 'rateLimited');
      expect(limited.filter((e) => e.to === 'react').length).toBe(1);
      expect(limited.length).toBeLessThanOrEqual(2);
      expect(flooder.errors().length).toBe(limited.length);
      expect(limited.find((e) => e.to === 'react')!.reason).toMatch(/at most 3 reactions in 5 seconds/);
      for (const c of [other, watcher]) expect(c.errors()).toEqual([]);

      // The other seat is not held back by the flooder's limit.
      other.send({ type: 'react', reaction: 'oops' });
      expect(await watcher.next((m) => m.type === 'reaction' && m.seat === other.seat)).toMatchObject({
        reaction: 'oops',
      });

      // Once the window has passed, the flooder may react again; the game then plays to its end.
      await pause(REACTION_RATE.windowMs);
      flooder.send({ type: 'react', reaction: 'party' });
      expect(await other.next((m) => m.type === 'reaction' && m.reaction === 'party')).toMatchObject({
        seat: flooder.seat,
      });
      await playRandomly(clients, rng(5), () => false, 60);
      await viewAt(watcher, clients[0].view!.moveCount);
      expect(clients[0].view!.gameOver).toBe(true);
      expect(replayGame(h.dataDir, tableId).at(-1)!.moveCount).toBe(clients[0].view!.moveCount);
      expect(flooder.ws.readyState).toBe(flooder.ws.OPEN);
      expect(h.problems).toEqual([]);
      await Promise.all([...clients, watcher].map((c) => c.close()));
    },
  );

  it('a reconnect does not refill a seat’s allowance', async () => {
    const h = await host();
    const { tableId, clients } = await startedTable(h.port, { players: 2, mode: 'basic', actionRule: false });
    const watcher = await watcherOf(h.port, tableId);
    for (let i = 0; i < REACTION_RATE.count; i++) clients[1].send({ type: 'react', reaction: 'wow' });
    await watcher.next((m) => reactions(watcher).length === REACTION_RATE.count && m.type === 'reaction');
    const again = await TestClient.greeted(h.port);
    again.send({ type: 'resume', token: clients[1].token! });
    await again.next('view');
    again.send({ type: 'react', reaction: 'laugh' });
    expect(await again.next('error')).toMatchObject({ code: 'rateLimited', to: 'react' });
    watcher.send({ type: 'ping', id: 3 });
    await watcher.next('pong');
    expect(reactions(watcher).length).toBe(REACTION_RATE.count);
    await Promise.all([...clients, watcher, again].map((c) => c.close()));
  });
});
