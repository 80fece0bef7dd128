import { mkdtempSync } from 'node:fs';
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
