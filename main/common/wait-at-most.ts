/**
 * Waits for `work`, but no longer than `ms`: 'done' when it finished in time, 'late' when time ran out
 * first (the work goes on; its later failure is ignored). A failure in time rejects with its error.
 */
export function waitAtMost(ms: number, work: Promise<unknown>): Promise<'done' | 'late'> {
  work.catch(() => {}); // a failure after the deadline is nobody's to hear
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  return Promise.race([work.then(() => 'done' as const), late]).finally(() => clearTimeout(timer));
}

/** The same for a callback-style step (`step(done)`); a step that throws counts as finished. */
export function callbackWithin(ms: number, step: (done: () => void) => void): Promise<'done' | 'late'> {
  return waitAtMost(
    ms,
    new Promise<void>((resolve) => {
      try {
        step(resolve);
      } catch {
        resolve();
      }
    }),
  );
}
