import * as fs from 'node:fs';
import { StorageError } from './store';

/** `evening.json` (docs/host.md): small, replaced whole at each change. */

/** The evening as last kept; null: none (or unreadable, reported). */
export function readEveningFile(path: string, report: (problem: string) => void): string | null {
  try {
    return fs.readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
      report(`evening: not readable (${(e as Error).message})`);
    return null;
  }
}

/** Written to a temporary file, then renamed over the last: the OS keeps it whole from the rename on. */
export function writeEveningFile(path: string, text: string): void {
  const temp = `${path}.tmp`;
  try {
    fs.writeFileSync(temp, text);
    fs.renameSync(temp, path);
  } catch (err) {
    throw new StorageError('evening: not written', err as NodeJS.ErrnoException);
  }
}
