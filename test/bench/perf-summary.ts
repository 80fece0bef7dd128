// Where one thread's CPU went, from Linux `perf` samples with call stacks: unlike a V8 profile (cpu-profile-
// summary.ts), perf counts only time on the core and sees the kernel, so a socket's send is its real cost, not the
// wall time the host waited off the core while a woken client ran. Each sample goes to the innermost frame on its
// stack that names a part of a move (the game's work first, then the transport); kernel samples are also split
// by the system call they serve. Run the host with `--perf-basic-prof` so JIT frames have names:
//   NODE_OPTIONS=--perf-basic-prof perf record -F 1999 -e cpu-clock -g -o host.perf -- node --import tsx \
//     test/bench/host.bench.ts rounds=1 games=0 moves=10000
//   perf script -i host.perf -F tid,ip,sym,dso > host.txt
//   node --import tsx test/bench/perf-summary.ts host.txt tid=<the host's thread> [hz=1999] [moves=N]
import { readFileSync } from 'node:fs';

/** A move's parts, by a string found in a frame's name: the game's own work, searched for first. */
const GAME: [string, string][] = [
  ['appendMoves', 'the log line (open, write, close)'],
  ['parseClientMessage', 'the message read and checked'],
  ['legalMoves', 'the legal moves (actor’s view)'],
  ['applyTurn', 'the engine applying the turn'],
  ['viewFrame', 'the frames: delta or whole (diff, JSON)'],
  ['viewFor', 'the views (projection per seat)'],
  ['tableInfo', 'the table info (ready votes, rematch)'],
  ['sendTable', 'the table info (ready votes, rematch)'],
];
const OTHER_HOST_CODE = 'the host’s other code';
/** What every host pays whatever the game: ws, Node's streams and event loop, the collector. */
const TRANSPORT: [string, string][] = [
  ['ws/lib/sender.js', 'sending: ws framing'],
  ['internal/streams/writable', 'sending: Node streams'],
  ['writevGeneric', 'sending: Node streams'],
  ['ws/lib/receiver.js', 'receiving: ws, and the host’s other code'],
  ['ws/lib/websocket.js', 'receiving: ws, and the host’s other code'],
  ['internal/streams/readable', 'receiving: Node streams'],
  ['stream_base_commons', 'receiving: Node streams'],
  ['main/host/', OTHER_HOST_CODE],
  ['shared/', OTHER_HOST_CODE],
  ['Scavenge', 'the garbage collector'],
  ['MarkCompact', 'the garbage collector'],
  ['Heap::', 'the garbage collector'],
];
const SYSCALLS: [string, string][] = [
  ['sys_writev', 'writev'],
  ['sys_read', 'read'],
  ['sys_openat', 'open'],
  ['sys_write', 'write'],
  ['sys_close', 'close'],
  ['epoll', 'epoll'],
  ['futex', 'futex'],
  ['sys_fsync', 'fsync'],
  ['sys_fdatasync', 'fsync'],
];

const [file, ...args] = process.argv.slice(2);
const arg = (name: string) => args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
const tid = arg('tid');
if (!file || !tid) throw new Error('usage: perf-summary.ts PERF_SCRIPT.txt tid=N [hz=1999] [moves=N]');
const hz = Number(arg('hz') ?? 1999);
const moves = arg('moves') ? Number(arg('moves')) : null;

/** Each sample of the thread: its stack, innermost frame first. */
const samples: string[][] = [];
let current: string[] | null = null;
for (const line of readFileSync(file, 'utf8').split('\n')) {
  const head = /^(\d+)\s*$/.exec(line);
  if (head) {
    current = head[1] === tid ? [] : null;
    if (current) samples.push(current);
  } else if (current && line.trim()) current.push(line.trim());
}

const firstMatch = (stack: string[], parts: [string, string][]) => {
  for (const frame of stack) for (const [key, label] of parts) if (frame.includes(key)) return label;
  return null;
};
const counts = new Map<string, number>();
/** Samples in the game's own code: the named parts, and the host's code around them (JIT inlining hides some). */
let game = 0;
for (const stack of samples) {
  const what = firstMatch(stack, GAME) ?? firstMatch(stack, TRANSPORT) ?? 'unnamed (no JS frame)';
  const inKernel = stack[0].includes('[kernel.kallsyms]');
  if (!inKernel && (GAME.some(([, label]) => label === what) || what === OTHER_HOST_CODE)) game += 1;
  const kernel = inKernel ? `kernel: ${firstMatch(stack, SYSCALLS) ?? 'interrupts, scheduling'}, under ` : '';
  counts.set(kernel + what, (counts.get(kernel + what) ?? 0) + 1);
}

const n = samples.length;
const usPerMove = (count: number) => (moves ? `, ${((1e6 * count) / hz / moves).toFixed(0)} µs a move` : '');
console.log(`thread ${tid}: ${n} samples, ${(n / hz).toFixed(2)} s on the core${usPerMove(n)}`);
console.log(
  `the game's own code: ${((100 * game) / n).toFixed(1)} %${usPerMove(game)}; the rest is what any host pays`,
);
for (const [what, count] of [...counts].sort((a, b) => b[1] - a[1])) {
  if (count / n < 0.002) continue;
  const share = `${((100 * count) / n).toFixed(1).padStart(5)} %`;
  const perMove = moves ? `${((1e6 * count) / hz / moves).toFixed(1).padStart(6)} µs a move` : '';
  console.log(`${share}  ${perMove}  ${what}`);
}
