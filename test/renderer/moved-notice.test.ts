import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { webBridge } from '../../renderer/src/bridge/web';
import { setServices } from '../../renderer/src/services';
import { MOVED_NOTICE_MS, adoptCarriedSeat } from '../../renderer/src/stores/movedTable';
import { useNoticesStore } from '../../renderer/src/stores/notices';
import { MemoryStorage } from './memory-storage';

/*
 * The notice on the page a moved table opened: it says where the table went, then goes by itself (it
 * stayed until closed and covered the turn's buttons on a phone).
 */

beforeEach(() => {
  vi.useFakeTimers();
  setActivePinia(createPinia());
  let hash = '#/table/tab1?moved=Bo%E2%80%99s%20computer&seat=0&token=tok-0123456789abcdef';
  const local = new MemoryStorage();
  setServices({
    bridge: webBridge({
      location: { hostname: '127.0.0.1', port: '47471', protocol: 'http:', origin: 'http://127.0.0.1:47471' },
      fetch: async () => new Response('[]'),
      storage: local,
    }),
    createClient: () => {
      throw new Error('no link in this test');
    },
    session: new MemoryStorage(),
    local,
    originWsUrl: 'ws://127.0.0.1:47471/ws',
    nav: {
      current: () => hash,
      pushedHere: () => false,
      push: () => {},
      replace: (h: string) => (hash = h),
      listen: () => () => {},
    },
  });
});
afterEach(() => vi.useRealTimers());

describe('the table-moved notice', () => {
  it('names the host, then goes by itself', () => {
    adoptCarriedSeat();
    const notices = useNoticesStore();
    expect(notices.items).toEqual([
      expect.objectContaining({ key: 'notice.tableMoved', params: { host: 'Bo’s computer' } }),
    ]);
    vi.advanceTimersByTime(MOVED_NOTICE_MS - 1);
    expect(notices.items).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(notices.items).toEqual([]);
  });
});
