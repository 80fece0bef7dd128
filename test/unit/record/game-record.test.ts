import { describe, expect, it } from 'vitest';
import { newGame } from '../../../shared/engine';
import {
  GAME_RECORD_FORMAT,
  parseGameRecordText,
  recordFromGame,
  replayRecord,
  summaryOf,
} from '../../../shared/record';
import type { GameRecord } from '../../../shared/record';
import { FACTS, VARIANTS, randomRecord } from './games';

const clone = (r: GameRecord): GameRecord => structuredClone(r);
const refused = (input: unknown): string => {
  const r = replayRecord(input);
  if (r.ok) throw new Error('the record was accepted');
  return r.reason;
};

describe('a game record', () => {
  it('says what it is and who played, and keeps no seed', () => {
    const { record } = randomRecord(VARIANTS[5], 99);
    expect(record.format).toBe(GAME_RECORD_FORMAT);
    expect(record.version).toBe(1);
    expect(record.startedAt).toBe('2026-12-01T20:00:00.000Z');
    expect(record.seats[1]).toEqual({ name: 'Bot 2', bot: 'hard' });
    expect(JSON.stringify(record)).not.toMatch(/seed|rng/);
    // The deal is written top of the deck first: the first round's deck[0] is the first card a draw takes.
    const first = newGame(VARIANTS[5], 99);
    expect(record.rounds[0].deal.deck[0]).toBe(first.deck[first.deck.length - 1]);
    expect(summaryOf(record)).toMatchObject({
      id: FACTS.id,
      table: 'Friday table',
      rounds: record.rounds.length,
    });
  });

  it('is not made of a game in play', () => {
    expect(() => recordFromGame(newGame(VARIANTS[0], 1), FACTS)).toThrow(/not over/);
  });
});

describe('an impossible record is refused with its reason', () => {
  const { record } = randomRecord(VARIANTS[5], 5);

  it('a move that is not legal', () => {
    const r = clone(record);
    const i = r.rounds[0].moves.findIndex((m) => m.move.type === 'play');
    const m = r.rounds[0].moves[i];
    // A card the player does not hold (one still in the deck).
    r.rounds[0].moves[i] = { seat: m.seat, move: { type: 'play', card: r.rounds[0].deal.deck[0] } };
    expect(refused(r)).toMatch(
      new RegExp(`^rounds\\.0\\.moves\\.${i} \\(seat \\d play card=\\w\\d\\): .*not in (your|the) hand`),
    );
  });

  it('a move by a seat whose turn it was not', () => {
    const r = clone(record);
    const m = r.rounds[0].moves[0];
    r.rounds[0].moves[0] = { ...m, seat: (m.seat + 1) % 4 };
    expect(refused(r)).toMatch(/^rounds\.0\.moves\.0 .*: it was seat \d's turn$/);
  });

  it('cards not conserved: one dealt twice, or missing', () => {
    const twice = clone(record);
    twice.rounds[0].deal.deck[0] = twice.rounds[0].deal.hands[0][0];
    expect(refused(twice)).toMatch(/^rounds\.0\.deal: a card is dealt twice$/);
    const missing = clone(record);
    missing.rounds[0].deal.deck.pop();
    expect(refused(missing)).toMatch(/^rounds\.0\.deal: the deal lacks \w\d, still in play$/);
    const short = clone(record);
    short.rounds[0].deal.deck.push(short.rounds[0].deal.hands[1].pop()!);
    expect(refused(short)).toMatch(/each hand is dealt 7 cards/);
  });

  it('a result that is not the game', () => {
    const r = clone(record);
    r.result.scores[0] += 1;
    expect(refused(r)).toMatch(/^result: the game ends with winners/);
    const w = clone(record);
    w.result.winners = [(record.result.winners[0] + 1) % 4];
    expect(refused(w)).toMatch(/^result:/);
  });

  it('a game cut short, or a round that runs on', () => {
    const cut = clone(record);
    cut.rounds[cut.rounds.length - 1].moves.pop();
    expect(refused(cut)).toMatch(/after its last move the round is still in play/);
    if (record.rounds.length > 1) {
      const dropped = clone(record);
      dropped.rounds.pop();
      expect(refused(dropped)).toMatch(/the record ends the game there/);
    }
    const extra = clone(record);
    extra.rounds[extra.rounds.length - 1].moves.push({ seat: 0, move: { type: 'end' } });
    expect(refused(extra)).toMatch(/it was nobody's turn/);
  });

  it('malformed fields, each named', () => {
    expect(refused(null)).toMatch(/^not a game record/);
    expect(refused([])).toMatch(/^not a game record \(no "format": "red7-lan\/game-record"/);
    expect(refused({ name: 'a shopping list' })).toMatch(/^not a game record/);
    expect(refused({ ...record, format: 'other' })).toMatch(/^format: is not "red7-lan\/game-record"$/);
    expect(refused({ ...record, version: 2 })).toMatch(/^version: is not 1/);
    expect(refused({ ...record, seats: record.seats.slice(0, 3) })).toMatch(/^seats: their number differs/);
    expect(refused({ ...record, seed: 1 })).toMatch(/seed/);
    expect(refused({ ...record, finishedAt: 'yesterday' })).toMatch(/^finishedAt: is not an ISO 8601 time$/);
    const badCard = clone(record);
    (badCard.rounds[0].deal.hands[0] as string[])[0] = 'X9';
    expect(refused(badCard)).toMatch(/^rounds\.0\.deal\.hands\.0\.0: is not a card$/);
    // A move is read by the wire's own schema, but a record refuses what it does not know.
    const extraField = clone(record);
    extraField.rounds[0].moves[0] = {
      ...extraField.rounds[0].moves[0],
      move: { type: 'pass', why: 1 } as never,
    };
    expect(refused(extraField)).toMatch(/^rounds\.0\.moves\.0\.move: unknown field "why"$/);
    const nextRound = clone(record);
    nextRound.rounds[0].moves[0] = { seat: 0, move: { type: 'nextRound' } as never };
    expect(refused(nextRound)).toMatch(/^rounds\.0\.moves\.0\.move: a round opens with its deal/);
    expect(parseGameRecordText('{"format":')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^not JSON/),
    });
  });
});
