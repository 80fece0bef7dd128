import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  HAND_OVER_BUNDLE_BYTES_MAX,
  PROTOCOL_VERSION,
  type HandOverTable,
  type TableOptions,
} from '../../shared/protocol';
import { checkTable } from '../../main/host/hand-over/bundle';
import { gate, peer } from './helpers/hand-over';
import { hostPool } from './helpers/host';
import { moveMessage, playRandomly, startedTable, viewAt } from './helpers/play';
import { rng } from '../helpers/random';

/*
 * Each way a hand-over fails carries its code (the screens word it; the host's English is only the detail),
 * and a receiver of an older version, which sends its English alone, still reads as a failure: `other`.
 */

const pool = hostPool();
const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await pool.closeAll();
});

const long: TableOptions = { players: 2, mode: 'advanced', actionRule: true, targetScore: 99 };

type Answer = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

/** A fake receiver: answers each path as told (JSON, or text when `body` is a string). */
async function fakeReceiver(answer: (path: string) => Answer): Promise<number> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      void Promise.resolve(answer(req.url ?? '/')).then(({ status, body }) => {
        const text = typeof body === 'string' ? body : JSON.stringify(body);
        res.writeHead(status, {
          'Content-Type': typeof body === 'string' ? 'text/html' : 'application/json',
        });
        res.end(text);
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise<void>((r) => server.close(() => r())));
  return (server.address() as AddressInfo).port;
}

const info = { status: 200, body: { name: 'Old Bo', addresses: [], port: 1, protocol: PROTOCOL_VERSION } };

