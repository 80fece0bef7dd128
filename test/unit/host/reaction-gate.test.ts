import { describe, expect, it } from 'vitest';
import { ReactionGate, TableReactions } from '../../../main/host/reaction-gate';
import { TableError } from '../../../main/host/errors';
import type { Reaction } from '../../../shared/protocol';

describe('ReactionGate', () => {
  it('lets a seat send `count` in any window, tells the first drop of a burst only', () => {
    const gate = new ReactionGate({ count: 3, windowMs: 5000 });
    expect([0, 10, 20].map((t) => gate.take(0, t))).toEqual(['send', 'send', 'send']);
    expect([30, 40, 4999].map((t) => gate.take(0, t))).toEqual(['dropAndTell', 'drop', 'drop']);
    // The first reaction leaves the window at 5000: one place is free, and a new burst begins.
    expect(gate.take(0, 5000)).toBe('send');
    expect(gate.take(0, 5001)).toBe('dropAndTell');
    expect(gate.take(0, 5002)).toBe('drop');
  });

  it('counts only the reactions that went out (dropped ones do not push the window on)', () => {
    const gate = new ReactionGate({ count: 2, windowMs: 1000 });
    gate.take(0, 0);
    gate.take(0, 500);
    for (let t = 600; t < 1000; t += 50) expect(gate.take(0, t)).not.toBe('send');
    expect(gate.take(0, 1000)).toBe('send');
    expect(gate.take(0, 1400)).not.toBe('send');
    expect(gate.take(0, 1500)).toBe('send');
  });

  it('keeps each seat to its own allowance', () => {
    const gate = new ReactionGate({ count: 1, windowMs: 1000 });
    expect(gate.take(0, 0)).toBe('send');
    expect(gate.take(0, 1)).toBe('dropAndTell');
    expect(gate.take(1, 2)).toBe('send');
    expect(gate.take(2, 3)).toBe('send');
    expect(gate.take(1, 4)).toBe('dropAndTell');
  });
});

describe('TableReactions', () => {
  const refusal = (f: () => void): TableError => {
    try {
      f();
    } catch (e) {
      if (e instanceof TableError) return e;
      throw e;
    }
    throw new Error('not refused');
  };

  it('passes a seat’s reaction on, refuses a spectator, refuses the first drop and drops the rest quietly', () => {
    const told: [number, Reaction][] = [];
    const r = new TableReactions((seat, reaction) => told.push([seat, reaction]));
    expect(refusal(() => r.react(null, 'clap', 0))).toMatchObject({ code: 'notSeated' });
    for (let i = 0; i < 3; i++) r.react(2, 'clap', i);
    expect(told).toEqual([
      [2, 'clap'],
      [2, 'clap'],
      [2, 'clap'],
    ]);
    const limited = refusal(() => r.react(2, 'oops', 10));
    expect(limited.code).toBe('rateLimited');
    expect(limited.message).toBe('at most 3 reactions in 5 seconds; the rest are dropped');
    expect(() => r.react(2, 'oops', 11)).not.toThrow();
    expect(told.length).toBe(3);
  });
});
