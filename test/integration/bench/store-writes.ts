/**
 * What the data folder costs per game: plays whole games through a real host on 127.0.0.1 (in a child
 * process under `strace -f`) and counts the bytes written into the data folder (`logBytesPerGame`: the
 * part that went to the log), the write calls, the fsyncs (fsync, fdatasync) and the renames. Each game:
 * a 4-seat table made by one person, two more join, one bot seat, the game played to its end with random
 * legal moves (bots without delay), then everyone leaves. Deals are random, so moves per game vary.
 *
 *   npx tsx test/integration/bench/store-writes.ts [games=5]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);

async function child(dataDir: string, games: number): Promise<void> {
  const { startHost } = await import('../../../main/host');
  const { TestClient } = await import('../helpers/client');
  const { playRandomly, viewAt } = await import('../helpers/play');
  const { rng } = await import('../../helpers/random');
  const host = await startHost({
    port: 0,
    bind: '127.0.0.1',
    dataDir,
    bots: 'inline',
    onProblem: (p) => console.error(p),
    limits: { botDelayMs: 0, ratePerSecond: 10_000, rateBurst: 10_000 },
  });
  const random = rng(7);
  let moves = 0;
  for (let g = 0; g < games; g++) {
    const creator = await TestClient.greeted(host.port);
    const options = { players: 4, mode: 'advanced' as const, actionRule: true, botPace: 'fast' as const };
    creator.send({ type: 'createTable', name: `T${g}`, player: 'P1', options, bots: [3] });
    const { tableId } = await creator.next('joined');
    const clients = [creator];
    for (const seat of [1, 2]) {
      const c = await TestClient.greeted(host.port);
      c.send({ type: 'join', tableId, name: `P${seat + 1}`, seat });
      await c.next('joined');
      clients.push(c);
    }
    creator.send({ type: 'start' });
    await Promise.all(clients.map((c) => viewAt(c, 0)));
    await playRandomly(clients, random);
    moves += clients[0].view!.moveCount;
    for (const c of clients) {
      c.send({ type: 'leave' });
      await c.next('left');
      await c.close();
    }
  }
  await host.close();
  console.log(JSON.stringify({ moves }));
}

function parent(games: number): void {
  const dataDir = mkdtempSync(join(tmpdir(), 'red7-writes-'));
  const trace = join(dataDir, '..', `${dataDir.split('/').pop()}.strace`);
  try {
    const r = spawnSync(
      'strace',
      ['-f', '-qq', '-y', '-e', 'trace=write,pwrite64,writev,pwritev,fsync,fdatasync,rename,renameat,renameat2',
        '-o', trace, process.execPath, '--import', 'tsx', SELF, '--child', dataDir, String(games)], // prettier-ignore
      { encoding: 'utf8', cwd: join(SELF, '../../../..') },
    );
    if (r.status !== 0) throw new Error(`the host child failed (${r.status}):\n${r.stderr}`);
    const { moves } = JSON.parse(r.stdout.trim().split('\n').pop()!) as { moves: number };
    let bytes = 0;
    let logBytes = 0;
    let writes = 0;
    let fsyncs = 0;
    let renames = 0;
    for (const line of readFileSync(trace, 'utf8').split('\n')) {
      if (!line.includes(dataDir)) continue;
      const call = /^\d+\s+(\w+)\(/.exec(line)?.[1];
      const result = Number(/= (-?\d+)/.exec(line)?.[1] ?? -1);
      if (call === undefined || result < 0) continue;
      if (call.startsWith('write') || call.startsWith('pwrite')) {
        writes += 1;
        bytes += result;
        if (line.includes('moves.jsonl')) logBytes += result;
      } else if (call === 'fsync' || call === 'fdatasync') fsyncs += 1;
      else if (call.startsWith('rename')) renames += 1;
    }
    const per = (n: number) => Math.round((n / games) * 10) / 10;
    console.log(
      JSON.stringify({ games, movesPerGame: per(moves), bytesPerGame: per(bytes),
        logBytesPerGame: per(logBytes), writesPerGame: per(writes),
        fsyncsPerGame: per(fsyncs), renamesPerGame: per(renames) }), // prettier-ignore
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(trace, { force: true });
  }
}

const [flag, dir, n] = process.argv.slice(2);
if (flag === '--child') await child(dir, Number(n));
else parent(Number(/^games=(\d+)$/.exec(flag ?? '')?.[1] ?? 5));
