// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import type { GameRecord, PlayerStats } from '../../shared/record';
import EveningChart from '../../renderer/src/components/history/EveningChart.vue';
import OpenSavedGame from '../../renderer/src/components/history/OpenSavedGame.vue';
import StatsPanel from '../../renderer/src/components/history/StatsPanel.vue';
import {
  RECORD_FILE_MAX_BYTES,
  openRecordFile,
  problemReport,
  recordFileName,
} from '../../renderer/src/history/record-file';
import {
  EVENING_FILE_MAX_BYTES,
  eveningFile,
  eveningFileName,
} from '../../renderer/src/history/evening-file';
import { gameFacts, playerStats } from '../../shared/record';
import { randomRecord } from '../unit/record/games';
import { mountApp } from './mount';

const { record } = randomRecord({ players: 3, mode: 'advanced', actionRule: true, targetScore: 15 }, 7);
const file = (data: unknown) => new Blob([typeof data === 'string' ? data : JSON.stringify(data)]);

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('opening a saved game file', () => {
  it('opens a record the host wrote, every state replayed; a problem report opens as its game', async () => {
    const r = await openRecordFile(file(record));
    expect(r.ok && 'record' in r && r.record).toEqual(record);
    expect(r.ok && 'steps' in r && r.steps.length).toBe(
      1 + record.rounds.reduce((n, x) => n + x.moves.length, 0) + record.rounds.length - 1,
    );
    const report = problemReport(
      record,
      { name: 'Red7 LAN', version: '1', platform: 'web', versions: {} },
      'UA',
      new Date(0),
    );
    const again = await openRecordFile(file(report));
    expect(again.ok && 'record' in again && again.record).toEqual(record);
  });

  it('refuses a file too big, not JSON, malformed or impossible, each with its reason', async () => {
    // Past what even an evening's file may be, it is not read at all.
    const big = await openRecordFile({
      size: EVENING_FILE_MAX_BYTES + 1,
      text: () => Promise.reject(new Error('read')),
    });
    expect(big).toEqual({
      ok: false,
      why: 'tooBig',
      reason: `${EVENING_FILE_MAX_BYTES + 1} bytes, more than 1048576`,
    });
    // A game's file past a game's size, read and found to be no evening's.
    const padded = JSON.stringify(record) + ' '.repeat(RECORD_FILE_MAX_BYTES);
    expect(await openRecordFile(file(padded))).toEqual({
      ok: false,
      why: 'tooBig',
      reason: `${new Blob([padded]).size} bytes, more than 1048576`,
    });
    const notJson = await openRecordFile(file('{"format": "red7-lan/game-record",'));
    expect(notJson.ok === false && notJson.why).toBe('notJson');
    expect(await openRecordFile(file({ ...record, version: 2 }))).toEqual({
      ok: false,
      why: 'refused',
      reason: 'version: is not 1 (the version this app reads)',
    });
    // A move out of turn: the schema passes it, the engine does not.
    const moves = record.rounds[0].moves;
    const wrongSeat = structuredClone(record) as GameRecord;
    wrongSeat.rounds[0].moves[0] = { ...moves[0], seat: (moves[0].seat + 1) % 3 };
    const r = await openRecordFile(file(wrongSeat));
    expect(r.ok === false && r.why).toBe('refused');
    expect(r.ok === false && r.reason).toMatch(/^rounds\.0\.moves\.0 \(seat \d .*\): it was seat \d's turn$/);
    expect((await openRecordFile(file(null))).ok).toBe(false);
  });

  it("opens an evening's file as its games, each replayed; refuses one with a game that is not the evening's or not sound", async () => {
    const tagged = (r: GameRecord, table: string): GameRecord => ({
      ...r,
      evening: { name: 'Friday night', heat: 1, table },
    });
    const other = randomRecord({ players: 3, mode: 'basic', actionRule: false }, 8).record;
    const saved = eveningFile('Friday night', [tagged(record, 'A'), tagged(other, 'B')], new Date(0));
    const r = await openRecordFile(file(saved));
    expect(r.ok && 'evening' in r && r.evening.name).toBe('Friday night');
    expect(r.ok && 'evening' in r && r.evening.games.map((g) => g.record.evening?.table)).toEqual(['A', 'B']);
    expect(r.ok && 'evening' in r && r.evening.games[0].steps.length).toBeGreaterThan(1);

    const stranger = eveningFile('Friday night', [tagged(record, 'A'), other], new Date(0));
    expect(await openRecordFile(file(stranger))).toEqual({
      ok: false,
      why: 'refused',
      reason: 'game 2: not a game of Friday night',
    });
    const broken = structuredClone(saved);
    broken.games[0].rounds[0].moves[0].seat = (broken.games[0].rounds[0].moves[0].seat + 1) % 3;
    const refused = await openRecordFile(file(broken));
    expect(refused.ok === false && refused.reason).toMatch(/^game 1: rounds\.0\.moves\.0 /);
    expect(await openRecordFile(file({ ...saved, games: [] }))).toMatchObject({ ok: false, why: 'refused' });
    expect(eveningFileName('Friday night: Ann & Bo', new Date('2026-12-05T21:00:00Z'))).toBe(
      'red7-evening-2026-12-05-Friday-night-Ann-Bo.json',
    );
  });

  it('names the file by when the game ended and its id', () => {
    expect(recordFileName({ id: 'AbC-2', finishedAt: '2026-12-01T20:24:41.007Z' })).toBe(
      'red7-game-2026-12-01-2024-AbC-2.json',
    );
    expect(recordFileName({ id: 'x-1', finishedAt: '2026-12-01T20:24:41.007Z' }, 'problem')).toMatch(
      /^red7-problem-/,
    );
  });

  it('the picker says why a file is refused and opens nothing; a good file opens', async () => {
    const w = mountApp(OpenSavedGame);
    const input = w.find('input[type=file]');
    const choose = async (blob: Blob) => {
      Object.defineProperty(input.element, 'files', { value: [blob], configurable: true });
      await input.trigger('change');
      await flushPromises();
    };
    await choose(file({ ...record, seats: record.seats.slice(1) }));
    expect(w.emitted('open')).toBeUndefined();
    // A person reads what the file is; the checker's words wait, folded, for whoever wants them.
    expect(w.find('[data-testid=open-error] p').text()).toBe(
      'This Red7 LAN game file cannot be replayed: it is damaged, or it was changed by hand.',
    );
    expect(w.find('[data-testid=open-error] details').attributes('open')).toBeUndefined();
    expect(w.find('[data-testid=open-error-detail]').text()).toBe(
      'seats: their number differs from options.players',
    );
    await choose(file('# not a game at all'));
    expect(w.find('[data-testid=open-error] p').text()).toBe('This is not a Red7 LAN game file.');
    await choose(file({ name: 'a shopping list' }));
    expect(w.find('[data-testid=open-error] p').text()).toBe('This is not a Red7 LAN game file.');
    expect(w.find('[data-testid=open-error-detail]').text()).toMatch(/^not a game record/);
    await choose(file(record));
    expect(w.emitted('open')![0][0]).toEqual(record);
    expect(w.find('[data-testid=open-error]').exists()).toBe(false);
  });
});

describe('StatsPanel', () => {
  it("shows the host's stats per player, tonight's by default, and sorts by a column", async () => {
    const other = randomRecord({ players: 3, mode: 'advanced', actionRule: true, targetScore: 15 }, 8).record;
    const answer = {
      games: 2,
      players: playerStats([
        gameFacts(record)!,
        gameFacts({ ...other, id: 'b-1', seats: [{ name: 'Zed', bot: null }, ...other.seats.slice(1)] })!,
      ]),
    };
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify(answer));
    });
    const w = mountApp(StatsPanel, { props: { base: 'http://h:1/', now: () => 1_000_000_000_000 } });
    await flushPromises();
    expect(asked).toEqual([`http://h:1/api/history/stats?since=${1_000_000_000_000 - 12 * 3600 * 1000}`]);
    const names = () => w.findAll('tbody th').map((c) => c.text());
    // 지민 sat in both games, Ann and Zed in one each: most games first, then by name.
    expect(names()).toEqual(['지민', 'Ann', 'Zed']);
    const ann = answer.players.find((p) => p.name === 'Ann')!;
    const cells = w
      .find('tbody tr[data-player=Ann]')
      .findAll('td')
      .map((c) => c.text());
    expect(cells.slice(0, 2)).toEqual([String(ann.games), String(ann.won)]);
    await w.find('[data-testid=sort-player]').trigger('click');
    expect(names()).toEqual(['Ann', 'Zed', '지민']);
    expect(w.find('th[aria-sort]').attributes('aria-sort')).toBe('ascending');
    expect(w.find('[data-testid=chart-text]').text()).toContain(`Ann: ${ann.won} of ${ann.games} won`);
    await w.find('[data-testid=stats-period]').setValue('all');
    await flushPromises();
    expect(asked[1]).toBe('http://h:1/api/history/stats');
  });

  it('says that bots are left out, names every rule tied for favourite, and draws equal evenings apart', async () => {
    const [ann] = playerStats([gameFacts(record)!]);
    const twin = (name: string, rulesWon: PlayerStats['rulesWon']): PlayerStats => ({
      ...ann,
      name,
      rulesWon,
    });
    const answer = { games: 1, players: [twin('Ann', { B: 2, V: 2, R: 1 }), twin('Bea', { G: 3 })] };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(answer)));
    const w = mountApp(StatsPanel, { props: { base: 'http://h:1/', now: () => 1_000_000_000_000 } });
    await flushPromises();
    expect(w.get('[data-testid=stats-bots-apart]').text()).toBe(
      'Bots are not listed: they are counted as opponents, by level, in each player’s head to head.',
    );
    const rule = (name: string) => w.get(`tbody tr[data-player=${name}] td[data-col=rule]`).text();
    expect(rule('Ann')).toBe('Blue, Violet (tied)');
    expect(rule('Bea')).toBe('Green');
    // Ann and Bea had the very same evening: two lines, neither under the other.
    const lines = w.findAll('[data-testid=evening-chart] polyline').map((l) => l.attributes('points'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).not.toBe(lines[1]);
  });

  it('names each line in the margin, clear of the lines: a player who joined later is not labelled across the others', () => {
    const [ann] = playerStats([gameFacts(record)!]);
    const evening = (name: string, games: number): PlayerStats => ({
      ...ann,
      name,
      games,
      won: 0,
      wonOverTime: Array.from({ length: games }, (_, i) => ({ at: '', games: i + 1, won: 0 })),
    });
    // Newbie played 2 games, Friend joined for the second: both never won, their lines level.
    const w = mountApp(EveningChart, { props: { players: [evening('Newbie', 2), evening('Friend', 1)] } });
    const xs = (points: string) => points.split(' ').map((p) => Number(p.split(',')[0]));
    const rightmost = Math.max(...w.findAll('polyline').flatMap((l) => xs(l.attributes('points')!)));
    const labels = w
      .findAll('text.name')
      .map((t) => ({ x: Number(t.attributes('x')), y: Number(t.attributes('y')) }));
    expect(labels).toHaveLength(2);
    for (const l of labels) expect(l.x).toBeGreaterThan(rightmost + 3);
    expect(Math.abs(labels[0].y - labels[1].y)).toBeGreaterThanOrEqual(12);
  });
});
