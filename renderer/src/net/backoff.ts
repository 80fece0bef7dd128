/** Reconnect delays: exponential with jitter, capped, so a room of clients does not retry in lockstep. */
export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  factor: number;
  /** 0..1: the share of each delay that is randomised. */
  jitter: number;
  /** Give up (state 'lost') after this many failed attempts in a row. */
  maxAttempts: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = {
  initialMs: 400,
  maxMs: 8000,
  factor: 2,
  jitter: 0.3,
  maxAttempts: 20,
};

/** The delay before attempt `attempt` (1-based), given a random number in [0, 1). */
export function backoffDelay(
  attempt: number,
  opts: BackoffOptions = DEFAULT_BACKOFF,
  random = Math.random(),
): number {
  const base = Math.min(opts.maxMs, opts.initialMs * opts.factor ** Math.max(0, attempt - 1));
  return Math.round(base * (1 - opts.jitter + opts.jitter * random));
}
