import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { viewFor } from '../../../shared/engine';
import { SeatViewSchema, applyDelta, parseServerMessage } from '../../../shared/protocol';
import { pick, rng } from '../../helpers/random';
import { hostileDelta } from '../../integration/helpers/fuzz';
import { deltaOf, randomGame } from './view-games';

// 2,000 fuzzed frames (seconds of work): a property run, outside the unit loop.
describe('fuzzed viewDelta frames', () => {
  it('are refused, or leave the client holding a well-formed view', () => {
    const random = rng(2024);
    const states = randomGame({ players: 4, mode: 'advanced', actionRule: true }, 31, 60);
    const kinds = new Map<string, number>();
    let refused = 0;
    const polluted = () => ({}) as Record<string, unknown>;
    for (let i = 0; i < 2000; i++) {
      const m = 1 + Math.floor(random() * (states.length - 1));
      const seat = pick(random, [null, 0, 1, 2, 3]);
      const base = viewFor(states[m - 1], seat);
      const good = { type: 'viewDelta', tableId: 'tbl1', ...deltaOf(base, viewFor(states[m], seat)) };
      const { kind, text } = hostileDelta(random, good);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      const parsed = parseServerMessage(text);
      if (!parsed.ok) {
        refused += 1;
        expect(Array.from(parsed.reason).length).toBeLessThanOrEqual(160);
        continue;
      }
      expect(parsed.msg.type).toBe('viewDelta');
      if (parsed.msg.type !== 'viewDelta') continue;
      const result = applyDelta(base, parsed.msg);
      if (result.ok) expect(v.is(SeatViewSchema, result.view)).toBe(true);
    }
    expect(polluted().polluted).toBeUndefined();
    expect(kinds.size).toBe(6);
    // Only a deleted optional field of `set` can still fit: nearly everything is refused.
    expect(refused).toBeGreaterThan(2000 * 0.9);
  });
});
