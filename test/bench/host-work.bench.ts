// The host's own code a move, with no sockets: every message goes straight to the real `Hub` (real engine,
// views, deltas and a real log on disk), each frame it sends is kept in memory and read by its client, and
// only the host's handling is timed. host.bench.ts measures the same moves through `ws` and loopback TCP,
// where what any host pays (the sockets, the event loop) comes on top, with the scheduling of the host and its
// clients; this one leaves both out, so it shows what a change to the game's code saves (still compare side
// by side in one sitting: other work on the machine slows it too). 4-player Advanced + Action tables, random
// legal moves, the ready vote and a rematch as the bench's clients send them.
//   node --import tsx test/bench/host-work.bench.ts [moves=20000] [tables=50]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inlineBrain } from '../../main/host/bot-brain';
import { systemClock } from '../../main/host/clock';
import { FileStore } from '../../main/host/file-store';
import { FrozenTables } from '../../main/host/hand-over/frozen';
import { GameArchive } from '../../main/host/history/archive';
import { DEFAULT_HISTORY_LIMITS } from '../../main/host/history/limits';
import { Hub } from '../../main/host/hub';
import { DEFAULT_LIMITS } from '../../main/host/limits';
import { Session } from '../../main/host/session';
import type { SeatView } from '../../shared/engine';
import { PROTOCOL_VERSION, applyDelta, parseClientMessage } from '../../shared/protocol';
import type { ServerMessage, TableOptions } from '../../shared/protocol';
import { benchSettings } from './settings';

const settings = benchSettings();
const MOVES = Number(settings.get('moves') ?? 20_000);
const TABLES = Number(settings.get('tables') ?? 50);
const OPTIONS: TableOptions = { players: 4, mode: 'advanced', actionRule: true };

const dataDir = mkdtempSync(join(tmpdir(), 'red7-host-work-'));
const limits = {
  ...DEFAULT_LIMITS,
  ratePerSecond: 1e9,
  rateBurst: 1e9,
  maxTables: 1000,
  maxConnections: 10_000,
};
const report = (problem: string) => console.error(`[host] ${problem}`);
const store = new FileStore(dataDir, limits.snapshotDelayMs, report, systemClock);
const archive = new GameArchive(
  dataDir,
  DEFAULT_HISTORY_LIMITS,
  { name: 'bench', version: '0' },
  report,
  systemClock,
);
archive.load();
const frozen = new FrozenTables();
const hub = new Hub(
  { name: 'bench', version: '0' },
  limits,
  frozen.guard(store),
  inlineBrain(),
  report,
  systemClock,
  archive,
  true,
  PROTOCOL_VERSION,
  frozen,
);
hub.restore();

let nextRandom = 12345;
const random = () => (nextRandom = (Math.imul(nextRandom, 1103515245) + 12345) >>> 0) / 4294967296;

/** Time in `Hub.handle` (ms), and the moves' own handling times, once the warm-up is over. */
const timed = { ms: 0, frames: 0, bytes: 0, moves: [] as number[] };

/** A client whose socket is an array: what the host sends it is read back after each message. */
class Client {
  private readonly inbox: string[] = [];
  readonly session: Session;
  view: SeatView | null = null;
  tableId = '';

  constructor() {
    const socket = {
      readyState: 1, // OPEN
      bufferedAmount: 0,
      send: (text: string) => {
        timed.frames += 1;
        timed.bytes += text.length;
        this.inbox.push(text);
      },
      close() {},
      terminate() {},
      ping() {},
    };
    this.session = new Session(socket as never, limits, systemClock.now(), '127.0.0.1');
  }

  /** Sends as the socket would deliver it: the text parsed and checked, then handled. */
  send(msg: object): void {
    const text = JSON.stringify(msg);
    const t0 = performance.now();
    const parsed = parseClientMessage(text);
    if (!parsed.ok) throw new Error(`bench message refused: ${parsed.reason}`);
    hub.handle(this.session, parsed.msg);
    const ms = performance.now() - t0;
    timed.ms += ms;
    if (parsed.msg.type === 'turn') timed.moves.push(ms);
  }

  read(): void {
    for (const text of this.inbox.splice(0)) {
      const msg = JSON.parse(text) as ServerMessage;
      if (msg.type === 'error') throw new Error(`bench client refused: ${text}`);
      if (msg.type === 'joined') this.tableId = msg.tableId;
      if (msg.type === 'view') this.view = msg.view;
      if (msg.type === 'viewDelta') {
        const next = this.view && applyDelta(this.view, msg);
        if (!next?.ok) throw new Error(`bench client: a delta did not apply (${text.slice(0, 80)})`);
        this.view = next.view;
      }
    }
  }
}

function table(): Client[] {
  const clients = Array.from({ length: 4 }, () => new Client());
  for (const c of clients) c.send({ type: 'hello', protocol: PROTOCOL_VERSION });
  clients[0].send({ type: 'createTable', name: 'bench', player: 'P0', options: OPTIONS });
  clients[0].read();
  for (let i = 1; i < 4; i++)
    clients[i].send({ type: 'join', tableId: clients[0].tableId, name: `P${i}`, seat: i });
  clients[0].send({ type: 'start' });
  for (const c of clients) c.read();
  return clients;
}

/** One step of a table: a random legal move, else the ready vote, else a rematch. Returns moves made. */
function step(clients: Client[]): number {
  const view = clients[0].view!;
  const send = (c: Client, msg: object) => (c.send(msg), clients.forEach((x) => x.read()));
  if (view.gameOver) {
    for (const c of clients) send(c, { type: 'rematch' });
    return 0;
  }
  const actor = clients.find((c) => c.view!.legalMoves.length > 0);
  if (!actor) {
    for (const c of clients) send(c, { type: 'ready' });
    return 0;
  }
  const legal = actor.view!.legalMoves;
  send(actor, {
    type: 'turn',
    steps: [legal[Math.floor(random() * legal.length)]],
    moveCount: actor.view!.moveCount,
  });
  return 1;
}

const tables = Array.from({ length: TABLES }, table);
// Warm-up: the JIT, and every table past its first game.
for (let done = 0; done < Math.min(MOVES, 5000);) for (const t of tables) done += step(t);
Object.assign(timed, { ms: 0, frames: 0, bytes: 0, moves: [] });
const cpu0 = process.cpuUsage();
let moves = 0;
while (moves < MOVES) for (const t of tables) moves += step(t);
const cpu = process.cpuUsage(cpu0);
const sorted = timed.moves.sort((a, b) => a - b);
const percentile = (p: number) =>
  +sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))].toFixed(3);
console.log(
  JSON.stringify({
    workload: `host-work.${TABLES}x4`,
    moves,
    hostUsPerMove: +((1000 * timed.ms) / moves).toFixed(1),
    moveP50Ms: percentile(50),
    moveP99Ms: percentile(99),
    framesPerMove: +(timed.frames / moves).toFixed(2),
    bytesPerFrame: Math.round(timed.bytes / timed.frames),
    // The whole process (the clients' reading too, the log's system calls): a check on the figure above.
    processCpuUsPerMove: Math.round((cpu.user + cpu.system) / moves),
  }),
);
await store.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
