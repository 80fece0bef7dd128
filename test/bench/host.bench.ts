// Host workloads: real WebSocket clients on loopback against a host in its own process. For each move,
// the latency from sending it to the moment every client of the table holds the new view. One JSON line each.
// Every workload runs twice, against a host sending whole views (protocol 1's traffic, `views: "full"`)
// and one sending deltas (`views: "delta"`), so before and after come from one run on one machine.
// The bytes workload plays complete 4-player Advanced + Action games and counts the wire bytes.
// The closed loops also run against the floor (`views: "floor"`, floor-host.ts): a server that only reads,
// logs and sends frames of a delta's mean size, no game: what this machine allows any host at all.
// `hostCpuUsPerMove`: the host process's CPU time (all its threads, user + system) per move, from /proc;
// `hostSystemUsPerMove` the kernel's part of it (the sockets' sends and receives, the log's writes);
// `hostWriteCallsPerMove`: the host's system calls that wrote (a socket send, a log line) a move;
// `clientsCpuUsPerMove`: this process's CPU a move (every bench client's reads and sends): on a 2-core machine
// the host and its clients share 2,000,000 µs a second, which bounds the moves a second any host can reach.
//   node --import tsx test/bench/host.bench.ts [rounds=3] [games=10] [moves=3000] [tables=50] [floor=1]
//   (the host runs as a child: `... host.bench.ts serve [full]`); the settings shrink it to a smoke run:
//   rounds of both hosts, games counted for bytes, closed-loop moves at one table, tables in the 50x4 runs.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { hostCpuTimes, startBenchHost } from './bench-host';
import { benchSettings } from './settings';
import type { Move, SeatView } from '../../shared/engine';
import { PROTOCOL_VERSION, applyDelta } from '../../shared/protocol';
import type { ServerMessage, TableOptions } from '../../shared/protocol';

const OPTIONS: TableOptions = { players: 4, mode: 'advanced', actionRule: true };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

let nextRandom = 12345;
const random = () => (nextRandom = (Math.imul(nextRandom, 1103515245) + 12345) >>> 0) / 4294967296;

type Delta = Extract<ServerMessage, { type: 'viewDelta' }>;

/**
 * A light client: reads a whole view's moveCount from the frame's tail and parses it fully only when it
 * must act; a delta is small and parsed. With `rebuild` it also keeps the whole view, to count what
 * protocol 1 would have sent for the same game (each view frame whole).
 */
class Player {
  ws!: WebSocket;
  moveCount = -1;
  legal: Move[] = [];
  gameOver = false;
  received = 0;
  /** Text bytes of every frame received. */
  bytes = 0;
  /** The same frames with each view whole, as protocol 1 sends them (only with `rebuild`). */
  bytesAsFullViews = 0;
  onView: (() => void) | null = null;
  inbox: ServerMessage[] = [];
  private view: SeatView | null = null;

  constructor(private readonly rebuild = false) {}

