import { afterEach, describe, expect, it } from 'vitest';
import type { SeatView } from '../../shared/engine';
import type { BotPace, TableOptions } from '../../shared/protocol';
import { TestClient } from './helpers/client';
import { testHost, type TestHost } from './helpers/host';
import { moveMessage } from './helpers/play';

/*
 * The bots' pace is a table option the host applies: each bot step waits its pace, a round's first bot
 * move waits longer (the deal is shown first), and fast is fast. Timings are scaled down here; the
 * proportions are the real ones' (main/host/bot-pace.ts).
 */

const PACES = {
  relaxed: { step: 320, deal: 600 },
  normal: { step: 160, deal: 300 },
  fast: { step: 30, deal: 80 },
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

let h: TestHost | null = null;
afterEach(async () => {
  await h?.stop();
  h = null;
});

/** Every gap between a view and the next one that a bot's move brought, with whether it followed a deal. */
async function botGaps(
  pace: BotPace | undefined,
): Promise<{ pace: BotPace; gaps: { ms: number; afterDeal: boolean }[] }> {
  h = await testHost({ limits: { botDelayMs: null, botPaces: PACES } });
  const ann = await TestClient.greeted(h.port);
  const options: TableOptions = {
    players: 4,
    mode: 'basic',
    actionRule: true,
    botLevel: 'easy',
    ...(pace ? { botPace: pace } : {}),
  };
  ann.send({ type: 'createTable', name: 'Pace', player: 'Ann', options, bots: [1, 2, 3] });
  await ann.next('joined');
  const info = (await ann.next('table')).table;
  const seen: { at: number; view: SeatView }[] = [];
  ann.onMessage = (m) => {
    if ((m.type === 'view' || m.type === 'viewDelta') && ann.view)
      seen.push({ at: performance.now(), view: ann.view });
  };
  const gaps = () => {
    const out = [];
    for (let i = 1; i < seen.length; i++) {
      const before = seen[i - 1].view;
      if (before.phase !== 'turn' || before.current === 0 || before.current === null) continue;
      const last = before.log.at(-1);
      out.push({ ms: seen[i].at - seen[i - 1].at, afterDeal: last?.kind === 'turn' && last.turn === 1 });
    }
    return out;
  };
  const enough = () => {
    const g = gaps();
    return g.filter((x) => x.afterDeal).length >= 1 && g.filter((x) => !x.afterDeal).length >= 4;
  };
  ann.send({ type: 'start' });
  // Ann gives every round up at once and deals the next: the bots play the rest, chaining their steps,
  // until bots have made several steps and opened a round (who opens one depends on the deal, so an
  // unlucky run of deals on a loaded machine may take several games: the budget is generous).
  const until = performance.now() + 45_000;
  while (performance.now() < until && !enough()) {
    const v = seen.at(-1)?.view;
    const mine = v?.legalMoves.find((m) => m.type === 'pass' || m.type === 'nextRound');
    if (v && mine && !v.gameOver) ann.send(moveMessage(mine, v.moveCount));
    else if (v?.gameOver) ann.send({ type: 'rematch' });
    await new Promise((r) => setTimeout(r, 5));
  }
  await ann.close();
  return { pace: info.options.botPace, gaps: gaps() };
}

describe('bot pacing', () => {
  it(
    'is relaxed unless asked; each bot step stays on screen its pace, a fresh deal longer',
    { timeout: 60_000 },
    async () => {
      const { pace, gaps } = await botGaps(undefined);
      expect(pace).toBe('relaxed');
      const steps = gaps.filter((g) => !g.afterDeal);
      const deals = gaps.filter((g) => g.afterDeal);
      expect(steps.length).toBeGreaterThan(3);
      expect(deals.length).toBeGreaterThan(0);
      // The client measures between two arrivals, and the first may reach it late on a busy machine: each
      // gap may come out a little short, their median not.
      for (const g of steps) expect(g.ms).toBeGreaterThanOrEqual(PACES.relaxed.step * 0.75);
      for (const g of deals) expect(g.ms).toBeGreaterThanOrEqual(PACES.relaxed.deal * 0.75);
      expect(median(steps.map((g) => g.ms))).toBeGreaterThanOrEqual(PACES.relaxed.step - 10);
      expect(Math.max(...deals.map((g) => g.ms))).toBeGreaterThanOrEqual(PACES.relaxed.deal - 10);
    },
  );

  it('is fast when asked: no step waits anywhere near the relaxed pace', { timeout: 60_000 }, async () => {
    const { pace, gaps } = await botGaps('fast');
    expect(pace).toBe('fast');
    expect(gaps.length).toBeGreaterThan(3);
    for (const g of gaps) {
      expect(g.ms).toBeGreaterThanOrEqual((g.afterDeal ? PACES.fast.deal : PACES.fast.step) * 0.5);
      expect(g.ms).toBeLessThan(PACES.relaxed.step);
    }
  });
});

describe('new table fields on the wire', () => {
  it('refuses hostile values with a clear reason and changes nothing', async () => {
    h = await testHost();
    const c = await TestClient.greeted(h.port);
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ type: 'createTable', name: 'T', player: 'Ann', options: { players: 2, mode: 'basic', actionRule: false, botPace: 'ludicrous' } }, /botPace: must be "relaxed", "normal" or "fast"/],
      [{ type: 'createTable', name: 'T', player: 'Ann', options: { players: 2, mode: 'basic', actionRule: false, botPace: 0 } }, /botPace/],
      [{ type: 'rematch', ready: 'yes' }, /ready/],
      [{ type: 'spectate', tableId: 'abcdefgh', name: 'Eve\u202e' }, /name: must not contain control characters/],
      [{ type: 'spectate', tableId: 'abcdefgh', name: 'x'.repeat(200) }, /name: must be at most/],
      [{ type: 'spectate', tableId: 'abcdefgh', name: '' }, /name: must not be empty/],
    ]; // prettier-ignore
    for (const [msg, reason] of bad) {
      c.send(msg);
      const e = await c.next('error');
      expect(e.code).toBe('badMessage');
      expect(e.reason).toMatch(reason);
    }
    expect(h.host.tables()).toEqual([]);
    await c.close();
  });

  it('names the people watching, once each, to the players', async () => {
    h = await testHost();
    const ann = await TestClient.greeted(h.port);
    const options: TableOptions = { players: 2, mode: 'basic', actionRule: false };
    ann.send({ type: 'createTable', name: 'W', player: 'Ann', options, bots: [1] });
    const { tableId } = await ann.next('joined');
    const carol = await TestClient.greeted(h.port);
    carol.send({ type: 'spectate', tableId, name: 'Carol' });
    const anon = await TestClient.greeted(h.port);
    anon.send({ type: 'spectate', tableId });
    const t = await ann.next((m) => m.type === 'table' && m.table.spectators === 2);
    expect(t.type === 'table' && t.table.watching).toEqual(['Carol']);
    await carol.close();
    const after = await ann.next((m) => m.type === 'table' && m.table.spectators === 1);
    expect(after.type === 'table' && after.table.watching).toEqual([]);
    await Promise.all([ann, anon].map((c) => c.close()));
  });
});
