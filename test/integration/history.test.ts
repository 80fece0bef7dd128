import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { replayRecord } from '../../shared/record';
import type { GameRecord } from '../../shared/record';
import { rng } from '../helpers/random';
import { testHost, type TestHost } from './helpers/host';
import { allPages, get, historyHas, listHistory, seedHistory } from './helpers/history';
import { playRandomly, startedTable } from './helpers/play';

const BASIC = { players: 2, mode: 'basic', actionRule: false } as const;
const hosts: TestHost[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.stop();
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});
const folder = () => {
  const f = mkdtempSync(join(tmpdir(), 'red7-history-'));
  folders.push(f);
  return f;
};
async function host(opts: Parameters<typeof testHost>[0] = {}): Promise<TestHost> {
  const h = await testHost(opts);
  hosts.push(h);
  return h;
}

async function record(port: number, id: string): Promise<GameRecord> {
  const r = await get(port, `/api/history/${id}`);
  expect(r.status).toBe(200);
  return JSON.parse(r.body) as GameRecord;
}

const CARD = /\b[ROYGBIV][1-7]\b/;

describe('the history at the host', () => {
  it('lists a game played to the end, with its fields, and its record replays to what the players saw', async () => {
    const h = await host({ hostName: 'Friday host' });
    const { tableId, clients } = await startedTable(h.port, {
      players: 3,
      mode: 'advanced',
      actionRule: true,
    });
    expect((await listHistory(h.port)).games).toEqual([]); // a game in play is no history
    await playRandomly(clients, rng(19));
    await historyHas(h.port, 1);
    const { games, next } = await listHistory(h.port);
    expect(next).toBeNull();
    const view = clients[0].view!;
    expect(games).toEqual([
      {
        id: `${tableId}-1`,
        table: 'Test table',
        startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        finishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        options: {
          players: 3,
          mode: 'advanced',
          actionRule: true,
          rulesVersion: '1.2',
          targetScore: 35,
          autoDraw: false,
        },
        seats: [
          { name: 'Player 1', bot: null },
          { name: 'Player 2', bot: null },
          { name: 'Player 3', bot: null },
        ],
        rounds: view.log.filter((e) => e.kind === 'deal').length,
        winners: view.winners,
        scores: view.scores,
      },
    ]);
    expect(Date.parse(games[0].startedAt!)).toBeLessThanOrEqual(Date.parse(games[0].finishedAt));
    const rec = await record(h.port, games[0].id);
    expect(rec.app).toEqual({ name: 'Red7 LAN', version: expect.any(String) });
    const replayed = replayRecord(rec);
    if (!replayed.ok) throw new Error(replayed.reason);
    const last = replayed.steps[replayed.steps.length - 1].state;
    expect(last.palettes).toEqual(view.palettes);
    expect(last.moveCount).toBe(view.moveCount);
    // Every public log entry is the one the players saw (a draw's card is the drawer's, so it is compared apart).
    const hideDraws = (e: (typeof view.log)[number]) => (e.kind === 'draw' ? { ...e, card: null } : e);
    expect(last.log.map(hideDraws)).toEqual(view.log.map(hideDraws));
    expect(h.problems).toEqual([]);
  });

  it('marks a bot seat with its level, a person as null', async () => {
    const h = await host({ bots: 'inline' });
    const { clients } = await startedTable(
      h.port,
      { players: 2, mode: 'basic', actionRule: false, botLevel: 'easy' },
      { bots: [1] },
    );
    await playRandomly(clients, rng(11));
    await historyHas(h.port, 1);
    expect((await listHistory(h.port)).games[0].seats).toEqual([
      { name: 'Player 1', bot: null },
      { name: 'Bot 2', bot: 'easy' },
    ]);
  });

  it('keeps the history across a restart, and does not archive a restored finished table twice', async () => {
    const dataDir = folder();
    const first = await testHost({ dataDir });
    const { clients } = await startedTable(first.port, BASIC);
    await playRandomly(clients, rng(3));
    await historyHas(first.port, 1);
    const before = await listHistory(first.port);
    await Promise.all(clients.map((c) => c.close()));
    await first.stop();
    const again = await host({ dataDir });
    expect(again.host.tables()).toHaveLength(1); // the finished table came back
    expect(await listHistory(again.port)).toEqual(before);
    expect(readdirSync(join(dataDir, 'history'))).toEqual([`${before.games[0].id}.json`]);
    expect(again.problems).toEqual([]);
  });

  it('archives the games of a rematch apart, newest first', async () => {
    const h = await host();
    const { tableId, clients } = await startedTable(h.port, BASIC);
    await playRandomly(clients, rng(4));
    for (const c of clients) c.send({ type: 'rematch', ready: true });
    await Promise.all(clients.map((c) => c.nextView((v) => !v.gameOver)));
    await playRandomly(clients, rng(5));
    await historyHas(h.port, 2);
    expect((await listHistory(h.port)).games.map((g) => g.id)).toEqual([`${tableId}-2`, `${tableId}-1`]);
  });

  it('keeps the last N games and the size cap, the oldest pruned first; a game just ended is kept', async () => {
    const dataDir = folder();
    const seeded = seedHistory(dataDir, 6);
    const h = await host({ dataDir, history: { maxGames: 4 } });
    const ids = (await listHistory(h.port)).games.map((g) => g.id);
    expect(ids).toEqual(
      seeded
        .slice(2)
        .map((r) => r.id)
        .reverse(),
    );
    // Pruned at the start: the files of the two oldest go (off the event loop).
    const files = () => readdirSync(join(dataDir, 'history')).sort();
    for (let i = 0; i < 100 && files().length > 4; i++) await new Promise((r) => setTimeout(r, 20));
    expect(files()).toEqual(seeded.slice(2).map((r) => `${r.id}.json`));
    const { tableId, clients } = await startedTable(h.port, BASIC);
    await playRandomly(clients, rng(6));
    await historyHas(h.port, 4);
    for (let i = 0; i < 100 && (await listHistory(h.port)).games.some((g) => g.id === seeded[2].id); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect((await listHistory(h.port)).games.map((g) => g.id)).toEqual([`${tableId}-1`, ...ids.slice(0, 3)]);
    expect((await get(h.port, `/api/history/${seeded[2].id}`)).status).toBe(404);
  });

  it('keeps the size cap: the oldest go until the rest fit', async () => {
    const dataDir = folder();
    const seeded = seedHistory(dataDir, 5);
    const sizes = seeded.map((r) => statSync(join(dataDir, 'history', `${r.id}.json`)).size);
    const fitThree = sizes.slice(2).reduce((a, b) => a + b, 0);
    const h = await host({ dataDir, history: { maxBytes: fitThree } });
    expect((await listHistory(h.port)).games.map((g) => g.id)).toEqual(
      seeded
        .slice(2)
        .map((r) => r.id)
        .reverse(),
    );
  });

  it('skips a damaged record with its reason, and never stops for it', async () => {
    const dataDir = folder();
    const seeded = seedHistory(dataDir, 3);
    const dir = join(dataDir, 'history');
    const text = readFileSync(join(dir, `${seeded[0].id}.json`), 'utf8');
    writeFileSync(join(dir, `${seeded[0].id}.json`), text.slice(0, text.length / 2)); // cut short
    writeFileSync(join(dir, 'garbage-1.json'), '{"format":"red7-lan/game-record","version":1}');
    writeFileSync(join(dir, 'other-1.json'), JSON.stringify(seeded[1])); // names another game
    writeFileSync(join(dir, `${seeded[2].id}.json.4242.1.tmp`), text.slice(0, 100)); // a write a kill cut short
    writeFileSync(join(dir, 'notes.txt'), 'not history');
    const h = await host({ dataDir });
    expect((await listHistory(h.port)).games.map((g) => g.id)).toEqual([seeded[2].id, seeded[1].id]);
    expect(h.problems).toHaveLength(3);
    expect(h.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^history: garbage-1\.json is damaged \(id: .*\); skipped$/),
        expect.stringMatching(/^history: other-1\.json holds game seeded0001-1; skipped$/),
        expect.stringMatching(
          new RegExp(`^history: ${seeded[0].id}\\.json is damaged \\(not JSON .*\\); skipped$`),
        ),
      ]),
    );
    expect(existsSync(join(dir, `${seeded[2].id}.json.4242.1.tmp`))).toBe(false);
    // A file damaged after the start: the record is no longer offered, the host goes on.
    writeFileSync(join(dir, `${seeded[2].id}.json`), 'x');
    expect((await get(h.port, `/api/history/${seeded[2].id}`)).status).toBe(404);
    expect((await listHistory(h.port)).games.map((g) => g.id)).toEqual([seeded[1].id]);
    expect(h.problems.at(-1)).toMatch(/no longer listed/);
  });

  it('pages newest first with a cursor, never skipping or repeating, and filters by player name', async () => {
    const dataDir = folder();
    const names = (i: number) => [i % 3 === 0 ? 'Ann' : 'Bob', i % 2 === 0 ? '지민' : 'Luca'];
    const seeded = seedHistory(dataDir, 11, { names });
    const h = await host({ dataDir });
    const pages = await allPages(h.port, '', 4);
    expect(pages.map((p) => p.games.length)).toEqual([4, 4, 3]);
    expect(pages.flatMap((p) => p.games.map((g) => g.id))).toEqual(seeded.map((r) => r.id).reverse());
    const anns = (await allPages(h.port, '&player=ann', 2)).flatMap((p) => p.games);
    expect(anns.map((g) => g.id)).toEqual(
      seeded
        .filter((_, i) => i % 3 === 0)
        .map((r) => r.id)
        .reverse(),
    );
    const jimin = await listHistory(h.port, `?player=${encodeURIComponent(' 지민 ')}&limit=100`);
    expect(jimin.games).toHaveLength(6);
    expect((await listHistory(h.port, '?player=Nobody')).games).toEqual([]);
    // The default page is 20 games.
    expect((await listHistory(h.port)).games).toHaveLength(11);
  });

  it('refuses hostile requests with a clear error, and nothing of a game in play is reachable', async () => {
    const dataDir = folder();
    seedHistory(dataDir, 2);
    const h = await host({ dataDir });
    const { tableId, clients } = await startedTable(h.port, {
      players: 2,
      mode: 'advanced',
      actionRule: true,
    });
    await playRandomly(clients, rng(8), (m) => m >= 6);
    const live = clients[0].view!;
    expect(live.gameOver).toBe(false);
    const bad: [string, number, RegExp][] = [
      ['?limit=0', 400, /limit must be a whole number from 1 to 100/],
      ['?limit=101', 400, /limit/],
      ['?limit=1e2', 400, /limit/],
      ['?limit=-1', 400, /limit/],
      ['?limit=99999999999999999999', 400, /limit/],
      ['?limit=2&limit=3', 400, /limit is given more than once/],
      ['?limit=', 400, /limit/],
      ['?cursor=abc', 400, /cursor is not one this host gave/],
      ['?cursor=1.../../tables', 400, /cursor/],
      ['?cursor=%00', 400, /cursor/],
      [`?player=${'x'.repeat(25)}`, 400, /player must be a name of 1 to 24 characters/],
      ['?player=%01', 400, /player/],
      ['?player=', 400, /player/],
      ['?tableId=x', 400, /unknown parameter tableId/],
      ['?%3Cscript%3E=1', 400, /^unknown parameter \(limit/],
      [`/${tableId}`, 404, /no such finished game/],
      [`/${tableId}-1`, 404, /no such finished game/],
      [`/${tableId}-0`, 404, /no such finished game/],
      [`/${tableId}-2`, 404, /no such finished game/],
      ['/..%2Ftables', 400, /not a game id/],
      ['/%2e%2e', 400, /not a game id/],
      ['/..', 400, /not a game id/],
      [`/../tables/${tableId}/snapshot.json`, 400, /not a game id/],
      [`/%2E%2E%2Ftables%2F${tableId}%2Fsnapshot`, 400, /not a game id/],
      ['/', 400, /not a game id/],
      ['//seeded0000-1', 400, /not a game id/],
      ['/seeded0000-1.json', 400, /not a game id/],
      ['/seeded0000-1?x=1', 400, /a game takes no parameters/],
      [`/${'a'.repeat(65)}`, 400, /not a game id/],
    ];
    const bodies: string[] = [];
    for (const [path, status, error] of bad) {
      const r = await get(h.port, `/api/history${path}`);
      expect([path, r.status]).toEqual([path, status]);
      const body = JSON.parse(r.body) as { error: string };
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error).toMatch(error);
      bodies.push(r.body);
    }
    expect((await get(h.port, '/api/history', 'POST')).status).toBe(405);
    expect((await get(h.port, '/api/historyx')).status).toBe(404);
    // No answer carries a card, the seed, or the live game's hands and deck.
    for (const body of bodies) {
      expect(body).not.toMatch(CARD);
      expect(body).not.toMatch(/seed|deck|hand/i);
    }
    // The list holds only the two finished games, and none of it is the live game.
    const list = await listHistory(h.port, '?limit=100');
    expect(list.games.map((g) => g.id)).toEqual(['seeded0001-1', 'seeded0000-1']);
    expect(JSON.stringify(list)).not.toContain(tableId);
    expect(readdirSync(join(h.dataDir, 'history')).filter((f) => f.includes(tableId))).toEqual([]);
    // Seeded games are 2-player Basic: a record the host serves is the game asked for, never the live one.
    const served = await record(h.port, 'seeded0000-1');
    expect(served.id).toBe('seeded0000-1');
    expect(served.rounds[0].deal.hands[0]).not.toEqual(live.hand);
  });

  it('limits the rate of history requests from one address', async () => {
    const h = await host({ limits: { ratePerSecond: 1, rateBurst: 3 } });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await get(h.port, '/api/history')).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const r = await get(h.port, '/api/history/abc-1');
    expect(r.headers['retry-after']).toBe('1');
  });
});
