import * as fs from 'node:fs';
import { join } from 'node:path';
import { StorageError } from './store';

/** `evening.json` (docs/host.md), beside `tables/` in the data folder: small, replaced whole at each change. */
const eveningFile = (dataDir: string): string => join(dataDir, 'evening.json');

/** The evening as last kept; null: none (or unreadable, reported). */
export function readEveningFile(dataDir: string, report: (problem: string) => void): string | null {
  const path = eveningFile(dataDir);
  try {
    return fs.readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
      report(`evening: not readable (${(e as Error).message})`);
    return null;
  }
}

/** Written to a temporary file, then renamed over the last: the OS keeps it whole from the rename on. */
export function writeEveningFile(dataDir: string, text: string): void {
  const path = eveningFile(dataDir);
  const temp = `${path}.tmp`;
  try {
    fs.writeFileSync(temp, text);
    fs.renameSync(temp, path);
  } catch (err) {
    throw new StorageError('evening: not written', err as NodeJS.ErrnoException);
  }
}
