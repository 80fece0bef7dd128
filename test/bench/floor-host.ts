// The floor a host cannot go below on this machine: a `ws` server that does for each move only what any
// host must (read the frame, parse it, append a line to the table's log before telling anyone, send a frame
// of a delta's size to each of the table's four clients) and nothing of the game. host.bench.ts runs the same
// closed loops against it and against the real host, so "how far from the goal" splits into what the
// machine allows at all (this) and what the host adds (the rest). It speaks just enough of the protocol for
// the bench's clients: seating answers `joined`, `start` sends a first view, and each `turn` passes the move
// to the next seat; a round never ends, so it has no ready vote and no deal.
//   node --import tsx test/bench/floor-host.ts [frameBytes]   (prints "port N")
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { AddressInfo } from 'node:net';

interface FloorTable {
  id: string;
  seats: WebSocket[];
  moveCount: number;
  actor: number;
  log: string;
}

/** What every seat of a table is told after a move, padded to `frameBytes` (a real delta's mean size). */
function deltaFrame(table: FloorTable, seat: number, frameBytes: number): string {
  const legal = seat === table.actor ? '[{"kind":"pass"}]' : '[]';
  const head = `{"type":"viewDelta","tableId":"${table.id}","from":${table.moveCount - 1},"to":${table.moveCount},"set":{"legalMoves":${legal},"pad":"`;
  const tail = '"}}';
  return head + 'x'.repeat(Math.max(0, frameBytes - head.length - tail.length)) + tail;
}

function firstView(table: FloorTable, seat: number): string {
  const legal = seat === table.actor ? '[{"kind":"pass"}]' : '[]';
  return `{"type":"view","tableId":"${table.id}","view":{"legalMoves":${legal},"gameOver":false,"moveCount":0}}`;
}

const frameBytes = Number(process.argv[2] ?? 400);
const dataDir = mkdtempSync(join(tmpdir(), 'red7-floor-'));
const tables = new Map<string, FloorTable>();
/** The table each client sits at. */
const tableOf = new Map<WebSocket, FloorTable>();
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });

wss.on('connection', (ws) => {
  ws.on('message', (data) => {
    const msg = JSON.parse(data.toString()) as {
      type: string;
      tableId?: string;
      moveCount?: number;
      steps?: unknown[];
    };
    if (msg.type === 'createTable') {
      const id = `t${tables.size + 1}`;
      const table = { id, seats: [ws], moveCount: 0, actor: 0, log: join(dataDir, `${id}.log`) };
      tables.set(id, table);
      tableOf.set(ws, table);
      ws.send(JSON.stringify({ type: 'joined', tableId: id, seat: 0 }));
    } else if (msg.type === 'join') {
      const table = tables.get(msg.tableId!)!;
      table.seats.push(ws);
      tableOf.set(ws, table);
      ws.send(JSON.stringify({ type: 'joined', tableId: table.id, seat: table.seats.length - 1 }));
    } else if (msg.type === 'start') {
      const table = tableOf.get(ws)!;
      table.seats.forEach((seat, i) => seat.send(firstView(table, i)));
    } else if (msg.type === 'turn') {
      const table = tableOf.get(ws)!;
      if (table.seats[table.actor] !== ws || msg.moveCount !== table.moveCount) return;
      // The log line is on disk before anyone is told, opened for each write as the real host does.
      const fd = openSync(table.log, 'a');
      try {
        writeSync(fd, `${JSON.stringify({ m: table.moveCount, steps: msg.steps })}\n`);
      } finally {
        closeSync(fd);
      }
      table.moveCount += 1;
      table.actor = (table.actor + 1) % table.seats.length;
      table.seats.forEach((seat, i) => seat.send(deltaFrame(table, i, frameBytes)));
    }
  });
});

wss.on('listening', () => {
  const address = wss.address() as AddressInfo;
  console.log(`port ${address.port}`);
});
process.on('SIGTERM', () => wss.close(() => (rmSync(dataDir, { recursive: true }), process.exit(0))));
