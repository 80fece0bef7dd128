// The host's history: a 4-player Advanced (+ Action) game's record size, the start-up load of 500 stored
// games, and GET /api/history (and /api/history/stats) latency with them stored (a real host on loopback).
// One JSON line each.
//   node --import tsx test/bench/history.bench.ts [stored=500] [requests=200] [records=20]
//   (the settings shrink it to a smoke run: games stored, timed requests per path, random records sized)
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startHost } from '../../main/host';
import { applyMove, newGame, viewFor } from '../../shared/engine';
import { chooseBotMove } from '../../shared/bots';
import { recordFromGame, replayRecord } from '../../shared/record';
import { seedHistory } from '../integration/helpers/history';
import { FACTS, randomRecord } from '../unit/record/games';
import { benchSettings } from './settings';

const settings = benchSettings();
const size = (name: string, fallback: number) => Math.max(1, Number(settings.get(name)) || fallback);
const STORED = size('stored', 500);
const REQUESTS = size('requests', 200);

const line = (workload: string, fields: Record<string, unknown>) =>
  console.log(JSON.stringify({ workload, ...fields }));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const ms = (x: number) => Math.round(x * 100) / 100;

// Record size: 20 random 4-player Advanced + Action games (random legal moves: longer games than good play).
const sizes: number[] = [];
const replayMs: number[] = [];
for (let seed = 1; seed <= size('records', 20); seed++) {
  const { record } = randomRecord({ players: 4, mode: 'advanced', actionRule: true }, seed);
  const text = JSON.stringify(record);
  sizes.push(Buffer.byteLength(text));
  const t = performance.now();
  replayRecord(JSON.parse(text));
  replayMs.push(performance.now() - t);
  if (seed === 1) line('history.recordGzip', { bytes: gzipSync(text).length, rawBytes: sizes[0] });
}
sizes.sort((a, b) => a - b);
replayMs.sort((a, b) => a - b);
line('history.recordSize', {
  games: sizes.length,
  variant: '4p advanced action',
  medianBytes: percentile(sizes, 50),
  maxBytes: sizes[sizes.length - 1],
  replayMedianMs: ms(percentile(replayMs, 50)),
});

// The same variant played by easy bots to the end: nearer a real game's length than random moves.
const botSizes: number[] = [];
for (let seed = 1; seed <= 3; seed++) {
  let s = newGame({ players: 4, mode: 'advanced', actionRule: true }, seed);
  while (s.phase !== 'gameOver') {
    s = applyMove(
      s,
      s.phase === 'roundOver'
        ? { type: 'nextRound' }
        : chooseBotMove(viewFor(s, s.current), s.moveCount, 'easy'),
    );
  }
  const record = recordFromGame(s, FACTS);
  botSizes.push(Buffer.byteLength(JSON.stringify(record)));
  if (seed === 3)
    line('history.recordSizeBots', {
      games: botSizes.length,
      variant: '4p advanced action, easy bots',
      bytes: botSizes,
      rounds: record.rounds.length,
      moves: record.rounds.reduce((n, r) => n + r.moves.length, 0),
    });
}

const dataDir = mkdtempSync(join(tmpdir(), 'red7-bench-history-'));
try {
  seedHistory(dataDir, STORED, {
    options: { players: 4, mode: 'advanced', actionRule: true },
    names: (i) => ['Ann', 'Bob', `Guest ${i % 7}`, 'Luca'],
  });
  const t0 = performance.now();
  const host = await startHost({
    port: 0,
    bind: '127.0.0.1',
    dataDir,
    limits: { ratePerSecond: 1e6, rateBurst: 1e6 },
    onProblem: (p) => console.warn(p),
  });
  line('history.startWith500', { stored: STORED, ms: ms(performance.now() - t0) });
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const t = performance.now();
      const req = request({ host: '127.0.0.1', port: host.port, path, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - t));
      });
      req.on('error', reject);
      req.end();
    });
  for (const [name, path] of [
    ['history.list20', '/api/history'],
    ['history.list100', '/api/history?limit=100'],
    ['history.listPlayer', '/api/history?player=guest%203&limit=100'],
    ['history.listLastPage', '/api/history?limit=20&cursor=0.a-1'],
    ['history.record', `/api/history/seeded${String(Math.floor(STORED / 2)).padStart(4, '0')}-1`],
  ] as const) {
    for (let i = 0; i < Math.min(20, REQUESTS); i++) await get(path); // warm up
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) times.push(await get(path));
    times.sort((a, b) => a - b);
    line(name, {
      stored: STORED,
      requests: times.length,
      p50ms: ms(percentile(times, 50)),
      p95ms: ms(percentile(times, 95)),
    });
  }
  // GET /api/history/stats: the first answer works out every stored game's facts (one record at a time,
  // awaiting each read); the host's event loop is watched meanwhile. Later answers use the kept facts.
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const cold = await get('/api/history/stats');
  loop.disable();
  line('history.statsFirst', { stored: STORED, ms: ms(cold), loopDelayMaxMs: ms(loop.max / 1e6) });
  for (const [name, path] of [
    ['history.stats', '/api/history/stats'],
    ['history.statsSince', `/api/history/stats?since=${Date.UTC(2026, 10, 1, 22, 0, 0)}`],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) times.push(await get(path));
    times.sort((a, b) => a - b);
    line(name, {
      stored: STORED,
      requests: times.length,
      p50ms: ms(percentile(times, 50)),
      p95ms: ms(percentile(times, 95)),
    });
  }
  await host.close({ timeoutMs: 500 });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
