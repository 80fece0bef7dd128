import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { seatResults } from '../../shared/evening/duplicate';
import { eveningStandings, type Evening } from '../../shared/evening/evening';
import { tableSizes } from '../../shared/evening/seating';
import type { ClientMessage, EveningInfo } from '../../shared/protocol';
import { replayRecord, type GameRecord } from '../../shared/record';
import { TestClient } from './helpers/client';
import {
  comeBack,
  dealtDuplicate,
  eveningRecords,
  eveningWhere,
  lastEvening,
  person,
  playTables,
  takeSeats,
  type Person,
} from './helpers/evening';
import { spawnHost, type ChildHost } from './helpers/child-host';
import { get, historyHas, listHistory } from './helpers/history';
import { testHost, type TestHost } from './helpers/host';
import { rng } from '../helpers/random';

/** The killed host runs as a child with its default rate limit (20 messages/s per connection). */
const PACE_MS = 60;

const FRIDAY = {
  name: 'Friday night',
  game: { mode: 'basic' as const, actionRule: false },
  prefer: 3 as const,
  heats: 3,
};

let hosts: TestHost[] = [];
const start = async (dataDir?: string) => {
  const h = await testHost(dataDir ? { dataDir } : {});
  hosts.push(h);
  return h;
};
afterEach(async () => {
  for (const h of hosts.reverse()) await h.stop().catch(() => {});
  hosts = [];
});

const eveningFile = (h: TestHost) => readFileSync(join(h.dataDir, 'evening.json'), 'utf8');

/** The evening as the pure functions see it, from its public state. */
const pureOf = (e: EveningInfo): Evening => ({ settings: e.settings, people: e.people, heats: e.heats });

let pings = 0;
/** Everything the host sent this client before now has arrived (the host answers in order). */
async function settled(c: TestClient): Promise<void> {
  const id = ++pings;
  c.send({ type: 'ping', id });
  await c.next((m) => m.type === 'pong' && m.id === id);
}

/** Sends a hostile message: refused with `code`, and nothing of the evening changed (kept or told). */
async function refused(
  h: TestHost,
  c: TestClient,
  msg: ClientMessage | Record<string, unknown>,
  code: string,
) {
  await settled(c);
  const kept = eveningFile(h);
  const told = c.inbox.filter((m) => m.type === 'evening').length;
  c.send(msg);
  const error = await c.next((m) => m.type === 'error' && m.to === msg.type);
  expect(error).toMatchObject({ code });
  await settled(c);
  expect(eveningFile(h)).toBe(kept);
  expect(c.inbox.filter((m) => m.type === 'evening').length).toBe(told);
}

/** Each table's seats (seat 1 first) by person id, for heat `heat`. */
const seatingOf = (e: EveningInfo, heat: number) => e.heats[heat - 1].tables.map((t) => t.people);

/** Every game record of the evening, once each table of `heats` heats has one (written off the event loop). */
async function recordsOf(h: TestHost, tables: number): Promise<GameRecord[]> {
  for (let i = 0; i < 100; i++) {
    const records = eveningRecords(h.dataDir);
    if (records.length >= tables) return records;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`fewer than ${tables} evening records were written`);
}

