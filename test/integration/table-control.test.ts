import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CODE_TRIES_PER_WINDOW, type ServerMessage, type TableOptions } from '../../shared/protocol';
import { TestClient } from './helpers/client';
import { testHost, type TestHost } from './helpers/host';
import { ManualClock } from './helpers/manual-clock';
import { moveMessage, seatTable, viewAt } from './helpers/play';

let hosts: TestHost[] = [];
let clients: TestClient[] = [];
afterEach(async () => {
  await Promise.all(clients.map((c) => c.close()));
  for (const h of hosts) await h.stop();
  hosts = [];
  clients = [];
});

const basic = (players: 2 | 3 | 4): TableOptions => ({ players, mode: 'basic', actionRule: false });
/** Digits that appear in no id, count or time by chance with these boundaries. */
const CODE = '7391';
const codeIn = (text: string) => new RegExp(`(^|[^A-Za-z0-9_-])${CODE}([^A-Za-z0-9_-]|$)`).test(text);

async function host(opts: Parameters<typeof testHost>[0] = {}): Promise<TestHost> {
  const h = await testHost(opts);
  hosts.push(h);
  return h;
}

async function greeted(port: number): Promise<TestClient> {
  const c = await TestClient.greeted(port);
  clients.push(c);
  return c;
}

/** The creator at a table of `players` seats, and the others already seated (not started). */
async function table(port: number, players: 2 | 3 | 4, seated = 1, options = basic(players)) {
  const t = await seatTable(port, options);
  // seatTable seats everyone; free the ones not wanted so that newcomers have room.
  for (const c of t.clients.slice(1 + seated)) {
    c.send({ type: 'leave' });
    await c.next('left');
  }
  clients.push(...t.clients);
  return { tableId: t.tableId, creator: t.clients[0], others: t.clients.slice(1, 1 + seated) };
}

const refusal = async (c: TestClient) => (await c.next('error')) as Extract<ServerMessage, { type: 'error' }>;
const tableFrame = (c: TestClient, ok: (t: Extract<ServerMessage, { type: 'table' }>['table']) => boolean) =>
  c.next((m) => m.type === 'table' && ok(m.table));

describe('the creator locks the table', () => {
  it('refuses new people (and, if chosen, new watchers) but lets the seated resume', async () => {
    const h = await host();
    const { tableId, creator, others } = await table(h.port, 3);
    const [bob] = others;
    creator.send({ type: 'lockTable', locked: true, watchers: true });
    await tableFrame(bob, (t) => t.locked === true && t.watchers === true);
    expect(h.host.tables()[0]).toMatchObject({ locked: true, watchers: true, hasCode: false });

    const cy = await greeted(h.port);
    cy.send({ type: 'join', tableId, name: 'Cy' });
    expect(await refusal(cy)).toMatchObject({ code: 'tableLocked', to: 'join' });
    cy.send({ type: 'spectate', tableId, name: 'Cy' });
    await cy.next('spectating');

    creator.send({ type: 'lockTable', locked: true, watchers: false });
    await tableFrame(bob, (t) => t.watchers === false);
    const dee = await greeted(h.port);
    dee.send({ type: 'spectate', tableId });
    expect(await refusal(dee)).toMatchObject({ code: 'noWatchers', to: 'spectate' });

    // Bob drops and comes back with his token: a lock keeps nobody out who is in.
    await bob.close();
    const back = await greeted(h.port);
    back.send({ type: 'resume', token: bob.token! });
    expect((await back.next('joined')).seat).toBe(bob.seat);

    creator.send({ type: 'lockTable', locked: false, watchers: false });
    await tableFrame(back, (t) => t.locked === false && t.watchers === true);
    dee.send({ type: 'join', tableId, name: 'Dee' });
    expect((await dee.next('joined')).seat).toBe(2);
  });

  it('is the creator’s alone: a player gets notCreator, a watcher notSeated', async () => {
    const h = await host();
    const { tableId, others } = await table(h.port, 3);
    const [bob] = others;
    const watcher = await greeted(h.port);
    watcher.send({ type: 'spectate', tableId });
    await watcher.next('spectating');
    for (const msg of [
      { type: 'lockTable', locked: true, watchers: false },
      { type: 'setCode', code: '1234' },
      { type: 'removePerson', seat: 0 },
    ] as const) {
      bob.send(msg);
      expect(await refusal(bob)).toMatchObject({ code: 'notCreator', to: msg.type });
      watcher.send(msg);
      expect(await refusal(watcher)).toMatchObject({ code: 'notSeated', to: msg.type });
    }
    expect(h.host.tables()[0]).toMatchObject({ locked: false, hasCode: false, players: 2 });
  });
});