  async connect(port: number): Promise<void> {
    this.ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { perMessageDeflate: false });
    await new Promise((r, j) => (this.ws.once('open', r), this.ws.once('error', j)));
    this.ws.on('message', (data) => {
      this.received += 1;
      const text = data.toString();
      this.bytes += Buffer.byteLength(text);
      if (text.startsWith('{"type":"viewDelta"')) return this.onDelta(JSON.parse(text) as Delta, text);
      if (!text.startsWith('{"type":"view"')) {
        this.bytesAsFullViews += Buffer.byteLength(text);
        const msg = JSON.parse(text) as ServerMessage;
        // A refusal means the bench is wrong: fail at once rather than wait for a view that never comes.
        if (msg.type === 'error') throw new Error(`bench client refused: ${text}`);
        this.inbox.push(msg);
        return;
      }
      this.bytesAsFullViews += Buffer.byteLength(text);
      if (this.rebuild) this.view = (JSON.parse(text) as { view: SeatView }).view;
      const m = /"moveCount":(\d+)\}\}$/.exec(text);
      this.moveCount = Number(m![1]);
      const mine = !text.includes('"legalMoves":[]');
      const over = text.includes('"gameOver":true');
      this.gameOver = over;
      this.legal = mine ? (JSON.parse(text) as { view: { legalMoves: Move[] } }).view.legalMoves : [];
      this.onView?.();
    });
    this.send({ type: 'hello', protocol: PROTOCOL_VERSION });
  }

  private onDelta(d: Delta, text: string): void {
    if (this.rebuild) {
      const result = this.view && applyDelta(this.view, d);
      if (!result?.ok) throw new Error(`bench client: a delta did not apply (${text.slice(0, 80)})`);
      this.view = result.view;
      this.bytesAsFullViews += Buffer.byteLength(
        JSON.stringify({ type: 'view', tableId: d.tableId, view: this.view }),
      );
    }
    this.moveCount = d.to;
    if (d.set.legalMoves) this.legal = d.set.legalMoves;
    if (d.set.gameOver !== undefined) this.gameOver = d.set.gameOver;
    this.onView?.();
  }

  send(msg: unknown): void {
    this.ws.send(JSON.stringify(msg));
  }

  next(type: string): Promise<ServerMessage> {
    return new Promise((resolve) => {
      const poll = () => {
        const i = this.inbox.findIndex((m) => m.type === type);
        if (i >= 0) resolve(this.inbox.splice(i, 1)[0]);
        else setTimeout(poll, 1);
      };
      poll();
    });
  }
}

/** Seats 4 players at a new table and starts it. */
async function table(port: number, rebuild = false): Promise<Player[]> {
  const players = Array.from({ length: 4 }, () => new Player(rebuild));
  await Promise.all(players.map((p) => p.connect(port)));
  players[0].send({ type: 'createTable', name: 'bench', player: 'P0', options: OPTIONS });
  const joined = (await players[0].next('joined')) as Extract<ServerMessage, { type: 'joined' }>;
  for (let i = 1; i < 4; i++) {
    players[i].send({ type: 'join', tableId: joined.tableId, name: `P${i}`, seat: i });
    await players[i].next('joined');
  }
  const started = Promise.all(players.map((p) => new Promise<void>((r) => (p.onView = () => r()))));
  players[0].send({ type: 'start' });
  await started;
  return players;
}

/**
 * Between rounds of an Advanced game nobody has a legal move: the next round is dealt once every seated
 * player says `ready` (the ready vote), which is not a timed move.
 */
async function nextRound(players: Player[]): Promise<void> {
  const m = players[0].moveCount;
  const dealt = Promise.all(
    players.map((p) => new Promise<void>((r) => (p.onView = () => p.moveCount > m && r()))),
  );
  for (const p of players) p.send({ type: 'ready' });
  await dealt;
}

/**
 * Plays `moves` random legal moves at one table (a rematch after each game), each sent once every client
 * holds the previous one, at most one per `gapMs`. Pushes each move's latency (ms) into `latencies`.
 */
async function drive(players: Player[], moves: number, gapMs: number, latencies: number[]): Promise<void> {
  // Tables are independent: they do not all move at the same instant.
  if (gapMs > 0) await new Promise((r) => setTimeout(r, random() * gapMs));
  for (let done = 0; done < moves;) {
    const m = players[0].moveCount;
    if (players[0].gameOver) {
      const fresh = Promise.all(
        players.map((p) => new Promise<void>((r) => (p.onView = () => p.moveCount === 0 && r()))),
      );
      // A rematch starts once every player has asked for it.
      for (const p of players) p.send({ type: 'rematch' });
      await fresh;
      continue;
    }
    const actor = players.find((p) => p.legal.length > 0 && p.moveCount === m);
    if (!actor) {
      await nextRound(players);
      continue;
    }
    const move = actor.legal[Math.floor(random() * actor.legal.length)];
    const all = Promise.all(
      players.map((p) => new Promise<void>((r) => (p.onView = () => p.moveCount > m && r()))),
    );
    const t0 = performance.now();
    actor.send({ type: 'turn', steps: [move], moveCount: m });
    await all;
    const dt = performance.now() - t0;
    latencies.push(dt);
    done += 1;
    if (gapMs > dt) await new Promise((r) => setTimeout(r, gapMs - dt));
  }
}

