import { describe, expect, it } from 'vitest';
import { replayRecord, type ReplayStep } from '../../shared/record';
import { positionOf, replayStops, stepFrom } from '../../renderer/src/table-models/replaySteps';
import { parseRoute, routeHash, sameRoute, type Route } from '../../renderer/src/stores/routes';
import { randomRecord, VARIANTS } from '../unit/record/games';

/** Every state of a random finished game in `options`, as the replay screen gets them from its record. */
function stepsOf(variant: number, seed: number): ReplayStep[] {
  const { record } = randomRecord(VARIANTS[variant], seed);
  const replayed = replayRecord(record);
  if (!replayed.ok) throw new Error(replayed.reason);
  return replayed.steps;
}

describe('replay stops, read off the record', () => {
  // Every variant, a few games each: the Advanced ones have several rounds.
  const games = VARIANTS.flatMap((_, v) => [1, 2, 3].map((seed) => ({ v, seed, steps: stepsOf(v, seed) })));

  it('a round starts at each deal, and only there', () => {
    for (const { steps } of games) {
      const stops = replayStops(steps);
      const deals = steps.flatMap((s, i) => (s.move === null ? [i] : []));
      expect(stops.rounds).toEqual(deals);
      expect(stops.rounds.length).toBe(steps.at(-1)!.round);
      expect(stops.rounds[0]).toBe(0);
      expect(stops.last).toBe(steps.length - 1);
    }
  });

  it('between two turn stops every move is one seat’s, the seat to act at the first; a new seat never moves inside a turn', () => {
    let multiStep = 0;
    for (const { steps } of games) {
      const { turns, rounds } = replayStops(steps);
      expect(turns[0]).toBe(0);
      for (const r of rounds) expect(turns).toContain(r);
      for (let k = 0; k + 1 < turns.length; k++) {
        const [a, b] = [turns[k], turns[k + 1]];
        const moves = steps.slice(a + 1, b + 1).filter((s) => s.move !== null);
        if (steps[b].move === null) continue; // b is the next round's deal: a was the round's end
        const seats = new Set(moves.map((s) => s.move!.seat));
        expect(seats.size, `steps ${a}..${b}`).toBe(1);
        expect(steps[a].state.current).toBe(moves[0].move!.seat);
        if (moves.length > 1) multiStep++;
      }
      // Each round's last state (its end) is a stop.
      for (const [i, s] of steps.entries())
        if (s.state.phase !== 'turn') expect(turns, `step ${i}`).toContain(i);
    }
    // Turns of several steps (a play then an end or a discard) are common: the test sees them.
    expect(multiStep).toBeGreaterThan(10);
  });

  it('steps by a move, a turn, a round and to either end, and stays inside the game', () => {
    const steps = games.find((g) => replayStops(g.steps).rounds.length >= 3)!.steps;
    const stops = replayStops(steps);
    const [r1, r2, r3] = stops.rounds;
    expect(stepFrom(stops, 0, 'move', -1)).toBe(0);
    expect(stepFrom(stops, 0, 'move', 1)).toBe(1);
    expect(stepFrom(stops, stops.last, 'move', 1)).toBe(stops.last);
    expect(stepFrom(stops, 5, 'end', -1)).toBe(0);
    expect(stepFrom(stops, 5, 'end', 1)).toBe(stops.last);
    // Rounds: forward to the next deal; back to this round's deal, or from a deal to the one before.
    expect(stepFrom(stops, r1, 'round', 1)).toBe(r2);
    expect(stepFrom(stops, r2 + 1, 'round', -1)).toBe(r2);
    expect(stepFrom(stops, r3, 'round', -1)).toBe(r2);
    expect(stepFrom(stops, r1, 'round', -1)).toBe(0);
    expect(stepFrom(stops, stops.rounds.at(-1)!, 'round', 1)).toBe(stops.last);
    // Turns: forward and back through every stop in order, from any step in between.
    let at = 0;
    const seen = [0];
    while (at < stops.last) seen.push((at = stepFrom(stops, at, 'turn', 1)));
    expect(seen).toEqual([...stops.turns, ...(stops.turns.at(-1) === stops.last ? [] : [stops.last])]);
    const [t1, t2] = [stops.turns[1], stops.turns[2]];
    expect(stepFrom(stops, t2, 'turn', -1)).toBe(t1);
    if (t2 - t1 > 1) expect(stepFrom(stops, t1 + 1, 'turn', -1)).toBe(t1);
    // Out of range (a hand-edited address) is brought inside.
    expect(stepFrom(stops, 1e6, 'move', 1)).toBe(stops.last);
    expect(stepFrom(stops, -4, 'move', -1)).toBe(0);
  });

  it('names the round and the turn of a step as the game log numbers them', () => {
    const steps = stepsOf(5, 2);
    const stops = replayStops(steps);
    expect(positionOf(steps, 0)).toEqual({ round: 1, turn: 1 });
    for (const r of stops.rounds) expect(positionOf(steps, r).round).toBe(steps[r].round);
    // Within a round the turn number never goes down, and rises by one at each turn stop inside it.
    for (let i = 1; i < steps.length; i++) {
      const [a, b] = [positionOf(steps, i - 1), positionOf(steps, i)];
      if (a.round === b.round) expect(b.turn - a.turn).toBeGreaterThanOrEqual(0);
      if (a.round === b.round) expect(b.turn - a.turn).toBeLessThanOrEqual(1);
    }
  });
});

