import { afterEach, describe, expect, it } from 'vitest';
import { newGame } from '../../shared/engine';
import type { TableOptions } from '../../shared/protocol';
import type { TestClient } from './helpers/client';
import { testHost, type TestHost } from './helpers/host';
import { seatTable, viewAt } from './helpers/play';
import { readMoveLog } from './helpers/truth';

/*
 * The host's `seeds` option: where new games' shuffle seeds come from. The e2e files that play a whole game
 * through the UI give it a fixed list, so that every run deals (and so plays) the same game.
 */

const options: TableOptions = { players: 2, mode: 'basic', actionRule: false };
const startSeeds = (h: TestHost, tableId: string): number[] =>
  readMoveLog(h.dataDir, tableId).flatMap((line) => ('start' in line ? [line.start.seed] : []));

describe("a host's shuffle seeds", () => {
  let h: TestHost | undefined;
  let clients: TestClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.map((c) => c.close()));
    clients = [];
    await h?.stop();
  });

  it('deals each new game from the next seed it is given', async () => {
    const given = [4242, 7];
    let next = 0;
    h = await testHost({ seeds: () => given[next++ % given.length] });
    const table = await seatTable(h.port, options);
    clients = table.clients;
    clients[0].send({ type: 'start' });
    await Promise.all(clients.map((c) => viewAt(c, 0)));

    expect(startSeeds(h, table.tableId)).toEqual([4242]);
    // What each person holds is the engine's deal from that seed, not another shuffle.
    const dealt = newGame(options, 4242);
    expect(clients.map((c) => c.view?.hand)).toEqual([dealt.hands[0], dealt.hands[1]]);
  });

  it('is random without the option: two tables are dealt from different seeds', async () => {
    h = await testHost();
    const a = await seatTable(h.port, options);
    const b = await seatTable(h.port, options);
    clients = [...a.clients, ...b.clients];
    a.clients[0].send({ type: 'start' });
    b.clients[0].send({ type: 'start' });
    await Promise.all(clients.map((c) => viewAt(c, 0)));

    const [seedA] = startSeeds(h, a.tableId);
    const [seedB] = startSeeds(h, b.tableId);
    expect(seedA).not.toBe(seedB); // a 1 in 2^32 chance of a false alarm
  });
});
