import {
  existsSync,
  mkdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TableOptions } from '../../shared/protocol';
import { TestClient } from './helpers/client';
import { testHost } from './helpers/host';
import { moveMessage, playRandomly, seatTable, startedTable, viewAt } from './helpers/play';
import { pick, rng } from '../helpers/random';
import { readMoveLog, replayGame } from './helpers/truth';

// /dev/full accepts an open and refuses every write with ENOSPC: a disk that has just filled up.
const haveDevFull = existsSync('/dev/full');
// Advanced: no game ends within its first few moves.
const advanced2: TableOptions = { players: 2, mode: 'advanced', actionRule: false };
const logFile = (dir: string, id: string) => join(dir, 'tables', id, 'moves.jsonl');

/** Points a table's move log at a full disk; returns how to give it its real file back. */
function fillDisk(dir: string, id: string): () => void {
  const path = logFile(dir, id);
  const had = existsSync(path);
  if (had) renameSync(path, `${path}.real`);
  symlinkSync('/dev/full', path);
  return () => {
    unlinkSync(path);
    if (had) renameSync(`${path}.real`, path);
  };
}

describe.skipIf(!haveDevFull)('a data folder that stops taking writes', () => {
  it('refuses a start the move log cannot record, says why, and starts once the disk has room', async () => {
    const h = await testHost();
    const { tableId, clients } = await seatTable(h.port, advanced2);
    const [creator, other] = clients;
    const recover = fillDisk(h.dataDir, tableId);

    creator.drain();
    creator.send({ type: 'start' });
    const refused = await creator.next('error');
    expect(refused).toMatchObject({ code: 'unavailable', to: 'start' });
    expect(refused.reason).toMatch(/could not save/);
    expect(refused.reason).toMatch(/ENOSPC/);
    expect(refused.reason).not.toContain(h.dataDir); // the host's own paths stay on the host
    expect(h.host.tables()[0].state).toBe('open');
    expect(h.problems.join('\n')).toMatch(/ENOSPC/);

    recover();
    creator.send({ type: 'start' });
    await Promise.all(clients.map((c) => viewAt(c, 0)));
    await playRandomly([creator, other], rng(3), (m) => m >= 4);
    expect(readMoveLog(h.dataDir, tableId).filter((l) => 'm' in l)).toHaveLength(creator.view!.moveCount);
    await Promise.all(clients.map((c) => c.close()));
    await h.stop();
  });

  it('refuses a move the move log cannot record; the game is unchanged and goes on once it can', async () => {
    const random = rng(8);
    const h1 = await testHost();
    const { tableId, clients } = await startedTable(h1.port, advanced2);
    await playRandomly(clients, random, (m) => m >= 3);
    await Promise.all(clients.map((c) => c.close()));
    await h1.host.close();

    // A restarted host opens the log at its first append: by then the disk is full.
    const h2 = await testHost({ dataDir: h1.dataDir });
    const back = await Promise.all(
      clients.map(async (old) => {
        const c = await TestClient.greeted(h2.port);
        c.send({ type: 'resume', token: old.token! });
        await c.next('view');
        return c;
      }),
    );
    const recover = fillDisk(h2.dataDir, tableId);
    const actor = back.find((c) => c.view!.legalMoves.length > 0)!;
    const before = actor.view!;
    const move = pick(random, before.legalMoves);
    actor.drain();
    actor.send(moveMessage(move, before.moveCount));
    const refused = await actor.next('error');
    expect(refused).toMatchObject({
      code: 'unavailable',
      to: 'turn',
    });
    expect(refused.reason).toMatch(/could not save/);

    // Nothing changed: the same move for the same position is still the one to make.
    actor.send({ type: 'ping', id: 1 });
    await actor.next('pong');
    expect(actor.view).toEqual(before);
    recover();
    actor.send(moveMessage(move, before.moveCount));
    await Promise.all(back.map((c) => viewAt(c, before.moveCount + 1)));
    await playRandomly(back, random);
    const final = back[0].view!;
    expect(final.gameOver).toBe(true);
    await Promise.all(back.map((c) => c.close()));
    await h2.host.close();

    // Every accepted move is in the log: a third host replays it to the same end.
    const h3 = await testHost({ dataDir: h1.dataDir });
    expect(h3.problems).toEqual([]);
    expect(h3.host.tables()[0]).toMatchObject({ id: tableId, state: 'finished' });
    expect(replayGame(h1.dataDir, tableId).at(-1)!.moveCount).toBe(final.moveCount);
    await h3.stop();
    rmSync(h1.dataDir, { recursive: true, force: true });
  });

  it("retries a bot's move the disk refused, so a table with bots does not wait for ever", async () => {
    // The bot is to move when the first host stops; the second host's bot waits long enough to fill the disk.
    const h1 = await testHost({ limits: { botDelayMs: 60_000 } });
    const { tableId, clients } = await startedTable(h1.port, advanced2, { bots: [1] });
    const [person] = clients;
    while (person.view!.current !== 1) {
      const { legalMoves, moveCount } = person.view!;
      const prefer = ['end', 'play', 'discard', 'draw'].map((t) => legalMoves.find((m) => m.type === t));
      // Between rounds the person's yes deals the next round (the bot is always ready).
      if (person.view!.phase === 'roundOver') person.send({ type: 'ready' });
      else person.send(moveMessage(prefer.find((m) => m !== undefined) ?? legalMoves[0], moveCount));
      await viewAt(person, moveCount + 1);
    }
    const waiting = person.view!.moveCount;
    await person.close();
    await h1.host.close();

    const h2 = await testHost({ dataDir: h1.dataDir, limits: { botDelayMs: 400 } });
    const recover = fillDisk(h2.dataDir, tableId);
    await expect.poll(() => h2.problems.join('\n'), { timeout: 5000 }).toMatch(/ENOSPC/);
    recover();
    const back = await TestClient.greeted(h2.port);
    back.send({ type: 'spectate', tableId });
    await back.nextView((v) => v.moveCount > waiting, 5000);
    await back.close();
    await h2.stop();
    rmSync(h1.dataDir, { recursive: true, force: true });
  });

  it('skips a table whose move log cannot be read, instead of going on from an older snapshot', async () => {
    const h1 = await testHost();
    const { tableId, clients } = await startedTable(h1.port, advanced2);
    await playRandomly(clients, rng(5), (m) => m >= 6);
    const reached = clients[0].view!.moveCount;
    await Promise.all(clients.map((c) => c.close()));
    await h1.host.close();
    const log = logFile(h1.dataDir, tableId);
    renameSync(log, `${log}.aside`);
    mkdirSync(log); // unreadable as a file (EISDIR), as an unreadable or damaged disk would be

    const h2 = await testHost({ dataDir: h1.dataDir });
    expect(h2.problems.join('\n')).toMatch(new RegExp(`${tableId}: move log unreadable \\(EISDIR`));
    expect(h2.host.tables()).toEqual([]);
    await h2.host.close();

    rmdirSync(log);
    renameSync(`${log}.aside`, log);
    const h3 = await testHost({ dataDir: h1.dataDir });
    expect(h3.problems).toEqual([]);
    const c = await TestClient.greeted(h3.port);
    c.send({ type: 'resume', token: clients[0].token! });
    expect((await c.next('view')).view.moveCount).toBe(reached);
    await c.close();
    await h3.stop();
    rmSync(h1.dataDir, { recursive: true, force: true });
  });

  it('refuses a new table whose folder cannot be made, and lists no half-made table', async () => {
    const h = await testHost();
    // The data folder vanished under the host (an unplugged drive, a cleaned-up folder).
    rmSync(join(h.dataDir, 'tables'), { recursive: true, force: true });
    writeFileSync(join(h.dataDir, 'tables'), 'not a folder');
    const c = await TestClient.greeted(h.port);
    c.send({ type: 'createTable', name: 'T', player: 'P', options: advanced2 });
    const refused = await c.next('error');
    expect(refused).toMatchObject({ code: 'unavailable', to: 'createTable' });
    expect(refused.reason).toMatch(/could not save/);
    expect(h.host.tables()).toEqual([]);
    c.send({ type: 'listTables' });
    expect((await c.next('tables')).tables).toEqual([]);
    await c.close();
    await h.stop();
  });
});

