import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { viewFor } from '../../../shared/engine';
import type { GameOptions, GameState, SeatView } from '../../../shared/engine';
import { VIEW_FIELDS, ViewDeltaSchema, applyDelta } from '../../../shared/protocol';
import { deltaOf, randomGame } from './view-games';

// Whole random games, every move and every seat: seconds of CPU, so with the properties (view-delta.test.ts
// keeps the deltas' hand-made cases and the schema).

const OPTIONS: GameOptions[] = [
  { players: 2, mode: 'basic', actionRule: false },
  { players: 3, mode: 'advanced', actionRule: true },
  { players: 4, mode: 'advanced', actionRule: true, rulesVersion: '1.1' },
  { players: 4, mode: 'advanced', actionRule: false, autoDraw: true },
];

const seats = (state: GameState) => [null, ...Array.from({ length: state.options.players }, (_, s) => s)];

describe('diffView and applyDelta over whole games', () => {
  it('rebuild every view of random games, for every seat and a spectator, from the one before', () => {
    const changed = new Set<string>();
    let frames = 0;
    OPTIONS.forEach((options, i) => {
      const states = randomGame(options, 500 + i);
      for (let m = 1; m < states.length; m++) {
        for (const seat of seats(states[m])) {
          const prev = viewFor(states[m - 1], seat);
          const next = viewFor(states[m], seat);
          const delta = deltaOf(prev, next);
          expect(v.is(ViewDeltaSchema, delta)).toBe(true);
          const applied = applyDelta(prev, delta);
          expect(applied).toEqual({ ok: true, view: next });
          // Only what changed travels, and only from the newer view.
          for (const [k, value] of Object.entries(delta.set)) {
            changed.add(k);
            expect(value).toEqual(next[k as keyof SeatView]);
            expect(value).not.toEqual(prev[k as keyof SeatView]);
          }
          expect(delta.log).toEqual(next.log.slice(prev.log.length));
          frames += 1;
        }
      }
    });
    expect(frames).toBeGreaterThan(500);
    // Every kind of field was carried by some delta (seat and options never change within a game).
    expect([...changed].sort()).toEqual(VIEW_FIELDS.filter((k) => k !== 'seat' && k !== 'options').sort());
  });

  it("finds the older view's log in the newer one by identity, a hidden draw included (still hidden)", () => {
    const states = randomGame({ players: 4, mode: 'advanced', actionRule: true }, 21);
    let hiddenDraws = 0;
    for (let m = 1; m < states.length; m++) {
      for (const seat of seats(states[m])) {
        const before = viewFor(states[m - 1], seat).log;
        const after = viewFor(states[m], seat).log;
        before.forEach((entry, i) => expect(after[i]).toBe(entry));
        for (const e of after) {
          if (e.kind !== 'draw' || e.known || e.seat === seat) continue;
          expect(e.card).toBeNull();
          hiddenDraws += 1;
        }
      }
    }
    expect(hiddenDraws).toBeGreaterThan(0);
  });
});
