import type { Move } from '../../../shared/engine';
import type { TableOptions } from '../../../shared/protocol';
import { TestClient } from './client';
import { pick } from '../../helpers/random';

/** Resolves once the client holds a view at or past move `n`. */
export async function viewAt(c: TestClient, n: number, timeoutMs = 10_000): Promise<void> {
  if (c.view && c.view.moveCount >= n) return;
  await c.nextView((v) => v.moveCount >= n, timeoutMs);
}

/** An open two-seat Basic table made by one greeted client, which is returned once seated. */
export async function openTable(port: number, name: string, player = 'Ann'): Promise<TestClient> {
  const c = await TestClient.greeted(port);
  c.send({ type: 'createTable', name, player, options: { players: 2, mode: 'basic', actionRule: false } });
  await c.next('joined');
  return c;
}

/** A table with every seat taken by a connected test client (bots where listed), not yet started. */
export async function seatTable(
  port: number,
  options: TableOptions,
  opts: { bots?: number[]; name?: string } = {},
): Promise<{ tableId: string; clients: TestClient[] }> {
  const creator = await TestClient.greeted(port);
  creator.send({
    type: 'createTable',
    name: opts.name ?? 'Test table',
    player: 'Player 1',
    options,
    bots: opts.bots ?? [],
  });
  const joined = await creator.next('joined');
  const clients = [creator];
  for (let seat = 1; seat < options.players; seat++) {
    if (opts.bots?.includes(seat)) continue;
    const c = await TestClient.greeted(port);
    c.send({ type: 'join', tableId: joined.tableId, name: `Player ${seat + 1}`, seat });
    await c.next('joined');
    clients.push(c);
  }
  return { tableId: joined.tableId, clients };
}

/** Seats and starts a table; resolves when every client has the first view. */
export async function startedTable(port: number, options: TableOptions, opts: { bots?: number[] } = {}) {
  const t = await seatTable(port, options, opts);
  t.clients[0].send({ type: 'start' });
  await Promise.all(t.clients.map((c) => viewAt(c, 0)));
  return t;
}

/** One move as the client sends it: a turn of one step. */
export const moveMessage = (move: Move, moveCount: number) => turnMessage([move], moveCount);

/** A turn's steps in one message, as a confirmed turn goes to the host. */
export const turnMessage = (steps: Move[], moveCount: number) => ({
  type: 'turn' as const,
  steps,
  moveCount,
});

/**
 * Plays random legal moves from each client's own `legalMoves` until the game ends (or `until` says stop),
 * waiting after each move until every client has seen it. Between rounds every seated client says it is
 * ready (the last yes deals the next round).
 * Returns the number of moves the clients made.
 */
export async function playRandomly(
  clients: TestClient[],
  random: () => number,
  until: (moveCount: number) => boolean = () => false,
  /** Minimum time between two moves of one client (a host with its default rate limit needs this). */
  paceMs = 0,
): Promise<number> {
  let made = 0;
  const lastSent = new Map<TestClient, number>();
  for (;;) {
    const m = Math.max(...clients.map((c) => c.view!.moveCount));
    await Promise.all(clients.map((c) => viewAt(c, m)));
    const any = clients[0].view!;
    if (any.gameOver || until(m)) return made;
    const actor = clients.find((c) => c.view!.moveCount === m && c.view!.legalMoves.length > 0);
    if (any.phase === 'roundOver') {
      for (const c of clients) if (c.view!.seat !== null) c.send({ type: 'ready' });
      made += 1;
    } else if (actor) {
      const wait = (lastSent.get(actor) ?? -Infinity) + paceMs - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      lastSent.set(actor, performance.now());
      actor.send(moveMessage(pick(random, actor.view!.legalMoves), m));
      made += 1;
    }
    // Without an actor a bot (or the host, for a voted-out seat) is to move.
    await Promise.all(clients.map((c) => viewAt(c, m + 1)));
  }
}
