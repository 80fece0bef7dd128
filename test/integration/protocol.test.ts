import { describe, expect, it } from 'vitest';
import { ALL_CARDS } from '../../shared/engine';
import { parseClientMessage, parseServerMessage } from '../../shared/protocol';
import { hostileText, UNSAFE_CHARS } from './helpers/fuzz';
import { pick, rng } from '../helpers/random';

const ok = (raw: unknown) => parseClientMessage(typeof raw === 'string' ? raw : JSON.stringify(raw));

describe('parseClientMessage', () => {
  it("accepts every move shape and every card as a turn's step, and returns typed messages", () => {
    for (const card of ALL_CARDS)
      expect(ok({ type: 'turn', steps: [{ type: 'play', card }], moveCount: 0 }).ok).toBe(true);
    const moves = [{ type: 'draw' }, { type: 'noDraw' }, { type: 'end' }, { type: 'pass' }, { type: 'nextRound' },
      { type: 'seven', card: 'R7', to: 'deck' }, { type: 'one', seat: 3, card: 'V1' }, { type: 'discard', card: 'G4' }]; // prettier-ignore
    for (const move of moves)
      expect(ok({ type: 'turn', steps: [move], moveCount: 5 })).toEqual({
        ok: true,
        msg: { type: 'turn', steps: [move], moveCount: 5 },
      });
    // The shape is the schema's; whether the steps make a turn is the host's to judge.
    expect(ok({ type: 'turn', steps: moves, moveCount: 5 })).toEqual({
      ok: true,
      msg: { type: 'turn', steps: moves, moveCount: 5 },
    });
  });

  it('trims names and drops unknown fields', () => {
    const r = ok({ type: 'join', tableId: 'abcd1234', name: '  Ann  ', admin: true, __proto__: { x: 1 } });
    expect(r).toEqual({ ok: true, msg: { type: 'join', tableId: 'abcd1234', name: 'Ann' } });
  });

  it('says what is wrong, with the path of the field', () => {
    expect(ok('{')).toEqual({ ok: false, reason: 'not valid JSON' });
    expect(ok([])).toEqual({ ok: false, reason: 'a message must be a JSON object' });
    expect(ok({})).toEqual({ ok: false, reason: 'type: missing or not a string' });
    expect(ok({ type: 'sudo' })).toEqual({ ok: false, reason: 'unknown message type "sudo"' });
    // The next round is asked for as a move only (protocol 2).
    expect(ok({ type: 'nextRound', moveCount: 3 })).toEqual({
      ok: false,
      reason: 'unknown message type "nextRound"',
    });
    expect(ok({ type: 'a\u0000b\tc\u202ed\u200be\u2066f\u2069g\ufeffh\u0085' })).toEqual({
      ok: false,
      reason: 'unknown message type "a?b?c?d?e?f?g?h?"',
    });
    expect(ok({ type: 'x'.repeat(100) })).toEqual({
      ok: false,
      reason: `unknown message type "${'x'.repeat(31)}…"`,
    });
    expect(
      ok({ type: 'turn', steps: [{ type: 'end' }, { type: 'play', card: 'R8' }], moveCount: 1 }),
    ).toMatchObject({
      ok: false,
      type: 'turn',
      reason: 'steps.1.card: must be a card id such as "R7"',
    });
    expect(ok({ type: 'turn', steps: [{ type: 'pass' }], moveCount: -1 })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^moveCount:/),
    });
    const create = {
      type: 'createTable',
      name: 'T',
      player: 'P',
      options: { players: 3, mode: 'basic', actionRule: false },
    };
    expect(ok({ ...create, options: { ...create.options, players: 5 } })).toMatchObject({
      ok: false,
      reason: 'options.players: must be 2, 3 or 4',
    });
    expect(ok({ ...create, seat: 3 })).toMatchObject({
      ok: false,
      reason: 'seat: no such seat at this table',
    });
    expect(ok({ ...create, bots: [0] })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/differ from your own seat/),
    });
    expect(ok({ ...create, bots: [1, 1] })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/listed twice/),
    });
    expect(ok({ ...create, bots: [1, 2] })).toMatchObject({ ok: true });
  });

  it('takes a bot level of easy, normal or hard, or none, and refuses anything else', () => {
    const create = (botLevel?: unknown) =>
      ok({
        type: 'createTable',
        name: 'T',
        player: 'P',
        options: { players: 2, mode: 'basic', actionRule: false, botLevel },
        bots: [1],
      });
    for (const level of ['easy', 'normal', 'hard']) {
      const r = create(level);
      expect(r.ok && r.msg.type === 'createTable' && r.msg.options.botLevel).toBe(level);
    }
    const none = create();
    expect(none.ok && none.msg.type === 'createTable' && 'botLevel' in none.msg.options).toBe(false);
    for (const bad of ['Easy', 'expert', '', 1, null, true]) {
      expect(create(bad)).toMatchObject({
        ok: false,
        type: 'createTable',
        reason: 'options.botLevel: must be "easy", "normal" or "hard"',
      });
    }
  });

  it("takes hard bots' think time of quick, normal or long, or none, and refuses anything else", () => {
    const create = (botThink?: unknown) =>
      ok({
        type: 'createTable',
        name: 'T',
        player: 'P',
        options: { players: 2, mode: 'basic', actionRule: false, botLevel: 'hard', botThink },
        bots: [1],
      });
    for (const think of ['quick', 'normal', 'long']) {
      const r = create(think);
      expect(r.ok && r.msg.type === 'createTable' && r.msg.options.botThink).toBe(think);
    }
    const none = create();
    expect(none.ok && none.msg.type === 'createTable' && 'botThink' in none.msg.options).toBe(false);
    for (const bad of ['forever', 'Quick', '', 42, 0.25, null, true, ['quick'], { think: 'long' }]) {
      expect(create(bad)).toMatchObject({
        ok: false,
        type: 'createTable',
        reason: 'options.botThink: must be "quick", "normal" or "long"',
      });
    }
  });
  it('keeps reasons short and printable: a wrong value is not echoed back whole', () => {
    for (const msg of [
      { type: 'hello', protocol: 'x'.repeat(3000) },
      { type: 'turn', steps: [{ type: `play${'y'.repeat(3000)}` }], moveCount: 0 },
      { type: 'createTable', name: 'T', player: 'P', options: { players: 2, mode: '\u001b[2J\u0007' } },
    ]) {
      const r = ok(msg);
      expect(r).toMatchObject({ ok: false, type: msg.type });
      if (r.ok) continue;
      expect(r.reason.length).toBeLessThanOrEqual(160);
      expect(r.reason).not.toMatch(/[\p{Cc}\p{Cf}]/u);
      expect(r.reason).toMatch(/^(protocol|steps\.0\.type|options\.mode): /);
    }
  });
});

