// A room's evening at full size: `people` scripted people (64: sixteen tables of 4) join an evening on a
// host in its own process and play its heats, each person a light client that plays a random legal move
// as soon as it is theirs; a room screen's link (the lobby list and the evening, as `#/room` holds them)
// is open all along. For each move: the time from sending it to the moment every screen at its table
// holds it (`moveToTableP50Ms`/`P99Ms`); for each evening change: from the heat's last table ending to the
// room screen holding the standings (`heatToRoomMs`); the host's CPU per move (all its threads, /proc).
// One JSON line per run.
//   node --import tsx test/bench/evening.bench.ts [people=64] [heats=3] [prefer=4] [mode=basic|advanced]
//   (the host runs as a child: `... evening.bench.ts serve`)
import { fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { hostCpuMs, startBenchHost } from './bench-host';
import { benchSettings } from './settings';
import type { Move, SeatView } from '../../shared/engine';
import { PROTOCOL_VERSION, applyDelta } from '../../shared/protocol';
import type { EveningInfo, ServerMessage } from '../../shared/protocol';

const round2 = (x: number) => +x.toFixed(2);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

let nextRandom = 4242;
const random = () => (nextRandom = (Math.imul(nextRandom, 1103515245) + 12345) >>> 0) / 4294967296;

/** A move on its way: when it was sent, and which of its table's screens hold it yet. */
interface InFlight {
  moveCount: number;
  sentAt: number;
  waiting: Set<Link>;
}

/** Per table: its screens, and the move in flight there (one at a time: it is one player's turn). */
const tables = new Map<string, { links: Set<Link>; flight: InFlight | null }>();
const moveLatencies: number[] = [];
let moves = 0;

/** One connection to the host: a person of the evening (and their seat at a heat's table), or the room screen. */
class Link {
  private ws!: WebSocket;
  private inbox: ServerMessage[] = [];
  view: SeatView | null = null;
  evening: EveningInfo | null = null;
  tableId: string | null = null;
  /** The round this person last said ready after (once a round: the host deals when all have). */
  private readyAfter = -1;
  onEvening: ((e: EveningInfo) => void) | null = null;

  async connect(port: number): Promise<void> {
    this.ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { perMessageDeflate: false });
    await new Promise((r, j) => (this.ws.once('open', r), this.ws.once('error', j)));
    this.ws.on('message', (data) => this.onMessage(JSON.parse(data.toString()) as ServerMessage));
    this.send({ type: 'hello', protocol: PROTOCOL_VERSION });
    await this.next('welcome');
  }

  send(msg: unknown): void {
    this.ws.send(JSON.stringify(msg));
  }

  close(): void {
    this.ws.close();
  }

  next(type: ServerMessage['type']): Promise<ServerMessage> {
    return new Promise((resolve) => {
      const poll = () => {
        const i = this.inbox.findIndex((m) => m.type === type);
        if (i >= 0) resolve(this.inbox.splice(i, 1)[0]);
        else setTimeout(poll, 1);
      };
      poll();
    });
  }

  private onMessage(msg: ServerMessage): void {
    if (msg.type === 'error') {
      // A move or a ready that crossed the host's own change (a view on its way) is answered so: no harm.
      if (msg.code === 'staleMove' || msg.code === 'notYourTurn' || msg.code === 'roundNotOver') return;
      throw new Error(`bench client refused: ${JSON.stringify(msg)}`);
    }
    if (msg.type === 'view') return this.onView(msg.view);
    if (msg.type === 'viewDelta') {
      const result = this.view && applyDelta(this.view, msg);
      if (result?.ok) this.onView(result.view);
      else this.send({ type: 'sync' });
      return;
    }
    if (msg.type === 'evening' && msg.evening) {
      this.evening = msg.evening;
      this.onEvening?.(msg.evening);
      return;
    }
    this.inbox.push(msg);
  }

  private onView(view: SeatView): void {
    this.view = view;
    const table = this.tableId ? tables.get(this.tableId) : undefined;
    const flight = table?.flight;
    if (
      flight &&
      view.moveCount > flight.moveCount &&
      flight.waiting.delete(this) &&
      flight.waiting.size === 0
    ) {
      moveLatencies.push(performance.now() - flight.sentAt);
      table.flight = null;
      // The seat to play may have had its view first: it moves now.
      for (const link of table.links) link.act();
      return;
    }
    this.act();
  }

  /** Plays when it is this seat's turn (and nothing of the table is in flight); ready between rounds. */
  act(): void {
    const v = this.view;
    const table = this.tableId ? tables.get(this.tableId) : undefined;
    if (!v || !table || v.gameOver) return;
    if (v.phase === 'roundOver') {
      if (this.readyAfter !== v.round) this.send({ type: 'ready' });
      this.readyAfter = v.round;
      return;
    }
    if (v.legalMoves.length === 0 || table.flight) return;
    const move: Move = v.legalMoves[Math.floor(random() * v.legalMoves.length)];
    table.flight = { moveCount: v.moveCount, sentAt: performance.now(), waiting: new Set(table.links) };
    moves += 1;
    this.send({ type: 'turn', steps: [move], moveCount: v.moveCount });
  }

  /** Takes the seat the evening holds for this person in `heat`. */
  async sit(heat: number): Promise<void> {
    while (this.evening?.you?.table?.heat !== heat) await new Promise((r) => setTimeout(r, 2));
    const mine = this.evening.you.table;
    this.tableId = mine.tableId;
    const table = tables.get(mine.tableId) ?? { links: new Set<Link>(), flight: null };
    table.links.add(this);
    tables.set(mine.tableId, table);
    this.view = null;
    this.send({ type: 'resume', token: mine.token });
    await this.next('joined');
  }
}

