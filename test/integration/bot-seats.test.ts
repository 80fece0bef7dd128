// Bots with names and a level per seat, on a real host: createTable and setBot with levels and a language,
// the names the host picks, the game record, and snapshots with and without per-seat levels.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BOT_NAMES } from '../../shared/bots/names';
import type { SeatInfo, TableInfo, TableOptions } from '../../shared/protocol';
import { rng } from '../helpers/random';
import { TestClient } from './helpers/client';
import { listHistory } from './helpers/history';
import { hostPool, testHost } from './helpers/host';
import { playRandomly, viewAt } from './helpers/play';

const pool = hostPool();
afterEach(pool.closeAll);

const FOUR: TableOptions = { players: 4, mode: 'basic', actionRule: false, botLevel: 'normal' };
const levels = (t: TableInfo) => t.seatList.map((s) => [s.botLevel, s.botThink]);
const botNames = (t: TableInfo) => t.seatList.filter((s) => s.bot).map((s) => s.name!);

/** The next `table` message whose seats pass `pred`. */
async function tableWhen(c: TestClient, pred: (seats: SeatInfo[]) => boolean): Promise<TableInfo> {
  for (;;) {
    const { table } = await c.next('table');
    if (pred(table.seatList)) return table;
  }
}

/** A stopped host's snapshot of the table, rewritten as a host from before per-seat levels wrote it. */
function dropSeatLevels(dataDir: string, tableId: string): void {
  const dir = join(dataDir, 'tables', tableId);
  const strip = (seats: Record<string, unknown>[]) =>
    seats.map(({ botLevel: _l, botThink: _t, ...older }) => older);
  const snap = JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8')) as {
    seats: Record<string, unknown>[];
  };
  writeFileSync(join(dir, 'snapshot.json'), JSON.stringify({ ...snap, seats: strip(snap.seats) }));
  const log = readFileSync(join(dir, 'moves.jsonl'), 'utf8').split('\n').filter(Boolean);
  const older = log.map((line) => {
    const l = JSON.parse(line) as Record<string, { seats: Record<string, unknown>[] }>;
    for (const key of ['created', 'seating']) if (l[key]) l[key] = { ...l[key], seats: strip(l[key].seats) };
    return JSON.stringify(l);
  });
  writeFileSync(join(dir, 'moves.jsonl'), older.join('\n') + '\n');
}

