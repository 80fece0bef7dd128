import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CLOSE_CODES, PROTOCOL_VERSION } from '../../shared/protocol';
import { TestClient } from './helpers/client';
import { hostileFrame, type Sender } from './helpers/fuzz';
import { testHost, type TestHost } from './helpers/host';
import { playRandomly, startedTable } from './helpers/play';
import { rng } from '../helpers/random';
import { replayGame } from './helpers/truth';

const FRAMES = 10_400;
const HUGE = 40;

const TIDY_REASON = /^[^\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]{4,200}$/u;

describe('hostile input', () => {
  let h: TestHost;
  beforeAll(async () => {
    h = await testHost({ limits: { helloTimeoutMs: 120_000 } });
  });
  afterAll(() => h.stop());

  it(
    `refuses ${FRAMES} fuzzed frames with reasons and keeps the game unchanged`,
    { timeout: 90_000 },
    async () => {
      const random = rng(4242);
      const { tableId, clients } = await startedTable(h.port, {
        players: 2,
        mode: 'advanced',
        actionRule: true,
      });
      // Reach a position in mid-turn with choices, so there are legal moves to misuse.
      await playRandomly(
        clients,
        random,
        (m) => m >= 4 && clients.some((c) => c.view!.legalMoves.length > 1 && c.view!.phase === 'turn'),
      );
      const cur = clients.find((c) => c.view!.legalMoves.length > 0)!;
      const oth = clients.find((c) => c !== cur)!;
      const stranger = await TestClient.greeted(h.port);
      const rude = await TestClient.connect(h.port);
      const watcher = await TestClient.greeted(h.port);
      watcher.send({ type: 'spectate', tableId });
      const before = (await watcher.next('view')).view;
      // The players hear of the spectator before the baseline is taken.
      for (const c of clients) await c.next((m) => m.type === 'table' && m.table.spectators === 1);
      const tablesBefore = h.host.tables();
      const senders: Record<Sender, TestClient> = { current: cur, other: oth, stranger, rude };
      const sent: Record<Sender, number> = { current: 0, other: 0, stranger: 0, rude: 0 };
      const currentKinds: string[] = [];
      const kinds = new Map<string, number>();
      for (const c of Object.values(senders)) c.drain();
      const seen = new Map([cur, oth, watcher].map((c) => [c, c.inbox.length]));

      for (let batch = 0; batch < FRAMES; batch += 400) {
        for (let i = 0; i < 400; i++) {
          const f = hostileFrame(random, cur.view!, oth.view!);
          senders[f.sender].sendRaw(f.data, f.binary);
          sent[f.sender] += 1;
          if (f.sender === 'current') currentKinds.push(f.kind);
          kinds.set(f.kind, (kinds.get(f.kind) ?? 0) + 1);
        }
        // Exactly one answer per frame, each an error with a code and a reason.
        await Promise.all(
          (Object.keys(senders) as Sender[]).map(async (s) => {
            const c = senders[s];
            while (c.errors().length < sent[s]) {
              await c.next('error', 5_000).catch(() => {
                const other = c.inbox.filter((m) => m.type !== 'error');
                throw new Error(
                  `${s}: ${c.errors().length} errors for ${sent[s]} frames; also got ${JSON.stringify(other).slice(0, 600)}`,
                );
              });
            }
          }),
        );
      }
      expect([...kinds.keys()].length).toBeGreaterThanOrEqual(19);
      // A turn whose steps each pass the schema, refused by the host, says which step and that none applied.
      const turnAnswers = cur.errors().map((e, i) => [currentKinds[i], e] as const);
      for (const kind of ['a step after an end', 'a draw in the middle', 'the next round inside']) {
        const answers = turnAnswers.filter(([k]) => k === `turn: ${kind}`).map(([, e]) => e);
        expect(answers.length).toBeGreaterThan(10);
        for (const e of answers) {
          expect(e.code).toBe('illegalMove');
          expect(e.reason).toMatch(/^step \d+ of \d+: .*; nothing was applied$/);
        }
      }
      for (const [kind, e] of turnAnswers) {
        if (kind === 'turn: empty' || kind === 'turn: too many steps') expect(e.code).toBe('badMessage');
      }
      for (const s of Object.keys(senders) as Sender[]) {
        const c = senders[s];
        const answers = c.inbox.slice(-sent[s]);
        expect(answers.every((m) => m.type === 'error' && m.reason.length > 3 && m.code !== 'internal')).toBe(
          true,
        );
        expect(c.errors().length).toBe(sent[s]);
        // A reason never carries a control or format character back, and stays short.
        for (const e of c.errors()) expect(e.reason).toMatch(TIDY_REASON);
      }
      // Every refusal names its class: the un-greeted socket hears only that it must say hello.
      expect(new Set(rude.errors().map((e) => e.code))).toEqual(new Set(['helloRequired']));
      const codes = new Set([cur, oth, stranger].flatMap((c) => c.errors().map((e) => e.code)));
      for (const code of [
        'badMessage',
        'notYourTurn',
        'staleMove',
        'illegalMove',
        'badToken',
        'notSeated',
        'alreadyStarted',
        'notCreator',
        'notAway',
        'alreadySeated',
        'noSuchTable',
      ]) {
        expect(codes).toContain(code);
      }
      // No broken evening message opened an evening or joined one.
      expect(existsSync(join(h.dataDir, 'evening.json'))).toBe(false);

      // Huge frames close their socket with 1009 (the limit is a few KiB); the host stays up.
      for (let i = 0; i < HUGE; i++) {
        const c = await TestClient.greeted(h.port);
        c.sendRaw('x'.repeat(4097 + Math.floor(random() * 100_000)), i % 2 === 0);
        expect((await c.closed).code).toBe(1009);
      }

      // Nothing changed: no view went out, the game and the lobby are as they were.
      for (const [c, n] of seen) {
        expect(
          c.inbox.slice(n).filter((m) => m.type === 'view' || m.type === 'viewDelta' || m.type === 'table'),
        ).toEqual([]);
      }
      expect(h.host.tables()).toEqual(tablesBefore);
      const after = await TestClient.greeted(h.port);
      after.send({ type: 'spectate', tableId });
      expect((await after.next('view')).view).toEqual(before);
      expect(h.problems).toEqual([]);

      // And the game goes on to its end, with only the players' real moves in the log.
      await playRandomly(clients, random);
      const states = replayGame(h.dataDir, tableId);
      expect(states[states.length - 1].moveCount).toBe(clients[0].view!.moveCount);
      expect(clients[0].view!.gameOver).toBe(true);
      await Promise.all([...clients, stranger, rude, watcher, after].map((c) => c.close()));
    },
  );
});

