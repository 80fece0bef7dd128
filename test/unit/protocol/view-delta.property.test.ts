import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { applyMove, legalMoves, viewFor } from '../../../shared/engine';
import type { GameOptions, GameState, SeatView } from '../../../shared/engine';
import { VIEW_FIELDS, ViewDeltaSchema, applyDelta, viewFrame } from '../../../shared/protocol';
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

describe('what the views of one state share', () => {
  const games = OPTIONS.map((options, i) => randomGame(options, 900 + i));
  const copy = (view: SeatView): SeatView => JSON.parse(JSON.stringify(view)) as SeatView;
  const framed = (prev: SeatView, next: SeatView) => JSON.parse(viewFrame('T', prev, next).text) as unknown;

  it('frames each move as views made elsewhere (read back from JSON, nothing shared) would be', () => {
    let deltas = 0;
    for (const states of games) {
      for (let m = 1; m < states.length; m++) {
        // Every seat in turn, as the host frames a move: the shared fields' change is worked out once.
        for (const seat of seats(states[m])) {
          const prev = viewFor(states[m - 1], seat);
          const next = viewFor(states[m], seat);
          const frame = framed(prev, next);
          // A screen that missed a move (a frame lost, a spectator just come): from the same view, further.
          const further = m + 1 < states.length ? viewFor(states[m + 1], seat) : null;
          const furtherFrame = further && framed(prev, further);
          expect(frame).toEqual(framed(copy(prev), copy(next)));
          if (further) expect(furtherFrame).toEqual(framed(copy(prev), copy(further)));
          if ((frame as { type: string }).type === 'viewDelta') deltas += 1;
        }
      }
    }
    expect(deltas).toBeGreaterThan(1000);
  });

  it('keeps each view right when the views are asked for out of order: an older move, another game', () => {
    const [, , a, b] = games;
    expect(Math.min(a.length, b.length)).toBeGreaterThan(61);
    const order = [a[5], a[40], a[12], b[30], a[41], b[3], a[60], a[60], b[31]];
    const last = new Map<GameState[], SeatView[]>();
    for (const state of order) {
      const game = a.includes(state) ? a : b;
      const views = seats(state).map((seat) => viewFor(state, seat));
      // The same as a view made from scratch, from a copy of the state: no log entry shared with another.
      views.forEach((view, i) =>
        expect(copy(view)).toEqual(copy(viewFor(structuredClone(state), seats(state)[i]))),
      );
      const before = last.get(game);
      before?.forEach((prev, i) => {
        const next = views[i];
        const applied = next.moveCount > prev.moveCount ? applyDelta(prev, deltaOf(prev, next)) : null;
        if (applied) expect(applied).toEqual({ ok: true, view: next });
      });
      last.set(game, views);
    }
  });

  it('keeps each view right across the ways one position can go on (a staged turn tried two ways)', () => {
    const states = games[2];
    let forks = 0;
    for (let m = 0; m < states.length - 1; m++) {
      const moves = legalMoves(states[m]);
      if (moves.length < 2) continue;
      const ways = moves.slice(0, 3).map((move) => applyMove(states[m], move));
      for (const seat of seats(states[m])) {
        // Each way, then the others, then the first again: each must be as a view made from scratch.
        for (const way of [...ways, ways[0]]) {
          expect(copy(viewFor(way, seat))).toEqual(copy(viewFor(structuredClone(way), seat)));
        }
      }
      forks += 1;
    }
    expect(forks).toBeGreaterThan(20);
  });

  it('shares the fields every seat sees (made once a state), not the hand, the legal moves nor the log', () => {
    const state = games[2][30];
    const [spectator, first, second] = seats(state).map((seat) => viewFor(state, seat));
    expect(first.palettes).toBe(second.palettes);
    expect(first.scores).toBe(spectator.scores);
    expect(first.hand).not.toBe(second.hand);
    expect(first.log).not.toBe(second.log);
    expect(first.legalMoves).not.toBe(second.legalMoves);
  });
});
