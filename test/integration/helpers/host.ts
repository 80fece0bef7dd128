import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHost, type Host, type HostOptions } from '../../../main/host';

export interface TestHost {
  host: Host;
  port: number;
  dataDir: string;
  problems: string[];
  /** Closes the host and deletes its data folder. */
  stop(): Promise<void>;
}

/** A real host on 127.0.0.1, any free port, in a fresh data folder (or the given one). */
export async function testHost(opts: Partial<HostOptions> = {}): Promise<TestHost> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'red7-host-'));
  const problems: string[] = [];
  const host = await startHost({
    port: 0,
    bind: '127.0.0.1',
    hostName: 'test host',
    ...opts,
    dataDir,
    // Test clients move far faster than people; the rate limit has its own test.
    limits: { botDelayMs: 0, ratePerSecond: 10_000, rateBurst: 10_000, ...opts.limits },
    onProblem: (p) => problems.push(p),
  });
  return {
    host,
    port: host.port,
    dataDir,
    problems,
    async stop() {
      await host.close({ timeoutMs: 500 });
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Hosts a test starts, closed and their data folders deleted after each test (`afterEach(pool.closeAll)`).
 * `start(dataDir)` restarts on an earlier host's folder, as after a crash or an upgrade.
 */
export function hostPool(): { start(dataDir?: string): Promise<TestHost>; closeAll(): Promise<void> } {
  let hosts: TestHost[] = [];
  return {
    async start(dataDir) {
      const h = await testHost(dataDir ? { dataDir } : {});
      hosts.push(h);
      return h;
    },
    async closeAll() {
      for (const h of hosts) await h.host.close({ timeoutMs: 500 });
      for (const h of hosts) rmSync(h.dataDir, { recursive: true, force: true });
      hosts = [];
    },
  };
}
