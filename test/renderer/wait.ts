import { vi } from 'vitest';

/**
 * Waits until `check` passes, for up to 10 s: for what a screen shows once asynchronous work is done, most
 * often code loaded on first use (a lazily imported screen, component or language). A first import transforms
 * its files in the test's module runner, which took over vi.waitFor's 1 s default on a busy machine (CI beside
 * other work) and failed tests whose behaviour was right. A check that never passes still fails, only later.
 */
export const eventually = <T>(check: () => T | Promise<T>): Promise<T> =>
  vi.waitFor(check, { timeout: 10_000, interval: 20 });