describe('a seat code', () => {
  it('is asked for, refuses a wrong one alike, seats the right one, and reaches only the creator', async () => {
    const h = await host();
    const { tableId, creator, others } = await table(h.port, 4);
    const [bob] = others;
    const lobby = await greeted(h.port);
    lobby.send({ type: 'listTables' });
    await lobby.next('tables');
    const watcher = await greeted(h.port);
    watcher.send({ type: 'spectate', tableId, name: 'Wes' });
    await watcher.next('spectating');

    creator.send({ type: 'setCode', code: CODE });
    const told = await creator.next((m) => m.type === 'tableCode' && m.code !== null);
    expect(told).toEqual({ type: 'tableCode', tableId, code: CODE });
    await tableFrame(bob, (t) => t.hasCode === true);
    await lobby.next((m) => m.type === 'tables' && m.tables[0]?.hasCode === true);

    const cy = await greeted(h.port);
    cy.send({ type: 'join', tableId, name: 'Cy' });
    const asked = await refusal(cy);
    expect(asked).toMatchObject({ code: 'codeRequired', to: 'join' });
    const wrong: Extract<ServerMessage, { type: 'error' }>[] = [];
    for (const code of ['0000', '7390', '1739']) {
      cy.send({ type: 'join', tableId, name: 'Cy', code });
      wrong.push(await refusal(cy));
    }
    // The same answer for any wrong code: no hint of which digit was right.
    expect(new Set(wrong.map((e) => JSON.stringify(e))).size).toBe(1);
    expect(wrong[0]).toMatchObject({ code: 'badCode', to: 'join' });
    cy.send({ type: 'join', tableId, name: 'Cy', code: CODE });
    expect((await cy.next('joined')).seat).toBe(2);
    await tableFrame(creator, (t) => t.players === 3);

    // Whoever is not the creator never had the digits: not the players, the watcher, the lobby, the API.
    for (const c of [bob, cy, watcher, lobby]) {
      expect(c.frames.filter(codeIn)).toEqual([]);
      expect(c.inbox.some((m) => m.type === 'tableCode')).toBe(false);
    }
    const api = await (await fetch(`http://127.0.0.1:${h.port}/api/tables`)).text();
    expect(codeIn(api)).toBe(false);
    expect(JSON.parse(api)[0]).toMatchObject({ hasCode: true });
    // On disk it is under `control` only (the host needs it after a restart), nowhere else in the record.
    await h.host.close();
    const dir = join(h.dataDir, 'tables', tableId);
    const snapshot = JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8'));
    expect(snapshot.control.code).toBe(CODE);
    expect(codeIn(JSON.stringify({ ...snapshot, control: { ...snapshot.control, code: null } }))).toBe(false);
    expect(readdirSync(dir)).toContain('snapshot.json');
  });

  it('refuses a malformed code as badMessage without quoting it back', async () => {
    const h = await host();
    const { tableId, creator } = await table(h.port, 3);
    const cy = await greeted(h.port);
    for (const [who, msg] of [
      [creator, { type: 'setCode', code: '98765' }],
      [creator, { type: 'setCode', code: 9876 }],
      [creator, { type: 'setCode', code: '９８７６' }],
      [cy, { type: 'join', tableId, name: 'Cy', code: '98765' }],
      [cy, { type: 'join', tableId, name: 'Cy', code: '9876\n' }],
    ] as const) {
      who.send(msg);
      const e = await refusal(who);
      expect(e).toMatchObject({ code: 'badMessage', reason: 'code: must be 4 digits' });
    }
    expect(h.host.tables()[0].hasCode).toBe(false);
  });

  it('comes back to the creator after a restart, and still guards the seats', async () => {
    const h1 = await host();
    const { tableId, creator } = await table(h1.port, 3);
    creator.send({ type: 'setCode', code: CODE });
    await creator.next((m) => m.type === 'tableCode' && m.code !== null);
    creator.send({ type: 'lockTable', locked: false, watchers: true });
    await tableFrame(creator, () => true);
    await h1.host.close();
    const h2 = await host({ dataDir: h1.dataDir });
    expect(h2.problems).toEqual([]);
    const back = await greeted(h2.port);
    back.send({ type: 'resume', token: creator.token! });
    await back.next('joined');
    expect(await back.next('tableCode')).toMatchObject({ code: CODE });
    const cy = await greeted(h2.port);
    cy.send({ type: 'join', tableId, name: 'Cy', code: '1111' });
    expect((await refusal(cy)).code).toBe('badCode');
    back.send({ type: 'setCode', code: null });
    expect(await back.next('tableCode')).toMatchObject({ code: null });
    cy.send({ type: 'join', tableId, name: 'Cy' });
    await cy.next('joined');
  });

  it('limits wrong codes per connection, then per address across many sockets', async () => {
    const clock = new ManualClock();
    // Heartbeats far apart: moving the clock by hand must not drop sockets that had no time to answer.
    const h = await host({ clock, limits: { heartbeatMs: 3_600_000 } });
    const { tableId, creator } = await table(h.port, 4);
    creator.send({ type: 'setCode', code: CODE });
    await creator.next((m) => m.type === 'tableCode' && m.code !== null);

    const eve = await greeted(h.port);
    for (let i = 0; i < CODE_TRIES_PER_WINDOW - 1; i++) {
      eve.send({ type: 'join', tableId, name: 'Eve', code: String(1000 + i) });
      expect((await refusal(eve)).code).toBe('badCode');
    }
    // The wrong code that uses the budget up says so at once, with the wait: not "that is not the code".
    eve.send({ type: 'join', tableId, name: 'Eve', code: '1999' });
    expect(await refusal(eve)).toMatchObject({ code: 'rateLimited', to: 'join', retryAfterSeconds: 60 });
    // Over the budget, even the right code is not looked at.
    eve.send({ type: 'join', tableId, name: 'Eve', code: CODE });
    const limited = await refusal(eve);
    expect(limited).toMatchObject({ code: 'rateLimited', to: 'join', retryAfterSeconds: 60 });
    expect(codeIn(JSON.stringify(limited))).toBe(false);

    // A new socket from the same machine is over the budget too: the address counts.
    const again = await greeted(h.port);
    again.send({ type: 'join', tableId, name: 'Eve', code: CODE });
    expect((await refusal(again)).code).toBe('rateLimited');

    clock.advance(30_000);
    again.send({ type: 'join', tableId, name: 'Eve', code: CODE });
    expect(await refusal(again)).toMatchObject({ code: 'rateLimited', retryAfterSeconds: 30 });
    clock.advance(30_000);
    again.send({ type: 'join', tableId, name: 'Eve', code: CODE });
    expect((await again.next('joined')).seat).toBe(2);

    // Many sockets, one wrong try each: the address's budget runs out all the same.
    const many: TestClient[] = [];
    for (let i = 0; i < CODE_TRIES_PER_WINDOW; i++) {
      const c = await greeted(h.port);
      c.send({ type: 'join', tableId, name: `M${i}`, code: String(2000 + i) });
      expect((await refusal(c)).code).toBe(i < CODE_TRIES_PER_WINDOW - 1 ? 'badCode' : 'rateLimited');
      many.push(c);
    }
    const last = await greeted(h.port);
    last.send({ type: 'join', tableId, name: 'Last', code: CODE });
    expect((await refusal(last)).code).toBe('rateLimited');
    expect(h.host.tables()[0].players).toBe(3);
  });
});