describe('history routes', () => {
  it('reads the history, a replay and a replay at a step, here or on another host', () => {
    expect(parseRoute('#/history')).toEqual({ kind: 'history', host: null });
    expect(parseRoute('#/history/')).toEqual({ kind: 'history', host: null });
    expect(parseRoute('#/history/Ab3_x-9-2')).toEqual({
      kind: 'replay',
      gameId: 'Ab3_x-9-2',
      step: null,
      host: null,
    });
    expect(parseRoute('#/history/Ab3_x-9-2/41')).toEqual({
      kind: 'replay',
      gameId: 'Ab3_x-9-2',
      step: 41,
      host: null,
    });
    expect(parseRoute('#/history/abcd-1/0?host=10.0.0.5%3A47471')).toEqual({
      kind: 'replay',
      gameId: 'abcd-1',
      step: 0,
      host: { address: '10.0.0.5', port: 47471 },
    });
    expect(parseRoute('#/history?host=red.local')).toEqual({
      kind: 'history',
      host: { address: 'red.local', port: 47470 },
    });
  });

  it('refuses what is no game id, no step or no host', () => {
    for (const hash of [
      '#/history/..',
      '#/history/%2e%2e',
      '#/history/a%2Fb',
      '#/history/a/b/c',
      '#/history/abcd-1/x',
      '#/history/abcd-1/-1',
      '#/history/abcd-1/1.5',
      '#/history/abcd-1/1234567',
      `#/history/${'a'.repeat(65)}`,
      '#/history?host=not%20a%20host',
      '#/historyx',
    ])
      expect(parseRoute(hash), hash).toBeNull();
  });

  it('writes back what it reads, and tells replays apart by game, step and host', () => {
    const routes: Route[] = [
      { kind: 'history', host: null },
      { kind: 'history', host: { address: 'fe80::1', port: 5000 } },
      { kind: 'replay', gameId: 'abcd-3', step: null, host: null },
      { kind: 'replay', gameId: 'abcd-3', step: 17, host: { address: '10.0.0.5', port: 47470 } },
    ];
    for (const r of routes) expect(parseRoute(routeHash(r))).toEqual(r);
    expect(sameRoute(routes[2], { ...routes[2] })).toBe(true);
    expect(sameRoute(routes[2], { kind: 'replay', gameId: 'abcd-3', step: 1, host: null })).toBe(false);
    expect(sameRoute(routes[0], routes[1])).toBe(false);
    expect(sameRoute(routes[0], { kind: 'lobby' })).toBe(false);
  });
});
