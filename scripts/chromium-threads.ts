/*
 * Where Chromium's CPU goes, by process type and thread: runs a command (an e2e file, say) and reads every
 * Chromium thread's CPU time from /proc twice a second while it runs, then prints the sums. A thread's last
 * reading counts, so a thread that ends between two readings loses at most half a second.
 *
 *   tsx scripts/chromium-threads.ts [--top 20] -- npx vitest run --config test/vitest.config.ts test/e2e/game.test.ts
 *
 * Linux only. In a renderer, `ThreadPoolForegroundWorker` is V8's background compiles (Maglev, TurboFan) and
 * the compositor's raster tasks; `chromium-headle…` is the process's main thread (Blink and the page's script).
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '20' } },
  allowPositionals: true,
});
if (positionals.length === 0) {
  console.error('usage: tsx scripts/chromium-threads.ts [--top N] -- <command> [args...]');
  process.exit(2);
}

const TICKS_A_SECOND = 100;
/** The last CPU time read of each thread: `pid/tid` → process type, thread name, ticks. */
const last = new Map<string, { type: string; thread: string; ticks: number }>();

const read = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the process or thread ended meanwhile
  }
};

/** A Chromium process's type (`renderer`, `gpu-process`, `utility:NetworkService`, `browser`), else null. */
function chromiumType(pid: string): string | null {
  // A zygote's children rewrite their command line into one string: split on spaces too.
  const args = (read(`/proc/${pid}/cmdline`) ?? '').split(/[\0 ]+/);
  if (!/chrom/.test(args[0] ?? '')) return null;
  const type = args.find((a) => a.startsWith('--type='))?.slice(7);
  if (!type) return 'browser';
  if (type !== 'utility') return type;
  const sub = args.find((a) => a.startsWith('--utility-sub-type='))?.split('.') ?? [];
  return `utility:${sub.at(-1) ?? '?'}`;
}

function sample(): void {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const type = chromiumType(pid);
    if (!type) continue;
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // it ended meanwhile
    }
    for (const tid of tids) {
      const stat = read(`/proc/${pid}/task/${tid}/stat`);
      if (!stat) continue;
      const nameEnd = stat.lastIndexOf(')'); // a thread's name may hold spaces and parentheses
      const thread = stat.slice(stat.indexOf('(') + 1, nameEnd).replace(/\d+$/, '#');
      const fields = stat.slice(nameEnd + 2).split(' ');
      last.set(`${pid}/${tid}`, { type, thread, ticks: Number(fields[11]) + Number(fields[12]) });
    }
  }
}

const started = Date.now();
const child = spawn(positionals[0]!, positionals.slice(1), { stdio: 'inherit' });
const timer = setInterval(sample, 500);
child.on('close', (code) => {
  clearInterval(timer);
  const byThread = new Map<string, number>();
  const byType = new Map<string, number>();
  let total = 0;
  for (const { type, thread, ticks } of last.values()) {
    const s = ticks / TICKS_A_SECOND;
    const key = `${type.padEnd(24)} ${thread}`;
    byThread.set(key, (byThread.get(key) ?? 0) + s);
    byType.set(type, (byType.get(type) ?? 0) + s);
    total += s;
  }
  const wall = (Date.now() - started) / 1000;
  console.log(`\nChromium's CPU: ${total.toFixed(1)} s in ${wall.toFixed(1)} s (exit ${code})`);
  for (const [type, s] of [...byType].sort((a, b) => b[1] - a[1]))
    console.log(`${s.toFixed(1).padStart(8)} s  ${type}`);
  console.log('by thread:');
  for (const [key, s] of [...byThread].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
    console.log(`${s.toFixed(1).padStart(8)} s  ${key}`);
  process.exitCode = code ?? 1;
});