describe('limits and handshake', () => {
  it('refuses another protocol version clearly and closes', async () => {
    const h = await testHost();
    const c = await TestClient.connect(h.port);
    c.send({ type: 'hello', protocol: PROTOCOL_VERSION + 1 });
    const e = await c.next('error');
    expect(e).toMatchObject({ code: 'protocolMismatch', protocol: PROTOCOL_VERSION, to: 'hello' });
    expect(e.reason).toMatch(/protocol/);
    expect((await c.closed).code).toBe(CLOSE_CODES.protocolMismatch);
    await h.stop();
  });

  it('a host of another version (the test-only protocol option) speaks and announces that one, and refuses this one', async () => {
    const next = PROTOCOL_VERSION + 1;
    const h = await testHost({ protocol: next });
    const info = (await (await fetch(`http://127.0.0.1:${h.port}/api/info`)).json()) as { protocol: number };
    expect(info.protocol).toBe(next);
    const ours = await TestClient.connect(h.port);
    ours.send({ type: 'hello', protocol: PROTOCOL_VERSION });
    expect(await ours.next('error')).toMatchObject({ code: 'protocolMismatch', protocol: next, to: 'hello' });
    expect((await ours.closed).code).toBe(CLOSE_CODES.protocolMismatch);
    const theirs = await TestClient.connect(h.port);
    theirs.send({ type: 'hello', protocol: next });
    expect(await theirs.next('welcome')).toMatchObject({ protocol: next });
    await theirs.close();
    await h.stop();
  });

  it('rate-limits a flooding connection, then drops it', async () => {
    const h = await testHost({ limits: { ratePerSecond: 5, rateBurst: 10, rateStrikes: 100 } });
    const c = await TestClient.greeted(h.port);
    for (let i = 0; i < 30; i++) c.send({ type: 'ping', id: i });
    const limited = await c.next((m) => m.type === 'error' && m.code === 'rateLimited');
    expect(limited.type).toBe('error');
    // hello took one token: 9 of the burst answered, the rest dropped.
    expect(c.inbox.filter((m) => m.type === 'pong').length).toBeLessThanOrEqual(10);
    for (let i = 0; i < 200; i++) c.send({ type: 'ping' });
    expect((await c.closed).code).toBe(CLOSE_CODES.abusive);
    // A polite neighbour is not affected.
    const d = await TestClient.greeted(h.port);
    d.send({ type: 'ping', id: 7 });
    expect(await d.next('pong')).toEqual({ type: 'pong', id: 7 });
    await d.close();
    await h.stop();
  });

  it('closes a socket that never says hello', async () => {
    const h = await testHost({ limits: { helloTimeoutMs: 150 } });
    const c = await TestClient.connect(h.port);
    c.send({ type: 'listTables' });
    expect((await c.next('error')).code).toBe('helloRequired');
    expect((await c.closed).code).toBe(1008);
    await h.stop();
  });

  it('drops a peer that stops answering pings and keeps live ones', async () => {
    const h = await testHost({ limits: { heartbeatMs: 100 } });
    const dead = await TestClient.connect(h.port, {}, { autoPong: false });
    const live = await TestClient.greeted(h.port);
    const t0 = Date.now();
    expect((await dead.closed).code).toBe(1006);
    expect(Date.now() - t0).toBeLessThan(1000);
    live.send({ type: 'ping', id: 1 });
    expect((await live.next('pong')).id).toBe(1);
    await live.close();
    await h.stop();
  });

  it('caps connections and tables', async () => {
    const h = await testHost({ limits: { maxConnections: 3, maxTables: 2 } });
    const cs = await Promise.all([0, 1, 2].map(() => TestClient.greeted(h.port)));
    await expect(TestClient.connect(h.port)).rejects.toThrow('HTTP 503');
    const options = { players: 2, mode: 'basic', actionRule: false } as const;
    cs.forEach((c, i) => c.send({ type: 'createTable', name: `T${i}`, player: 'P', options }));
    await cs[0].next('joined');
    await cs[1].next('joined');
    const e = await cs[2].next('error');
    expect(e.code).toBe('tooManyTables');
    expect(h.host.tables()).toHaveLength(2);
    await Promise.all(cs.map((c) => c.close()));
    await h.stop();
  });

  it('caps connections per address, so one machine cannot take every place', async () => {
    const h = await testHost({ limits: { maxConnectionsPerAddress: 2 } });
    // 127.0.0.1 (the host's own machine) is not capped; other 127.x addresses stand in for LAN machines.
    const from = (localAddress: string) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${h.port}/ws`, { localAddress });
        ws.once('open', () => resolve(ws));
        ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
        ws.once('error', reject);
      });
    const own = await Promise.all([1, 2, 3].map(() => from('127.0.0.1')));
    const first = [await from('127.0.0.2'), await from('127.0.0.2')];
    await expect(from('127.0.0.2')).rejects.toThrow('HTTP 429');
    const other = await from('127.0.0.3');
    const closed = new Promise((r) => first[0].once('close', r));
    first[0].close();
    await closed;
    await expect.poll(async () => from('127.0.0.2').then((ws) => (ws.close(), 'open'), String)).toBe('open');
    for (const ws of [first[1], other, ...own]) ws.close();
    await h.stop();
  });

  it('checks Origin on upgrade: the app and the host’s own pages only', async () => {
    const h = await testHost({ allowedOrigins: ['http://localhost:5173'] });
    const own = `http://127.0.0.1:${h.port}`;
    for (const origin of [own, 'file://', 'app://red7', 'http://localhost:5173']) {
      const c = await TestClient.connect(h.port, { Origin: origin });
      await c.close();
    }
    await (await TestClient.connect(h.port)).close();
    for (const origin of [
      'http://evil.example',
      `http://127.0.0.1:${h.port + 1}`,
      'null',
      'https://127.0.0.1.evil.example',
    ]) {
      await expect(TestClient.connect(h.port, { Origin: origin })).rejects.toThrow('HTTP 403');
    }
    await h.stop();
  });

  it('trims names and refuses over-long or control-character names', async () => {
    const h = await testHost();
    const a = await TestClient.greeted(h.port);
    a.send({
      type: 'createTable',
      name: '  Friday   ',
      player: '  Ann ',
      options: { players: 2, mode: 'basic', actionRule: false },
    });
    const { tableId } = await a.next('joined');
    const info = (await a.next('table')).table;
    expect(info.name).toBe('Friday');
    expect(info.seatList[0].name).toBe('Ann');
    const b = await TestClient.greeted(h.port);
    b.send({ type: 'join', tableId, name: 'B'.repeat(25) });
    expect((await b.next('error')).reason).toMatch(/at most 24/);
    b.send({ type: 'join', tableId, name: 'Bo\u0000b' });
    expect((await b.next('error')).reason).toMatch(/control/);
    b.send({ type: 'join', tableId, name: ' ann ' });
    expect((await b.next('error')).code).toBe('nameTaken');
    await Promise.all([a.close(), b.close()]);
    await h.stop();
  });
});