describe('the codes of a hand-over that fails', () => {
  it("an older receiver's refusal without a code reads as `other`, its words the detail; so does a code unknown here", async () => {
    const a = await pool.start();
    await startedTable(a.port, long);
    let refusal: unknown = { error: 'that code is not the one shown' };
    const port = await fakeReceiver((path) => {
      if (path === '/api/info') return info;
      if (path === '/api/hand-over/prepare') return { status: 403, body: refusal };
      return { status: 200, body: { state: 'unknown' } };
    });
    await expect(a.host.handOver.send(peer(port), '123456')).rejects.toMatchObject({
      failure: { code: 'other', detail: 'that code is not the one shown' },
    });
    refusal = { error: 'the moon is full', code: 'moonFull', name: 'Old Bo' };
    await expect(a.host.handOver.send(peer(port), '123456')).rejects.toMatchObject({
      failure: { code: 'other', name: 'Old Bo', detail: 'the moon is full' },
    });
    // Nothing stays frozen: the table is still listed as playing here.
    expect(a.host.tables()).toHaveLength(1);
  });

  it("an older receiver's refused table keeps only its reason; a newer code unknown here is dropped", async () => {
    const a = await pool.start();
    const t = await startedTable(a.port, long);
    const port = await fakeReceiver((path) => {
      if (path === '/api/info') return info;
      if (path === '/api/hand-over/prepare')
        return {
          status: 200,
          body: {
            to: 'Old Bo',
            moved: [],
            refused: [{ id: t.tableId, reason: 'a table of this id is already on this host' }],
          },
        };
      return { status: 200, body: { state: 'committed' } };
    });
    const report = await a.host.handOver.send(peer(port), '123456');
    expect(report.refused).toEqual([{ id: t.tableId, reason: 'a table of this id is already on this host' }]);
    expect(report.refused[0].code).toBeUndefined();
  });

  it('something that is not a Red7 LAN host answers: `badAnswer` with its address', async () => {
    const a = await pool.start();
    const port = await fakeReceiver(() => ({ status: 404, body: '<h1>Not found</h1>' }));
    await expect(a.host.handOver.ask(peer(port))).rejects.toMatchObject({
      failure: { code: 'badAnswer', address: `127.0.0.1:${port}`, detail: `127.0.0.1:${port} answered 404` },
    });
    // A prepare answered with something else than a report: not taken for one.
    const odd = await fakeReceiver((path) =>
      path === '/api/info' ? info : { status: 200, body: { moved: 'everything' } },
    );
    await expect(a.host.handOver.send(peer(odd), '123456')).rejects.toMatchObject({
      failure: { code: 'badAnswer', address: `127.0.0.1:${odd}` },
    });
  });

  it('another version at /api/info, a second hand-over while one is under way, a commit not answered', async () => {
    const a = await pool.start();
    await startedTable(a.port, long);
    const newer = await fakeReceiver(() => ({
      status: 200,
      body: { ...info.body, protocol: PROTOCOL_VERSION + 1 },
    }));
    await expect(a.host.handOver.send(peer(newer), '123456')).rejects.toMatchObject({
      failure: { code: 'version', name: 'Old Bo' },
    });

    const held = gate();
    let commits = 0;
    const port = await fakeReceiver(async (path) => {
      if (path === '/api/info') {
        await held.wait;
        return info;
      }
      if (path === '/api/hand-over/prepare')
        return { status: 200, body: { to: 'Old Bo', moved: a.host.tables().map((t) => t.id), refused: [] } };
      if (path === '/api/hand-over/commit') commits += 1;
      return { status: 500, body: 'busy' };
    });
    const first = a.host.handOver.send(peer(port), '123456');
    await expect(a.host.handOver.send(peer(port), '123456')).rejects.toMatchObject({
      failure: { code: 'busy' },
    });
    held.open();
    await expect(first).rejects.toMatchObject({
      failure: { code: 'commitUnsure', name: 'Old Bo', detail: expect.stringMatching(/frozen/) },
    });
    expect(commits).toBe(1);
  });

  it('tables larger than a receiver reads: `tooLarge` before anything is sent; every table plays on here', async () => {
    const a = await pool.start();
    const t = await startedTable(a.port, long);
    let prepares = 0;
    const port = await fakeReceiver((path) => {
      if (path === '/api/hand-over/prepare') prepares += 1;
      return path === '/api/info' ? info : { status: 200, body: { state: 'unknown' } };
    });
    // An evening file (sent whole, as the host keeps it) past the 32 MB a receiver reads.
    writeFileSync(join(a.dataDir, 'evening.json'), `{}${' '.repeat(HAND_OVER_BUNDLE_BYTES_MAX)}`);
    await expect(a.host.handOver.send(peer(port), '123456')).rejects.toMatchObject({
      failure: { code: 'tooLarge', detail: expect.stringMatching(/more than the 33554432 a receiver reads/) },
    });
    expect(prepares).toBe(0);
    expect(a.host.tables().map((x) => x.id)).toEqual([t.tableId]);
    const actor = t.clients.find((c) => c.view!.legalMoves.length > 0)!;
    actor.send(moveMessage(actor.view!.legalMoves[0], 0));
    await viewAt(actor, 1);
    for (const c of t.clients) await c.close();
  });

  it('the loopback start answers with the code: a bad address, a receiver not reached', async () => {
    const a = await pool.start();
    const post = (body: unknown) =>
      fetch(`http://127.0.0.1:${a.port}/api/hand-over`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const bad = await post({ to: 'bo:99999' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: '"bo:99999" is not ADDRESS or ADDRESS:PORT',
      code: 'badAddress',
      address: 'bo:99999',
    });
    const gone = await post({ to: '127.0.0.1:1' });
    expect(gone.status).toBe(502);
    expect(await gone.json()).toEqual({
      error: expect.stringMatching(/^127\.0\.0\.1:1 cannot be reached/),
      code: 'unreachable',
      address: '127.0.0.1:1',
    });
    const notJson = await fetch(`http://127.0.0.1:${a.port}/api/hand-over/ask`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{',
    });
    expect(await notJson.json()).toEqual({ error: 'not JSON', code: 'badRequest' });
  });

  it("the receiver's check of a table names what is wrong with it, and the log line", async () => {
    const a = await pool.start();
    const t = await startedTable(a.port, long);
    await playRandomly(t.clients, rng(5), (m) => m >= 3);
    const folder = join(a.dataDir, 'tables', t.tableId);
    await expect.poll(() => existsSync(join(folder, 'snapshot.json')), { timeout: 10_000 }).toBe(true);
    const table: HandOverTable = {
      id: t.tableId,
      snapshot: readFileSync(join(folder, 'snapshot.json'), 'utf8'),
      log: readFileSync(join(folder, 'moves.jsonl'), 'utf8').trimEnd().split('\n'),
    };
    expect(checkTable(table).ok).toBe(true);
    const why = (changed: Partial<HandOverTable>) => {
      const r = checkTable({ ...table, ...changed });
      return r.ok ? 'taken' : { code: r.code, line: r.line };
    };
    expect(why({ snapshot: 'not json' })).toEqual({ code: 'damaged', line: undefined });
    expect(why({ log: table.log.map((l, i) => (i === 1 ? '{"g":' : l)) })).toEqual({
      code: 'damaged',
      line: 2,
    });
    const other = JSON.parse(table.snapshot) as { id: string };
    other.id = 'zzzz9999';
    expect(why({ snapshot: JSON.stringify(other) })).toEqual({ code: 'inconsistent', line: undefined });
    for (const c of t.clients) await c.close();
  });
});
