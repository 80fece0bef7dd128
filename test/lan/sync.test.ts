import { describe, expect, it, vi } from 'vitest';
import { adOf, syncAds, type Publisher, type TableAd } from '../../main/discovery';
import { InterfacePool } from '../../main/discovery/interfaces';
import type { TableSummary } from '../../shared/protocol';

/** Records calls; keeps the ads the way the real publisher does. */
function fakePublisher() {
  const ads = new Map<string, TableAd>();
  const calls: string[] = [];
  const publisher: Publisher = {
    publish: (ad) => (calls.push(`publish ${ad.id}`), void ads.set(ad.id, ad)),
    update: (ad) => (calls.push(`update ${ad.id}`), void ads.set(ad.id, ad)),
    unpublish: (id) => (calls.push(`unpublish ${id}`), void ads.delete(id)),
    ads: () => [...ads.values()],
    reach: () => [],
    stop: async () => {},
  };
  return { publisher, calls, ads };
}

const summary = (id: string, players = 1): TableSummary => ({
  id,
  name: `Table ${id}`,
  players,
  seats: 4,
  state: 'open',
  match: [],
  mode: 'basic',
  actionRule: false,
  rulesVersion: '1.2',
  spectators: 0,
});

describe('syncAds', () => {
  it('publishes new tables, updates known ones and says goodbye to vanished ones', () => {
    const { publisher, calls, ads } = fakePublisher();
    syncAds(publisher, [summary('aaaa'), summary('bbbb')]);
    expect(calls).toEqual(['publish aaaa', 'publish bbbb']);
    calls.length = 0;
    syncAds(publisher, [summary('bbbb', 3), summary('cccc')]);
    expect(calls).toEqual(['unpublish aaaa', 'update bbbb', 'publish cccc']);
    expect(ads.get('bbbb')).toEqual({ id: 'bbbb', name: 'Table bbbb', players: 3, seats: 4, state: 'open' });
  });

  it('announces only the TXT fields, nothing else of the summary', () => {
    expect(Object.keys(adOf(summary('aaaa'))).sort()).toEqual(['id', 'name', 'players', 'seats', 'state']);
  });

  it('announces a lock and a seat code as flags only when set', () => {
    const held = { ...summary('aaaa'), locked: true, watchers: false, hasCode: true };
    expect(adOf(held)).toMatchObject({ locked: true, hasCode: true });
    expect(adOf(held)).not.toHaveProperty('watchers');
    expect(adOf({ ...held, locked: false, hasCode: false })).not.toHaveProperty('locked');
  });
});

describe('the interface pool', () => {
  it('opens new interfaces and closes vanished ones', () => {
    let current = ['10.0.0.2'];
    const log: string[] = [];
    const pool = new InterfacePool(
      (a) => (log.push(`open ${a}`), a),
      (_item, a) => void log.push(`close ${a}`),
      () => current,
    );
    pool.reconcile();
    current = ['10.0.0.2', '192.168.1.5'];
    pool.reconcile();
    current = ['192.168.1.5'];
    pool.reconcile();
    expect(log).toEqual(['open 10.0.0.2', 'open 192.168.1.5', 'close 10.0.0.2']);
    expect(pool.drain()).toEqual(['192.168.1.5']);
    expect(pool.values()).toEqual([]);
  });

  it('reports a failing re-check instead of throwing from its timer, and tries again', () => {
    vi.useFakeTimers();
    try {
      let fail = false;
      let addresses = ['10.0.0.2'];
      const errors: string[] = [];
      const pool = new InterfacePool(
        (a) => {
          if (fail) throw new Error(`cannot open ${a}`);
          return a;
        },
        () => {},
        () => addresses,
      );
      pool.start(1000, (err) => errors.push(err.message));
      fail = true;
      addresses = ['10.0.0.2', '10.0.0.3'];
      vi.advanceTimersByTime(1000);
      expect(errors).toEqual(['cannot open 10.0.0.3']);
      fail = false;
      vi.advanceTimersByTime(1000);
      expect(pool.values()).toEqual(['10.0.0.2', '10.0.0.3']);
      pool.drain();
    } finally {
      vi.useRealTimers();
    }
  });
});
