// @vitest-environment happy-dom
import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseBotMove } from '../../shared/bots';
import type { HindsightTurn, RoundHindsight } from '../../shared/bots/hindsight';
import { applyMove, newGame, viewFor } from '../../shared/engine';
import type { GameState, SeatView } from '../../shared/engine/types';
import { recordFromGame, type RecordFacts } from '../../shared/record';
import RoundSummary from '../../renderer/src/components/round/RoundSummary.vue';
import { setCoachWorker } from '../../renderer/src/coach/client';
import { handleCoachMessage } from '../../renderer/src/coach/handler';
import { useConnectionStore } from '../../renderer/src/stores/connection';
import { useTableStore } from '../../renderer/src/stores/table';
import type { Locale } from '../../renderer/src/i18n/locales';
import { mountApp, seatInfo, tableInfo, useTestServices } from './mount';
import { eventually } from './wait';

/*
 * The round review at the game's end, in hindsight: the page fetches the finished game's record (once the
 * host lists it), asks the solver's worker about the last round, and says where the player had a forced win
 * or where the round was lost; where the solver proved nothing, that the estimate below is all there is.
 * Before the game's end nothing is fetched and nothing shown. The host and the worker are stood in for.
 */

const names = ['Ada', 'Bot 2'];
const TABLE = 'tbl12345';

/** A 2-player game played to its end by easy bots (Basic unless told): its last state. */
function finished(seed: number, mode: 'basic' | 'advanced' = 'basic'): GameState {
  let s = newGame({ players: 2, mode, actionRule: false, targetScore: 12 }, seed);
  while (s.phase !== 'gameOver')
    s = applyMove(
      s,
      s.phase === 'roundOver'
        ? { type: 'nextRound' }
        : chooseBotMove(viewFor(s, s.current!), s.moveCount, 'easy'),
    );
  return s;
}

const end = finished(8);
const FACTS: Omit<RecordFacts, 'id'> = {
  app: { name: 'Red7 LAN', version: '1.0.0' },
  tableName: 'Kitchen table',
  seats: [
    { name: 'Ada', bot: null },
    { name: 'Bot 2', bot: 'easy' },
  ],
  startedAt: null,
  finishedAt: Date.now(),
};
const record = recordFromGame(end, { ...FACTS, id: `${TABLE}-1` });
/** An Advanced game of several rounds, at a table of its own. */
const LONG = 'tblLong1';
const longEnd = finished(2, 'advanced'); // three rounds
const longRecord = recordFromGame(longEnd, { ...FACTS, id: `${LONG}-1` });

/** The host: lists the game and serves its record; every address asked is kept. */
const asked: string[] = [];
function standInHost(): void {
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    if (url.includes('api/history?'))
      return new Response(JSON.stringify({ games: [{ id: record.id }, { id: longRecord.id }] }));
    if (url.endsWith(`api/history/${record.id}`)) return new Response(JSON.stringify(record));
    if (url.endsWith(`api/history/${longRecord.id}`)) return new Response(JSON.stringify(longRecord));
    return new Response('{}', { status: 404 });
  });
}

/** A worker that runs the real handler, or answers every question with `canned`. */
class StandIn {
  static questions: { kind: string }[] = [];
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  constructor(private readonly canned: RoundHindsight | null) {}
  postMessage(data: { id: number; kind: string }): void {
    StandIn.questions.push(data);
    setTimeout(() => {
      if (this.canned) this.onmessage?.({ data: { id: data.id, kind: 'hindsight', hindsight: this.canned } });
      else handleCoachMessage(data, (m) => this.onmessage?.({ data: m }));
    });
  }
  terminate(): void {}
}

