import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Replacing a file so that a reader, even after a crash or a power cut, sees the old content or the new,
 * never a mix: write a temp file beside it, fsync it, rename it over the file, fsync the folder (so the
 * rename itself is kept). The way the host's snapshots and the desktop app's files are written; a caller
 * that writes one file more than once runs its writes one after another.
 */
export interface AtomicWriteOptions {
  /** Create the folder first if missing. */
  makeFolder?: boolean;
}

let lastTemp = 0;
/** Unique per process and write, so writes to one file never share a temp file. */
const tempFor = (file: string) => join(dirname(file), `${basename(file)}.${process.pid}.${++lastTemp}.tmp`);

/** Off the event loop (the thread pool waits for the disk). Throws the OS's error (the temp file is removed). */
export async function writeFileAtomic(
  file: string,
  data: string,
  opts: AtomicWriteOptions = {},
): Promise<void> {
  if (opts.makeFolder) await fsp.mkdir(dirname(file), { recursive: true });
  const tmp = tempFor(file);
  try {
    const fh = await fsp.open(tmp, 'w');
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await fsp.rename(tmp, file);
  } catch (err) {
    await fsp.rm(tmp, { force: true }).catch(() => {});
    throw err;
  }
  await syncFolder(dirname(file));
}

/** The same, synchronously: for a write that must be on disk before the caller goes on (the app quitting). */
export function writeFileAtomicSync(file: string, data: string, opts: AtomicWriteOptions = {}): void {
  if (opts.makeFolder) fs.mkdirSync(dirname(file), { recursive: true });
  const tmp = tempFor(file);
  try {
    const fd = fs.openSync(tmp, 'w');
    try {
      fs.writeFileSync(fd, data);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  } catch (err) {
    try {
      fs.rmSync(tmp, { force: true });
    } catch {
      /* nothing was made, or nothing can be removed: the error below is what matters */
    }
    throw err;
  }
  syncFolderSync(dirname(file));
}

/** Best effort: not every platform lets a folder be opened for fsync. */
async function syncFolder(dir: string): Promise<void> {
  try {
    const d = await fsp.open(dir, 'r');
    await d.sync().finally(() => d.close());
  } catch {
    /* best effort */
  }
}

function syncFolderSync(dir: string): void {
  try {
    const d = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(d);
    } finally {
      fs.closeSync(d);
    }
  } catch {
    /* best effort */
  }
}
