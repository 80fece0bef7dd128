import * as fs from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomicSync } from '../../common/atomic-write';

/** A hand-over's small JSON files in the data folder, each replaced whole (a killed process leaves the old or the new). */
export class HandOverFiles {
  constructor(private readonly dir: string) {}

  write(name: string, value: unknown): void {
    writeFileAtomicSync(join(this.dir, name), JSON.stringify(value), { makeFolder: true });
  }

  read<T>(name: string, report: (problem: string) => void): T | null {
    try {
      return JSON.parse(fs.readFileSync(join(this.dir, name), 'utf8')) as T;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
        report(`hand-over: ${name} not readable (${(e as Error).message})`);
      return null;
    }
  }

  remove(name: string): void {
    fs.rmSync(join(this.dir, name), { force: true });
  }

  names(): string[] {
    try {
      return fs.readdirSync(this.dir).filter((n) => n.endsWith('.json'));
    } catch {
      return [];
    }
  }
}
