import { afterEach, describe, expect, it } from 'vitest';
import type { ServerMessage, TableOptions } from '../../shared/protocol';
import { TestClient } from './helpers/client';
import { askCode, codesOf, peer } from './helpers/hand-over';
import { hostPool } from './helpers/host';
import { startedTable } from './helpers/play';

/*
 * After a hand-over, at the old host (still running): a person who was away (a phone asleep during the
 * move) resumes there and is told where the table went; the report counted them; and the old host's lobby
 * says where its tables went, to a lobby watching during the move and to one that opens later.
 */

const pool = hostPool();
afterEach(() => pool.closeAll());

const long: TableOptions = { players: 2, mode: 'advanced', actionRule: true, targetScore: 99 };
type Tables = Extract<ServerMessage, { type: 'tables' }>;

describe('the old host after a hand-over', () => {
  it('sends a person who was away on when they come back, counts them in the report, and its lobby says where the tables went', async () => {
    const a = await pool.start();
    const b = await pool.start();
    b.host.handOver.setReceiving(true);
    const codes = codesOf(b.host);

    // A lobby of a host that never handed anything over says nothing of it (as an older host).
    const before = await TestClient.greeted(a.port);
    before.send({ type: 'listTables' });
    expect(await before.next('tables')).not.toHaveProperty('handedOverTo');

    const t = await startedTable(a.port, long);
    const [present, asleep] = t.clients;
    const asleepToken = asleep.token!;
    await asleep.close(); // the phone went to sleep: its seat is away
    before.drain();

    const report = await a.host.handOver.send(peer(b.port), await askCode(a.host, b.port, codes));
    expect(report.moved).toEqual([t.tableId]);
    // One of the two was away: only this host can tell them, when they come back.
    expect(report.away).toBe(1);
    expect(await present.next('moved')).toMatchObject({ tableId: t.tableId, to: { port: b.port } });

    // The lobby that watched during the move hears its list, now empty, and where the tables went.
    const pushed = (await before.next((m) => m.type === 'tables' && m.tables.length === 0)) as Tables;
    expect(pushed.handedOverTo).toMatchObject({ name: 'test host', port: b.port });
    expect(pushed.handedOverTo!.addresses[0]).toBe('127.0.0.1');
    // So does a lobby opened afterwards (a page reloaded, an address typed).
    const later = await TestClient.greeted(a.port);
    later.send({ type: 'listTables' });
    expect(((await later.next('tables')) as Tables).handedOverTo).toEqual(pushed.handedOverTo);

    // The phone wakes and resumes at the old host with its old token: told where, not "unknown".
    const woke = await TestClient.greeted(a.port);
    woke.send({ type: 'resume', token: asleepToken });
    const moved = await woke.next((m) => m.type === 'moved' || m.type === 'error');
    expect(moved).toMatchObject({ type: 'moved', tableId: t.tableId, to: { port: b.port } });
    // It follows, and sits at its seat there.
    const there = await TestClient.greeted(b.port);
    there.send({ type: 'resume', token: asleepToken });
    const view = await there.next((m) => m.type === 'view' || m.type === 'error');
    expect(view).toMatchObject({ type: 'view', tableId: t.tableId, view: { seat: 1 } });

    for (const c of [before, present, later, woke, there]) await c.close();
  });

  it('counts nobody away when everyone was there to be told', async () => {
    const a = await pool.start();
    const b = await pool.start();
    b.host.handOver.setReceiving(true);
    const codes = codesOf(b.host);
    const t = await startedTable(a.port, long, { bots: [1] });
    const report = await a.host.handOver.send(peer(b.port), await askCode(a.host, b.port, codes));
    expect(report.moved).toEqual([t.tableId]);
    // The bot's seat has no person to wait for: nobody away, so no count at all.
    expect(report).not.toHaveProperty('away');
    for (const c of t.clients) await c.close();
  });
});
