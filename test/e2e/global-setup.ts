import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildRendererInto, chromiumAvailable } from './harness';

/*
 * The e2e project's global setup: the renderer is built once for the whole run (not once per file)
 * and every file serves that build (`inject('rendererDir')`, read by the harness).
 */

export default async function setup(project: TestProject): Promise<() => void> {
  if (!chromiumAvailable()) {
    project.provide('rendererDir', '');
    return () => {};
  }
  const dir = mkdtempSync(join(tmpdir(), 'red7-e2e-renderer-'));
  await buildRendererInto(dir);
  project.provide('rendererDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