type Said = { type: 'port'; port: number; pid: number };

async function main(): Promise<void> {
  const settings = benchSettings();
  const count = Number(settings.get('people') ?? 64);
  const heats = Number(settings.get('heats') ?? 3);
  const prefer = Number(settings.get('prefer') ?? 4) as 3 | 4;
  const mode = settings.get('mode') === 'advanced' ? 'advanced' : 'basic';
  const child = fork(fileURLToPath(import.meta.url), ['serve'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port } = await new Promise<Said>((resolve) => child.once('message', (m) => resolve(m as Said)));
  const load0 = loadavg()[0];
  try {
    const room = new Link();
    await room.connect(port);
    room.send({ type: 'listTables' });
    const people: Link[] = [];
    for (let i = 0; i < count; i++) {
      const p = new Link();
      await p.connect(port);
      p.send(
        i === 0
          ? {
              type: 'openEvening',
              settings: { name: 'Bench', game: { mode, actionRule: true }, prefer, heats },
              player: 'P0',
            }
          : { type: 'joinEvening', name: `P${i}` },
      );
      await p.next('eveningJoined');
      people.push(p);
    }
    const cpu0 = hostCpuMs(child.pid!);
    const t0 = performance.now();
    const heatToRoom: number[] = [];
    let tablesPerHeat = 0;
    for (let heat = 1; heat <= heats; heat++) {
      tables.clear();
      people[0].send({ type: 'nextHeat' });
      await Promise.all(people.map((p) => p.sit(heat)));
      tablesPerHeat = tables.size;
      for (const p of people) p.act();
      // The heat ends with its last table; the room screen then holds the evening with every result in.
      let lastEnd = 0;
      await new Promise<void>((resolve) => {
        const check = () => {
          if (people.every((p) => p.view?.gameOver)) lastEnd ||= performance.now();
          const e = room.evening;
          const h = e?.heats.find((x) => x.number === heat);
          if (lastEnd && h && h.tables.every((t) => t.results)) {
            heatToRoom.push(performance.now() - lastEnd);
            resolve();
          } else setTimeout(check, 1);
        };
        check();
      });
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpu1 = hostCpuMs(child.pid!);
    const sorted = [...moveLatencies].sort((a, b) => a - b);
    console.log(
      JSON.stringify({
        workload: `evening.${count}people.${heats}heats.${mode}`,
        people: count,
        heats,
        tablesPerHeat,
        moves,
        seconds: round2(seconds),
        moveToTableP50Ms: round2(percentile(sorted, 50)),
        moveToTableP99Ms: round2(percentile(sorted, 99)),
        moveToTableMaxMs: round2(sorted[sorted.length - 1]),
        heatToRoomMaxMs: round2(Math.max(...heatToRoom)),
        ...(cpu0 !== null &&
          cpu1 !== null && { hostCpuUsPerMove: Math.round(((cpu1 - cpu0) * 1000) / moves) }),
        loadAvg1m: [round2(load0), round2(loadavg()[0])],
      }),
    );
    for (const p of [room, ...people]) p.close();
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

// Run last: everything above is initialised by now.
if (process.argv[2] === 'serve') {
  // The child: a host with limits opened up for machine-speed clients.
  const { host, dataDir } = await startBenchHost();
  process.send!({ type: 'port', port: host.port, pid: process.pid } satisfies Said);
  process.on(
    'SIGTERM',
    () => void host.close().then(() => (rmSync(dataDir, { recursive: true }), process.exit(0))),
  );
} else {
  await main();
}
