import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawsUnknownCard, legalMoves } from '../../shared/engine';
import type { CardId, GameState, Move, SeatView } from '../../shared/engine';
import type { ServerMessage, TableOptions } from '../../shared/protocol';
import { TestClient } from './helpers/client';
import { testHost, type TestHost } from './helpers/host';
import { secretsFor } from './helpers/leaks';
import { moveMessage, seatTable, turnMessage, viewAt } from './helpers/play';
import { readMoveLog, replayGame } from './helpers/truth';
import { endsTurn, shapeOf, valueOf, wholeTurns, type WholeTurn } from './helpers/turns';
import { pick, rng } from '../helpers/random';

const basic: TableOptions = { players: 2, mode: 'basic', actionRule: false };
// Three hands and every action: the odd cards' choices, the 3's draw, the advanced draw (offered, not automatic).
const actions: TableOptions = { players: 3, mode: 'advanced', actionRule: true };

/** A one-step turn that plays a 3 whose draw nobody could know, after which the turn can go on and end. */
const drawsThenGoesOn = (w: WholeTurn): boolean =>
  w.steps.length === 1 &&
  w.steps[0].type === 'play' &&
  valueOf(w.steps[0]) === 3 &&
  w.added[0].some(drawsUnknownCard) &&
  wholeTurns(w.after[0]).some((rest) => rest.ends);

const logFile = (h: TestHost, id: string) => join(h.dataDir, 'tables', id, 'moves.jsonl');
const VIEW_FRAMES = new Set(['view', 'viewDelta']);

/** A table of test clients and a spectator on a real host, driven by random one-step turns between tests. */
class Table {
  game = 1;
  private pings = 0;

  private constructor(
    readonly h: TestHost,
    readonly id: string,
    readonly players: TestClient[],
    readonly watcher: TestClient,
  ) {}

  static async open(h: TestHost, options: TableOptions): Promise<Table> {
    const { tableId, clients } = await seatTable(h.port, options);
    const watcher = await TestClient.greeted(h.port);
    watcher.send({ type: 'spectate', tableId });
    await watcher.next('spectating');
    clients[0].send({ type: 'start' });
    await Promise.all([...clients, watcher].map((c) => viewAt(c, 0)));
    return new Table(h, tableId, clients, watcher);
  }

  get everyone(): TestClient[] {
    return [...this.players, this.watcher];
  }

  /** The host's hidden truth, from its move log. */
  truth(): GameState {
    return replayGame(this.h.dataDir, this.id, this.game).at(-1)!;
  }

  seatOf(seat: number): TestClient {
    return this.players.find((c) => c.seat === seat)!;
  }

  /** Every frame the host sent up to now has arrived (a ping's answer comes after them). */
  async settled(): Promise<void> {
    const id = ++this.pings;
    await Promise.all(
      this.everyone.map(async (c) => {
        c.send({ type: 'ping', id });
        await c.next((m) => m.type === 'pong' && m.id === id);
      }),
    );
  }

  /** From `s`: one random one-step turn (no pass while anything else is legal), the ready vote, or a rematch. */
  async step(random: () => number, s: GameState): Promise<void> {
    if (s.phase === 'gameOver') {
      for (const c of this.everyone) c.drain();
      for (const c of this.players) c.send({ type: 'rematch' });
      await Promise.all(this.everyone.map((c) => c.nextView((v) => v.moveCount === 0 && !v.gameOver)));
      this.game += 1;
      return;
    }
    // Between rounds every player says ready; the last yes deals the next round.
    if (s.phase === 'roundOver') for (const c of this.players) c.send({ type: 'ready' });
    else {
      const legal = legalMoves(s);
      const keep = legal.filter((m) => m.type !== 'pass');
      this.seatOf(s.current!).send(moveMessage(pick(random, keep.length > 0 ? keep : legal), s.moveCount));
    }
    await Promise.all(this.everyone.map((c) => viewAt(c, s.moveCount + 1)));
  }

  /** Plays on until the seat to act has a whole turn `wanted` picks; returns it with its position. */
  async until(
    random: () => number,
    wanted: (turns: WholeTurn[], s: GameState) => WholeTurn | undefined,
    maxMoves = 4000,
  ): Promise<{ turn: WholeTurn; state: GameState; actor: TestClient }> {
    for (let i = 0; i < maxMoves; i++) {
      const s = this.truth();
      const turn = s.phase === 'turn' ? wanted(wholeTurns(s), s) : undefined;
      if (turn) return { turn, state: s, actor: this.seatOf(s.current!) };
      await this.step(random, s);
    }
    throw new Error(`no such turn within ${maxMoves} moves`);
  }

