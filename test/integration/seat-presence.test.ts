import { afterEach, describe, expect, it } from 'vitest';
import type { SeatInfo } from '../../shared/protocol';
import type { TestClient } from './helpers/client';
import { testHost, type TestHost } from './helpers/host';
import { startedTable } from './helpers/play';

let h: TestHost;
afterEach(() => h.stop());

/** The seats in the next `table` message in which seat `seat` satisfies `pred`. */
async function seatsWhen(c: TestClient, seat: number, pred: (s: SeatInfo) => boolean): Promise<SeatInfo[]> {
  const m = await c.next((m) => m.type === 'table' && pred(m.table.seatList[seat]));
  if (m.type !== 'table') throw new Error('unreachable');
  return m.table.seatList;
}

describe('who is a person, and who is away, as the host says it', () => {
  it('calls a dropped person away, and a bot neither a person nor away', async () => {
    h = await testHost();
    const { clients } = await startedTable(
      h.port,
      { players: 3, mode: 'basic', actionRule: false },
      { bots: [2] },
    );
    const [a, b] = clients;
    await b.close();
    const seats = await seatsWhen(a, 1, (s) => !s.connected);
    expect(seats.map((s) => ({ person: s.person, away: s.away }))).toEqual([
      { person: true, away: false },
      { person: true, away: true },
      { person: false, away: false },
    ]);
  });
});