describe('bot seats with names and levels', () => {
  it('createTable gives each bot seat its own level and think time, named from the language asked for', async () => {
    const h = await pool.start();
    const a = await TestClient.greeted(h.port);
    a.send({
      type: 'createTable',
      name: 'Mixed',
      player: 'Ann',
      options: { ...FOUR, botThink: 'long' },
      bots: [1, { seat: 2, level: 'easy' }, { seat: 3, level: 'hard', think: 'quick' }],
      lang: 'it',
    });
    await a.next('joined');
    const t = (await a.next('table')).table;
    // Seat 1 has none of its own: the table's level; a hard seat shows its think time, others none.
    expect(levels(t)).toEqual([
      [null, null],
      ['normal', null],
      ['easy', null],
      ['hard', 'quick'],
    ]);
    const names = botNames(t);
    expect(new Set(names).size).toBe(3);
    for (const n of names) expect(BOT_NAMES.it).toContain(n);
    await a.close();
  });

  it('setBot fills a seat at a level, changes a bot seat’s level, and names every bot apart from the people', async () => {
    const h = await pool.start();
    const a = await TestClient.greeted(h.port);
    // The creator takes a name from the list, and so does the person who joins: no bot may take either.
    a.send({ type: 'createTable', name: 'Names', player: BOT_NAMES.en[0], options: FOUR, lang: 'en' });
    const { tableId } = await a.next('joined');
    await a.next('table');
    const b = await TestClient.greeted(h.port);
    b.send({ type: 'join', tableId, name: BOT_NAMES.en[1].toUpperCase() });
    await b.next('joined');
    a.send({ type: 'setBot', seat: 2, bot: true, level: 'hard', think: 'long', lang: 'en' });
    let t = await tableWhen(a, (s) => s[2].bot);
    expect(t.seatList[2]).toMatchObject({ bot: true, botLevel: 'hard', botThink: 'long' });
    a.send({ type: 'setBot', seat: 3, bot: true, lang: 'ko' });
    t = await tableWhen(a, (s) => s[3].bot);
    expect(t.seatList[3]).toMatchObject({ botLevel: 'normal', botThink: null });
    expect(BOT_NAMES.en).toContain(t.seatList[2].name);
    expect(BOT_NAMES.ko).toContain(t.seatList[3].name);
    const lower = t.seatList.map((s) => s.name!.toLowerCase());
    expect(new Set(lower).size).toBe(4);

    // bot: true on a bot seat changes its level only; its name stays.
    const name2 = t.seatList[2].name;
    a.send({ type: 'setBot', seat: 2, bot: true, level: 'easy' });
    t = await tableWhen(a, (s) => s[2].botLevel === 'easy');
    expect(t.seatList[2]).toMatchObject({ name: name2, bot: true, botThink: null });

    // A person's seat is not a bot's to change, nor a bot's level another person's to choose.
    a.send({ type: 'setBot', seat: 1, bot: true, level: 'hard' });
    expect(await a.next('error')).toMatchObject({ code: 'seatTaken', to: 'setBot' });
    b.send({ type: 'setBot', seat: 2, bot: true, level: 'hard' });
    expect(await b.next('error')).toMatchObject({ code: 'notCreator', to: 'setBot' });
    await a.close();
    await b.close();
  });

  it('gives a bot’s name up to a person who joins with it: the bot is named again, the person seated', async () => {
    const h = await pool.start();
    const a = await TestClient.greeted(h.port);
    a.send({ type: 'createTable', name: 'Take', player: 'Ann', options: FOUR, bots: [1, 3], lang: 'it' });
    const { tableId } = await a.next('joined');
    const before = (await a.next('table')).table;
    const taken = before.seatList[1].name!;
    const b = await TestClient.greeted(h.port);
    b.send({ type: 'join', tableId, name: taken.toLowerCase() });
    expect(await b.next('joined')).toMatchObject({ seat: 2 });
    const after = await tableWhen(a, (s) => s[2].name !== null);
    expect(after.seatList[2].name).toBe(taken.toLowerCase());
    expect(BOT_NAMES.it).toContain(after.seatList[1].name);
    expect(after.seatList[1].name!.toLowerCase()).not.toBe(taken.toLowerCase());
    expect(after.seatList[3].name).toBe(before.seatList[3].name);
    // A person's name still cannot be taken twice; nor a numbered bot's name give a duplicate.
    const c = await TestClient.greeted(h.port);
    c.send({ type: 'join', tableId, name: 'ANN' });
    expect(await c.next('error')).toMatchObject({ code: 'nameTaken' });
    await Promise.all([a, b, c].map((x) => x.close()));
  });

  it('names bots the same without a language as before names ("Bot 2")', async () => {
    const h = await pool.start();
    const a = await TestClient.greeted(h.port);
    a.send({ type: 'createTable', name: 'Old', player: 'Ann', options: FOUR, bots: [1, 3] });
    const { tableId } = await a.next('joined');
    expect(botNames((await a.next('table')).table)).toEqual(['Bot 2', 'Bot 4']);
    // A person may call themselves "Bot 2": the bot moves on to a number nobody holds.
    const b = await TestClient.greeted(h.port);
    b.send({ type: 'join', tableId, name: 'bot 2' });
    await b.next('joined');
    const t = await tableWhen(a, (s) => s[2].name !== null);
    expect(t.seatList.map((s) => s.name)).toEqual(['Ann', 'Bot 3', 'bot 2', 'Bot 4']);
    await Promise.all([a.close(), b.close()]);
  });

  it('records each bot seat’s own level in the game record', { timeout: 30_000 }, async () => {
    const h = await testHost({ bots: 'inline' });
    try {
      const a = await TestClient.greeted(h.port);
      a.send({
        type: 'createTable',
        name: 'Record',
        player: 'Ann',
        options: { players: 3, mode: 'basic', actionRule: false, botLevel: 'normal' },
        bots: [
          { seat: 1, level: 'easy' },
          { seat: 2, level: 'hard', think: 'quick' },
        ],
        lang: 'en',
      });
      await a.next('joined');
      const t = (await a.next('table')).table;
      a.send({ type: 'start' });
      await viewAt(a, 0);
      await playRandomly([a], rng(4));
      let games = (await listHistory(h.port)).games;
      for (let i = 0; games.length === 0 && i < 50; i++) {
        await new Promise((r) => setTimeout(r, 100));
        games = (await listHistory(h.port)).games;
      }
      expect(games[0].seats).toEqual([
        { name: 'Ann', bot: null },
        { name: t.seatList[1].name, bot: 'easy' },
        { name: t.seatList[2].name, bot: 'hard' },
      ]);
      await a.close();
    } finally {
      await h.stop();
    }
  });

  it('keeps levels and names across a restart, and reads a snapshot from before per-seat levels', async () => {
    const h1 = await pool.start();
    const a = await TestClient.greeted(h1.port);
    a.send({
      type: 'createTable',
      name: 'Restart',
      player: 'Ann',
      options: { ...FOUR, botLevel: 'easy' },
      bots: [{ seat: 1, level: 'hard', think: 'long' }],
      lang: 'ko',
    });
    const { tableId, token } = await a.next('joined');
    await a.next('table');
    // A seat change after the snapshot goes to the log: it must come back too.
    a.send({ type: 'setBot', seat: 2, bot: true, level: 'normal', lang: 'ko' });
    const before = await tableWhen(a, (s) => s[2].bot);
    await a.close();
    await h1.host.close();

    const resumed = async (port: number) => {
      const c = await TestClient.greeted(port);
      c.send({ type: 'resume', token });
      const t = (await c.next('table')).table;
      await c.close();
      return t;
    };
    const h2 = await pool.start(h1.dataDir);
    const again = await resumed(h2.port);
    expect(levels(again)).toEqual(levels(before));
    expect(botNames(again)).toEqual(botNames(before));
    await h2.host.close();

    // Older files have no level per seat: every bot plays at the table's level, names kept.
    dropSeatLevels(h1.dataDir, tableId);
    const h3 = await pool.start(h1.dataDir);
    expect(h3.problems).toEqual([]);
    const old = await resumed(h3.port);
    expect(levels(old)).toEqual([
      [null, null],
      ['easy', null],
      ['easy', null],
      [null, null],
    ]);
    expect(botNames(old)).toEqual(botNames(before));
  });

  it('refuses hostile levels, think times, languages and bot entries, changing nothing', async () => {
    const h = await pool.start();
    const a = await TestClient.greeted(h.port);
    const create = { type: 'createTable', name: 'T', player: 'Ann', options: FOUR };
    for (const bad of [
      { ...create, lang: 'de' },
      { ...create, lang: 7 },
      { ...create, bots: [{ seat: 1, level: 'expert' }] },
      { ...create, bots: [{ seat: 1, think: 'forever' }] },
      { ...create, bots: [{ seat: 0, level: 'easy' }] },
      { ...create, bots: [{ seat: 4 }] },
      { ...create, bots: [1, { seat: 1, level: 'hard' }] },
      { ...create, bots: [{ level: 'easy' }] },
      { ...create, bots: [null] },
    ]) {
      a.sendRaw(JSON.stringify(bad));
      expect(await a.next('error')).toMatchObject({ code: 'badMessage' });
    }
    a.send({ type: 'createTable', name: 'T', player: 'Ann', options: FOUR, lang: 'en' });
    await a.next('joined');
    await a.next('table');
    for (const bad of [
      { type: 'setBot', seat: 1, bot: true, level: 'HARD' },
      { type: 'setBot', seat: 1, bot: true, think: '' },
      { type: 'setBot', seat: 1, bot: true, lang: 'en-GB' },
      { type: 'setBot', seat: 1, bot: 'yes', level: 'easy' },
    ]) {
      a.sendRaw(JSON.stringify(bad));
      expect(await a.next('error')).toMatchObject({ code: 'badMessage' });
    }
    // Nothing changed: the seat is still free.
    a.send({ type: 'setBot', seat: 1, bot: false });
    expect(await a.next('error')).toMatchObject({ code: 'badSeat' });
    await a.close();
  });
});
