import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { TableOptions, TableSummary } from '../../shared/protocol';
import type { SeatView } from '../../shared/engine';
import { spawnHost, type ChildHost } from './helpers/child-host';
import { TestClient } from './helpers/client';
import { holdAt, holdingProxy } from './helpers/hand-over';
import { moveMessage, playRandomly, startedTable, viewAt } from './helpers/play';
import { rng } from '../helpers/random';

// Real host processes (the headless command), killed with SIGKILL at each stage of a hand-over.
const PACE_MS = 60;
const long: TableOptions = { players: 2, mode: 'advanced', actionRule: true, targetScore: 99 };
const children: ChildHost[] = [];
const folders: string[] = [];
const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
  for (const c of children.splice(0)) if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
});
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

const folder = () => {
  const f = mkdtempSync(join(tmpdir(), 'red7-hand-over-'));
  folders.push(f);
  return f;
};
async function host(dataDir: string, port = 0, args: string[] = []): Promise<ChildHost> {
  const h = await spawnHost(dataDir, port, { args });
  children.push(h);
  return h;
}
async function kill(h: ChildHost): Promise<void> {
  h.proc.kill('SIGKILL');
  expect((await h.exited).signal).toBe('SIGKILL');
}
const post = (port: number, body: unknown) =>
  fetch(`http://127.0.0.1:${port}/api/hand-over`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const tablesAt = async (port: number): Promise<string[]> =>
  ((await (await fetch(`http://127.0.0.1:${port}/api/tables`)).json()) as TableSummary[]).map((t) => t.id);

async function until(ok: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A two-player table on `port` some moves in; the views its players were told. */
async function tableInPlay(port: number) {
  const t = await startedTable(port, long);
  await playRandomly(t.clients, rng(7), (m) => m >= 4 && t.clients[0].view!.phase === 'turn', PACE_MS);
  return { ...t, told: t.clients.map((c) => c.view!) };
}

/** The sender asks the receiver (through `proxyPort`) for a code and starts the hand-over with it (not awaited). */
async function startHandOver(sender: ChildHost, receiver: ChildHost, proxyPort: number): Promise<void> {
  expect(await (await post(sender.port, { to: `127.0.0.1:${proxyPort}` })).json()).toEqual({ asked: true });
  const code = [...receiver.output().matchAll(/code (\d{6})/g)].at(-1)![1];
  void post(sender.port, { to: `127.0.0.1:${proxyPort}`, code }).catch(() => {});
}

/**
 * The table's players come back at `port` with their tokens (told `moved` there if it moved, and then
 * following it); every view is as told; a move is then taken. Returns the port the table plays at.
 */
async function playersComeBack(port: number, tokens: string[], told: SeatView[]): Promise<number> {
  let at = port;
  const back = await Promise.all(
    tokens.map(async (token) => {
      let c = await TestClient.greeted(port);
      c.send({ type: 'resume', token });
      const first = await c.next((m) => m.type === 'view' || m.type === 'moved');
      if (first.type === 'moved') {
        await c.close();
        at = first.to.port;
        c = await TestClient.greeted(first.to.port);
        c.send({ type: 'resume', token });
        await c.next('view');
      }
      return c;
    }),
  );
  back.forEach((c, i) => expect(c.view).toEqual(told[i]));
  const actor = back.find((c) => c.view!.legalMoves.length > 0)!;
  const n = actor.view!.moveCount;
  actor.send(moveMessage(actor.view!.legalMoves[0], n));
  await Promise.all(back.map((c) => viewAt(c, n + 1)));
  for (const c of back) await c.close();
  return at;
}

describe('a hand-over cut short by SIGKILL', { timeout: 60_000 }, () => {
  for (const stage of [
    {
      name: 'the sender, after its marker (the prepare on its way)',
      path: 'prepare',
      phase: 'request',
      then: 'pass',
    },
    {
      name: 'the sender, after the prepare (the commit never sent)',
      path: 'commit',
      phase: 'request',
      then: 'drop',
    },
    {
      name: 'the sender, after the commit (before anyone was told)',
      path: 'commit',
      phase: 'response',
      then: 'drop',
    },
  ] as const) {
    it(`${stage.name}: after its restart exactly one host plays the table, nothing told lost`, async () => {
      const aDir = folder();
      let a = await host(aDir);
      const b = await host(folder(), 0, ['--receive']);
      const t = await tableInPlay(a.port);
      const step = holdAt(`/api/hand-over/${stage.path}`, stage.phase);
      const proxy = await holdingProxy(b.port, step.hold);
      closers.push(() => proxy.server.close());
      await startHandOver(a, b, proxy.port);
      await step.reached;
      await kill(a);
      if (stage.then === 'pass') step.pass();
      else step.drop();
      for (const c of t.clients) await c.closed;
      a = await host(aDir, a.port);
      const committed = stage.phase === 'response';
      // Settled at the restart by asking the receiver: committed there, or aborted and played on here.
      await until(async () => !existsSync(join(aDir, 'hand-over-out.json')));
      expect(await tablesAt(a.port)).toEqual(committed ? [] : [t.tableId]);
      expect(await tablesAt(b.port)).toEqual(committed ? [t.tableId] : []);
      const at = await playersComeBack(
        a.port,
        t.clients.map((c) => c.token!),
        t.told,
      );
      expect(at).toBe(committed ? b.port : a.port);
    });
  }

  for (const stage of [
    { name: 'the receiver, after the prepare', phase: 'request' },
    { name: 'the receiver, after the commit (before it answered)', phase: 'response' },
  ] as const) {
    it(`${stage.name}: the sender keeps the table frozen until it answers again; then one host plays it`, async () => {
      const a = await host(folder());
      const bDir = folder();
      let b = await host(bDir, 0, ['--receive']);
      const t = await tableInPlay(a.port);
      const step = holdAt('/api/hand-over/commit', stage.phase);
      const proxy = await holdingProxy(b.port, step.hold);
      closers.push(() => proxy.server.close());
      await startHandOver(a, b, proxy.port);
      await step.reached;
      await kill(b);
      step.drop();
      // Frozen: never played twice; the person's turn is refused as `moving` (and kept by the app).
      await until(async () => a.output().includes('stay frozen'));
      const actor = t.clients.find((c) => c.view!.legalMoves.length > 0)!;
      actor.drain();
      actor.send(moveMessage(actor.view!.legalMoves[0], actor.view!.moveCount));
      expect(await actor.next('error')).toMatchObject({ code: 'moving' });
      b = await host(bDir, b.port, ['--receive']);
      const committed = stage.phase === 'response';
      if (committed) expect(readdirSync(join(bDir, 'tables'))).toContain(t.tableId);
      for (const c of t.clients) await (committed ? c.next('moved', 15_000) : c.next('table', 15_000));
      expect(await tablesAt(a.port)).toEqual(committed ? [] : [t.tableId]);
      expect(await tablesAt(b.port)).toEqual(committed ? [t.tableId] : []);
      for (const c of t.clients) await c.close();
      const at = await playersComeBack(
        a.port,
        t.clients.map((c) => c.token!),
        t.told,
      );
      expect(at).toBe(committed ? b.port : a.port);
    });
  }
});

describe('the headless host command', { timeout: 60_000 }, () => {
  it('--hand-over-to asks, reads the code from stdin, hands every table over, prints it and quits', async () => {
    const aDir = folder();
    let a = await host(aDir);
    const b = await host(folder(), 0, ['--receive']);
    const t = await tableInPlay(a.port);
    a.proc.kill('SIGTERM');
    await a.exited;
    a = await spawnHost(aDir, 0, { args: ['--hand-over-to', `127.0.0.1:${b.port}`], stdin: 'pipe' });
    children.push(a);
    await until(async () => /type the code shown on/.test(a.output()));
    const code = /code (\d{6}) \(valid 2 minutes\)/.exec(b.output())![1];
    a.proc.stdin!.write(`${code}\n`);
    expect(await a.exited).toEqual({ code: 0, signal: null });
    expect(a.output()).toMatch(/1 table\(s\) moved to "crash test"/);
    // Its players were away (the host restarted): the command says they were not told, as it quits.
    expect(a.output()).toMatch(/2 person\(s\) were away and were not told; this host stops/);
    expect(b.output()).toMatch(/took over 1 table\(s\) from "crash test"/);
    expect(await tablesAt(b.port)).toEqual([t.tableId]);
    const at = await playersComeBack(
      b.port,
      t.clients.map((c) => c.token!),
      t.told,
    );
    expect(at).toBe(b.port);
  });
});