/** Marks a file immutable (even root cannot delete it), where the file system and privileges allow. */
const immutable = (path: string, on: boolean) =>
  spawnSync('chattr', [on ? '+i' : '-i', path], { encoding: 'utf8' }).status === 0;
const probe = join(tmpdir(), `red7-chattr-${process.pid}`);
writeFileSync(probe, '');
const canPin = immutable(probe, true) && immutable(probe, false);
rmSync(probe, { force: true });

describe.skipIf(!canPin)('a table folder the host cannot delete', () => {
  it('is reported when its table is removed, and the host keeps running', async () => {
    const h = await testHost();
    const c = await TestClient.greeted(h.port);
    c.send({ type: 'createTable', name: 'T', player: 'P', options: advanced2 });
    const { tableId } = await c.next('joined');
    const pin = join(h.dataDir, 'tables', tableId, 'pinned');
    writeFileSync(pin, 'held by another program');
    expect(immutable(pin, true)).toBe(true);
    try {
      c.send({ type: 'leave' }); // the last person leaves: the table is removed, its folder deleted
      await c.next('left');
      await expect
        .poll(() => h.problems.join('\n'))
        .toMatch(new RegExp(`${tableId}: files not deleted \\(E`));
      c.send({ type: 'createTable', name: 'T2', player: 'P', options: advanced2 });
      await c.next('joined');
    } finally {
      immutable(pin, false);
    }
    await c.close();
    await h.stop();
  });
});
