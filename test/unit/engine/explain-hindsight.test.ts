// Hindsight on hand-made rounds: why a seat went out (each reason, tie-breaks by value and by colour),
// what would have kept it in, the replayed turn starts (7 and 1 putting cards on the deck, a 3 drawing),
// Advanced rounds after the first, and answers that cannot depend on what the seat does not see.
import { describe, expect, it } from 'vitest';
import {
  completeTurns,
  explainOut,
  keepingTurns,
  newGame,
  outEvents,
  replayRound,
  roundSummary,
  viewFor,
} from '../../../shared/engine';
import type { CardId, GameOptions, GameState, LogEntry, Move, RoundSetup } from '../../../shared/engine';
import { play as applyAll, setup } from './helpers';
import { checkReplay, isTurnStart, turnKeys } from './explain-hindsight-helpers';

/** Applies moves one by one, keeping every state (the turn starts are read from them). */
function game(start: GameState, ...moves: Move[]): GameState[] {
  const states = [start];
  for (const move of moves) states.push(applyAll(states.at(-1)!, move));
  return states;
}
const startsOf = (states: GameState[]) => states.filter(isTurnStart);
const last = (states: GameState[]) => states.at(-1)!;

const play = (card: CardId): Move => ({ type: 'play', card });
const discard = (card: CardId): Move => ({ type: 'discard', card });
type RoundWon = Extract<LogEntry, { kind: 'roundWon' }>;
const end: Move = { type: 'end' };
const pass: Move = { type: 'pass' };

describe('a seat that did not lead at the end of its turn', () => {
  // Blue rule (most colours). Seat 0 plays G2 (3 colours, best R4) and ends; seat 1 has 3 colours too,
  // best V6: same size, the higher card wins. Playing I7 instead would have kept seat 0 in.
  const opts: Partial<GameOptions> = { players: 2 };
  const table: RoundSetup = {
    hands: [
      ['G2', 'I7', 'O1'],
      ['B5', 'Y2'],
    ],
    palettes: [
      ['R4', 'O2'],
      ['V6', 'G3', 'Y1'],
    ],
    canvas: ['B1'],
    current: 0,
  };
  const states = game(setup(opts, table), play('G2'), end);

  it('is out for notLeading, with the comparison that beat it (same size, higher card)', () => {
    const view = viewFor(last(states), 0);
    expect(view.phase).toBe('gameOver');
    const out = explainOut(view)!;
    expect(out).toMatchObject({ seat: 0, reason: 'notLeading', turnOf: 0, turnIndex: 0, turn: 1, rule: 'B' });
    expect(out.lead).toEqual({
      kind: 'higherCard',
      rule: 'B',
      leader: 1,
      runnerUp: 0,
      size: 3,
      leaderBest: 'V6',
      runnerUpBest: 'R4',
      byColor: false,
    });
    expect(out.standing).toMatchObject({ seat: 0, size: 3, best: 'R4' });
    expect(out.leaderStanding).toMatchObject({ seat: 1, size: 3, best: 'V6', out: false });
  });

  it('lists the turns that would have kept it in, from its view at the start of that turn', () => {
    const keepers = explainOut(viewFor(last(states), 0))!.keepers;
    expect(turnKeys(keepers)).toEqual(turnKeys(keepingTurns(viewFor(states[0], 0))));
    expect(turnKeys(keepers)).toContain(turnKeys([[play('I7'), end]])[0]);
  });

  it('is told to nobody else: the winner and a spectator get no out explanation', () => {
    expect(explainOut(viewFor(last(states), 1))).toBeNull();
    expect(explainOut(viewFor(last(states), null))).toBeNull();
    expect(explainOut(viewFor(states[0], 0))).toBeNull();
  });

  it('summarises the round: final palettes, counting cards under the final rule, the winner', () => {
    const summary = roundSummary(viewFor(last(states), null))!;
    expect(summary).toMatchObject({ round: 1, rule: 'B', over: true, scores: [0, 0] });
    expect(summary.rows.map((r) => [r.palette, r.counting, r.winner, r.out?.reason ?? null])).toEqual([
      [['R4', 'O2', 'G2'], ['R4', 'O2', 'G2'], false, 'notLeading'],
      [['V6', 'G3', 'Y1'], ['V6', 'G3', 'Y1'], true, null],
    ]);
  });
});

