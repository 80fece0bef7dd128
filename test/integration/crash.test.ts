import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { viewFor } from '../../shared/engine';
import { spawnHost, type ChildHost } from './helpers/child-host';
import { TestClient } from './helpers/client';
import { moveMessage, openTable, playRandomly, startedTable } from './helpers/play';
import { pick, rng } from '../helpers/random';
import { readMoveLog, replayGame } from './helpers/truth';

// The child host keeps its default rate limit (20 messages/s per connection): test players keep under it.
const PACE_MS = 60;
const dataDir = mkdtempSync(join(tmpdir(), 'red7-crash-'));
const children: ChildHost[] = [];
afterAll(() => {
  for (const c of children) if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function resumeAll(port: number, players: TestClient[]): Promise<TestClient[]> {
  return Promise.all(
    players.map(async (old) => {
      const c = await TestClient.greeted(port);
      c.send({ type: 'resume', token: old.token! });
      await c.next('view');
      return c;
    }),
  );
}

describe('a host killed with SIGKILL', () => {
  it(
    'restarts on the same data folder; everyone resumes and finishes; the log has every accepted move',
    { timeout: 60_000 },
    async () => {
      const random = rng(77);
      let host = await spawnHost(dataDir);
      children.push(host);
      const { tableId, clients } = await startedTable(host.port, {
        players: 3,
        mode: 'advanced',
        actionRule: true,
      });
      let players = clients;

      // Crash 1: between moves, after everyone has seen move 15.
      await playRandomly(players, random, (m) => m >= 15, PACE_MS);
      const seen = players.map((c) => c.view!);
      host.proc.kill('SIGKILL');
      expect((await host.exited).signal).toBe('SIGKILL');
      host = await spawnHost(dataDir, host.port);
      children.push(host);
      expect(host.output()).toMatch(/1 table\(s\) restored/);
      players = await resumeAll(host.port, players);
      players.forEach((c, i) => expect(c.view).toEqual(seen[i]));

      // Crash 2: a move is in flight when the host dies; after the restart it is either there or not, never half.
      // (In a round: between rounds nobody has a move, the vote deals.)
      await playRandomly(players, random, (m) => m >= 24 && players[0].view!.phase === 'turn', PACE_MS);
      const actor = players.find((c) => c.view!.legalMoves.length > 0)!;
      const before = actor.view!.moveCount;
      actor.send(moveMessage(pick(random, actor.view!.legalMoves), before));
      host.proc.kill('SIGKILL');
      await host.exited;
      host = await spawnHost(dataDir, host.port);
      children.push(host);
      players = await resumeAll(host.port, players);
      const after = players[0].view!.moveCount;
      expect([before, before + 1]).toContain(after);
      for (const c of players) expect(c.view!.moveCount).toBe(after);

      await playRandomly(players, random, () => false, PACE_MS);
      const final = players[0].view!;
      expect(final.gameOver).toBe(true);

      // The move log alone rebuilds exactly the game the players saw.
      const states = replayGame(dataDir, tableId);
      const truth = states[states.length - 1];
      expect(truth.moveCount).toBe(final.moveCount);
      for (const c of players) expect(viewFor(truth, c.seat)).toEqual(c.view);
      expect(readMoveLog(dataDir, tableId).filter((l) => 'm' in l)).toHaveLength(final.moveCount);

      // A clean stop (SIGTERM) saves and exits 0.
      host.proc.kill('SIGTERM');
      expect((await host.exited).code).toBe(0);
      expect(host.output()).toMatch(/stopped/);
      const snap = JSON.parse(readFileSync(join(dataDir, 'tables', tableId, 'snapshot.json'), 'utf8'));
      expect(snap.state.moveCount).toBe(final.moveCount);
      await Promise.all(players.map((c) => c.close()));
    },
  );
});

describe('the table cap after a SIGKILL', () => {
  it(
    'still removes the longest-unattended table, not the first one in the data folder',
    { timeout: 60_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'red7-cap-'));
      try {
        let host = await spawnHost(dir, 0, { maxTables: 3 });
        children.push(host);
        // Three open tables, each left by its creator (the seat stays theirs, away).
        const tokens = new Map<string, string>();
        for (const name of ['A', 'B', 'C']) {
          const c = await openTable(host.port, name, `P${name}`);
          tokens.set(c.tableId!, c.token!);
          await c.close();
        }
        // Attended again in the reverse of the folder's order (the order a restarted host reads them in),
        // so the first table there is the most recently attended and the last one the longest unattended.
        const listed = readdirSync(join(dir, 'tables'));
        for (const id of [...listed].reverse()) {
          const c = await TestClient.greeted(host.port);
          c.send({ type: 'resume', token: tokens.get(id)! });
          await c.next('joined');
          await c.close();
          // The departure is in the table's log as soon as the host has seen the socket close.
          await expect.poll(() => unattendedSince(dir, id)).not.toBeNull();
          await sleep(50); // departures far enough apart in time to be told apart
        }
        host.proc.kill('SIGKILL');
        await host.exited;

        host = await spawnHost(dir, 0, { maxTables: 3 });
        children.push(host);
        const d = await openTable(host.port, 'D', 'PD');
        const outcome = async (token: string) => {
          const c = await TestClient.greeted(host.port);
          c.send({ type: 'resume', token });
          const answer = await c.next((m) => m.type === 'joined' || m.type === 'error');
          await c.close();
          return answer.type === 'error' ? answer.code : 'kept';
        };
        const results = [];
        for (const id of listed) results.push(await outcome(tokens.get(id)!));
        expect(results).toEqual(['kept', 'kept', 'badToken']);
        await d.close();
        host.proc.kill('SIGKILL');
        await host.exited;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Since when nobody has been at the table, as its log last says (null: someone is, or nothing said yet). */
const unattendedSince = (dir: string, id: string): number | null =>
  readMoveLog(dir, id).findLast((l) => 'seating' in l)?.seating?.unattendedSince ?? null;

describe('the host command', () => {
  it('refuses bad arguments with a reason and the usage, exit code 2', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    for (const [args, reason] of [
      [['--port', 'nope'], /--port must be 0 to 65535/],
      [['--name', '   '], /--name must not be empty/],
      [['--frobnicate'], /Unknown option '--frobnicate'/],
    ] as const) {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'main/cli.ts', '--no-discovery', ...args], {
        cwd: root,
        encoding: 'utf8',
      });
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(reason);
      expect(r.stderr).toMatch(/usage: npm run host/);
    }
  });

  it('says in one line why it cannot start (an unusable data folder, an address not on this machine)', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const notAFolder = join(dataDir, 'not-a-folder');
    // A documentation address (RFC 5737) that no interface of this machine has.
    const local = new Set(Object.values(networkInterfaces()).flatMap((l) => (l ?? []).map((a) => a.address)));
    const notHere = ['203.0.113.77', '198.51.100.77', '192.0.2.77'].find((a) => !local.has(a))!;
    writeFileSync(notAFolder, 'a file where the data folder should be');
    for (const [args, reason] of [
      [
        ['--data-dir', notAFolder],
        /red7 host: cannot start: the data folder .*not-a-folder cannot be used \(ENOTDIR/,
      ],
      [['--data-dir', dataDir, '--bind', notHere], /red7 host: cannot start: .*EADDRNOTAVAIL/],
    ] as const) {
      const r = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'main/cli.ts', '--no-discovery', '--port', '0', ...args],
        { cwd: root, encoding: 'utf8', timeout: 20_000 },
      );
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(reason);
      expect(r.stderr).not.toMatch(/\n\s+at /); // a reason, not a stack trace
    }
  });
});
