import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gameFacts, playerStats } from '../../shared/record';
import type { PlayerStats } from '../../shared/record';
import { testHost, type TestHost } from './helpers/host';
import { get, seedHistory } from './helpers/history';
import { playRandomly, startedTable } from './helpers/play';
import { rng } from '../helpers/random';

const hosts: TestHost[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.stop();
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

async function seeded(count: number, names: (i: number) => string[]) {
  const dataDir = mkdtempSync(join(tmpdir(), 'red7-stats-'));
  folders.push(dataDir);
  const records = seedHistory(dataDir, count, {
    options: { players: 3, mode: 'advanced', actionRule: true, targetScore: 15 },
    names,
  });
  const h = await testHost({ dataDir });
  hosts.push(h);
  return { h, records, dataDir };
}

const stats = async (port: number, query = '') => {
  const r = await get(port, `/api/history/stats${query}`);
  return {
    status: r.status,
    body: JSON.parse(r.body) as { games: number; players: PlayerStats[]; error?: string },
  };
};

describe('GET /api/history/stats over a real host', () => {
  it("answers what the shared playerStats says of the archive's records, and `since` keeps the later games", async () => {
    const names = (i: number) => ['Ann', i % 2 ? 'Ben' : 'Cleo', 'Dev'];
    const { h, records } = await seeded(6, names);
    const want = playerStats(records.map((r) => gameFacts(r)!));
    const all = await stats(h.port);
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ games: 6, players: want });
    expect(all.body.players.find((p) => p.name === 'Ann')!.games).toBe(6);
    // Asked again: the same (from the kept facts).
    expect((await stats(h.port)).body).toEqual(all.body);
    const since = Date.parse(records[3].finishedAt);
    const later = await stats(h.port, `?since=${since}`);
    expect(later.body).toEqual({
      games: 3,
      players: playerStats(records.slice(3).map((r) => gameFacts(r)!)),
    });
  });

  it('skips a damaged record, and refuses bad parameters with a reason (never echoing them)', async () => {
    const { h, records, dataDir } = await seeded(2, () => ['Ann', 'Ben', 'Cleo']);
    writeFileSync(join(dataDir, 'history', `${records[0].id}.json`), '{"format":');
    const s = await stats(h.port);
    expect([s.status, s.body.games]).toEqual([200, 1]);
    for (const [q, reason] of [
      ['?since=abc', 'since must be a time in milliseconds since 1970'],
      ['?since=1&since=2', 'since is given more than once'],
      ['?player=%3Cscript%3E', 'unknown parameter (since)'],
      ['?since=1234567890123456', 'since must be a time in milliseconds since 1970'],
    ]) {
      const r = await stats(h.port, q);
      expect([r.status, r.body.error]).toEqual([400, reason]);
    }
  });

  it('counts a game only once it is over: nothing of a game in play is in the stats', async () => {
    const { h } = await seeded(1, () => ['Ann', 'Ben', 'Cleo']);
    const { clients } = await startedTable(h.port, {
      players: 2,
      mode: 'advanced',
      actionRule: true,
      targetScore: 8,
    });
    const before = await stats(h.port);
    expect(before.body.games).toBe(1);
    expect(before.body.players.map((p) => p.name)).toEqual(['Ann', 'Cleo']); // seat 1 is a bot
    await playRandomly(clients, rng(5));
    // The record is written off the event loop: the stats count it once it is there.
    let after = before;
    for (let i = 0; i < 100 && after.body.games === 1; i++) {
      await new Promise((r) => setTimeout(r, 20));
      after = await stats(h.port);
    }
    expect(after.body.games).toBe(2);
    expect(after.body.players.map((p) => p.name).sort()).toEqual(['Ann', 'Cleo', 'Player 1', 'Player 2']);
  });

  it('a host without games answers no players; the path is no game id', async () => {
    const { h } = await seeded(0, () => []);
    expect((await stats(h.port)).body).toEqual({ games: 0, players: [] });
    expect((await get(h.port, '/api/history/stats/x')).status).toBe(400);
  });
});
