// Host event loop while hard bots think: tables of 4-player Advanced + Action, one scripted person and
// three hard bots at the fast pace each, played through whole games against a host in its own process.
// The host child measures its own main thread (perf_hooks.monitorEventLoopDelay at 1 ms resolution, a
// 5 ms interval that notes every stall over 20 ms, GC pauses over 5 ms) and reports over IPC at the end of
// each workload. One JSON line per workload.
// First the host idles with no table (tables=0): the stalls this machine's other work causes alone.
//   node --import tsx test/bench/host-bots.bench.ts [tables=0,1,4] [games=2] [mode=advanced|basic]
//   (the host runs as a child: `... host-bots.bench.ts serve`; HOST_CPU_PROF=dir profiles it)
import { fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { startBenchHost } from './bench-host';
import { benchSettings } from './settings';
import type { Move, SeatView } from '../../shared/engine';
import { PROTOCOL_VERSION, applyDelta } from '../../shared/protocol';
import type { ServerMessage, TableOptions } from '../../shared/protocol';
import { startLoopProbe, type LoopReport } from './loop-probe';

/** `mode=basic` plays one round a game instead of Advanced's several (the smoke run's size). */
const OPTIONS: TableOptions = {
  players: 4,
  mode: benchSettings().get('mode') === 'basic' ? 'basic' : 'advanced',
  actionRule: true,
  botLevel: 'hard',
  botPace: 'fast',
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

let nextRandom = 12345;
const random = () => (nextRandom = (Math.imul(nextRandom, 1103515245) + 12345) >>> 0) / 4294967296;

/** The scripted person: plays a random legal move as soon as it is theirs; asks for a rematch after a game. */
class Person {
  private ws!: WebSocket;
  private view: SeatView | null = null;
  private inbox: ServerMessage[] = [];
  private sentAt = 0;
  private gamesLeft: number;
  /** Milliseconds from sending a move to the view that holds it. */
  readonly latencies: number[] = [];
  moves = 0;
  done!: Promise<void>;
  private finish!: () => void;

  constructor(games: number) {
    this.gamesLeft = games;
    this.done = new Promise((r) => (this.finish = r));
  }

  async sit(port: number): Promise<void> {
    this.ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { perMessageDeflate: false });
    await new Promise((r, j) => (this.ws.once('open', r), this.ws.once('error', j)));
    this.ws.on('message', (data) => this.onMessage(JSON.parse(data.toString()) as ServerMessage));
    this.send({ type: 'hello', protocol: PROTOCOL_VERSION });
    this.send({
      type: 'createTable',
      name: 'bots',
      player: 'P0',
      options: OPTIONS,
      seat: 0,
      bots: [1, 2, 3],
    });
    await this.next('joined');
    this.send({ type: 'start' });
  }

  private onMessage(msg: ServerMessage): void {
    if (msg.type === 'error') {
      // A view may cross the move (a stale position): the next view asks again.
      if (msg.code === 'staleMove' || msg.code === 'notYourTurn') return void (this.sentAt = 0);
      throw new Error(`bench client refused: ${JSON.stringify(msg)}`);
    }
    if (msg.type === 'view') this.onView(msg.view);
    else if (msg.type === 'viewDelta') {
      const result = this.view && applyDelta(this.view, msg);
      if (result?.ok) this.onView(result.view);
      else this.send({ type: 'sync' });
    } else this.inbox.push(msg);
  }

  private onView(view: SeatView): void {
    const before = this.view?.moveCount ?? -1;
    this.view = view;
    if (this.sentAt > 0 && view.moveCount > before) {
      this.latencies.push(performance.now() - this.sentAt);
      this.sentAt = 0;
    }
    if (view.gameOver) {
      if (view.moveCount === before) return;
      this.gamesLeft -= 1;
      if (this.gamesLeft === 0) this.finish();
      else this.send({ type: 'rematch' });
      return;
    }
    // Between rounds the one person says ready (the bots always are): the host deals.
    if (view.phase === 'roundOver') {
      if (view.moveCount !== before) this.send({ type: 'ready' });
      return;
    }
    if (view.legalMoves.length === 0 || this.sentAt > 0) return;
    const move: Move = view.legalMoves[Math.floor(random() * view.legalMoves.length)];
    this.sentAt = performance.now();
    this.moves += 1;
    this.send({ type: 'turn', steps: [move], moveCount: view.moveCount });
  }

  send(msg: unknown): void {
    this.ws.send(JSON.stringify(msg));
  }

  close(): void {
    this.ws.close();
  }

  private next(type: string): Promise<ServerMessage> {
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

type Ask = { type: 'reset' } | { type: 'report' };
type Said = { type: 'port'; port: number } | { type: 'reset' } | { type: 'report'; report: LoopReport };

function ask(child: ReturnType<typeof fork>, msg: Ask): Promise<Said> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as Said));
    child.send(msg);
  });
}