describe('an evening of several tables, on a real host', () => {
  it('nine people at tables of three for three heats: duplicate deals, standings, a restart, a leaver', async () => {
    const random = rng(9);
    let h = await start();
    const opener = await person(h.port, 'Ann', FRIDAY);
    const names = ['Ben', 'Cat', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal', 'Ida'];
    let people: Person[] = [opener];
    for (const name of names) people.push(await person(h.port, name));
    const ben = people[1];

    // Hostile before any heat: nothing changes.
    await refused(h, ben.client, { type: 'joinEvening', name: 'Ben again' }, 'alreadyIn');
    await refused(h, ben.client, { type: 'nextHeat' }, 'notCreator');
    await refused(h, ben.client, { type: 'openEvening', settings: FRIDAY, player: 'Ben' }, 'eveningOpen');
    await refused(h, ben.client, { type: 'resumeEvening', token: 'A'.repeat(43) }, 'badToken');
    await refused(
      h,
      ben.client,
      { type: 'openEvening', settings: { ...FRIDAY, heats: 0 }, player: 'B' },
      'badMessage',
    );
    await refused(
      h,
      ben.client,
      { type: 'openEvening', settings: { ...FRIDAY, prefer: 5 }, player: 'B' },
      'badMessage',
    );
    await refused(
      h,
      ben.client,
      { type: 'openEvening', settings: { ...FRIDAY, game: { ...FRIDAY.game, players: 2 } }, player: 'B' },
      'badMessage',
    );
    // A disk that refuses: the change is refused (unavailable) and nothing changed.
    const late = await TestClient.greeted(h.port);
    late.send({ type: 'listTables' });
    await late.next('evening');
    mkdirSync(join(h.dataDir, 'evening.json.tmp'));
    await refused(h, late, { type: 'joinEvening', name: 'Late' }, 'unavailable');
    rmSync(join(h.dataDir, 'evening.json.tmp'), { recursive: true });
    await late.close();
    const stranger = await person(h.port, 'Zed').catch(() => null);
    expect(stranger).not.toBeNull();
    people.push(stranger!);
    await refused(h, stranger!.client, { type: 'joinEvening', name: 'Ann' }, 'alreadyIn');
    stranger!.client.send({ type: 'leaveEvening' });
    await eveningWhere(opener.client, (e) => e.people.find((p) => p.name === 'Zed')?.present === false);
    await refused(h, stranger!.client, { type: 'leaveEvening' }, 'notIn');
    people = people.filter((p) => p !== stranger);

    // Heat 1.
    opener.client.send({ type: 'nextHeat' });
    let tables = await takeSeats(people, 1);
    expect(tables.size).toBe(3);
    await refused(h, opener.client, { type: 'nextHeat' }, 'heatInPlay');
    // Nobody else sits at or watches a heat's table: watching one would show the cards of another.
    const heatTable = lastEvening(opener.client)!.you!.table!.tableId;
    await refused(h, stranger!.client, { type: 'spectate', tableId: heatTable }, 'noWatchers');
    await refused(h, stranger!.client, { type: 'join', tableId: heatTable, name: 'Zed' }, 'alreadyStarted');
    await refused(h, ben.client, { type: 'rematch' }, 'eveningTable');
    await refused(h, people[0].client, { type: 'removePerson', seat: 1 }, 'eveningTable');
    // ... and no seat is shown as the table's creator (the first seat saw "Replace by a bot" on the others).
    for (const clients of tables.values())
      for (const c of clients) {
        const info = c.inbox.findLast((m) => m.type === 'table');
        expect(info?.table.seatList.filter((s) => s.creator)).toEqual([]);
      }
    await playTables(tables, random);
    let e = await eveningWhere(opener.client, (x) => x.heats.length === 1 && x.heatInPlay === null);
    // Three tables of three held the same cards: everyone was compared with the two who held theirs.
    expect(e.standings.filter((s) => s.duplicate !== null).map((s) => s.person)).toHaveLength(9);
    expect(e.you).toEqual({ person: opener.id, table: null });

    // Heat 2, cut by a restart of the host mid-game: nothing anyone was told is lost.
    opener.client.send({ type: 'nextHeat' });
    tables = await takeSeats(people, 2);
    // One move each, so that no game is over at the restart whatever the deal: a Basic game of three ends
    // with two seats out (four moves once ended one, and its result then raced the restart).
    await playTables(tables, random, (m) => m >= 1);
    for (const clients of tables.values()) expect(clients[0].view!.gameOver).toBe(false);
    const views = new Map(people.map((p) => [p.name, p.client.view]));
    const kept = eveningFile(h);
    const told = lastEvening(opener.client)!;
    await h.host.close();
    h = await start(h.dataDir);
    expect(h.problems).toEqual([]);
    expect(eveningFile(h)).toBe(kept);
    people = await Promise.all(people.map((p) => comeBack(h.port, p)));
    expect({ ...lastEvening(people[0].client), you: null }).toEqual({ ...told, you: null });
    tables = await takeSeats(people, 2);
    for (const p of people) expect(p.client.view).toEqual(views.get(p.name));
    await playTables(tables, random);
    e = await eveningWhere(people[0].client, (x) => x.heats.length === 2 && x.heatInPlay === null);
    expect(e.standings.every((s) => s.games === (s.person === stranger!.id ? 0 : 2))).toBe(true);

    // Ida leaves between heats: heat 3 seats the eight others, 3+3+2.
    const ida = people.find((p) => p.name === 'Ida')!;
    ida.client.send({ type: 'leaveEvening' });
    await eveningWhere(people[0].client, (x) => x.people.find((p) => p.id === ida.id)?.present === false);
    people = people.filter((p) => p !== ida);
    people[0].client.send({ type: 'nextHeat' });
    tables = await takeSeats(people, 3);
    expect(ida.client.inbox.findLast((m) => m.type === 'evening')).toMatchObject({
      evening: { you: { person: ida.id, table: null } },
    });
    await playTables(tables, random);
    e = await eveningWhere(people[0].client, (x) => x.over);
    await refused(h, people[0].client, { type: 'nextHeat' }, 'noHeatsLeft');

    // Seatings: each heat seats everyone present once, at balanced tables, seat 1's person first.
    const present = (heat: number) => (heat < 3 ? 9 : 8);
    for (const heat of [1, 2, 3]) {
      const seated = seatingOf(e, heat);
      expect(seated.flat().length).toBe(present(heat));
      expect(new Set(seated.flat()).size).toBe(present(heat));
      expect(seated.map((t) => t.length)).toEqual(tableSizes(present(heat), 3));
      if (heat === 3) expect(seated.flat()).not.toContain(ida.id);
    }

    // The host's records: each names its evening and heat; tables of one size in a heat were dealt alike.
    const records = await recordsOf(h, 9);
    expect(records).toHaveLength(9);
    for (const heat of [1, 2, 3]) {
      const ofHeat = records.filter((r) => r.evening!.heat === heat);
      expect(ofHeat.map((r) => r.evening!.table).sort()).toEqual(['A', 'B', 'C']);
      const threes = ofHeat.filter((r) => r.options.players === 3);
      expect(threes.length).toBeGreaterThanOrEqual(2);
      for (const r of threes) expect(r.rounds[0].deal).toEqual(threes[0].rounds[0].deal);
    }
    expect(records.filter((r) => r.evening!.heat === 1)[0].rounds[0].deal).not.toEqual(
      records.filter((r) => r.evening!.heat === 2)[0].rounds[0].deal,
    );

    // Each recorded result is the one its game's record gives, and the standings follow from them.
    for (const r of records) {
      const { heat, table } = r.evening!;
      const seated = e.heats[heat - 1].tables.find((t) => t.name === table)!;
      const replayed = replayRecord(r);
      if (!replayed.ok) throw new Error(replayed.reason);
      const final = replayed.steps.at(-1)!.state;
      expect(seated.results).toEqual(seatResults(final, seated.people, table));
    }
    expect(e.standings).toEqual(eveningStandings(pureOf(e)));
    expect(e.standings.map((s) => s.person).sort()).toEqual(
      [...people.map((p) => p.id), ida.id, stranger!.id].sort(),
    );

    // No client was ever sent another table's hand: the evening's frames carry no deal.
    for (const p of people)
      expect(p.client.frames.filter((f) => f.includes('"evening"')).join()).not.toMatch(/"hands"/);
    // The secrets stay on the host.
    const secret = JSON.parse(eveningFile(h)) as { secret: number; tokenKey: string };
    for (const p of people) expect(p.client.frames.join()).not.toContain(secret.tokenKey);
    await Promise.all(people.map((p) => p.client.close()));
  }, 120_000);
});

describe('the one who runs the evening leaves', () => {
  it('hands it on to the first person still in it, who seats the next heat; coming back gives it not back', async () => {
    const h = await start();
    const ann = await person(h.port, 'Ann', FRIDAY);
    const ben = await person(h.port, 'Ben');
    const cat = await person(h.port, 'Cat');
    await refused(h, ben.client, { type: 'nextHeat' }, 'notCreator');
    ann.client.send({ type: 'leaveEvening' });
    let e = await eveningWhere(ben.client, (x) => x.opener === ben.id);
    expect(e.people.find((p) => p.id === ann.id)?.present).toBe(false);
    // Kept before told: a restart would find Ben running it.
    expect(JSON.parse(eveningFile(h))).toMatchObject({ opener: ben.id });
    await refused(h, cat.client, { type: 'nextHeat' }, 'notCreator');
    ben.client.send({ type: 'nextHeat' });
    e = await eveningWhere(cat.client, (x) => x.heatInPlay === 1);
    expect(e.heats[0].tables.flatMap((t) => t.people).sort()).toEqual([ben.id, cat.id].sort());
    // Ann comes back: in the evening again (from the next heat), Ben still runs it.
    const back = await comeBack(h.port, ann);
    e = await eveningWhere(back.client, (x) => x.people.find((p) => p.id === ann.id)?.present === true);
    expect(e.opener).toBe(ben.id);
    await Promise.all([ann, back, ben, cat].map((p) => p.client.close()));
  });
});

describe('an evening of one', () => {
  it('seats a bot beside a lone person, and a table a restart finds missing is made again alike', async () => {
    let h = await start();
    const ann = await person(h.port, 'Ann', { ...FRIDAY, heats: 1 });
    ann.client.send({ type: 'nextHeat' });
    const e = await eveningWhere(ann.client, (x) => x.heatInPlay === 1);
    expect(e.heats[0].tables).toEqual([{ name: 'A', people: ['p1', 'bot:1'], results: null }]);
    const tableId = e.you!.table!.tableId;
    await takeSeats([ann], 1);
    const first = ann.client.view!;
    expect(first.moveCount).toBe(0);

    // As if a kill had cut the heat's start short after the evening was kept: its table is gone.
    await ann.client.close();
    await h.host.close();
    rmSync(join(h.dataDir, 'tables', tableId), { recursive: true });
    h = await start(h.dataDir);
    expect(h.host.tables().map((t) => [t.id, t.evening])).toEqual([
      [tableId, { name: FRIDAY.name, heat: 1, table: 'A' }],
    ]);
    const back = await comeBack(h.port, ann);
    await takeSeats([back], 1);
    expect(back.client.view).toEqual(first);

    // The bot plays its seat; the game's end is the evening's.
    await playTables(new Map([[tableId, [back.client]]]), rng(1));
    const over = await eveningWhere(back.client, (x) => x.over);
    expect(over.standings.map((s) => s.person)).toEqual(['p1']);
    expect(over.heats[0].tables[0].results!.map((r) => r.person)).toEqual(['p1', 'bot:1']);
    await back.client.close();
  });
});

describe('the next evening', () => {
  it('is refused the name of the one just held, whatever its case, and opens under another', async () => {
    const h = await start();
    const ann = await person(h.port, 'Ann', { ...FRIDAY, heats: 1 });
    ann.client.send({ type: 'nextHeat' });
    const e = await eveningWhere(ann.client, (x) => x.heatInPlay === 1);
    await takeSeats([ann], 1);
    await playTables(new Map([[e.you!.table!.tableId, [ann.client]]]), rng(2));
    await eveningWhere(ann.client, (x) => x.over);

    // The last evening's table lingers, finished, under its name: a second "Friday night" would meet it.
    const bo = await TestClient.greeted(h.port);
    for (const name of ['Friday night', ' friday NIGHT '])
      await refused(
        h,
        bo,
        { type: 'openEvening', settings: { ...FRIDAY, name }, player: 'Bo' },
        'eveningName',
      );
    const error = bo.inbox.filter((m) => m.type === 'error').at(-1);
    expect(error).toMatchObject({ reason: expect.stringMatching(/"Friday night"/) });

    bo.send({ type: 'openEvening', settings: { ...FRIDAY, name: 'Friday night 2' }, player: 'Bo' });
    await bo.next('eveningJoined');
    const next = await eveningWhere(bo, (x) => x.settings.name === 'Friday night 2');
    expect(next).toMatchObject({ over: false, heats: [], people: [{ name: 'Bo' }] });
    await Promise.all([ann.client.close(), bo.close()]);
  });
});

const children: ChildHost[] = [];
afterAll(() => {
  for (const c of children) if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
});

describe('an evening on a host that is killed', () => {
  it(
    'ten people at 4+3+3, Advanced: no early history of a deal, SIGKILL mid-heat loses nothing told',
    { timeout: 120_000 },
    async () => {
      const random = rng(10);
      const dataDir = mkdtempSync(join(tmpdir(), 'red7-evening-'));
      try {
        let host = await spawnHost(dataDir);
        children.push(host);
        const settings = {
          name: 'Saturday',
          game: { mode: 'advanced' as const, actionRule: true, targetScore: 12 },
          prefer: 3 as const,
          heats: 2,
        };
        const opener = await person(host.port, 'P1', settings);
        let people: Person[] = [opener];
        for (let i = 2; i <= 10; i++) people.push(await person(host.port, `P${i}`));
        opener.client.send({ type: 'nextHeat' });
        let tables = await takeSeats(people, 1);
        expect([...tables.values()].map((t) => t.length)).toEqual(expect.arrayContaining([4, 3, 3]));

        // One table of three ends; the other, dealt the same cards, plays on: its deal stays off the history.
        const [four, threeB, threeC] = [...tables.entries()].sort((a, b) => b[1].length - a[1].length);
        await playTables(new Map([four, threeB]), random, undefined, PACE_MS);
        // Two moves, so that its game cannot be over whatever the deal: a round of three ends only with two
        // seats out, and one won by the dealt card alone scores at most 7 of the 12 (six moves once ended it).
        await playTables(new Map([threeC]), random, (m) => m >= 2, PACE_MS);
        expect(threeC[1][0].view!.gameOver).toBe(false);
        const ended = await eveningWhere(
          opener.client,
          (e) => e.heats[0].tables.filter((t) => t.results).length === 2,
        );
        expect(ended.heatInPlay).toBe(1);
        // A game is listed once its write is done, folder synced; its file shows on disk a little before that.
        // So wait for the list (what people see), then check the disk too.
        const listed = await historyHas(host.port, 1);
        // The lone table of four may be shown (nobody else held its cards); the table of three may not yet.
        expect(listed.games.map((g) => g.options.players)).toEqual([4]);
        expect(eveningRecords(dataDir).map((r) => r.options.players)).toEqual([4]);
        // The history lists the evening by what it holds so far: one game, of heat 1.
        expect(JSON.parse((await get(host.port, '/api/history/evenings')).body)).toMatchObject({
          evenings: [{ name: 'Saturday', games: 1, heats: [1] }],
        });

        // SIGKILL while the last table plays: it comes back as everyone last saw it.
        const seen = new Map(threeC[1].map((c) => [c, c.view]));
        const kept = readFileSync(join(dataDir, 'evening.json'), 'utf8');
        host.proc.kill('SIGKILL');
        await host.exited;
        host = await spawnHost(dataDir, host.port);
        children.push(host);
        expect(readFileSync(join(dataDir, 'evening.json'), 'utf8')).toBe(kept);
        const old = new Map(people.map((p) => [p.client, p]));
        people = await Promise.all(people.map((p) => comeBack(host.port, p)));
        tables = await takeSeats(people, 1);
        for (const [client, view] of seen) {
          const now = people.find((p) => p.id === old.get(client)!.id)!.client;
          expect(now.view).toEqual(view);
        }
        await playTables(tables, random, undefined, PACE_MS);
        await eveningWhere(people[0].client, (x) => x.heatInPlay === null);

        // Heat 2, then the evening is over.
        people[0].client.send({ type: 'nextHeat' });
        tables = await takeSeats(people, 2);
        await playTables(tables, random, undefined, PACE_MS);
        const e = await eveningWhere(people[0].client, (x) => x.over);
        expect(e.standings).toEqual(eveningStandings(pureOf(e)));

        // Host side: every round of every game was dealt from its heat's seed; same-size tables alike.
        const { secret } = JSON.parse(readFileSync(join(dataDir, 'evening.json'), 'utf8')) as {
          secret: number;
        };
        // The evening's games from the history, by its name (as people type it, whatever the case).
        const ofEvening = await historyHas(host.port, 6, '?evening=saturday&limit=10');
        const records = eveningRecords(dataDir);
        expect(records).toHaveLength(6);
        for (const r of records) expect(dealtDuplicate(r, secret)).toBe(true);
        expect(ofEvening.games.map((g) => g.evening?.name)).toEqual(Array(6).fill('Saturday'));
        expect(JSON.parse((await get(host.port, '/api/history/evenings')).body)).toMatchObject({
          evenings: [{ name: 'Saturday', games: 6, heats: [1, 2] }],
        });
        expect((await listHistory(host.port, '?evening=Sunday')).games).toEqual([]);
        expect((await get(host.port, '/api/history/evenings?x=1')).status).toBe(400);
        expect((await get(host.port, `/api/history?evening=${'x'.repeat(41)}`)).status).toBe(400);
        expect(records.some((r) => r.rounds.length > 1)).toBe(true);
        for (const heat of [1, 2]) {
          const threes = records.filter((r) => r.evening!.heat === heat && r.options.players === 3);
          expect(threes).toHaveLength(2);
          expect(threes[0].rounds[0].deal).toEqual(threes[1].rounds[0].deal);
        }
        await Promise.all(people.map((p) => p.client.close()));
        host.proc.kill('SIGTERM');
        await host.exited;
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