  /** What everyone holds and the log, to show that a refusal changed nothing. */
  snapshot() {
    return {
      log: readFileSync(logFile(this.h, this.id), 'utf8'),
      views: this.everyone.map((c) => structuredClone(c.view)),
      tables: this.h.host.tables(),
      frames: this.everyone.map((c) => c.inbox.length),
    };
  }
}

/** The frames `c` received since `from` that carry the table or the game. */
const gameFrames = (c: TestClient, from: number): ServerMessage[] =>
  c.inbox.slice(from).filter((m) => VIEW_FRAMES.has(m.type) || m.type === 'table');

describe('a turn in one message, applied whole', () => {
  let h: TestHost;
  beforeAll(async () => {
    h = await testHost();
  });
  afterAll(() => h.stop());

  /**
   * Sends `turn` for `actor` and checks the host took it whole: every step in the log, in order, as the
   * seat's; one view frame to each seat and the spectator for the whole turn; nobody else's frame holds a
   * card they may not know.
   */
  async function applied(t: Table, actor: TestClient, steps: Move[], s: GameState): Promise<GameState> {
    const from = t.everyone.map((c) => c.frames.length);
    const logBefore = readMoveLog(h.dataDir, t.id).length;
    actor.send(turnMessage(steps, s.moveCount));
    await Promise.all(t.everyone.map((c) => viewAt(c, s.moveCount + steps.length)));
    await t.settled();
    expect(actor.errors().filter((e) => e.to === 'turn')).toEqual([]);
    const lines = readMoveLog(h.dataDir, t.id).slice(logBefore);
    expect(lines).toEqual(steps.map((m, i) => ({ g: t.game, n: s.moveCount + i, s: s.current, m })));
    const after = t.truth();
    expect(after.moveCount).toBe(s.moveCount + steps.length);
    t.everyone.forEach((c, i) => {
      const texts = c.frames.slice(from[i]);
      const views = texts.filter((f) => VIEW_FRAMES.has((JSON.parse(f) as ServerMessage).type));
      expect(views, `view frames to ${c.seat ?? 'the spectator'}`).toHaveLength(1);
      expect(c.view!.moveCount).toBe(after.moveCount);
      if (c === actor) return;
      for (const card of secretsFor(after, c.seat)) expect(views[0]).not.toContain(`"${card}"`);
    });
    return after;
  }

  it('takes a play and an end', async () => {
    const t = await Table.open(h, basic);
    const random = rng(1);
    for (let round = 0; round < 3; round++) {
      const { turn, state, actor } = await t.until(random, (ts) =>
        ts.find((w) => shapeOf(w.steps) === 'play,end'),
      );
      const after = await applied(t, actor, turn.steps, state);
      expect(after.current).not.toBe(state.current);
    }
  });

  it('takes a 5, the extra play it allows and a discard; a 7 or a 1 with its choice and an end', async () => {
    const t = await Table.open(h, actions);
    const random = rng(2);
    const shapes: [string, (w: WholeTurn) => boolean][] = [
      ['5 + play + discard', (w) => shapeOf(w.steps) === 'play,play,discard' && valueOf(w.steps[0]) === 5],
      ['7 + choice + end', (w) => shapeOf(w.steps) === 'play,seven,end' && valueOf(w.steps[0]) === 7],
      ['1 + choice + end', (w) => shapeOf(w.steps) === 'play,one,end' && valueOf(w.steps[0]) === 1],
      ['discard + advanced draw', (w) => shapeOf(w.steps) === 'discard,draw'],
      ['play + discard + advanced draw', (w) => shapeOf(w.steps) === 'play,discard,draw'],
    ];
    for (const [name, fits] of shapes) {
      const { turn, state, actor } = await t.until(random, (ts) => ts.find((w) => w.ends && fits(w)));
      const after = await applied(t, actor, turn.steps, state);
      expect(endsTurn(after, state.current!, after.log.slice(state.log.length)), name).toBe(true);
    }
  });

  it('takes a turn in two messages around a 3’s draw: the card is seen before the rest is chosen', async () => {
    const t = await Table.open(h, actions);
    const random = rng(3);
    const { turn, state, actor } = await t.until(random, (ts) => ts.find((w) => drawsThenGoesOn(w)));
    const seenBefore = new Map(t.everyone.map((c) => [c, JSON.stringify(c.view)]));
    const mid = await applied(t, actor, [turn.steps[0]], state);
    const drawn = mid.hands[state.current!].find((c) => !state.hands[state.current!].includes(c))!;
    expect(actor.view!.hand).toContain(drawn);
    // Nobody else learns it: their views name the card no more often than before the draw (an earlier round
    // may have shown it openly, before the deck was shuffled again).
    const mentions = (text: string) => text.split(`"${drawn}"`).length - 1;
    for (const c of t.everyone)
      if (c !== actor) expect(mentions(JSON.stringify(c.view))).toBe(mentions(seenBefore.get(c)!));
    // The rest of the turn as the player now chooses it, with the card in hand.
    const rest = wholeTurns(mid).find((w) => w.ends);
    expect(rest).toBeDefined();
    await applied(t, actor, rest!.steps, mid);
  });
});

