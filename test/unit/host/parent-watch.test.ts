import { afterEach, describe, expect, it, vi } from 'vitest';
import { parentGone, watchParent, type ParentWatchDeps } from '../../../main/parent-watch';

function fakeProcesses(ppid: number) {
  const running = new Set([ppid]);
  const deps: ParentWatchDeps & { reparent(to: number): void; end(pid: number): void } = {
    ppid: () => ppid,
    probe: (pid) => {
      if (!running.has(pid)) throw Object.assign(new Error('kill ESRCH'), { code: 'ESRCH' });
    },
    reparent: (to) => void (ppid = to),
    end: (pid) => void running.delete(pid),
  };
  return deps;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('parentGone', () => {
  it('sees a POSIX orphan (re-parented) and a Windows one (its parent pid no longer answers)', () => {
    const posix = fakeProcesses(4000);
    expect(parentGone(4000, posix)).toBe(false);
    posix.reparent(1);
    expect(parentGone(4000, posix)).toBe(true);

    const windows = fakeProcesses(4000);
    windows.end(4000);
    expect(parentGone(4000, windows)).toBe(true);
  });

  it('a parent it may not signal (EPERM) is still there', () => {
    const deps: ParentWatchDeps = {
      ppid: () => 4000,
      probe: () => {
        throw Object.assign(new Error('kill EPERM'), { code: 'EPERM' });
      },
    };
    expect(parentGone(4000, deps)).toBe(false);
  });
});

describe('watchParent', () => {
  it('calls back once, within one period of the parent ending', () => {
    vi.useFakeTimers();
    const deps = fakeProcesses(4000);
    const gone = vi.fn();
    watchParent(gone, 500, deps);
    vi.advanceTimersByTime(2000);
    expect(gone).not.toHaveBeenCalled();
    deps.end(4000);
    vi.advanceTimersByTime(500);
    expect(gone).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(5000);
    expect(gone).toHaveBeenCalledOnce();
  });

  it('watches nothing under init (systemd, a container), and can be stopped', () => {
    vi.useFakeTimers();
    const underInit = fakeProcesses(1);
    const gone = vi.fn();
    watchParent(gone, 500, underInit);
    underInit.end(1);
    vi.advanceTimersByTime(5000);
    expect(gone).not.toHaveBeenCalled();

    const deps = fakeProcesses(4000);
    const stop = watchParent(gone, 500, deps);
    stop();
    deps.end(4000);
    vi.advanceTimersByTime(5000);
    expect(gone).not.toHaveBeenCalled();
  });
});
