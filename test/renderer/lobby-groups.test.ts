import { describe, expect, it } from 'vitest';
import { lobbyGroups } from '../../renderer/src/stores/lanTables';

describe('lobby groups', () => {
  it('keeps the order found within each group; finished games go below', () => {
    const t = (id: string, state: 'open' | 'playing' | 'finished') => ({ id, state });
    expect(lobbyGroups([t('b', 'playing'), t('a', 'finished'), t('c', 'open'), t('d', 'finished')])).toEqual({
      active: [t('b', 'playing'), t('c', 'open')],
      finished: [t('a', 'finished'), t('d', 'finished')],
    });
    expect(lobbyGroups([])).toEqual({ active: [], finished: [] });
  });
});