function summary(view: SeatView, locale: Locale = 'en', id = TABLE) {
  const pinia = createPinia();
  setActivePinia(pinia);
  const info = tableInfo([seatInfo(0, 'Ada'), seatInfo(1, 'Bot 2', { bot: true, person: false })]);
  useTableStore().table = { ...info, id, game: 1, options: { ...info.options, hints: true } };
  useConnectionStore().url = 'ws://127.0.0.1:47470/ws';
  return mountApp(RoundSummary, { props: { view, names } } as never, pinia, locale);
}

const turn = (own: number, extra: Partial<HindsightTurn> = {}): HindsightTurn => ({
  turnNumber: own * 2 - 1,
  ownNumber: own,
  verdict: 'win',
  win: [
    { type: 'play', card: 'B5' },
    { type: 'discard', card: 'R3' },
  ],
  played: [{ type: 'pass' }],
  ...extra,
});
const canned = (finding: RoundHindsight['finding'], won = false): RoundHindsight => ({
  seat: 0,
  turns: [],
  won,
  finding,
  ms: 12,
});

beforeEach(() => {
  asked.length = 0;
  StandIn.questions = [];
  useTestServices();
  standInHost();
});
enableAutoUnmount(afterEach);
afterEach(() => {
  setCoachWorker();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** The hindsight sentence once it is worked out. */
async function sentence(w: ReturnType<typeof summary>): Promise<string> {
  const verdict = () => w.get('[data-testid="hindsight-verdict"]');
  await vi.waitFor(() => expect(verdict().attributes('data-state')).toMatch(/done|failed/), {
    timeout: 10_000,
  });
  return verdict().text();
}

describe('the round review at the game end, in hindsight', () => {
  it('fetches the record once the host lists the game, asks the solver about the last round, and says what it found', async () => {
    setCoachWorker(() => new StandIn(null) as unknown as Worker);
    const view = viewFor(end, 0);
    const w = summary(view);
    const line = w.get('[data-testid="hindsight"]');
    expect(line.get('h3').text()).toBe('With every hand known');
    expect(w.get('[data-testid="hindsight-verdict"]').attributes('aria-live')).toBe('polite');
    expect(w.get('[data-testid="hindsight-verdict"]').attributes('data-state')).toMatch(/loading|working/);
    const text = await sentence(w);
    expect(w.get('[data-testid="hindsight-verdict"]').attributes('data-state')).toBe('done');
    expect(text).toMatch(
      /^(From your turn \d+ you had a forced win: .+\.|The round was lost at your turn \d+, where .+ would have won\.|No line won from your (first turn|turn \d+): .+|You won, though .+|Too many cards .+ estimate\.)$/,
    );
    const question = StandIn.questions.find((q) => q.kind === 'hindsight') as unknown as {
      seat: number;
      moves: unknown[];
    };
    expect(question.seat).toBe(0);
    expect(question.moves).toEqual(record.rounds[0].moves);
    // The record was asked for once (the "Save game" button shares it), after the list said it is kept.
    const recordAsks = asked.filter((u) => u.endsWith(`api/history/${record.id}`));
    expect(recordAsks).toHaveLength(1);
    expect(asked.findIndex((u) => u.includes('api/history?'))).toBeLessThan(asked.indexOf(recordAsks[0]));
  });

  it.each([
    [
      canned({ kind: 'won', from: turn(3) }, true),
      'From your turn 3 you had a forced win: playing Blue 5, then discarding Red 3.',
    ],
    [
      canned({ kind: 'lostAt', at: turn(4, { win: [{ type: 'play', card: 'G6' }] }) }),
      'The round was lost at your turn 4, where playing Green 6 would have won.',
    ],
    [
      canned({ kind: 'noWin', from: turn(1, { verdict: 'loss', win: null }) }),
      'No line won from your first turn: whatever you played, the others could stop you.',
    ],
    [
      canned({ kind: 'noWin', from: turn(2, { verdict: 'loss', win: null }) }),
      'No line won from your turn 2: whatever you played, the others could stop you.',
    ],
    [
      canned({ kind: 'unknown' }),
      "Too many cards were left to work the round out exactly within a second: below is only the hard bot's estimate.",
    ],
  ])('says each finding in words: %#', async (hindsight, words) => {
    setCoachWorker(() => new StandIn(hindsight) as unknown as Worker);
    const view = { ...viewFor(end, 0), moveCount: end.moveCount + 100 + StandIn.questions.length };
    const w = summary(view);
    expect(await sentence(w)).toBe(words);
    const estimate = w.find('[data-testid="hindsight-verdict"] .estimate').exists();
    expect(estimate).toBe(hindsight.finding.kind === 'unknown');
  });

  it("lists the game's other rounds in hindsight after the last one, each asked in turn", async () => {
    expect(longRecord.rounds.length).toBeGreaterThan(2);
    const lost = canned({ kind: 'lostAt', at: turn(2, { win: [{ type: 'play', card: 'G6' }] }) });
    setCoachWorker(() => new StandIn(lost) as unknown as Worker);
    const w = summary(viewFor(longEnd, 0), 'en', LONG);
    expect(await sentence(w)).toBe(
      'The round was lost at your turn 2, where playing Green 6 would have won.',
    );
    const rounds = longRecord.rounds.length;
    await eventually(() => expect(w.findAll('[data-testid="hindsight-rounds"] li')).toHaveLength(rounds - 1));
    expect(w.findAll('[data-testid="hindsight-rounds"] li').map((li) => li.text())[0]).toBe(
      'Round 1: The round was lost at your turn 2, where playing Green 6 would have won.',
    );
    // The last round first, then the others in order.
    const moves = StandIn.questions
      .filter((q) => q.kind === 'hindsight')
      .map((q) => (q as unknown as { moves: unknown }).moves);
    expect(moves).toEqual([
      longRecord.rounds[rounds - 1].moves,
      ...longRecord.rounds.slice(0, -1).map((r) => r.moves),
    ]);
  });

  it('speaks Italian and Korean', async () => {
    const lost = canned({ kind: 'lostAt', at: turn(4, { win: [{ type: 'play', card: 'G6' }] }) });
    setCoachWorker(() => new StandIn(lost) as unknown as Worker);
    expect(await sentence(summary(viewFor(end, 0), 'it'))).toBe(
      'Il round si è perso al tuo turno 4, dove avrebbe vinto giocare Verde 6.',
    );
    expect(await sentence(summary(viewFor(end, 0), 'ko'))).toMatch(
      /^내 4번째 차례에서 라운드를 놓쳤습니다\. 이기는 수: /,
    );
  });

  it('asks for no record and shows nothing in hindsight while the game is on', async () => {
    setCoachWorker(() => new StandIn(null) as unknown as Worker);
    // The round is over but the game is not (an Advanced game's round; here the same view, not over).
    const view: SeatView = { ...viewFor(end, 0), phase: 'roundOver', gameOver: false };
    const w = summary(view);
    await flushPromises();
    await new Promise((r) => setTimeout(r, 50));
    expect(w.find('[data-testid="round-review"]').exists()).toBe(true);
    expect(w.find('[data-testid="hindsight"]').exists()).toBe(false);
    expect(asked.filter((u) => u.includes('api/history'))).toEqual([]);
    expect(StandIn.questions.map((q) => q.kind)).not.toContain('hindsight');
  });

  it('says so when the host cannot give the record', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ games: [] })));
    setCoachWorker(() => new StandIn(null) as unknown as Worker);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      // Another game than the others' (whose record is kept for the page once fetched).
      const w = summary({ ...viewFor(end, 0), moveCount: end.moveCount + 999 }, 'en', 'tblGone1');
      await vi.runAllTimersAsync();
      expect(w.get('[data-testid="hindsight-verdict"]').attributes('data-state')).toBe('failed');
      expect(w.get('[data-testid="hindsight-verdict"]').text()).toMatch(
        /^Could not look back with every hand known: /,
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
