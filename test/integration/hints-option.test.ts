import { afterEach, describe, expect, it } from 'vitest';
import type { TableOptions } from '../../shared/protocol';
import { TestClient } from './helpers/client';
import { hostPool } from './helpers/host';
import { dropFromSnapshot, optionsAfterResume } from './helpers/table-options';

const pool = hostPool();
afterEach(pool.closeAll);
const host = pool.start;

const basic: TableOptions = { players: 2, mode: 'basic', actionRule: false };

/** Creates a table and returns what the host reports of it, with the creator's token. */
async function create(port: number, options: TableOptions, bots: number[]) {
  const a = await TestClient.greeted(port);
  a.send({ type: 'createTable', name: 'Coach', player: 'Ann', options, bots });
  const { tableId } = await a.next('joined');
  const info = (await a.next('table')).table;
  const token = a.token!;
  await a.close();
  return { tableId, info, token };
}

const hintsAfterResume = async (port: number, token: string) => (await optionsAfterResume(port, token)).hints;

describe('the hints option of a table', () => {
  it('is on by default with bots, off without, and as asked otherwise', async () => {
    const h = await host();
    expect((await create(h.port, basic, [1])).info.options.hints).toBe(true);
    expect((await create(h.port, basic, [])).info.options.hints).toBe(false);
    expect((await create(h.port, { ...basic, hints: false }, [1])).info.options.hints).toBe(false);
    expect((await create(h.port, { ...basic, hints: true }, [])).info.options.hints).toBe(true);
  });

  it('refuses a value that is not a boolean, with a clear reason', async () => {
    const h = await host();
    const a = await TestClient.greeted(h.port);
    a.send({
      type: 'createTable',
      name: 'Bad',
      player: 'Ann',
      options: { ...basic, hints: 'yes' } as unknown as TableOptions,
    });
    const err = await a.next('error');
    expect(err).toMatchObject({ code: 'badMessage', reason: 'options.hints: must be true or false' });
    await a.close();
  });

  it('survives a restart, and an older snapshot without it gets the default from its bot seats', async () => {
    const h1 = await host();
    const withBot = await create(h1.port, { ...basic, hints: false }, [1]);
    const noBot = await create(h1.port, basic, []);
    await h1.host.close();

    const h2 = await host(h1.dataDir);
    expect(await hintsAfterResume(h2.port, withBot.token)).toBe(false);
    await h2.host.close();

    for (const { tableId } of [withBot, noBot])
      expect(typeof dropFromSnapshot(h1.dataDir, tableId, 'hints')).toBe('boolean');
    const h3 = await host(h1.dataDir);
    expect(h3.problems).toEqual([]);
    expect(await hintsAfterResume(h3.port, withBot.token)).toBe(true);
    expect(await hintsAfterResume(h3.port, noBot.token)).toBe(false);
  });
});
