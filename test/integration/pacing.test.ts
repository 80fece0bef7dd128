import { afterEach, describe, expect, it } from 'vitest';
import type { SeatView } from '../../shared/engine';
import type { BotPace, TableOptions } from '../../shared/protocol';
import { TestClient } from './helpers/client';
import { testHost, type TestHost } from './helpers/host';
import { ManualClock } from './helpers/manual-clock';
import { moveMessage, viewAt } from './helpers/play';

/*
 * The bots' pace is a table option the host applies: each bot step waits its pace, a round's first bot
 * move waits longer (the deal is shown first), and fast is fast. The host's clock is moved by hand here, so
 * each wait is checked to the millisecond whatever the machine's load: nothing a moment before, the move at
 * its time. Timings are scaled down; the proportions are the real ones' (main/host/bot-pace.ts).
 */

const PACES = {
  relaxed: { step: 320, deal: 600 },
  normal: { step: 160, deal: 300 },
  fast: { step: 30, deal: 80 },
};

let h: TestHost | null = null;
afterEach(async () => {
  await h?.stop();
  h = null;
});

const realSleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The view opened a round's first turn (the deal is on screen): the bot's wait is the deal's. */
const justDealt = (v: SeatView): boolean => {
  const last = v.log.at(-1);
  return last?.kind === 'turn' && last.turn === 1;
};

/**
 * Plays bots' steps with the clock in hand: Ann (seat 0) gives each round up and deals the next; at each bot
 * step the clock moves to a millisecond before the pace allows it (no move may come), then to the pace (the
 * move comes). Returns each step's pace and whether it followed a deal.
 */
async function botSteps(
  pace: BotPace | undefined,
): Promise<{ pace: BotPace; steps: { waited: number; afterDeal: boolean }[] }> {
  const clock = new ManualClock();
  // Inline bots decide within a turn of the event loop, before the view reaches Ann: the wait is on the clock by then.
  h = await testHost({ clock, bots: 'inline', limits: { botDelayMs: null, botPaces: PACES } });
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
  const paceMs = PACES[info.options.botPace];
  let arrivals = 0;
  ann.onMessage = (m) => {
    if (m.type === 'view' || m.type === 'viewDelta') arrivals++;
  };
  ann.send({ type: 'start' });
  await viewAt(ann, 0);
  const steps: { waited: number; afterDeal: boolean }[] = [];
  const enough = () => steps.some((x) => x.afterDeal) && steps.filter((x) => !x.afterDeal).length >= 4;
  // Who opens a round depends on the deal, so several rounds (or games) may pass before a bot opens one.
  for (let i = 0; i < 400 && !enough(); i++) {
    const v = ann.view!;
    const before = arrivals;
    const mine = v.legalMoves.find((m) => m.type === 'pass');
    if (v.gameOver) ann.send({ type: 'rematch' });
    else if (v.phase === 'roundOver') ann.send({ type: 'ready' });
    else if (mine) ann.send(moveMessage(mine, v.moveCount));
    else if (v.phase === 'turn' && v.current !== 0) {
      const afterDeal = justDealt(v);
      const waited = afterDeal ? paceMs.deal : paceMs.step;
      clock.advance(waited - 1);
      await realSleep(40);
      expect(arrivals, `a bot moved before its pace (${waited} ms${afterDeal ? ', after a deal' : ''})`).toBe(
        before,
      );
      clock.advance(1);
      steps.push({ waited, afterDeal });
    } else throw new Error(`nothing to do at move ${v.moveCount}`);
    const until = Date.now() + 10_000;
    while (arrivals === before && Date.now() < until) await realSleep(2);
    expect(arrivals, 'the table moved on').toBeGreaterThan(before);
    await realSleep(0);
  }
  await ann.close();
  return { pace: info.options.botPace, steps };
}

describe('bot pacing', () => {
  it('is relaxed unless asked; each bot step stays on screen its pace, a fresh deal longer', async () => {
    const { pace, steps } = await botSteps(undefined);
    expect(pace).toBe('relaxed');
    expect(steps.filter((g) => !g.afterDeal).length).toBeGreaterThanOrEqual(4);
    expect(steps.some((g) => g.afterDeal)).toBe(true);
  });

  // At the relaxed pace these moves would not come: botSteps waits for each at the fast pace's time.
  it('is fast when asked: each step comes at the fast pace, a fresh deal at its own', async () => {
    const { pace, steps } = await botSteps('fast');
    expect(pace).toBe('fast');
    expect(steps.filter((g) => !g.afterDeal).length).toBeGreaterThanOrEqual(4);
    expect(steps.some((g) => g.afterDeal)).toBe(true);
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