describe('the creator removes a person', () => {
  it('before the start: the seat is freed, the person told why, the token refused, also after a restart', async () => {
    const h1 = await host();
    const { tableId, creator, others } = await table(h1.port, 3, 2);
    const [bob, cy] = others;
    creator.send({ type: 'removePerson', seat: creator.seat! });
    expect((await refusal(creator)).code).toBe('badSeat');
    creator.send({ type: 'removePerson', seat: bob.seat! });
    expect(await bob.next('left')).toEqual({ type: 'left', tableId, reason: 'removed' });
    const info = await tableFrame(cy, (t) => t.players === 2);
    expect(info.type === 'table' && info.table.seatList[bob.seat!].name).toBeNull();

    const retry = await greeted(h1.port);
    retry.send({ type: 'resume', token: bob.token! });
    expect(await refusal(retry)).toMatchObject({ code: 'removed', to: 'resume' });
    // The freed seat is anyone's, Bob's too with a new token (the creator may lock the table against that).
    await h1.host.close();
    const h2 = await host({ dataDir: h1.dataDir });
    const after = await greeted(h2.port);
    after.send({ type: 'resume', token: bob.token! });
    expect(await refusal(after)).toMatchObject({ code: 'removed' });
    after.send({ type: 'resume', token: cy.token! });
    expect((await after.next('joined')).seat).toBe(cy.seat);
  });

  it('during a game: a bot plays the seat for good, the person is told, the token opens nothing', async () => {
    const h1 = await host();
    // Advanced: a pass ends only the round, so the game lasts until the bot has had a turn.
    const { creator, others } = await table(h1.port, 2, 1, {
      players: 2,
      mode: 'advanced',
      actionRule: false,
    });
    const [bob] = others;
    creator.send({ type: 'start' });
    await Promise.all([viewAt(creator, 0), viewAt(bob, 0)]);
    creator.send({ type: 'removePerson', seat: bob.seat! });
    expect(await bob.next('left')).toMatchObject({ reason: 'replaced' });
    const info = await tableFrame(creator, (t) => t.seatList[bob.seat!].bot);
    expect(info.type === 'table' && info.table.seatList[bob.seat!]).toMatchObject({
      bot: true,
      standIn: false,
      person: false,
    });
    // The game goes on: whenever the bot is to move it does, and the creator plays their own turns.
    // A turn's 'turn' entry opens it; a play, discard or pass ('out') is the bot's own move.
    const botTurns = () =>
      creator.view!.log.filter(
        (e) => ['play', 'discard', 'out'].includes(e.kind) && 'seat' in e && e.seat === bob.seat,
      ).length;
    for (let i = 0; i < 12 && botTurns() === 0 && !creator.view!.gameOver; i++) {
      const v = creator.view!;
      if (v.phase === 'roundOver') {
        creator.send({ type: 'ready' });
        await creator.nextView((w) => w.phase !== 'roundOver' || w.gameOver);
        continue;
      }
      if (v.current === creator.seat) {
        // Anything but passing, which would end the round at once.
        const move = v.legalMoves.find((m) => m.type !== 'pass') ?? v.legalMoves[0];
        creator.send(moveMessage(move, v.moveCount));
      }
      await viewAt(creator, v.moveCount + 1);
    }
    expect(botTurns()).toBeGreaterThanOrEqual(1);
    const retry = await greeted(h1.port);
    retry.send({ type: 'resume', token: bob.token! });
    expect((await refusal(retry)).code).toBe('removed');
    await h1.host.close();
    const h2 = await host({ dataDir: h1.dataDir });
    const after = await greeted(h2.port);
    after.send({ type: 'resume', token: bob.token! });
    expect((await refusal(after)).code).toBe('removed');
    // After the restart the seat is still the bot's.
    const host2 = await greeted(h2.port);
    host2.send({ type: 'resume', token: creator.token! });
    const restored = await tableFrame(host2, () => true);
    expect(restored.type === 'table' && restored.table.seatList[bob.seat!]).toMatchObject({
      bot: true,
      person: false,
    });
  });

  it('refuses free seats, bots and seats that do not exist', async () => {
    const h = await host();
    const { creator } = await table(h.port, 3);
    creator.send({ type: 'setBot', seat: 2, bot: true });
    await tableFrame(creator, (t) => t.seatList[2].bot);
    for (const seat of [2, 3]) {
      creator.send({ type: 'removePerson', seat });
      expect((await refusal(creator)).code).toBe('badSeat');
    }
  });
});