describe('a turn refused whole', () => {
  let h: TestHost;
  let t: Table;
  const random = rng(7);
  beforeAll(async () => {
    h = await testHost();
    t = await Table.open(h, actions);
  });
  afterAll(() => h.stop());

  /** Sends `msg` from `sender`; checks the refusal and that nothing changed anywhere. */
  async function refused(sender: TestClient, msg: unknown, code: string, reason: RegExp) {
    await t.settled();
    const before = t.snapshot();
    const moveCount = t.truth().moveCount;
    sender.drain();
    sender.send(msg as Record<string, unknown>);
    const e = await sender.next('error');
    expect(e).toMatchObject({ code, to: 'turn' });
    expect(e.reason).toMatch(reason);
    if (['illegalMove', 'notYourTurn', 'staleMove'].includes(code)) expect(e.moveCount).toBe(moveCount);
    await t.settled();
    const after = t.snapshot();
    expect(after.log).toBe(before.log);
    expect(after.views).toEqual(before.views);
    expect(after.tables).toEqual(before.tables);
    t.everyone.forEach((c, i) => expect(gameFrames(c, before.frames[i])).toEqual([]));
    expect(t.truth().moveCount).toBe(moveCount);
    return e;
  }

  /** A turn of the seat to act that the host would take, found on its truth. */
  const someTurn = () => t.until(random, (ts) => ts.find((w) => w.steps.length >= 2));

  it('refuses an empty turn and one of 17 or 50 steps by their shape', async () => {
    const { state, actor, turn } = await someTurn();
    await refused(
      actor,
      turnMessage([], state.moveCount),
      'badMessage',
      /^steps: must hold at least one step$/,
    );
    for (const n of [17, 50]) {
      const steps = Array.from({ length: n }, (_, i) => turn.steps[i % turn.steps.length]);
      await refused(
        actor,
        turnMessage(steps, state.moveCount),
        'badMessage',
        /^steps: must hold at most 16 steps$/,
      );
    }
  });

  it('refuses a step after the one that ended the turn', async () => {
    const { turn, state, actor } = await t.until(random, (ts) =>
      ts.find((w) => shapeOf(w.steps) === 'play,end'),
    );
    const other = state.hands[state.current!].find((c) => c !== (turn.steps[0] as { card: CardId }).card)!;
    await refused(
      actor,
      turnMessage([...turn.steps, { type: 'discard', card: other }], state.moveCount),
      'illegalMove',
      /^step 3 of 3: your turn ended with step 2; nothing was applied$/,
    );
  });

  it('refuses a step after a 3’s draw of an unknown card, and a draw hidden in the middle', async () => {
    const three = await t.until(random, (ts) => ts.find((w) => drawsThenGoesOn(w)));
    // What would be legal next on the host's truth: the screen could not have known the card drawn.
    const next = legalMoves(three.turn.after[0]).find((m) => m.type !== 'pass')!;
    await refused(
      three.actor,
      turnMessage([three.turn.steps[0], next], three.state.moveCount),
      'illegalMove',
      /^step 2 of 2: step 1 drew a card from the deck: send the steps after it once you have seen that card; nothing was applied$/,
    );
    await refused(
      three.actor,
      turnMessage([three.turn.steps[0], next, { type: 'end' }], three.state.moveCount),
      'illegalMove',
      /^step 2 of 3: step 1 drew a card from the deck/,
    );
    // The advanced draw in the middle of a message: it ends the turn, so what follows it is refused.
    const draw = await t.until(random, (ts) => ts.find((w) => shapeOf(w.steps) === 'discard,draw'));
    await refused(
      draw.actor,
      turnMessage([...draw.turn.steps, { type: 'end' }], draw.state.moveCount),
      'illegalMove',
      /^step 3 of 3: your turn ended with step 2; nothing was applied$/,
    );
  });

  it('refuses an illegal last step, naming it, and the next round inside a turn', async () => {
    const { turn, state, actor } = await someTurn();
    const notHeld = (['R7', 'V1', 'G4', 'B2', 'I6', 'O3', 'Y5'] as CardId[]).find(
      (c) => !state.hands[state.current!].includes(c) && !state.palettes.flat().includes(c),
    )!;
    const steps = [...turn.steps.slice(0, -1), { type: 'discard', card: notHeld } as Move];
    const e = await refused(
      actor,
      turnMessage(steps, state.moveCount),
      'illegalMove',
      /nothing was applied$/,
    );
    expect(e.reason).toMatch(new RegExp(`^step ${steps.length} of ${steps.length}: `));
    await refused(
      actor,
      turnMessage([...turn.steps.slice(0, 1), { type: 'nextRound' }], state.moveCount),
      'illegalMove',
      /^step 2 of 2: the next round is not part of a turn: it starts when everyone is ready/,
    );
  });

  it('refuses a stale turn, a turn out of turn and a spectator’s turn', async () => {
    const { turn, state, actor } = await someTurn();
    const n = state.moveCount;
    for (const stale of [n - 1, n + 1, n + 40].filter((m) => m >= 0))
      await refused(
        actor,
        turnMessage(turn.steps, stale),
        'staleMove',
        /^the move was made for move \d+, the game is at move \d+$/,
      );
    for (const other of t.players.filter((c) => c !== actor))
      await refused(other, turnMessage(turn.steps, n), 'notYourTurn', /^it is seat \d's turn$/);
    await refused(t.watcher, turnMessage(turn.steps, n), 'notSeated', /no seat/);
    // And the turn itself still applies: nothing above moved the game.
    actor.send(turnMessage(turn.steps, n));
    await Promise.all(t.everyone.map((c) => viewAt(c, n + turn.steps.length)));
  });
});

describe('a multi-step turn kept', () => {
  it('is restored step by step after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'red7-turn-'));
    const h1 = await testHost({ dataDir });
    const t = await Table.open(h1, actions);
    const random = rng(11);
    const { turn, state, actor } = await t.until(random, (ts) => ts.find((w) => w.steps.length >= 3));
    actor.send(turnMessage(turn.steps, state.moveCount));
    await Promise.all(t.everyone.map((c) => viewAt(c, state.moveCount + turn.steps.length)));
    const views = new Map(t.players.map((c) => [c.token!, c.view!] as [string, SeatView]));
    await Promise.all(t.everyone.map((c) => c.close()));
    await h1.host.close();

    const h2 = await testHost({ dataDir });
    for (const [token, view] of views) {
      const c = await TestClient.greeted(h2.port);
      c.send({ type: 'resume', token });
      expect((await c.next('view')).view).toEqual(view);
      await c.close();
    }
    expect(h2.problems).toEqual([]);
    await h2.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.skipIf(!existsSync('/dev/full'))('keeps none of its steps when the disk refuses them', async () => {
    const h = await testHost();
    const t = await Table.open(h, actions);
    const random = rng(12);
    const { turn, state, actor } = await t.until(random, (ts) => ts.find((w) => w.steps.length >= 2));
    const path = logFile(h, t.id);
    const logBefore = readFileSync(path, 'utf8');
    renameSync(path, `${path}.real`);
    symlinkSync('/dev/full', path);
    actor.drain();
    actor.send(turnMessage(turn.steps, state.moveCount));
    const e = await actor.next('error');
    expect(e).toMatchObject({ code: 'unavailable', to: 'turn' });
    await t.settled();
    expect(actor.view!.moveCount).toBe(state.moveCount);
    unlinkSync(path);
    renameSync(`${path}.real`, path);
    expect(readFileSync(path, 'utf8')).toBe(logBefore);
    // The same turn goes through once the disk has room: the host had undone all of it.
    actor.send(turnMessage(turn.steps, state.moveCount));
    await Promise.all(t.everyone.map((c) => viewAt(c, state.moveCount + turn.steps.length)));
    expect(t.truth().moveCount).toBe(state.moveCount + turn.steps.length);
    await Promise.all(t.everyone.map((c) => c.close()));
    await h.stop();
  });
});
