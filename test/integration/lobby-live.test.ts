import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerMessage, TableOptions, TableSummary } from '../../shared/protocol';
import { TestClient } from './helpers/client';
import { testHost, type TestHost } from './helpers/host';
import { playRandomly, viewAt } from './helpers/play';
import { rng } from '../helpers/random';

/*
 * The lobby list as a watcher sees it change, in order: a seat taken, the game started, the game finished;
 * and the host closing a finished table (refused for one still open or playing).
 */

let h: TestHost;
afterEach(() => h.stop());

const basic2: TableOptions = { players: 2, mode: 'basic', actionRule: false };
type Tables = Extract<ServerMessage, { type: 'tables' }>;

/** Every distinct list the watcher was sent, as (players, state) of the one table, in order. */
function steps(lobby: TestClient, id: string): string[] {
  const out: string[] = [];
  for (const m of lobby.inbox) {
    if (m.type !== 'tables') continue;
    const t = m.tables.find((x) => x.id === id);
    if (!t && out.length === 0) continue; // before the table was made
    const s = t ? `${t.players}/${t.seats} ${t.state}` : 'gone';
    if (out.at(-1) !== s) out.push(s);
  }
  return out;
}

/**
 * Ann and Bob's table, played to its end. With a `lobby`, each step waits until the watcher's list shows it
 * (the host gathers changes 50 ms into one list, and test clients are faster than that).
 */
async function finishedPair(port: number, lobby?: TestClient) {
  const shown = async (state: string) => {
    if (lobby)
      await lobby.next(
        (m) => m.type === 'tables' && m.tables.some((t) => `${t.players}/${t.seats} ${t.state}` === state),
      );
  };
  const ann = await TestClient.greeted(port);
  ann.send({ type: 'createTable', name: 'Evening', player: 'Ann', options: basic2 });
  const { tableId } = await ann.next('joined');
  await shown('1/2 open');
  const bob = await TestClient.greeted(port);
  bob.send({ type: 'join', tableId, name: 'Bob' });
  await bob.next('joined');
  await shown('2/2 open');
  ann.send({ type: 'start' });
  await Promise.all([ann, bob].map((c) => viewAt(c, 0)));
  await shown('2/2 playing');
  await playRandomly([ann, bob], rng(5));
  await shown('2/2 finished');
  return { tableId, ann, bob };
}

describe('the live lobby', () => {
  it('shows a watcher each seat taken, the start and the finish, in order', async () => {
    h = await testHost();
    const lobby = await TestClient.greeted(h.port);
    lobby.send({ type: 'listTables' });
    await lobby.next('tables');
    const { tableId, ann, bob } = await finishedPair(h.port, lobby);
    expect(steps(lobby, tableId)).toEqual(['1/2 open', '2/2 open', '2/2 playing', '2/2 finished']);
    const last = lobby.inbox.findLast((m) => m.type === 'tables') as Tables;
    // A finished table's list entry carries its result: the lobby's finished group shows who won.
    expect(last.tables[0].match.reduce((n, e) => n + e.wins, 0)).toBe(1);
    await Promise.all([lobby, ann, bob].map((c) => c.close()));
  });

  it('closes a finished table: off the list, its people told, its files kept out of the next start', async () => {
    h = await testHost();
    const lobby = await TestClient.greeted(h.port);
    lobby.send({ type: 'listTables' });
    await lobby.next('tables');

    const early = await TestClient.greeted(h.port);
    early.send({ type: 'createTable', name: 'Still open', player: 'Cy', options: basic2 });
    const open = (await early.next('joined')).tableId;
    expect(() => h.host.closeTable(open)).toThrow('"Still open" is not finished');
    expect(() => h.host.closeTable('NoSuchTable')).toThrow('no table NoSuchTable');

    const { tableId, ann, bob } = await finishedPair(h.port);
    const watcher = await TestClient.greeted(h.port);
    watcher.send({ type: 'spectate', tableId, name: 'Dee' });
    await watcher.next('spectating');
    await lobby.next(
      (m) => m.type === 'tables' && m.tables.some((t) => t.id === tableId && t.state === 'finished'),
    );

    h.host.closeTable(tableId);
    for (const c of [ann, bob, watcher]) expect(await c.next('left')).toEqual({ type: 'left', tableId });
    const after = await lobby.next((m) => m.type === 'tables' && !m.tables.some((t) => t.id === tableId));
    expect((after as Tables).tables.map((t: TableSummary) => t.id)).toEqual([open]);
    expect(h.host.tables().map((t) => t.id)).toEqual([open]);
    // Its tokens open nothing any more.
    const again = await TestClient.greeted(h.port);
    again.send({ type: 'resume', token: ann.token! });
    expect((await again.next('error')).code).toBe('badToken');

    // The files stay (there is no history to show them yet), out of the folder a start restores.
    await h.host.close({ timeoutMs: 500 });
    const kept = join(h.dataDir, 'closed', tableId);
    await until(() => existsSync(join(kept, 'moves.jsonl')));
    expect(existsSync(join(h.dataDir, 'tables', tableId))).toBe(false);
    expect(JSON.parse(readFileSync(join(kept, 'snapshot.json'), 'utf8')).name).toBe('Evening');
    const restarted = await testHost({ dataDir: h.dataDir });
    try {
      expect(restarted.host.tables().map((t) => t.id)).toEqual([open]);
    } finally {
      await restarted.stop();
    }
    await Promise.all([lobby, early, ann, bob, watcher, again].map((c) => c.close()));
  });
});

async function until(ok: () => boolean, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  while (!ok()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
