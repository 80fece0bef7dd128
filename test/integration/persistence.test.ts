import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { viewFor, type GameState } from '../../shared/engine';
import type { TableOptions } from '../../shared/protocol';
import { TestClient } from './helpers/client';
import { emptyMemory, MemoryStore } from '../../main/host/memory-store';
import { testHost } from './helpers/host';
import { ManualClock } from './helpers/manual-clock';
import { openTable, playRandomly, seatTable, startedTable, viewAt } from './helpers/play';
import { rng } from '../helpers/random';
import { replayGame } from './helpers/truth';

const adv3: TableOptions = { players: 3, mode: 'advanced', actionRule: true };
const tableFile = (dir: string, id: string, name: string) => join(dir, 'tables', id, name);

/** Reconnects every player of a table with their token and checks they are exactly where they were. */
async function resumeAll(port: number, old: TestClient[]): Promise<TestClient[]> {
  const back: TestClient[] = [];
  for (const c of old) {
    const n = await TestClient.greeted(port);
    n.send({ type: 'resume', token: c.token! });
    expect((await n.next('joined')).seat).toBe(c.seat);
    back.push(n);
  }
  return back;
}

describe('persistence', () => {
  it('restores tables after a restart; players resume exactly where they were and finish', async () => {
    const random = rng(21);
    const h1 = await testHost();
    const { tableId, clients } = await startedTable(h1.port, adv3);
    await playRandomly(clients, random, (m) => m >= 12);
    const views = clients.map((c) => c.view!);
    const closes = clients.map((c) => c.closed);
    await h1.host.close();
    // Clients are told the host is stopping (4002), not just cut off.
    expect((await closes[0]).code).toBe(4002);

    const h2 = await testHost({ dataDir: h1.dataDir });
    expect(h2.problems).toEqual([]);
    const [t] = h2.host.tables();
    expect(t).toMatchObject({ id: tableId, state: 'playing', players: 3 });
    const back = await resumeAll(h2.port, clients);
    for (const [i, c] of back.entries()) expect((await c.next('view')).view).toEqual(views[i]);
    await playRandomly(back, random);
    expect(back[0].view!.gameOver).toBe(true);
    await Promise.all(back.map((c) => c.close()));
    await h2.stop();
    rmSync(h1.dataDir, { recursive: true, force: true });
  });

  it('keeps its tables in the store it is given: one in memory restores them at the next start, and no tables folder is made', async () => {
    const memory = emptyMemory();
    const h = await testHost({ store: new MemoryStore(memory) });
    const { tableId, clients } = await startedTable(h.port, adv3);
    expect(existsSync(join(h.dataDir, 'tables'))).toBe(false);
    await Promise.all(clients.map((c) => c.close()));
    await h.stop();
    const again = await testHost({ store: new MemoryStore(memory) });
    expect(again.host.tables()).toMatchObject([{ id: tableId, state: 'playing', players: 3 }]);
    const back = await resumeAll(again.port, clients);
    expect(back.map((c) => c.seat)).toEqual([0, 1, 2]);
    await Promise.all(back.map((c) => c.close()));
    await again.stop();
    expect([...h.problems, ...again.problems]).toEqual([]);
  });

  it('replays the move log past an older snapshot, including a game started after it', async () => {
    const random = rng(22);
    const h1 = await testHost({ limits: { snapshotDelayMs: 0 } });
    // Table A: a snapshot from move 3, a log to move 10+.
    const a = await startedTable(h1.port, adv3);
    await playRandomly(a.clients, random, (m) => m >= 3);
    // Table B: a snapshot from before the start, then a started game.
    const b = await seatTable(h1.port, { players: 2, mode: 'basic', actionRule: false });
    // The snapshots land off the event loop, a moment after the changes they hold.
    const snapshotOf = (id: string) => {
      const file = tableFile(h1.dataDir, id, 'snapshot.json');
      return existsSync(file)
        ? (JSON.parse(readFileSync(file, 'utf8')) as { state: GameState | null })
        : null;
    };
    const moves = a.clients[0].view!.moveCount;
    await expect.poll(() => snapshotOf(a.tableId)?.state?.moveCount).toBe(moves);
    await expect.poll(() => snapshotOf(b.tableId)?.state).toBeNull();
    const saved = join(h1.dataDir, 'saved');
    mkdirSync(saved);
    copyFileSync(tableFile(h1.dataDir, a.tableId, 'snapshot.json'), join(saved, 'a.json'));
    copyFileSync(tableFile(h1.dataDir, b.tableId, 'snapshot.json'), join(saved, 'b.json'));
    expect(JSON.parse(readFileSync(join(saved, 'b.json'), 'utf8')).state).toBeNull();
    await playRandomly(a.clients, random, (m) => m >= 10);
    b.clients[0].send({ type: 'start' });
    await Promise.all(b.clients.map((c) => viewAt(c, 0)));
    await playRandomly(b.clients, random, (m) => m >= 3 || b.clients[0].view!.gameOver);
    const expected = [...a.clients, ...b.clients].map((c) => c.view!);
    await h1.host.close();
    copyFileSync(join(saved, 'a.json'), tableFile(h1.dataDir, a.tableId, 'snapshot.json'));
    copyFileSync(join(saved, 'b.json'), tableFile(h1.dataDir, b.tableId, 'snapshot.json'));

    const h2 = await testHost({ dataDir: h1.dataDir });
    expect(h2.problems).toEqual([]);
    const back = await resumeAll(h2.port, [...a.clients, ...b.clients]);
    for (const [i, c] of back.entries()) expect((await c.next('view')).view).toEqual(expected[i]);
    await Promise.all(back.map((c) => c.close()));
    await h2.stop();
    rmSync(h1.dataDir, { recursive: true, force: true });
  });

  it('reports and skips damaged files, repairs a torn log, and keeps the good tables', async () => {
    const random = rng(23);
    const h1 = await testHost();
    const tables = [];
    for (let i = 0; i < 5; i++) {
      const t = await startedTable(h1.port, { players: 2, mode: 'advanced', actionRule: false });
      await playRandomly(t.clients, random, (m) => m >= 6);
      tables.push(t);
    }
    await h1.host.close();
    const dir = h1.dataDir;
    const [good, garbled, torn, badLine, brokenState] = tables;
    writeFileSync(tableFile(dir, garbled.tableId, 'snapshot.json'), '{"format":1,"id":"');
    appendFileSync(tableFile(dir, torn.tableId, 'moves.jsonl'), '{"g":1,"n":6,"s":0,"m":{"type":"pl');
    const lines = readFileSync(tableFile(dir, badLine.tableId, 'moves.jsonl'), 'utf8').split('\n');
    lines.splice(4, 0, 'not json at all');
    writeFileSync(tableFile(dir, badLine.tableId, 'moves.jsonl'), lines.join('\n'));
    const snap = JSON.parse(readFileSync(tableFile(dir, brokenState.tableId, 'snapshot.json'), 'utf8'));
    snap.state.hands = 'none';
    writeFileSync(tableFile(dir, brokenState.tableId, 'snapshot.json'), JSON.stringify(snap));
    mkdirSync(join(dir, 'tables', 'noSnapshotHere'));
    writeFileSync(join(dir, 'tables', 'notes.txt'), 'not a table');

    const h2 = await testHost({ dataDir: dir });
    const problems = h2.problems.join('\n');
    expect(problems).toMatch(new RegExp(`${garbled.tableId}: snapshot is damaged`));
    expect(problems).toMatch(new RegExp(`${brokenState.tableId}: snapshot is damaged \\(state.hands`));
    expect(problems).toMatch(
      new RegExp(`${torn.tableId}: move log damaged \\(the last line is cut short\\)`),
    );
    expect(problems).toMatch(new RegExp(`${badLine.tableId}: move log damaged \\(line 5`));
    expect(problems).toMatch(/noSnapshotHere: no readable snapshot/);
    const ids = h2.host.tables().map((t) => t.id);
    expect(ids.sort()).toEqual([good.tableId, torn.tableId, badLine.tableId].sort());
    // The torn log was cut back to its last whole line; the original is kept beside it.
    expect(readFileSync(tableFile(dir, torn.tableId, 'moves.jsonl'), 'utf8').endsWith('\n')).toBe(true);
    expect(
      readdirSync(join(dir, 'tables', torn.tableId)).some((f) => f.startsWith('moves.jsonl.damaged-')),
    ).toBe(true);

    // The torn table goes on from its last whole move, and its log stays readable for the next restart.
    const [back] = await resumeAll(h2.port, [torn.clients[0]]);
    const [back2] = await resumeAll(h2.port, [torn.clients[1]]);
    await viewAt(back, 0);
    expect(back.view!.moveCount).toBe(torn.clients[0].view!.moveCount);
    await playRandomly([back, back2], random);
    await Promise.all([back, back2].map((c) => c.close()));
    await h2.host.close();
    const states = replayGame(dir, torn.tableId);
    expect(states[states.length - 1].phase).toBe('gameOver');
    const h3 = await testHost({ dataDir: dir });
    expect(h3.problems.filter((p) => p.includes(torn.tableId))).toEqual([]);
    await h3.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps seat tokens out of the data folder (only their hashes)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'red7-host-'));
    const h = await testHost({ dataDir });
    const { tableId, clients } = await startedTable(h.port, { players: 2, mode: 'basic', actionRule: false });
    await h.host.close();
    const dir = join(dataDir, 'tables', tableId);
    const files = readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8'));
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const c of clients) for (const f of files) expect(f).not.toContain(c.token);
    // The saved state is the host's full truth: the replayed log and the snapshot agree.
    const snap = JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8'));
    const states = replayGame(dataDir, tableId);
    expect(viewFor(snap.state, null)).toEqual(viewFor(states[states.length - 1], null));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads a snapshot from before unattendedSince as a table attended until the restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'red7-host-'));
    const h1 = await testHost({ dataDir });
    const made: { tableId: string; token: string }[] = [];
    for (const name of ['Old', 'New']) {
      const c = await openTable(h1.port, name, 'Ann');
      made.push({ tableId: c.tableId!, token: c.token! });
      await c.close();
    }
    await h1.host.close();
    const [old, recent] = made;
    const snapshot = (id: string) =>
      JSON.parse(readFileSync(tableFile(dataDir, id, 'snapshot.json'), 'utf8'));
    expect(typeof snapshot(recent.tableId).unattendedSince).toBe('number');
    const { unattendedSince: _dropped, ...older } = snapshot(old.tableId);
    writeFileSync(tableFile(dataDir, old.tableId, 'snapshot.json'), JSON.stringify(older));

    // At the cap, the table without the field counts as attended at the restart: the other one goes.
    const h2 = await testHost({ dataDir, limits: { maxTables: 2 } });
    expect(h2.problems).toEqual([]);
    const c = await openTable(h2.port, 'Third', 'Bo');
    expect(h2.host.tables().map((t) => t.name)).toEqual(['Old', 'Third']);
    await c.close();
    await h2.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a host that stops with people at a table writes nothing after its final snapshot: they were there', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'red7-host-'));
    const h1 = await testHost({ dataDir });
    const { tableId, clients } = await startedTable(h1.port, {
      players: 2,
      mode: 'basic',
      actionRule: false,
    });
    const log = () => readFileSync(tableFile(dataDir, tableId, 'moves.jsonl'), 'utf8');
    const before = log();
    await h1.host.close({ timeoutMs: 500 });
    // The clients' sockets close as the host goes; give their last events time to come.
    await Promise.all(clients.map((c) => c.close()));
    await new Promise((r) => setTimeout(r, 100));
    expect(log()).toBe(before);
    expect(
      JSON.parse(readFileSync(tableFile(dataDir, tableId, 'snapshot.json'), 'utf8')).unattendedSince,
    ).toBe(null);
    expect(h1.problems).toEqual([]);
    // The restart counts them away from now, not from when the host stopped.
    const h2 = await testHost({ dataDir });
    expect(h2.host.tables().map((t) => t.id)).toEqual([tableId]);
    expect(h2.problems).toEqual([]);
    await h2.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads a folder as the version before seat lines wrote it, and logs its seat changes from then on', async () => {
    const random = rng(24);
    const h1 = await testHost();
    const { tableId, clients } = await startedTable(h1.port, adv3);
    await playRandomly(clients, random, (m) => m >= 8);
    const views = clients.map((c) => c.view!);
    await h1.host.close();
    // As 42c7a28 wrote it: a snapshot without logLines, a log of starts and moves only.
    const dir = h1.dataDir;
    const { logLines: _count, ...older } = JSON.parse(
      readFileSync(tableFile(dir, tableId, 'snapshot.json'), 'utf8'),
    );
    writeFileSync(tableFile(dir, tableId, 'snapshot.json'), JSON.stringify(older));
    const log = readFileSync(tableFile(dir, tableId, 'moves.jsonl'), 'utf8').split('\n');
    const oldLog = log.filter((l) => l.startsWith('{"g":'));
    expect(oldLog.length).toBeLessThan(log.length - 1); // there were created and seating lines
    writeFileSync(tableFile(dir, tableId, 'moves.jsonl'), `${oldLog.join('\n')}\n`);

    const clock = new ManualClock();
    const h2 = await testHost({ dataDir: dir, clock, limits: { awayGraceMs: 1000 } });
    expect(h2.problems).toEqual([]);
    const back = await resumeAll(h2.port, clients);
    for (const [i, c] of back.entries()) expect((await c.next('view')).view).toEqual(views[i]);
    // A seat change now goes into the old log: seat 2 is away, and a bot stands in for them.
    await back[2].close();
    await back[0].next((m) => m.type === 'table' && !m.table.seatList[2].connected);
    clock.advance(1000);
    back[0].send({ type: 'replaceByBot', seat: 2 });
    await back[0].next((m) => m.type === 'table' && m.table.seatList[2].standIn);
    const logNow = readFileSync(tableFile(dir, tableId, 'moves.jsonl'), 'utf8');
    await Promise.all(back.map((c) => c.close()));
    await h2.host.close();
    // Killed before any newer snapshot: the old one, and the log as it was.
    writeFileSync(tableFile(dir, tableId, 'snapshot.json'), JSON.stringify(older));
    writeFileSync(tableFile(dir, tableId, 'moves.jsonl'), logNow);
    const h3 = await testHost({ dataDir: dir });
    expect(h3.problems).toEqual([]);
    const first = await TestClient.greeted(h3.port);
    first.send({ type: 'resume', token: clients[0].token! });
    const t = await first.next('table');
    expect(t.type === 'table' && t.table.seatList[2]).toMatchObject({ bot: true, standIn: true });
    await first.close();
    // Seat 2's person takes the seat back from the bot; the game goes on to its end.
    const again = await resumeAll(h3.port, clients);
    await playRandomly(again, random);
    expect(again[0].view!.gameOver).toBe(true);
    await Promise.all(again.map((c) => c.close()));
    await h3.stop();
    rmSync(dir, { recursive: true, force: true });
  });
});
