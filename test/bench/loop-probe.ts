// Measures this process's main-thread event loop: how late timers fire (the delay any socket event would
// see), each stall over 20 ms with its time, and garbage-collection pauses over 5 ms.
import { closeSync, openSync, readSync } from 'node:fs';
import { PerformanceObserver, monitorEventLoopDelay, performance } from 'node:perf_hooks';

export interface LoopReport {
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /**
   * Each stall over STALL_MS seen by the interval probe: when (s since the start), how long, and how much of
   * it this thread spent on the CPU and (Linux) waiting in the run queue for a core. A stall spent on the
   * CPU is this thread's own work; one spent in the run queue is the OS running other threads (a shared
   * machine, the bots' worker); the rest is time asleep in a blocking call (a synchronous disk write).
   */
  stalls: Stall[];
  /**
   * The most CPU this thread used between two ticks of the probe (5 ms apart when nothing blocks): an upper
   * bound on its longest piece of work, which the OS's scheduling cannot inflate.
   */
  maxCpuBetweenTicksMs: number;
  /** When that was (s since the start). */
  maxCpuAtS: number;
  gcOver5Ms: number;
  gcMaxMs: number;
  /** Share of the time the main thread was busy (event loop utilization). */
  utilization: number;
}

export interface Stall {
  atS: number;
  ms: number;
  cpuMs: number;
  queuedMs: number | null;
}

/**
 * Linux: milliseconds this thread has run, and waited runnable for a core (null elsewhere). The file is
 * opened once and read again from its start: one system call every tick of the probe.
 */
function schedstatReader(): { read(): { runMs: number; queuedMs: number } | null; close(): void } {
  let fd: number;
  try {
    fd = openSync('/proc/thread-self/schedstat', 'r');
  } catch {
    return { read: () => null, close: () => {} };
  }
  const buffer = Buffer.alloc(128);
  return {
    read() {
      const n = readSync(fd, buffer, 0, buffer.length, 0);
      const [run, queued] = buffer.toString('latin1', 0, n).split(' ').map(Number);
      return { runMs: run / 1e6, queuedMs: queued / 1e6 };
    },
    close: () => closeSync(fd),
  };
}

const STALL_MS = 20;
const PROBE_EVERY_MS = 5;
const GC_MS = 5;

export function startLoopProbe(): { report(): LoopReport; stop(): void } {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const t0 = performance.now();
  const elu0 = performance.eventLoopUtilization();
  const stalls: Stall[] = [];
  const cpu = () => {
    const u = process.threadCpuUsage();
    return (u.user + u.system) / 1000;
  };
  let last = t0;
  let lastCpu = cpu();
  const schedstatFile = schedstatReader();
  const schedstat = () => schedstatFile.read();
  let lastSched = schedstat();
  let maxCpu = 0;
  let maxCpuAt = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    const nowCpu = cpu();
    const sched = schedstat();
    const late = now - last - PROBE_EVERY_MS;
    if (nowCpu - lastCpu > maxCpu) [maxCpu, maxCpuAt] = [nowCpu - lastCpu, (now - t0) / 1000];
    if (late > STALL_MS) {
      const atS = +((last - t0) / 1000).toFixed(2);
      const queuedMs = sched && lastSched ? +(sched.queuedMs - lastSched.queuedMs).toFixed(1) : null;
      stalls.push({ atS, ms: +late.toFixed(1), cpuMs: +(nowCpu - lastCpu).toFixed(1), queuedMs });
    }
    lastSched = sched;
    last = now;
    lastCpu = nowCpu;
  }, PROBE_EVERY_MS);
  let gcCount = 0;
  let gcMax = 0;
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gcMax = Math.max(gcMax, e.duration);
      if (e.duration > GC_MS) gcCount += 1;
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  const ms = (ns: number) => +(ns / 1e6).toFixed(2);
  return {
    report: () => ({
      seconds: +((performance.now() - t0) / 1000).toFixed(2),
      p50Ms: ms(histogram.percentile(50)),
      p99Ms: ms(histogram.percentile(99)),
      maxMs: ms(histogram.max),
      stalls: [...stalls],
      maxCpuBetweenTicksMs: +maxCpu.toFixed(2),
      maxCpuAtS: +maxCpuAt.toFixed(2),
      gcOver5Ms: gcCount,
      gcMaxMs: +gcMax.toFixed(2),
      utilization: +performance.eventLoopUtilization(elu0).utilization.toFixed(3),
    }),
    stop() {
      schedstatFile.close();
      histogram.disable();
      clearInterval(probe);
      gc.disconnect();
    },
  };
}