describe('a knock-out decided by the colour ranking, explained from later views', () => {
  // Red rule (highest card), three players. Seat 0 plays V2 and ends with B4 against seat 1's R4:
  // same value, Red beats Blue. The round goes on; seat 0's explanation does not change.
  const opts: Partial<GameOptions> = { players: 3 };
  const table: RoundSetup = {
    hands: [
      ['V2', 'I1', 'O5'],
      ['Y3', 'G6'],
      ['O3', 'B7'],
    ],
    palettes: [['B4'], ['R4'], ['G3']],
    current: 0,
  };
  const states = game(setup(opts, table), play('V2'), end, play('G6'), end, play('B7'), end);

  it('says the same colour-ranking comparison at the moment and after more moves', () => {
    const atOnce = explainOut(viewFor(states[2], 0))!;
    expect(atOnce.lead).toEqual({
      kind: 'higherCard',
      rule: 'R',
      leader: 1,
      runnerUp: 0,
      size: 1,
      leaderBest: 'R4',
      runnerUpBest: 'B4',
      byColor: true,
    });
    expect(explainOut(viewFor(last(states), 0))).toEqual(atOnce);
    // After a reload: the view as it came over the wire.
    expect(explainOut(JSON.parse(JSON.stringify(viewFor(last(states), 0))))).toEqual(atOnce);
    expect(turnKeys(atOnce.keepers)).toEqual(turnKeys(keepingTurns(viewFor(states[0], 0))));
    expect(turnKeys(atOnce.keepers)).toContain(turnKeys([[play('O5'), end]])[0]);
  });

  it('lists everyone out, in order, from any seat', () => {
    const events = outEvents(viewFor(last(states), 2));
    expect(events.map((e) => [e.seat, e.reason, e.turnOf, e.turnIndex])).toEqual([[0, 'notLeading', 0, 0]]);
    expect(outEvents(viewFor(last(states), null))).toEqual(events);
  });
});

describe('other reasons, worded truthfully', () => {
  it('pass: the seat chose to, and the turns that were open are still listed', () => {
    const opts: Partial<GameOptions> = { players: 3 };
    const table: RoundSetup = {
      hands: [['R5', 'V1'], ['Y3'], ['O2']],
      palettes: [['B4'], ['R4'], ['G3']],
      current: 0,
    };
    const states = game(setup(opts, table), pass, play('Y3'), end);
    const out = explainOut(viewFor(last(states), 0))!;
    expect(out).toMatchObject({ seat: 0, reason: 'pass', turnOf: 0 });
    expect(turnKeys(out.keepers)).toEqual(turnKeys(keepingTurns(viewFor(states[0], 0))));
    expect(out.keepers.length).toBeGreaterThan(0);
  });

  it('emptyHand: out at the start of its turn, after the previous seat ended; nothing could keep it in', () => {
    const opts: Partial<GameOptions> = { players: 3 };
    const table: RoundSetup = {
      hands: [['R5', 'V1'], [], ['O6', 'B2']],
      palettes: [['B4'], ['R4'], ['G3']],
      current: 0,
    };
    const states = game(setup(opts, table), play('R5'), end, play('O6'), end);
    const view = viewFor(last(states), 1);
    const out = explainOut(view)!;
    // No turn of its own: it is told in the turn it followed, under that turn's number.
    expect(out).toMatchObject({
      seat: 1,
      reason: 'emptyHand',
      turnOf: 0,
      turnIndex: 0,
      turn: 1,
      keepers: [],
    });
    expect(out.lead).toMatchObject({ kind: 'higherCard', leader: 0, runnerUp: 1, byColor: false });
    // Seat 1 never had a turn: the turns are seat 0's, then seat 2's, then seat 0's again.
    expect(replayRound(view).map((s) => s.seat)).toEqual([0, 2, 0]);
  });
});

