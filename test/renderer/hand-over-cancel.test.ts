// @vitest-environment happy-dom
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import type { HandOverOutcome, HandOverTarget } from '../../shared/desktop-api';
import { setServices, type Services } from '../../renderer/src/services';
import { useHandOverStore } from '../../renderer/src/stores/handOver';
import { useOperatorHandOverStore } from '../../renderer/src/stores/operatorHandOver';
import { useTestServices } from './mount';

/*
 * Cancel while the other computer is asked for its code (an address that drops packets answers nothing for
 * the sender's whole wait), or while it shows it: back to choosing, the ask's late answer, or failure,
 * changes nothing, and the host is told to take its ask back (the other computer then drops the code).
 */

const target: HandOverTarget = { key: 'k1', name: 'Bo', address: '192.0.2.1', port: 47470, protocol: 1 };

beforeEach(() => setActivePinia(createPinia()));
afterEach(() => vi.unstubAllGlobals());

describe('cancelling an ask', () => {
  it("the desktop's: back to the computers, and the ask's late failure is not shown", async () => {
    let answer!: (outcome: HandOverOutcome<null>) => void;
    const withdrawn: string[] = [];
    const host = {
      askHandOver: () => new Promise<HandOverOutcome<null>>((resolve) => (answer = resolve)),
      withdrawHandOver: async (key: string) => void withdrawn.push(key),
      status: async () => ({ running: false }),
    };
    setServices({ bridge: { kind: 'desktop', api: { host } } } as unknown as Services);
    const store = useHandOverStore();
    const asking = store.ask(target);
    expect(store.step).toBe('asking');
    store.reset();
    expect(store.step).toBe('choose');
    expect(withdrawn).toEqual(['k1']);
    answer({ ok: false, failure: { code: 'noAnswer', address: '192.0.2.1:47470' } });
    await asking;
    await flushPromises();
    expect([store.step, store.failure, store.chosen]).toEqual(['choose', null, null]);

    // Cancel at the code step takes it back too; back from the report (Done) withdraws nothing.
    const again = store.ask(target);
    answer({ ok: true, value: null });
    await again;
    expect(store.step).toBe('code');
    store.reset();
    expect(withdrawn).toEqual(['k1', 'k1']);
    store.reset();
    expect(withdrawn).toEqual(['k1', 'k1']);
  });

  it("the host's own page: its request is dropped, and nothing comes of it", async () => {
    useTestServices();
    let signal: AbortSignal | undefined;
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      (url: string, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          if (url !== '/api/hand-over') return; // the other host's /api/info: never answers either
          const body: unknown = JSON.parse(String(init?.body));
          posted.push(body);
          if ((body as { withdraw?: boolean }).withdraw)
            return resolve(new Response(JSON.stringify({ withdrawn: true })));
          signal = init?.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const store = useOperatorHandOverStore();
    const asking = store.ask('192.0.2.1');
    expect(store.step).toBe('asking');
    store.reset();
    expect(signal?.aborted).toBe(true);
    // The host is told to take its own request to the other computer back.
    expect(posted).toEqual([{ to: '192.0.2.1' }, { to: '192.0.2.1', withdraw: true }]);
    await asking;
    expect([store.step, store.failure]).toEqual(['address', null]);
    // Nothing asked: nothing to take back.
    store.reset();
    expect(posted).toHaveLength(2);
  });
});
