import { describe, expect, it } from 'vitest';
import { TURN_STEPS_MAX, parseClientMessage } from '../../../shared/protocol';

const ok = (raw: unknown) => parseClientMessage(JSON.stringify(raw));

describe('the turn message schema', () => {
  it('takes a turn of 1 to TURN_STEPS_MAX steps, and no longer the one-step move message', () => {
    const steps = (n: number) => Array.from({ length: n }, () => ({ type: 'end' }));
    expect(ok({ type: 'turn', steps: steps(TURN_STEPS_MAX), moveCount: 0 }).ok).toBe(true);
    expect(ok({ type: 'turn', steps: [], moveCount: 0 })).toMatchObject({
      ok: false,
      type: 'turn',
      reason: 'steps: must hold at least one step',
    });
    for (const n of [TURN_STEPS_MAX + 1, 50])
      expect(ok({ type: 'turn', steps: steps(n), moveCount: 0 })).toMatchObject({
        ok: false,
        type: 'turn',
        reason: `steps: must hold at most ${TURN_STEPS_MAX} steps`,
      });
    for (const bad of [null, {}, 'end', [null], [{}], [{ type: 'end' }, { type: 'fly' }]])
      expect(ok({ type: 'turn', steps: bad, moveCount: 0 })).toMatchObject({ ok: false, type: 'turn' });
    expect(ok({ type: 'turn', steps: [{ type: 'end' }] })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^moveCount:/),
    });
    // Protocol 4: a single step goes as a turn of one.
    expect(ok({ type: 'move', move: { type: 'end' }, moveCount: 0 })).toEqual({
      ok: false,
      reason: 'unknown message type "move"',
    });
  });

  it('says which step of a turn does not fit, by its index', () => {
    expect(
      ok({ type: 'turn', steps: [{ type: 'end' }, { type: 'seven', card: 'R7', to: 'hand' }], moveCount: 2 }),
    ).toMatchObject({
      ok: false,
      type: 'turn',
      reason: expect.stringMatching(/^steps\.1\.to: /),
    });
    expect(ok({ type: 'turn', steps: [{ type: 'one', seat: 4, card: 'R1' }], moveCount: 2 })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^steps\.0\.seat: /),
    });
  });
});
