import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TableOptions } from '../../shared/protocol';
import { spawnHost } from './helpers/child-host';
import { codesOf, gate, holdingProxy, peer } from './helpers/hand-over';
import { hostPool } from './helpers/host';
import { moveMessage, startedTable, viewAt } from './helpers/play';

/*
 * Cancel while handing over takes the ask back at the other host too: its screen stops showing a code
 * nobody will type (it is told `withdrawn`), the code is good no more, and the tables play on here. From
 * the host's own page (POST /api/hand-over, as the page does) and from the desktop's bridge (the API).
 */

const pool = hostPool();
const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await pool.closeAll();
});

const long: TableOptions = { players: 2, mode: 'advanced', actionRule: true, targetScore: 99 };

/** The host's own page's request (loopback, JSON, its own Origin), as stores/operatorHandOver.ts makes it. */
const fromPage = (port: number, body: unknown, signal?: AbortSignal) =>
  fetch(`http://127.0.0.1:${port}/api/hand-over`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${port}` },
    body: JSON.stringify(body),
    signal,
  });

describe('withdrawing an ask', () => {
  it('Cancel at the code step: the other host drops the code and says so; the code is good no more; the table plays on', async () => {
    const a = await pool.start();
    const b = await pool.start();
    b.host.handOver.setReceiving(true);
    const codes = codesOf(b.host);
    const t = await startedTable(a.port, long);
    const to = `127.0.0.1:${b.port}`;

    expect(await (await fromPage(a.port, { to })).json()).toEqual({ asked: true });
    expect(codes).toHaveLength(1);
    const { code } = codes[0];
    expect(codes[0].withdrawn).toBeUndefined();

    const res = await fromPage(a.port, { to, withdraw: true });
    expect([res.status, await res.json()]).toEqual([200, { withdrawn: true }]);
    expect(codes).toHaveLength(2);
    expect(codes[1]).toMatchObject({ from: 'test host', code, withdrawn: true });

    // The code read out before Cancel moves nothing now; the table is still here, and plays.
    await expect(a.host.handOver.send(peer(b.port), code)).rejects.toMatchObject({
      failure: { code: 'noCode' },
    });
    expect(a.host.tables().map((x) => x.id)).toEqual([t.tableId]);
    expect(b.host.tables()).toEqual([]);
    const actor = t.clients.find((c) => c.view!.legalMoves.length > 0)!;
    actor.send(moveMessage(actor.view!.legalMoves[0], 0));
    await viewAt(actor, 1);

    // Withdrawn again, or with nothing asked: nothing more is said over there.
    expect((await fromPage(a.port, { to, withdraw: true })).status).toBe(200);
    expect(codes).toHaveLength(2);

    // A new ask then gets a new code, which works.
    await a.host.handOver.ask(peer(b.port));
    expect(codes).toHaveLength(3);
    expect(codes[2].withdrawn).toBeUndefined();
    const report = await a.host.handOver.send(peer(b.port), codes[2].code);
    expect(report.moved).toEqual([t.tableId]);
    for (const c of t.clients) await c.close();
  });

  it('Cancel while the ask is on its way: cut off, and arriving after the withdrawal it shows no code', async () => {
    const a = await pool.start();
    const b = await pool.start();
    b.host.handOver.setReceiving(true);
    const codes = codesOf(b.host);
    const t = await startedTable(a.port, long);
    // The ask is held on the way (a slow or lossy network); its answer is watched.
    const reached = gate();
    const release = gate();
    const answered = gate();
    const proxy = await holdingProxy(b.port, async (path, phase) => {
      if (path !== '/api/hand-over/ask') return;
      if (phase === 'response') return answered.open();
      reached.open();
      await release.wait;
    });
    closers.push(() => void proxy.server.close());
    const to = `127.0.0.1:${proxy.port}`;

    // The page asks, and its person presses Cancel: the page drops its request and withdraws.
    const page = new AbortController();
    const asking = fromPage(a.port, { to }, page.signal).catch((e: Error) => e.name);
    await reached.wait;
    page.abort();
    expect(await asking).toBe('AbortError');
    expect(await (await fromPage(a.port, { to, withdraw: true })).json()).toEqual({ withdrawn: true });

    // The ask reaches the other host only now: it shows no code.
    release.open();
    await answered.wait;
    expect(codes).toEqual([]);
    expect(a.host.tables().map((x) => x.id)).toEqual([t.tableId]);
    for (const c of t.clients) await c.close();
  });

  it("the desktop's Cancel (the bridge names no address once its target went): the same", async () => {
    const a = await pool.start();
    const b = await pool.start();
    b.host.handOver.setReceiving(true);
    const codes = codesOf(b.host);
    await a.host.handOver.ask(peer(b.port));
    await a.host.handOver.withdraw();
    expect(codes.map((c) => c.withdrawn === true)).toEqual([false, true]);
    // Asking another host withdraws the ask of the first.
    const c = await pool.start();
    c.host.handOver.setReceiving(true);
    const others = codesOf(c.host);
    await a.host.handOver.ask(peer(b.port));
    await a.host.handOver.ask(peer(c.port));
    await expect.poll(() => codes.map((x) => x.withdrawn === true)).toEqual([false, true, false, true]);
    expect(others).toHaveLength(1);
  });

  it(
    'an ask given up on (no answer in 5 s) that gets there later shows no code',
    { timeout: 20_000 },
    async () => {
      const a = await pool.start();
      const b = await pool.start();
      b.host.handOver.setReceiving(true);
      const codes = codesOf(b.host);
      const release = gate();
      const answered = gate();
      const withdrawn = gate();
      const proxy = await holdingProxy(b.port, async (path, phase) => {
        if (path === '/api/hand-over/withdraw' && phase === 'response') withdrawn.open();
        if (path !== '/api/hand-over/ask') return;
        if (phase === 'response') return answered.open();
        await release.wait;
      });
      closers.push(() => void proxy.server.close());
      await expect(a.host.handOver.ask(peer(proxy.port))).rejects.toMatchObject({
        failure: { code: 'noAnswer' },
      });
      // The sender takes it back; the ask, held on the way, gets there after that.
      await withdrawn.wait;
      release.open();
      await answered.wait;
      expect(codes).toEqual([]);
    },
  );

  it(
    'a host started with --receive prints the code, then that it is good no more',
    { timeout: 30_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'red7-receive-'));
      const b = await spawnHost(dir, 0, { args: ['--receive'] });
      closers.push(async () => {
        b.proc.kill('SIGTERM');
        await b.exited;
        rmSync(dir, { recursive: true, force: true });
      });
      const a = await pool.start();
      await a.host.handOver.ask(peer(b.port));
      const code = /"test host" asks to hand its tables over: code (\d{6}) \(valid 2 minutes\)/.exec(
        b.output(),
      )?.[1];
      expect(code).toMatch(/^\d{6}$/);
      await a.host.handOver.withdraw(peer(b.port));
      await expect
        .poll(() => b.output())
        .toContain(`"test host" cancelled its hand-over: code ${code} is no longer good`);
    },
  );
});