describe('replayed turn starts', () => {
  it('follow a 7 and a 1 putting cards face up on the deck, and a 3 drawing the known top', () => {
    const opts: Partial<GameOptions> = { players: 3, actionRule: true, rulesVersion: '1.2' };
    const table: RoundSetup = {
      hands: [
        ['Y7', 'V4', 'I2'],
        ['O3', 'B3', 'V1'],
        ['G1', 'R6', 'V3'],
      ],
      palettes: [['B5', 'G2'], ['O5'], ['Y4']],
      deck: ['R2', 'I5'],
      current: 0,
    };
    const states = game(
      setup(opts, table),
      play('Y7'),
      { type: 'seven', card: 'G2', to: 'deck' },
      end,
      play('O3'), // the 3 draws G2, which everyone saw go on the deck
      end, // seat 1 is out: O5 is lower than Y7
      play('G1'),
      { type: 'one', seat: 0, card: 'Y7' },
      discard('V3'), // Violet: seat 2 counts G1, seat 0 nothing under 4
      play('I2'),
      end,
    );
    const drawn = last(states).log.find((e) => e.kind === 'draw')!;
    expect(drawn).toMatchObject({ seat: 1, card: 'G2', known: true, cause: 'three' });
    const starts = startsOf(states);
    expect(starts.map((s) => s.current)).toEqual([0, 1, 2, 0, 2]);
    states.forEach((later, i) => {
      const before = startsOf(states.slice(0, i + 1));
      expect(checkReplay(later, before, `after move ${i}`)).toBe(4 * before.length);
    });
    // The known deck top at seat 2's turn start: Y7 was not there yet; at seat 0's, it was.
    const steps = replayRound(viewFor(last(states), 0));
    expect(steps[2].view.deckKnownTop).toEqual([]);
    expect(steps[3].view.deckKnownTop).toEqual(['Y7']);
    expect(steps[1].view.deckKnownTop).toEqual(['G2']);
  });

  it('start from a hand-made position: a canvas, a seat already out, a public card on the deck', () => {
    const opts: Partial<GameOptions> = { players: 4, mode: 'advanced', actionRule: true };
    const table: RoundSetup = {
      hands: [['R3', 'G6', 'B2'], ['Y1'], ['O6', 'I4'], ['V6', 'B4', 'Y2']],
      palettes: [['B5'], ['R7'], ['G4'], ['I5']],
      canvas: ['G3', 'O2'],
      deck: ['Y5', 'R1'],
      knownTop: 1,
      out: [false, true, false, false],
      current: 0,
    };
    // Orange (most of one number). Seat 0 plays R3, draws the public Y5 with the 3 and discards it (Yellow:
    // B5 beats G4 and I5): an Advanced discard above its palette's size, so a draw is offered. Seat 3 goes out.
    const states = game(
      setup(opts, table),
      play('R3'),
      discard('Y5'),
      { type: 'draw' },
      play('O6'),
      end,
      play('V6'),
      end,
    );
    expect(states[1].log.at(-1)).toMatchObject({ kind: 'draw', card: 'Y5', known: true, cause: 'three' });
    states.forEach((later, i) => {
      const before = startsOf(states.slice(0, i + 1));
      expect(checkReplay(later, before, `after move ${i}`)).toBe(5 * before.length);
    });
    expect(startsOf(states).map((s) => s.current)).toEqual([0, 2, 3, 0]);
    expect(outEvents(viewFor(last(states), 0)).map((e) => [e.seat, e.reason, e.rule])).toEqual([
      [3, 'notLeading', 'Y'],
    ]);
  });

  it('in an Advanced game start at the round’s own deal, and the summary puts the scored cards back', () => {
    const options: GameOptions = { players: 3, mode: 'advanced', actionRule: false };
    let s = newGame(options, 7);
    const states: GameState[] = [s];
    let roundsOver = 0;
    // Each seat plays its first complete turn that keeps it in, or passes: a reproducible game.
    while (!(s.round === 2 && states.filter((x) => x.round === 2 && isTurnStart(x)).length >= 4)) {
      expect(s.phase).not.toBe('gameOver');
      if (s.phase === 'roundOver') {
        roundsOver += 1;
        const view = viewFor(s, null);
        const won = s.log.findLast((e): e is RoundWon => e.kind === 'roundWon')!;
        expect(won.scored.length).toBeGreaterThan(0);
        const summary = roundSummary(view)!;
        const row = summary.rows[won.seat];
        expect([...row.palette].sort()).toEqual([...view.palettes[won.seat], ...won.scored].sort());
        expect(row).toMatchObject({ winner: true, points: won.points });
        expect(row.counting).toEqual(won.scored);
        expect(summary.scores).toEqual(s.scores);
        // Replayed from the roundOver view: every turn start of round 1, the scored cards back in the palette.
        const round1 = states.filter((x) => x.round === 1 && isTurnStart(x));
        expect(checkReplay(s, round1, 'advanced round 1')).toBe(4 * round1.length);
      }
      const moves: Move[] =
        s.phase === 'roundOver' ? [{ type: 'nextRound' }] : (completeTurns(s)[0] ?? [pass]);
      for (const move of moves) {
        s = applyAll(s, move);
        states.push(s);
      }
    }
    expect(roundsOver).toBe(1);
    const round2 = states.filter((x) => x.round === 2 && isTurnStart(x));
    expect(checkReplay(s, round2, 'advanced round 2')).toBe(4 * round2.length);
    const steps = replayRound(viewFor(s, 0));
    // The round's first turn opens right after its deal, with its own `turn` entry.
    const deal = s.log.findLastIndex((e) => e.kind === 'deal');
    expect(s.log[deal + 1]).toMatchObject({ kind: 'turn', turn: 1, seat: steps[0].seat });
    expect(steps[0].logIndex).toBe(deal + 2);
    expect(steps[0].view.scored).toEqual(s.scored);
  });
});

