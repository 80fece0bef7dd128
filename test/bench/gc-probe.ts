// The collector's pauses in a process, by kind, printed to stderr as it ends (SIGTERM, as host.bench.ts stops its
// host children, or a normal exit): how many, their median and longest, and their sum. For the host children:
//   NODE_OPTIONS="--import ./test/bench/gc-probe.ts" node --import tsx test/bench/host.bench.ts rounds=1 games=0
import { PerformanceObserver, constants } from 'node:perf_hooks';

const KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'young (scavenge)',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'whole heap (mark-compact)',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};
const pauses = new Map<string, number[]>();

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    // A gc entry's detail names its kind (Node's own field, not in the DOM's PerformanceEntry type).
    const kind = (entry as { detail?: { kind?: number } }).detail?.kind ?? -1;
    const name = KINDS[kind] ?? `kind ${kind}`;
    const all = pauses.get(name) ?? [];
    all.push(entry.duration);
    pauses.set(name, all);
  }
}).observe({ entryTypes: ['gc'] });

let printed = false;
function print(): void {
  if (printed) return;
  printed = true;
  for (const [name, all] of pauses) {
    all.sort((a, b) => a - b);
    const sum = all.reduce((a, b) => a + b, 0);
    console.error(
      `[gc ${process.pid}] ${name}: ${all.length}, median ${all[all.length >> 1].toFixed(2)} ms, ` +
        `longest ${all[all.length - 1].toFixed(2)} ms, in all ${sum.toFixed(0)} ms`,
    );
  }
}
process.on('exit', print);
// Printed before the process's own SIGTERM handler exits (listeners run in order of registration).
process.prependListener('SIGTERM', print);
