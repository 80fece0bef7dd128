import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Replacing a file so that a reader, even after a crash or a power cut, sees the old content or the new,
 * never a mix: write a temp file beside it, fsync it, rename it over the file, fsync the folder (so the
 * rename itself is kept). The one way the host's snapshots and the desktop app's files are written.
 */
export interface AtomicWriteOptions {
  /** Create the folder first if missing. */
  makeFolder?: boolean;
  /**
   * Asked right before the rename (with nothing in between): false drops the temp file and leaves the
   * file as it was (a newer write has replaced it meanwhile).
   */
  stillWanted?: () => boolean;
  /**
   * Told as the rename is handed to the OS (it then runs off this thread, so a slow disk never holds up the
   * event loop), with a function that cancels it: once that returns, the rename has either happened or
   * never will (the write then resolves false). A synchronous writer of the same file calls it first, so
   * that its newer content cannot be replaced by this older one landing after it.
   */
  renaming?: (cancel: () => void) => void;
}

let lastTemp = 0;
/** Unique per process and write, so writes to one file never share a temp file. */
const tempFor = (file: string) => join(dirname(file), `${basename(file)}.${process.pid}.${++lastTemp}.tmp`);

/** Returns false when `stillWanted` said no. Throws the OS's error (the temp file is removed). */
export async function writeFileAtomic(
  file: string,
  data: string,
  opts: AtomicWriteOptions = {},
): Promise<boolean> {
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
    if (opts.stillWanted && !opts.stillWanted()) {
      await fsp.rm(tmp, { force: true });
      return false;
    }
    let cancelled = false;
    opts.renaming?.(() => {
      cancelled = true;
      removeNow(tmp);
    });
    try {
      await fsp.rename(tmp, file);
    } catch (err) {
      if (cancelled) return false; // its temp file was taken away first: the file is the canceller's
      throw err;
    }
  } catch (err) {
    await fsp.rm(tmp, { force: true }).catch(() => {});
    throw err;
  }
  await syncFolder(dirname(file));
  return true;
}

/**
 * Deletes a temp file whose rename may be under way in another thread. Gone (ENOENT) means the rename came
 * first. Windows refuses to delete a file being renamed (EBUSY, EPERM): that rename ends within moments, so
 * ask again, but not forever: past `giveUpMs` the error is thrown (the caller's write is then refused).
 */
function removeNow(tmp: string, giveUpMs = 2000): void {
  const until = Date.now() + giveUpMs;
  for (;;) {
    try {
      fs.unlinkSync(tmp);
      return;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return;
      const busy = process.platform === 'win32' && (code === 'EBUSY' || code === 'EPERM');
      if (!busy || Date.now() > until) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
    }
  }
}

/** The same, synchronously: for a write that must be on disk before the caller goes on. */
export function writeFileAtomicSync(
  file: string,
  data: string,
  opts: Omit<AtomicWriteOptions, 'stillWanted'> = {},
): void {
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
