import { describe, expect, it } from 'vitest';
import { ALL_CARDS } from '../../../shared/engine';
import { parseGameRecordText, replayRecord } from '../../../shared/record';
import { pick, rng } from '../../helpers/random';
import { VARIANTS, randomRecord } from './games';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every path to a value in `x`, the root included. */
function paths(x: Json, at: (string | number)[] = []): (string | number)[][] {
  const here = [at];
  if (Array.isArray(x)) return here.concat(...x.map((v, i) => paths(v, [...at, i])));
  if (x !== null && typeof x === 'object')
    return here.concat(...Object.entries(x).map(([k, v]) => paths(v, [...at, k])));
  return here;
}

const HOSTILE: Json[] = [
  null, true, 0, -1, 1.5, 4, 1e308, '', 'R7', 'X9', '../../etc', '\u0000', 'a'.repeat(5000), [], {},
  { type: 'nextRound' }, { __proto__: { polluted: true } } as unknown as Json, ['R7', 'R7'], [[], [], [], [], []],
]; // prettier-ignore

/** One random change to `root`: a value replaced, a key removed or added, an array cut, doubled or shuffled. */
function mutate(root: Json, random: () => number): Json {
  const all = paths(root);
  const path = pick(random, all);
  if (path.length === 0) return pick(random, HOSTILE);
  const parent = path.slice(0, -1).reduce<Json>((o, k) => (o as Record<string, Json>)[k], root) as
    Json[] | Record<string, Json>;
  const key = path[path.length - 1];
  const value = (parent as Record<string, Json>)[key];
  const r = random();
  if (r < 0.35) (parent as Record<string, Json>)[key] = pick(random, HOSTILE);
  else if (r < 0.45 && typeof value === 'string' && /^[ROYGBIV][1-7]$/.test(value))
    (parent as Record<string, Json>)[key] = pick(random, ALL_CARDS); // a card for another: the deal or a move changes
  else if (r < 0.55 && typeof value === 'number')
    (parent as Record<string, Json>)[key] = value + pick(random, [-1, 1, 2]);
  else if (r < 0.65) {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  } else if (r < 0.72 && !Array.isArray(parent))
    parent[`extra${Math.floor(random() * 3)}`] = pick(random, HOSTILE);
  else if (r < 0.82 && Array.isArray(value)) value.push(...structuredClone(value.slice(0, 3)));
  else if (r < 0.9 && Array.isArray(value) && value.length > 1) {
    const i = Math.floor(random() * value.length);
    const j = Math.floor(random() * value.length);
    [value[i], value[j]] = [value[j], value[i]];
  } else if (Array.isArray(value)) value.length = Math.floor(random() * value.length);
  else (parent as Record<string, Json>)[key] = pick(random, HOSTILE);
  return root;
}

describe('hostile and malformed game records (fuzzed)', () => {
  it('are refused with a reason, never with a throw, and nothing accepted is inconsistent', () => {
    const random = rng(19);
    const bases = VARIANTS.map((o, i) => randomRecord(o, 100 + i).record);
    let refusedCount = 0;
    const reasons = new Set<string>();
    for (let n = 0; n < 1500; n++) {
      let input = structuredClone(pick(random, bases)) as unknown as Json;
      const changes = 1 + Math.floor(random() * 3);
      for (let c = 0; c < changes; c++) input = mutate(input, random);
      let result: ReturnType<typeof replayRecord>;
      try {
        result = replayRecord(input);
      } catch (e) {
        throw new Error(`replayRecord threw on mutation ${n}`, { cause: e });
      }
      if (!result.ok) {
        refusedCount++;
        expect(result.reason).toMatch(/\S/);
        expect(result.reason.length).toBeLessThan(400);
        reasons.add(result.reason.replace(/\d+/g, '#').slice(0, 40));
        // The text path gives the same answer as the object path.
        const text = parseGameRecordText(JSON.stringify(input));
        if (text.ok) expect(replayRecord(text.record)).toEqual(result);
        continue;
      }
      // Accepted after a change: it must still be a whole game whose end is the record's.
      const last = result.steps[result.steps.length - 1].state;
      expect(last.phase).toBe('gameOver');
      expect(last.scores).toEqual(result.record.result.scores);
      expect(last.winners).toEqual(result.record.result.winners);
    }
    expect(refusedCount).toBeGreaterThan(1000);
    // Refusals name many different faults, not one catch-all.
    expect(reasons.size).toBeGreaterThan(30);
  });

  it('a record that is not JSON, or far too big a game, is refused', () => {
    for (const text of ['', '{', 'null', '[]', '"x"', '{"format":"red7-lan/game-record"}'])
      expect(parseGameRecordText(text).ok).toBe(false);
    const { record } = randomRecord(VARIANTS[0], 1);
    const huge = structuredClone(record);
    huge.rounds = Array.from({ length: 50 }, () => structuredClone(record.rounds[0]));
    expect(replayRecord(huge)).toMatchObject({ ok: false, reason: expect.stringMatching(/^rounds:/) });
    const long = structuredClone(record);
    long.rounds[0].moves = Array.from({ length: 2001 }, () => ({ seat: 0, move: { type: 'end' as const } }));
    expect(replayRecord(long)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^rounds\.0\.moves:/),
    });
  });
});