type Views = 'full' | 'delta' | 'floor';
type CpuTimes = ReturnType<typeof hostCpuTimes>;

/** The host's CPU a move (µs), and the kernel's share of it (its sockets and files). */
function perMove(before: CpuTimes, after: CpuTimes, moves: number) {
  if (!before || !after)
    return { hostCpuUsPerMove: null, hostSystemUsPerMove: null, hostWriteCallsPerMove: null };
  const us = (ms: number) => Math.round((1000 * ms) / moves);
  return {
    hostCpuUsPerMove: us(after.userMs + after.systemMs - before.userMs - before.systemMs),
    hostSystemUsPerMove: us(after.systemMs - before.systemMs),
    hostWriteCallsPerMove: +((after.writeCalls - before.writeCalls) / moves).toFixed(2),
  };
}

async function workload(
  host: { port: number; pid: number },
  views: Views,
  name: string,
  tables: number,
  movesPerTable: number,
  gapMs: number,
) {
  const { port, pid } = host;
  const all = await Promise.all(Array.from({ length: tables }, () => table(port)));
  // Warm-up: the JIT and the host's first snapshots.
  await Promise.all(all.map((players) => drive(players, 20, gapMs, [])));
  const received0 = all.flat().reduce((n, p) => n + p.received, 0);
  const latencies: number[] = [];
  const cpu0 = hostCpuTimes(pid);
  const clientCpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(all.map((players) => drive(players, movesPerTable, gapMs, latencies)));
  const seconds = (performance.now() - t0) / 1000;
  const cpu1 = hostCpuTimes(pid);
  const clientCpu = process.cpuUsage(clientCpu0);
  const received = all.flat().reduce((n, p) => n + p.received, 0) - received0;
  latencies.sort((a, b) => a - b);
  p99s.push({ name, views, p99: percentile(latencies, 99) });
  console.log(
    JSON.stringify({
      workload: name,
      views,
      ...(views === 'floor' ? { frameBytes: floorFrameBytes } : {}),
      tables,
      clients: tables * 4,
      moves: latencies.length,
      gapMs,
      seconds: +seconds.toFixed(2),
      p50Ms: +percentile(latencies, 50).toFixed(3),
      p99Ms: +percentile(latencies, 99).toFixed(3),
      maxMs: +latencies[latencies.length - 1].toFixed(3),
      movesPerSecond: Math.round(latencies.length / seconds),
      messagesPerSecond: Math.round(received / seconds),
      ...perMove(cpu0, cpu1, latencies.length),
      clientsCpuUsPerMove: Math.round((clientCpu.user + clientCpu.system) / latencies.length),
    }),
  );
  for (const p of all.flat()) p.ws.close();
}

/**
 * Wire bytes of complete games: `games` 4-player Advanced + Action games played to their end, every frame
 * to every client counted from the connection's first byte (hello, seating, table frames included).
 * Against a delta host the clients also rebuild each view, giving what protocol 1 sends for the very
 * same games (`bytesAsFullViews`); against a full-view host both counts are that.
 */
async function bytesWorkload(port: number, views: Views, games: number) {
  let bytes = 0;
  let asFull = 0;
  let moves = 0;
  let frames = 0;
  for (let g = 0; g < games; g++) {
    const players = await table(port, views === 'delta');
    while (!players[0].gameOver) {
      const m = players[0].moveCount;
      const actor = players.find((p) => p.legal.length > 0 && p.moveCount === m);
      if (!actor) {
        await nextRound(players);
        continue;
      }
      const move = actor.legal[Math.floor(random() * actor.legal.length)];
      const all = Promise.all(
        players.map((p) => new Promise<void>((r) => (p.onView = () => p.moveCount > m && r()))),
      );
      actor.send({ type: 'turn', steps: [move], moveCount: m });
      await all;
    }
    moves += players[0].moveCount;
    for (const p of players) {
      bytes += p.bytes;
      asFull += views === 'delta' ? p.bytesAsFullViews : p.bytes;
      frames += p.received;
      p.ws.close();
    }
  }
  if (views === 'delta' && frames > 0) floorFrameBytes = Math.round(bytes / frames);
  console.log(
    JSON.stringify({
      workload: 'host.bytes.4p-advanced-action',
      views,
      games,
      moves,
      frames,
      bytes,
      bytesPerGame: Math.round(bytes / games),
      bytesAsFullViews: asFull,
      fullOverSent: +(asFull / bytes).toFixed(1),
    }),
  );
}

