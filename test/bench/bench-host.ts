import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HostOptions } from '../../main/host';

/** A bench's host child: loopback, any port, a fresh data folder, limits opened up for machine-speed clients. */
export async function startBenchHost(options: Partial<HostOptions> = {}) {
  const { startHost } = await import('../../main/host');
  const dataDir = mkdtempSync(join(tmpdir(), 'red7-bench-'));
  const host = await startHost({
    port: 0,
    bind: '127.0.0.1',
    dataDir,
    limits: { ratePerSecond: 100_000, rateBurst: 100_000, maxTables: 200, maxConnections: 1000 },
    ...options,
  });
  return { host, dataDir };
}

/** The host child's CPU time so far (ms), user and system (the kernel's: socket sends, the log's writes). */
export function hostCpuTimes(pid: number): { userMs: number; systemMs: number; writeCalls: number } | null {
  try {
    // Fields 14 and 15 (utime, stime) in clock ticks, after the command name in parentheses.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // The system calls that wrote (a socket's send, a log line): on loopback each also wakes a reader.
    const writeCalls = /syscw: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'));
    return {
      userMs: Number(fields[11]) * 10,
      systemMs: Number(fields[12]) * 10,
      writeCalls: Number(writeCalls?.[1] ?? NaN),
    };
  } catch {
    return null;
  }
}

/**
 * The host child's CPU time so far (user + system, ms), from /proc: on a shared machine a move's latency
 * mostly measures the wait for a core, while the host's CPU per move is its own work. Null off Linux.
 */
export function hostCpuMs(pid: number): number | null {
  const t = hostCpuTimes(pid);
  return t && t.userMs + t.systemMs;
}
