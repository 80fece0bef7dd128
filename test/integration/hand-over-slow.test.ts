import { afterEach, describe, expect, it } from 'vitest';
import type { TableOptions } from '../../shared/protocol';
import { collectTables } from '../../main/host/hand-over/bundle';
import { FileStore } from '../../main/host/file-store';
import { askCode, codesOf, peer } from './helpers/hand-over';
import { hostPool, testHost, type TestHost } from './helpers/host';
import { pacedProxy } from './helpers/paced-proxy';
import { moveMessage, startedTable, viewAt } from './helpers/play';

/*
 * The tables' bundle crossing a slow network (a party's busy Wi-Fi), through a relay that lets the bytes
 * in at a set pace: it gets there however long it takes while bytes keep going (the receiver says so
 * every second, `102 Processing`); a network that goes quiet fails after the host's `handOverQuietMs`
 * without progress (15 s; 3 s here, and the bundle paced to match), and every table plays on at its old host.
 * A fixed time for the whole bundle failed the first.
 */

const QUIET_MS = 3000;

const pool = hostPool();
const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await pool.closeAll();
});

const long: TableOptions = { players: 2, mode: 'advanced', actionRule: true, targetScore: 99 };

/** A sender whose store writes each table's record at once: its bundle's size is known before it goes. */
async function sender(): Promise<TestHost> {
  const a = await testHost({ limits: { snapshotDelayMs: 0, handOverQuietMs: QUIET_MS } });
  closers.push(() => a.stop());
  return a;
}

/** What the sender will send: its tables' bundle as its store holds them. */
function bundleBytes(h: TestHost): number {
  const ids = new Set(h.host.tables().map((t) => t.id));
  return JSON.stringify(collectTables(new FileStore(h.dataDir, 0, () => {}), ids, () => null)).length;
}

/**
 * Four tables at a sender, a receiver behind a relay that lets a sixth of their bundle through each second
 * (about 8 s for it all: its requests' headers and the other requests are a third more), and its code.
 */
async function slowHandOver() {
  const a = await sender();
  const b = await pool.start();
  b.host.handOver.setReceiving(true);
  const codes = codesOf(b.host);
  const tables = [];
  for (let i = 0; i < 4; i++) tables.push(await startedTable(a.port, long));
  const bytes = bundleBytes(a);
  const slow = await pacedProxy(b.port, Math.round(bytes / 6));
  closers.push(slow.close);
  const code = await askCode(a.host, slow.port, codes);
  return { a, b, tables, bytes, slow, code };
}

describe('handing the tables over on a slow network', () => {
  it(
    'a bundle that takes twice the quiet time to cross arrives: the sender waits while bytes get through',
    { timeout: 60_000 },
    async () => {
      const { a, b, tables, slow, code } = await slowHandOver();
      const started = performance.now();
      const report = await a.host.handOver.send(peer(slow.port), code);
      const took = performance.now() - started;
      expect(took).toBeGreaterThan(2 * QUIET_MS);
      expect(report.moved.sort()).toEqual(tables.map((t) => t.tableId).sort());
      expect(b.host.tables()).toHaveLength(4);
      expect(a.host.tables()).toEqual([]);
      for (const t of tables) for (const c of t.clients) await c.close();
    },
  );

  it(
    'a network that goes quiet mid-way: `stalled` after the quiet time without progress; every table plays on here',
    { timeout: 60_000 },
    async () => {
      const { a, b, tables, bytes, slow, code } = await slowHandOver();
      const before = slow.sent();
      const sending = a.host.handOver.send(peer(slow.port), code);
      // A third of the bundle in, the network goes quiet.
      await expect.poll(() => slow.sent() - before, { timeout: 10_000 }).toBeGreaterThan(bytes / 3);
      slow.stall();
      const stalledAt = performance.now();
      await expect(sending).rejects.toMatchObject({
        failure: { code: 'stalled', name: 'test host', address: `127.0.0.1:${slow.port}` },
      });
      const waited = performance.now() - stalledAt;
      // Counted from the last progress, which came up to a second before the stall (the relay's pace, the
      // receiver's words).
      expect(waited).toBeGreaterThan(QUIET_MS - 1500);
      expect(waited).toBeLessThan(QUIET_MS + 5000);

      // Nothing moved: every table is here, and plays.
      expect(
        a.host
          .tables()
          .map((t) => t.id)
          .sort(),
      ).toEqual(tables.map((t) => t.tableId).sort());
      expect(b.host.tables()).toEqual([]);
      for (const t of tables) {
        const actor = t.clients.find((c) => c.view!.legalMoves.length > 0)!;
        actor.send(moveMessage(actor.view!.legalMoves[0], 0));
        await viewAt(actor, 1);
      }
      for (const t of tables) for (const c of t.clients) await c.close();
    },
  );
});
