import { describe, expect, it } from 'vitest';
import { callbackWithin, waitAtMost } from '../../../main/common/wait-at-most';

const after = <T>(ms: number, value?: T) => new Promise<T | undefined>((r) => setTimeout(() => r(value), ms));

describe('waitAtMost', () => {
  it('is done when the work finishes in time, and late when it does not', async () => {
    expect(await waitAtMost(200, after(5))).toBe('done');
    const t0 = performance.now();
    expect(await waitAtMost(30, after(2_000))).toBe('late');
    expect(performance.now() - t0).toBeLessThan(500);
  });

  it('passes on a failure in time; a failure after the deadline goes unheard (no unhandled rejection)', async () => {
    await expect(waitAtMost(200, Promise.reject(new Error('disk gone')))).rejects.toThrow('disk gone');
    const lateFailure = after(40).then(() => {
      throw new Error('too late to matter');
    });
    expect(await waitAtMost(10, lateFailure)).toBe('late');
    await after(60);
  });

  it('callbackWithin: a step that calls back, never calls back, or throws', async () => {
    expect(await callbackWithin(200, (done) => setTimeout(done, 5))).toBe('done');
    expect(await callbackWithin(20, () => {})).toBe('late');
    expect(
      await callbackWithin(200, () => {
        throw new Error('socket already closed');
      }),
    ).toBe('done');
  });
});
