import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TableOptions } from '../../../shared/protocol';
import { TestClient } from './client';

/** The table's options as the host reports them to a seat that resumes with `token`. */
export async function optionsAfterResume(port: number, token: string): Promise<TableOptions> {
  const c = await TestClient.greeted(port);
  c.send({ type: 'resume', token });
  const t = await c.next('table');
  await c.close();
  return t.table.options;
}

/**
 * Rewrites a stopped host's snapshot of `tableId` as a version from before `key` existed would have written
 * it; returns the value it had.
 */
export function dropFromSnapshot(dataDir: string, tableId: string, key: string): unknown {
  const file = join(dataDir, 'tables', tableId, 'snapshot.json');
  const { [key]: value, ...older } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify(older));
  return value;
}
