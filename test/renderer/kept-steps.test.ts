// @vitest-environment happy-dom
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { webBridge } from '../../renderer/src/bridge/web';
import { GameClient } from '../../renderer/src/net/client';
import { setServices } from '../../renderer/src/services';
import { useTableStore } from '../../renderer/src/stores/table';
import { MemoryStorage } from './memory-storage';

// A turn staged, then the page reloaded: the tab's session holds the steps for that table and seat only.
describe("the table store keeps a seat's staged steps in the tab's session", () => {
  let session: MemoryStorage;
  beforeEach(() => {
    session = new MemoryStorage();
    const local = new MemoryStorage();
    setServices({
      bridge: webBridge({
        location: {
          hostname: '127.0.0.1',
          port: '47470',
          protocol: 'http:',
          origin: 'http://127.0.0.1:47470',
        },
        fetch: vi.fn(() => Promise.reject(new Error('offline'))) as unknown as typeof fetch,
        storage: local,
      }),
      createClient: (url) => new GameClient({ url, backoff: { maxAttempts: 0 } }),
      session,
      local,
      originWsUrl: null,
    });
  });

  const seated = (seat: number) => {
    session.setItem(
      'red7.session',
      JSON.stringify({ url: 'ws://h:1/ws', tableId: 'tbl1', token: 't', seat }),
    );
    setActivePinia(createPinia());
    const table = useTableStore();
    table.init();
    return table;
  };

  it('finds them after a reload, for the same table and seat, and refuses what is no list of moves', () => {
    const staged = { at: '1:4:9', steps: [{ type: 'play' as const, card: 'G6' as const }] };
    seated(0).keptSteps.save(staged);
    expect(seated(0).keptSteps.load()).toEqual(staged);
    expect(seated(1).keptSteps.load()).toBeNull();
    session.setItem(
      'red7.staged',
      JSON.stringify({ table: 'tbl1', seat: 0, at: '1:4:9', steps: [{ type: 'fly' }] }),
    );
    expect(seated(0).keptSteps.load()).toBeNull();
    seated(0).keptSteps.save(null);
    expect(session.getItem('red7.staged')).toBeNull();
  });
});
