import { describe, expect, it } from 'vitest';
import { viewFor } from '../../../shared/engine';
import type { SeatView } from '../../../shared/engine';
import {
  VIEW_FIELDS,
  applyDelta,
  diffView,
  parseServerMessage,
  viewFrame,
  type ViewDelta,
} from '../../../shared/protocol';
import { deltaOf, randomGame } from './view-games';

describe('diffView and applyDelta', () => {
  it('carries new log entries after the old ones and names the log length it continues', () => {
    const states = randomGame({ players: 3, mode: 'advanced', actionRule: true }, 42, 30);
    const prev = viewFor(states[10], 1);
    const next = viewFor(states[13], 1);
    const delta = deltaOf(prev, next);
    expect(delta).toMatchObject({ from: 10, to: 13, logFrom: prev.log.length });
    expect(delta.log.length).toBe(next.log.length - prev.log.length);
    expect(delta.log.length).toBeGreaterThan(0);
    const result = applyDelta(prev, delta);
    expect(result.ok && result.view).toEqual(next);
  });

  it('leaves the view it applies to unchanged', () => {
    const states = randomGame({ players: 2, mode: 'advanced', actionRule: true }, 7, 5);
    const prev = viewFor(states[3], 0);
    const copy = structuredClone(prev);
    applyDelta(prev, deltaOf(prev, viewFor(states[4], 0)));
    expect(prev).toEqual(copy);
  });

  it('refuses a delta for another move (a gap) or another log (a mismatch)', () => {
    const states = randomGame({ players: 4, mode: 'advanced', actionRule: true }, 9, 12);
    const at = (m: number) => viewFor(states[m], 2);
    const delta = deltaOf(at(6), at(7));
    expect(applyDelta(at(5), delta)).toEqual({ ok: false, problem: 'gap' });
    expect(applyDelta(at(7), delta)).toEqual({ ok: false, problem: 'gap' });
    expect(applyDelta({ ...at(6), log: at(6).log.slice(1) }, delta)).toEqual({
      ok: false,
      problem: 'mismatch',
    });
    expect(applyDelta(at(6), { ...delta, to: 6 })).toEqual({ ok: false, problem: 'mismatch' });
  });

  it('takes only view fields from a delta, whatever else it holds', () => {
    const states = randomGame({ players: 2, mode: 'advanced', actionRule: false }, 3, 4);
    const prev = viewFor(states[1], 0);
    const delta = deltaOf(prev, viewFor(states[2], 0));
    const hostile = JSON.parse(
      JSON.stringify({ ...delta, set: { ...delta.set, seed: 5, hands: [['R7']] } }).replace(
        '"seed"',
        '"__proto__":{"polluted":true},"seed"',
      ),
    ) as ViewDelta;
    const result = applyDelta(prev, hostile);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.keys(result.view).sort()).toEqual(Object.keys(prev).sort());
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('finds no delta from a later view or into a new game', () => {
    const a = randomGame({ players: 2, mode: 'advanced', actionRule: false }, 11, 6);
    const b = randomGame({ players: 2, mode: 'advanced', actionRule: false }, 12, 6);
    expect(diffView(viewFor(a[4], 0), viewFor(a[3], 0))).toBeNull();
    expect(diffView(viewFor(a[4], 0), viewFor(a[4], 0))).toBeNull();
    expect(diffView(viewFor(a[2], 0), viewFor(b[4], 0))).toBeNull();
  });
});

describe('viewFrame: a delta, or the whole view when it must be', () => {
  const states = randomGame({ players: 4, mode: 'advanced', actionRule: true }, 77);
  const frame = (prev: SeatView | null, next: SeatView, asked = false) => {
    const f = viewFrame('tbl1', prev, next, asked);
    return { ...f, msg: JSON.parse(f.text) as Record<string, unknown> };
  };

  it('sends a delta after a move, and the whole view first, on request and to another seat', () => {
    const prev = viewFor(states[20], 1);
    const next = viewFor(states[21], 1);
    const delta = frame(prev, next);
    expect(delta.full).toBeNull();
    expect(delta.msg).toEqual({ type: 'viewDelta', tableId: 'tbl1', ...deltaOf(prev, next) });
    expect(parseServerMessage(delta.text)).toEqual({ ok: true, msg: delta.msg });
    expect(frame(null, next)).toMatchObject({ full: 'first', msg: { type: 'view', view: next } });
    expect(frame(prev, next, true)).toMatchObject({ full: 'asked', msg: { type: 'view', view: next } });
    expect(frame(viewFor(states[20], 2), next)).toMatchObject({ full: 'seat' });
    expect(frame(viewFor(states[20], null), viewFor(states[21], null)).full).toBeNull();
  });

  it('sends a new round as a delta, and the whole view into a new game', () => {
    const dealt = states.findIndex((s, m) => m > 0 && s.round > states[m - 1].round);
    expect(dealt).toBeGreaterThan(0);
    const prev = viewFor(states[dealt - 1], 0);
    const next = viewFor(states[dealt], 0);
    const f = frame(prev, next);
    expect(f.full).toBeNull();
    // The deal's fields travel, the earlier rounds' log does not.
    expect(f.msg.set).toMatchObject({ round: next.round, hand: next.hand, palettes: next.palettes });
    expect(f.msg.log).toEqual(next.log.slice(prev.log.length));
    const other = randomGame({ players: 4, mode: 'advanced', actionRule: true }, 78, 3);
    expect(frame(viewFor(states[1], 0), viewFor(other[2], 0)).full).toBe('newGame');
  });

  it('sends the whole view when a delta would not be smaller', () => {
    // A view that shares only its seat and round with the next one: every other field and the whole
    // log would travel, and the delta's own counts outweigh the two fields it leaves out.
    const next = { ...viewFor(states[1], 0), moveCount: 100 };
    const unlike: SeatView = {
      ...viewFor(states[states.length - 1], 0),
      options: { ...next.options, targetScore: 99 },
      log: [],
      moveCount: 99,
      round: next.round,
      handSizes: [0, 0, 0, 0],
      deckKnownTop: next.deckKnownTop.length ? [] : ['V1'],
      legalMoves: next.legalMoves.length ? [] : [{ type: 'pass' }],
    };
    expect(Object.keys(deltaOf(unlike, next).set).sort()).toEqual(
      VIEW_FIELDS.filter((k) => k !== 'seat' && k !== 'round').sort(),
    );
    const f = frame(unlike, next);
    expect(f.full).toBe('notSmaller');
    expect(f.msg).toEqual({ type: 'view', tableId: 'tbl1', view: next });
    const asDelta = JSON.stringify({ type: 'viewDelta', tableId: 'tbl1', ...deltaOf(unlike, next) });
    expect(asDelta.length).toBeGreaterThanOrEqual(f.text.length);
  });

  it('makes deltas far smaller than views late in a game', () => {
    const m = states.length - 2;
    const prev = viewFor(states[m - 1], 0);
    const next = viewFor(states[m], 0);
    const whole = JSON.stringify({ type: 'view', tableId: 'tbl1', view: next });
    expect(frame(prev, next).text.length * 5).toBeLessThan(whole.length);
  });
});

describe('a hostile viewDelta is refused whole by the schema', () => {
  const states = randomGame({ players: 2, mode: 'advanced', actionRule: true }, 5, 8);
  const good = {
    type: 'viewDelta',
    tableId: 'tbl1',
    ...deltaOf(viewFor(states[5], 0), viewFor(states[6], 0)),
  };
  const refused = (change: (m: Record<string, unknown>) => void): string => {
    const m = structuredClone(good) as unknown as Record<string, unknown>;
    change(m);
    const r = parseServerMessage(JSON.stringify(m));
    return r.ok ? 'accepted' : r.reason;
  };
  const set = (m: Record<string, unknown>) => m.set as Record<string, unknown>;

  it.each([
    ['a host-only field in set', (m: Record<string, unknown>) => (set(m).hands = [['R7']])],
    ['the seed in set', (m: Record<string, unknown>) => (set(m).seed = 123)],
    ['log or moveCount in set', (m: Record<string, unknown>) => (set(m).log = [])],
    ['a field of the wrong kind', (m: Record<string, unknown>) => (set(m).hand = 'R7')],
    ['a card that does not exist', (m: Record<string, unknown>) => (set(m).canvas = ['R8'])],
    ['a seat out of range', (m: Record<string, unknown>) => (set(m).current = 7)],
    ['an unknown top-level key', (m: Record<string, unknown>) => (m.view = {})],
    ['to not after from', (m: Record<string, unknown>) => (m.to = m.from)],
    ['a negative count', (m: Record<string, unknown>) => (m.logFrom = -1)],
    ['a fractional move', (m: Record<string, unknown>) => (m.from = 1.5)],
    ['a missing log', (m: Record<string, unknown>) => delete m.log],
    ['an unknown log entry', (m: Record<string, unknown>) => (m.log = [{ kind: 'peek', seat: 0 }])],
    [
      'a log entry with an extra field',
      (m: Record<string, unknown>) => (m.log = [{ kind: 'noDraw', seat: 0, hand: ['R7'] }]),
    ],
    [
      'a turn entry numbered 0',
      (m: Record<string, unknown>) => (m.log = [{ kind: 'turn', seat: 0, turn: 0, moveCount: 6 }]),
    ],
    [
      'a turn entry without its move count',
      (m: Record<string, unknown>) => (m.log = [{ kind: 'turn', seat: 1, turn: 3 }]),
    ],
    [
      "a deal's setup with a field of the wrong kind",
      (m: Record<string, unknown>) =>
        (m.log = [
          {
            kind: 'deal',
            round: 1,
            palettes: [['R1'], ['O2']],
            first: 0,
            setup: { canvas: [], handSizes: [7, 7], deckSize: 'many', deckKnownTop: [], out: [false, false] },
          },
        ]),
    ],
    ['set not an object', (m: Record<string, unknown>) => (m.set = [])],
  ])('%s', (_what, change) => {
    const reason = refused(change);
    expect(reason).not.toBe('accepted');
    expect(reason).toMatch(/^viewDelta: /);
  });

  it('accepts the untouched delta', () => {
    expect(refused(() => {})).toBe('accepted');
    expect(refused((m) => (m.log = [{ kind: 'turn', seat: 1, turn: 3, moveCount: 6 }]))).toBe('accepted');
  });

  it('refuses __proto__ in set', () => {
    const text = JSON.stringify(good).replace('"set":{', '"set":{"__proto__":{"x":1},');
    expect(parseServerMessage(text).ok).toBe(false);
  });
});
