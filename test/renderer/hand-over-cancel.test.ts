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
 * the sender's whole wait): back to choosing, and the ask's late answer, or failure, changes nothing.
 */

const target: HandOverTarget = { key: 'k1', name: 'Bo', address: '192.0.2.1', port: 47470, protocol: 1 };

beforeEach(() => setActivePinia(createPinia()));
afterEach(() => vi.unstubAllGlobals());

describe('cancelling an ask', () => {
  it("the desktop's: back to the computers, and the ask's late failure is not shown", async () => {
    let answer!: (outcome: HandOverOutcome<null>) => void;
    const host = {
      askHandOver: () => new Promise<HandOverOutcome<null>>((resolve) => (answer = resolve)),
      status: async () => ({ running: false }),
    };
    setServices({ bridge: { kind: 'desktop', api: { host } } } as unknown as Services);
    const store = useHandOverStore();
    const asking = store.ask(target);
    expect(store.step).toBe('asking');
    store.reset();
    expect(store.step).toBe('choose');
    answer({ ok: false, failure: { code: 'noAnswer', address: '192.0.2.1:47470' } });
    await asking;
    await flushPromises();
    expect([store.step, store.failure, store.chosen]).toEqual(['choose', null, null]);
  });

  it("the host's own page: its request is dropped, and nothing comes of it", async () => {
    useTestServices();
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      (url: string, init?: RequestInit) =>
        new Promise<Response>((_, reject) => {
          if (url !== '/api/hand-over') return; // the other host's /api/info: never answers either
          signal = init?.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const store = useOperatorHandOverStore();
    const asking = store.ask('192.0.2.1');
    expect(store.step).toBe('asking');
    store.reset();
    expect(signal?.aborted).toBe(true);
    await asking;
    expect([store.step, store.failure]).toEqual(['address', null]);
  });
});