describe('every reason', () => {
  it('quotes what was received without control or format characters, and briefly', () => {
    const random = rng(31);
    const fields = ['type', 'name', 'player', 'tableId', 'token', 'card', 'seat', 'to', 'mode'];
    for (let i = 0; i < 3000; i++) {
      // A hostile key or value somewhere in a message that is otherwise valid or nearly so.
      const msg: Record<string, unknown> = {
        type: random() < 0.3 ? hostileText(random) : 'createTable',
        name: 'T',
        player: 'P',
        options: { players: 2, mode: 'basic', actionRule: false },
      };
      const field = pick(random, fields);
      const target = random() < 0.5 ? msg : (msg.options as Record<string, unknown>);
      if (random() < 0.3) target[hostileText(random)] = 1;
      else target[field] = hostileText(random);
      for (const r of [ok(msg), parseServerMessage(JSON.stringify({ type: hostileText(random) }))]) {
        if (r.ok) continue;
        for (const c of UNSAFE_CHARS) expect(r.reason).not.toContain(c);
        expect(Array.from(r.reason).length).toBeLessThanOrEqual(160);
      }
    }
  });
});

describe('parseServerMessage', () => {
  it('reads known envelopes and refuses the rest', () => {
    expect(parseServerMessage('{"type":"pong","id":3}')).toEqual({ ok: true, msg: { type: 'pong', id: 3 } });
    expect(parseServerMessage('{"type":"surprise"}').ok).toBe(false);
    expect(parseServerMessage('nope').ok).toBe(false);
  });
});
