import { describe, expect, it } from 'vitest';
import { idleLongerThan, longestUnattended } from '../../../main/host/idle-tables';

const table = (name: string, idleSince: number | null) => ({ name, idleSince });

describe('which tables the host may remove', () => {
  const tables = [table('playing', null), table('old', 1_000), table('new', 9_000), table('older', 500)];

  it('removes only the tables nobody has been at for longer than the idle time', () => {
    expect(idleLongerThan(tables, 10_000, 5_000).map((t) => t.name)).toEqual(['old', 'older']);
    // Exactly the idle time is not longer than it.
    expect(idleLongerThan([table('edge', 5_000)], 10_000, 5_000)).toEqual([]);
    expect(idleLongerThan(tables, 10_000, 60_000)).toEqual([]);
  });

  it('makes room at the cap with the table unattended longest, never one in play', () => {
    expect(longestUnattended(tables)?.name).toBe('older');
    expect(longestUnattended([table('playing', null)])).toBeUndefined();
    expect(longestUnattended([])).toBeUndefined();
    // At time 0 a table is still unattended (0 is a time, not "nobody").
    expect(longestUnattended([table('a', 3), table('b', 0)])?.name).toBe('b');
  });
});
