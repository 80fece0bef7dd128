/** Stops a timer the clock started (nothing happens if it has already run). */
export type Cancel = () => void;

/**
 * The host's one source of time: every timestamp and every timer of the host goes through it, so a test
 * can pass a clock it moves on by hand instead of sleeping against the host's timings.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `fn` once, `ms` from now. */
  after(ms: number, fn: () => void): Cancel;
  /** Runs `fn` every `ms`. */
  every(ms: number, fn: () => void): Cancel;
}

/** The machine's clock. Its timers never keep the process alive (the server's socket does). */
export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, fn) {
    const t = setTimeout(fn, ms);
    t.unref();
    return () => clearTimeout(t);
  },
  every(ms, fn) {
    const t = setInterval(fn, ms);
    t.unref();
    return () => clearInterval(t);
  },
};

/** A promise that resolves `ms` from now by the clock. */
export const sleepFor = (clock: Clock, ms: number): Promise<void> =>
  new Promise((resolve) => clock.after(ms, resolve));
