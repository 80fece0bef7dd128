import type { Cancel, Clock } from '../../../main/host/clock';

interface Timer {
  at: number;
  fn: () => void;
  every: number | null;
}

/**
 * A clock that moves only when the test says (`advance`), for a host under test: a timer runs once the
 * clock reaches its time. A timer due at once (0 ms) runs on the next turn of the event loop, as a real one
 * would, so a host whose test limits say 0 ms behaves as with the machine's clock.
 */
export class ManualClock implements Clock {
  private time: number;
  private readonly timers = new Set<Timer>();

  constructor(start = Date.now()) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  after(ms: number, fn: () => void): Cancel {
    return this.add({ at: this.time + Math.max(0, ms), fn, every: null });
  }

  every(ms: number, fn: () => void): Cancel {
    return this.add({ at: this.time + ms, fn, every: Math.max(1, ms) });
  }

  /** Moves the clock on by `ms`, running every timer that falls due on the way, in time order. */
  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const next = [...this.timers].filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.time = Math.max(this.time, next.at);
      if (next.every === null) this.timers.delete(next);
      else next.at += next.every;
      next.fn();
    }
    this.time = until;
  }

  private add(timer: Timer): Cancel {
    this.timers.add(timer);
    if (timer.at <= this.time && timer.every === null) {
      setImmediate(() => {
        if (this.timers.delete(timer)) timer.fn();
      });
    }
    return () => void this.timers.delete(timer);
  }
}