/** The host with no table: what this machine's other work alone does to a sleeping event loop. */
const IDLE_SECONDS = 30;

const round2 = (x: number) => +x.toFixed(2);

async function workload(child: ReturnType<typeof fork>, port: number, tables: number, games: number) {
  const people = Array.from({ length: tables }, () => new Person(games));
  const load0 = loadavg()[0];
  await ask(child, { type: 'reset' });
  const t0 = performance.now();
  if (tables === 0) await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  await Promise.all(people.map((p) => p.sit(port)));
  await Promise.all(people.map((p) => p.done));
  const seconds = (performance.now() - t0) / 1000;
  const said = await ask(child, { type: 'report' });
  if (said.type !== 'report') throw new Error('the host did not report');
  const r = said.report;
  const latencies = people.flatMap((p) => p.latencies).sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      workload: tables === 0 ? 'host.idle.event-loop' : `host.bots.event-loop.${tables}x(1+3hard)`,
      tables,
      games: tables * games,
      personMoves: latencies.length,
      seconds: round2(seconds),
      loopP50Ms: r.p50Ms,
      loopP99Ms: r.p99Ms,
      loopMaxMs: r.maxMs,
      stallsOver20Ms: r.stalls.length,
      // Where each stall went, by the larger half: the main thread's own work, waiting for a core, asleep.
      stallsOwnWork: r.stalls.filter((s) => s.cpuMs >= s.ms / 2).length,
      stallsWaitingForCore: r.stalls.filter((s) => (s.queuedMs ?? 0) >= s.ms / 2).length,
      stallsAsleep: r.stalls.filter((s) => s.cpuMs + (s.queuedMs ?? s.ms) < s.ms / 2).length,
      ownWorkMaxMs: r.maxCpuBetweenTicksMs,
      ownWorkMaxAtS: r.maxCpuAtS,
      worstStalls: [...r.stalls].sort((a, b) => b.ms - a.ms).slice(0, 5),
      worstAsleep: r.stalls
        .filter((s) => s.cpuMs + (s.queuedMs ?? s.ms) < s.ms / 2)
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5),
      gcOver5Ms: r.gcOver5Ms,
      gcMaxMs: r.gcMaxMs,
      mainThreadBusy: r.utilization,
      ...(tables > 0 && {
        personMoveP50Ms: round2(percentile(latencies, 50)),
        personMoveP99Ms: round2(percentile(latencies, 99)),
        personMoveMaxMs: round2(latencies[latencies.length - 1]),
      }),
      loadAvg1m: [round2(load0), round2(loadavg()[0])],
    }),
  );
  for (const p of people) p.close();
}

async function main(): Promise<void> {
  const settings = benchSettings();
  const tableCounts = (settings.get('tables') ?? '0,1,4').split(',').map(Number);
  const games = Number(settings.get('games') ?? 2);
  const prof = process.env.HOST_CPU_PROF;
  const child = fork(fileURLToPath(import.meta.url), ['serve'], {
    execArgv: ['--import', 'tsx', ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve) =>
    child.once('message', (m) => resolve((m as Extract<Said, { type: 'port' }>).port)),
  );
  try {
    for (const tables of tableCounts) await workload(child, port, tables, games);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

// Run last: everything above is initialised by now.
if (process.argv[2] === 'serve') {
  // The child: a host with limits opened up for machine-speed clients; bots at their real paces.
  const { host, dataDir } = await startBenchHost();
  let probe = startLoopProbe();
  process.on('message', (m: Ask) => {
    if (m.type === 'reset') {
      probe.stop();
      probe = startLoopProbe();
      process.send!({ type: 'reset' } satisfies Said);
    } else process.send!({ type: 'report', report: probe.report() } satisfies Said);
  });
  process.send!({ type: 'port', port: host.port } satisfies Said);
  process.on(
    'SIGTERM',
    () => void host.close().then(() => (rmSync(dataDir, { recursive: true }), process.exit(0))),
  );
} else {
  await main();
}
