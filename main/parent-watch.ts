/**
 * Notices when the process that started this one is gone. `npm run host` starts the host through
 * a shell; a SIGTERM sent to npm alone (a service manager, `docker stop` on a non-init npm) ends
 * npm and the shell but never reaches the host, which would run on as an orphan holding its port.
 * Checking the parent is portable: on POSIX an orphan is re-parented (ppid changes), on Windows
 * the parent's pid simply stops answering.
 */
export interface ParentWatchDeps {
  ppid(): number;
  /** process.kill(pid, 0): throws ESRCH when no such process exists. */
  probe(pid: number): void;
}

const realDeps: ParentWatchDeps = { ppid: () => process.ppid, probe: (pid) => process.kill(pid, 0) };

export function parentGone(parent: number, deps: ParentWatchDeps = realDeps): boolean {
  if (deps.ppid() !== parent) return true;
  try {
    deps.probe(parent);
    return false;
  } catch (e) {
    // EPERM: it exists but belongs to someone else (a parent that dropped privileges).
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Calls `onGone` once, within `everyMs`, after the parent ends. Nothing to watch when the parent
 * is init (pid 1: started by systemd, or as a container's main process), which outlives us.
 */
export function watchParent(onGone: () => void, everyMs = 500, deps: ParentWatchDeps = realDeps): () => void {
  const parent = deps.ppid();
  if (parent <= 1) return () => {};
  const timer = setInterval(() => {
    if (!parentGone(parent, deps)) return;
    clearInterval(timer);
    onGone();
  }, everyMs);
  timer.unref(); // never the reason the host stays up
  return () => clearInterval(timer);
}