describe('answers that cannot depend on hidden cards', () => {
  // The same public round twice; seat 1's hand and the unknown deck differ, and seat 1 draws with a 3.
  const opts: Partial<GameOptions> = { players: 3, actionRule: true };
  const table = (inHand: CardId, onDeck: CardId): RoundSetup => ({
    hands: [
      ['R2', 'I4', 'B1'],
      ['O3', inHand, 'I2'],
      ['Y6', 'V2'],
    ],
    palettes: [['B6'], ['O4'], ['G4']],
    deck: [onDeck, 'R1'],
    current: 0,
  });
  const moves: Move[] = [play('I4'), end, play('O3'), end, play('Y6'), end, play('R2')];
  const a = game(setup(opts, table('V7', 'I6')), ...moves);
  const b = game(setup(opts, table('I7', 'V6')), ...moves);

  it('gives identical answers to seat 0 and to a spectator', () => {
    expect(viewFor(last(a), 1).hand).not.toEqual(viewFor(last(b), 1).hand);
    for (const seat of [0, 2, null]) {
      const [va, vb] = [viewFor(last(a), seat), viewFor(last(b), seat)];
      expect(va).toEqual(vb);
      expect(replayRound(va)).toEqual(replayRound(vb));
      expect(outEvents(va)).toEqual(outEvents(vb));
      expect(roundSummary(va)).toEqual(roundSummary(vb));
    }
    // Seat 1 went out after drawing a card nobody else saw.
    expect(outEvents(viewFor(last(a), 0)).map((e) => [e.seat, e.reason])).toEqual([[1, 'notLeading']]);
    // Seat 1 itself saw it: at the start of its turn the drawn card was not yet in its hand.
    const own = replayRound(viewFor(last(a), 1));
    expect(own.map((step) => [step.seat, [...step.view.hand].sort()])).toEqual([
      [0, ['I2', 'O3', 'V7']],
      [1, ['I2', 'O3', 'V7']],
      [2, ['I2', 'I6', 'V7']],
      [0, ['I2', 'I6', 'V7']],
    ]);
  });
});

describe('no round', () => {
  it('a log without a deal gives empty answers', () => {
    const view = {
      ...viewFor(setup({}, { hands: [['R1'], ['R2']], palettes: [['O1'], ['O2']] }), 0),
      log: [],
    };
    expect(replayRound(view)).toEqual([]);
    expect(outEvents(view)).toEqual([]);
    expect(roundSummary(view)).toBeNull();
    expect(explainOut({ ...view, out: [true, false] })).toBeNull();
  });
});