/** Every latency run's p99, for the summary. */
const p99s: { name: string; views: Views; p99: number }[] = [];
const settings = benchSettings();
const size = (name: string, fallback: number) => Number(settings.get(name) ?? fallback);
/** Latency on this shared machine wanders from run to run: the two hosts take turns, several times. */
const ROUNDS = size('rounds', 3);
const BYTES_GAMES = size('games', 10);
const CLOSED_LOOP_MOVES = size('moves', 3000);
const MANY_TABLES = size('tables', 50);
const FLOOR = size('floor', 1) === 1;
/** The floor's frame: a delta host's mean frame in the bytes workload when it ran, else one measured so. */
let floorFrameBytes = 640;

async function main(): Promise<void> {
  for (let round = 0; round < ROUNDS; round++) {
    for (const views of ['full', 'delta'] as const) await runAgainst(views, round === 0);
    if (FLOOR) await runAgainst('floor', false);
  }
  for (const name of [...new Set(p99s.map((r) => r.name))]) {
    const median = (views: Views) => {
      const runs = p99s.filter((r) => r.name === name && r.views === views).map((r) => r.p99);
      return +percentile(
        runs.sort((a, b) => a - b),
        50,
      ).toFixed(3);
    };
    const runs = (views: Views) =>
      p99s.filter((r) => r.name === name && r.views === views).map((r) => +r.p99.toFixed(1));
    console.log(
      JSON.stringify({
        workload: `${name}.p99-summary`,
        rounds: ROUNDS,
        fullP99Ms: runs('full'),
        deltaP99Ms: runs('delta'),
        fullMedianP99Ms: median('full'),
        deltaMedianP99Ms: median('delta'),
        ...(FLOOR ? { floorP99Ms: runs('floor'), floorMedianP99Ms: median('floor') } : {}),
      }),
    );
  }
}

async function runAgainst(views: Views, countBytes: boolean): Promise<void> {
  nextRandom = 12345; // both hosts get the same stream of client choices
  const args = ['--import', 'tsx'];
  if (views === 'floor')
    args.push(fileURLToPath(new URL('./floor-host.ts', import.meta.url)), `${floorFrameBytes}`);
  else args.push(fileURLToPath(import.meta.url), 'serve', ...(views === 'full' ? ['full'] : []));
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /port (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
  });
  try {
    if (countBytes) await bytesWorkload(port, views, BYTES_GAMES);
    const host = { port, pid: child.pid! };
    await workload(host, views, 'host.1x4.closed-loop', 1, CLOSED_LOOP_MOVES, 0);
    // 50 tables, each moving every 50 ms: 1000 moves/s in all, far beyond a LAN party's pace.
    await workload(host, views, `host.${MANY_TABLES}x4.paced-50ms`, MANY_TABLES, 60, 50);
    // 50 tables, each moving as soon as the last move reached its clients: the host at saturation.
    await workload(host, views, `host.${MANY_TABLES}x4.closed-loop`, MANY_TABLES, 60, 0);
  } finally {
    child.kill('SIGTERM');
  }
}

// Run last: everything above is initialised by now.
if (process.argv[2] === 'serve') {
  // The child: a host with limits opened up for machine-speed clients.
  const { host, dataDir } = await startBenchHost({ viewDeltas: process.argv[3] !== 'full' });
  console.log(`port ${host.port}`);
  process.on(
    'SIGTERM',
    () => void host.close().then(() => (rmSync(dataDir, { recursive: true }), process.exit(0))),
  );
} else {
  await main();
}
