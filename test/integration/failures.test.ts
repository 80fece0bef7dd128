import { existsSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { TableOptions } from '../../shared/protocol';
import { TestClient } from './helpers/client';
import { testHost } from './helpers/host';
import { moveMessage, seatTable, startedTable, viewAt } from './helpers/play';
import { readMoveLog } from './helpers/truth';

// A fault injected into the real engine, once, to stand for a bug the host must answer truthfully.
const fault = vi.hoisted(() => ({ viewFor: false, applyTurn: false }));
vi.mock('../../shared/engine', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../shared/engine')>();
  return {
    ...real,
    viewFor: (...args: Parameters<typeof real.viewFor>) => {
      if (fault.viewFor) {
        fault.viewFor = false;
        throw new Error('injected fault in viewFor');
      }
      return real.viewFor(...args);
    },
    // The engine's one door for a person's turn (the host's playTurn).
    applyTurn: (...args: Parameters<typeof real.applyTurn>) => {
      if (fault.applyTurn) {
        fault.applyTurn = false;
        throw new Error('injected fault in applyTurn');
      }
      return real.applyTurn(...args);
    },
  };
});

const advanced2: TableOptions = { players: 2, mode: 'advanced', actionRule: false };
const folder = (dir: string, id: string) => join(dir, 'tables', id);

/** Puts a file where the table's folder is, so no snapshot can be written (ENOTDIR); returns the undo. */
function breakFolder(dir: string, id: string): () => void {
  const path = folder(dir, id);
  renameSync(path, `${path}.aside`);
  writeFileSync(path, 'not a folder');
  return () => {
    unlinkSync(path);
    renameSync(`${path}.aside`, path);
  };
}

/** Resolves once every message the host sent `c` before now has arrived. */
async function settled(c: TestClient): Promise<void> {
  c.send({ type: 'ping', id: 7 });
  await c.next((m) => m.type === 'pong' && m.id === 7);
}

describe('a seat change the disk refuses', () => {
  it('is undone and answered unavailable: join, setBot and leave; each works once the disk is back', async () => {
    const h = await testHost();
    const creator = await TestClient.greeted(h.port);
    creator.send({ type: 'createTable', name: 'T', player: 'Ann', options: advanced2 });
    const { tableId } = await creator.next('joined');
    await creator.next('table');
    const recover = breakFolder(h.dataDir, tableId);

    const guest = await TestClient.greeted(h.port);
    creator.drain();
    guest.send({ type: 'join', tableId, name: 'Bob' });
    const refused = await guest.next('error');
    expect(refused).toMatchObject({ code: 'unavailable', to: 'join' });
    expect(refused.reason).toMatch(/could not save this \(ENOTDIR\); nothing changed/);
    creator.send({ type: 'setBot', seat: 1, bot: true });
    expect(await creator.next('error')).toMatchObject({ code: 'unavailable', to: 'setBot' });
    creator.send({ type: 'leave' });
    expect(await creator.next('error')).toMatchObject({ code: 'unavailable', to: 'leave' });
    await settled(creator);
    // Nobody was told of a seat change: the creator heard only its two refusals.
    expect(creator.inbox.slice(-3).map((m) => m.type)).toEqual(['error', 'error', 'pong']);
    expect(h.host.tables()[0]).toMatchObject({ id: tableId, players: 1 });
    expect(guest.token).toBeNull();

    recover();
    guest.send({ type: 'join', tableId, name: 'Bob' });
    expect(await guest.next('joined')).toMatchObject({ tableId, seat: 1 });
    const seated = await creator.next((m) => m.type === 'table' && m.table.players === 2);
    expect(seated.type === 'table' && seated.table.seatList.map((s) => s.name)).toEqual(['Ann', 'Bob']);
    await Promise.all([creator.close(), guest.close()]);
    await h.host.close();

    // What was refused left no trace on disk; what was accepted is there.
    const h2 = await testHost({ dataDir: h.dataDir });
    const back = await TestClient.greeted(h2.port);
    back.send({ type: 'resume', token: guest.token! });
    expect(await back.next('joined')).toMatchObject({ tableId, seat: 1 });
    const table = await back.next('table');
    expect(table.table.seatList.map((s) => [s.name, s.bot])).toEqual([
      ['Ann', false],
      ['Bob', false],
    ]);
    await back.close();
    await h2.stop();
  });
});

describe('an unexpected failure (a bug) inside a request', () => {
  it('before the move is logged: internal, "nothing changed", and nothing did', async () => {
    const h = await testHost();
    const { tableId, clients } = await startedTable(h.port, advanced2);
    const actor = clients.find((c) => c.view!.legalMoves.length > 0)!;
    const before = actor.view!;
    const move = before.legalMoves[0];
    fault.applyTurn = true;
    actor.send(moveMessage(move, before.moveCount));
    const failed = await actor.next('error');
    expect(failed).toMatchObject({ code: 'internal' });
    expect(failed.reason).toMatch(/nothing changed/);
    await settled(actor);
    expect(actor.view).toEqual(before);
    expect(readMoveLog(h.dataDir, tableId).filter((l) => 'm' in l)).toHaveLength(0);
    expect(h.problems.join('\n')).toMatch(/injected fault in applyTurn/);

    actor.send(moveMessage(move, before.moveCount));
    await Promise.all(clients.map((c) => viewAt(c, before.moveCount + 1)));
    await Promise.all(clients.map((c) => c.close()));
    await h.stop();
  });

  it('after the move is logged: internal says it was carried out, and everyone gets the game as it is', async () => {
    const h = await testHost();
    const { tableId, clients } = await startedTable(h.port, advanced2);
    const actor = clients.find((c) => c.view!.legalMoves.length > 0)!;
    const before = actor.view!;
    fault.viewFor = true; // the first view of the broadcast fails, after the log has the move
    actor.send(moveMessage(before.legalMoves[0], before.moveCount));
    const failed = await actor.next('error');
    expect(failed).toMatchObject({ code: 'internal' });
    expect(failed.reason).toMatch(/carried this out/);
    expect(failed.reason).not.toMatch(/nothing changed/);
    await Promise.all(clients.map((c) => viewAt(c, before.moveCount + 1)));
    expect(readMoveLog(h.dataDir, tableId).filter((l) => 'm' in l)).toHaveLength(1);
    await Promise.all(clients.map((c) => c.close()));
    await h.stop();
  });
});

const haveDevNull = existsSync('/dev/null');

describe.skipIf(!haveDevNull)('stopping the host', () => {
  it('reports a move log the disk will not sync, and still closes (resolves, sockets closed)', async () => {
    const h = await testHost();
    const { tableId, clients } = await seatTable(h.port, advanced2);
    // /dev/null takes every write, but fsync on it fails (EINVAL): a disk whose sync fails at shutdown.
    // (The log is there from the table's creation on; it is opened again for each line.)
    const log = join(folder(h.dataDir, tableId), 'moves.jsonl');
    unlinkSync(log);
    symlinkSync('/dev/null', log);
    clients[0].send({ type: 'start' });
    await Promise.all(clients.map((c) => viewAt(c, 0)));

    const started = Date.now();
    await expect(h.host.close({ timeoutMs: 1000 })).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(h.problems.join('\n')).toMatch(
      new RegExp(`${tableId}: move log not synced at shutdown \\(EINVAL\\)`),
    );
    for (const c of clients) expect((await c.closed).code).toBe(4002);
    rmSync(h.dataDir, { recursive: true, force: true });
  });
});
