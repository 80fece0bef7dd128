import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TableSummary } from '../../shared/protocol';
import { useTableDetailsStore } from '../../renderer/src/stores/tableDetails';

/*
 * What the lobby keeps of each LAN table once its host has told it: an evening's table keeps its heat and
 * letter (without them its row offered "Back to your seat" after the heat's game had ended).
 */

const host = { address: '192.168.1.20', port: 47470 };
const summary = (id: string, evening?: TableSummary['evening']): TableSummary => ({
  id,
  name: id,
  players: 3,
  seats: 3,
  state: 'finished',
  mode: 'basic',
  actionRule: false,
  rulesVersion: '1.2',
  spectators: 0,
  match: [],
  ...(evening ? { evening } : {}),
});

beforeEach(() => setActivePinia(createPinia()));

describe('the details of a LAN table', () => {
  it('keep whether it is an evening’s table', () => {
    const details = useTableDetailsStore();
    const evening = { name: 'Friday', heat: 1, table: 'A' };
    details.remember(host, [summary('t1', evening), summary('t2')]);
    expect(details.of(host, 't1')?.evening).toEqual(evening);
    expect(details.of(host, 't2')).not.toHaveProperty('evening');
    expect(details.of(host, 't3')).toBeNull();
  });
});
