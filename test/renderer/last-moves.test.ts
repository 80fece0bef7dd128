import { describe, expect, it } from 'vitest';
import type { CardId, LogEntry, Move } from '../../shared/engine/types';
import { lastMoves } from '../../renderer/src/table-models/lastMoves';
import { roundAfter } from './mount';

const deal = (first = 0, round = 1): LogEntry => ({
  kind: 'deal',
  round,
  palettes: [['R1'], ['O2'], ['Y3']],
  first,
});

/** The `turn` entry that opens a turn (its moveCount does not matter to the marks). */
const turn = (seat: number, n: number): LogEntry => ({ kind: 'turn', seat, turn: n, moveCount: n - 1 });

function view(log: LogEntry[], palettes: CardId[][], canvas: CardId[] = [], deckKnownTop: CardId[] = []) {
  return { log, palettes, canvas, deckKnownTop };
}

describe('lastMoves: each seat keeps the marks of its latest turn', () => {
  it('marks the cards a seat played until that seat moves again, and the discard that set the rule', () => {
    const log: LogEntry[] = [
      deal(),
      turn(0, 1),
      { kind: 'play', seat: 0, card: 'G4' },
      { kind: 'discard', seat: 0, card: 'B2' },
      turn(1, 2),
      { kind: 'play', seat: 1, card: 'V6' },
      turn(2, 3),
      { kind: 'play', seat: 2, card: 'I5' },
      turn(0, 4),
    ];
    const m = lastMoves(
      view(
        log,
        [
          ['R1', 'G4'],
          ['O2', 'V6'],
          ['Y3', 'I5'],
        ],
        ['B2'],
      ),
    );
    expect(m.palette).toEqual([['G4'], ['V6'], ['I5']]);
    expect(m.canvas).toEqual({ seat: 0, card: 'B2', how: 'discard' });
    // Seat 0's new turn has begun, but until it does something its last turn's marks stay.
    expect(m.bySeat[0]).toMatchObject({ played: ['G4'], discarded: 'B2', out: false });

    // Seat 0 moves again: its old marks go, the others stay; a new discard takes the canvas mark.
    log.push({ kind: 'discard', seat: 0, card: 'O7' });
    const after = lastMoves(
      view(
        log,
        [
          ['R1', 'G4'],
          ['O2', 'V6'],
          ['Y3', 'I5'],
        ],
        ['B2', 'O7'],
      ),
    );
    expect(after.palette).toEqual([[], ['V6'], ['I5']]);
    expect(after.canvas).toEqual({ seat: 0, card: 'O7', how: 'discard' });
  });

  it('keeps the canvas unmarked when the seat that set the rule has moved since', () => {
    const log: LogEntry[] = [
      deal(),
      turn(0, 1),
      { kind: 'discard', seat: 0, card: 'B2' },
      turn(1, 2),
      { kind: 'play', seat: 1, card: 'V6' },
      turn(0, 3),
      { kind: 'play', seat: 0, card: 'G4' },
    ];
    expect(
      lastMoves(
        view(
          log,
          [
            ['R1', 'G4'],
            ['O2', 'V6'],
          ],
          ['B2'],
        ),
      ).canvas,
    ).toBeNull();
  });

  it("follows a 7 to the canvas or the deck, a 1's card onto the deck, draws and a seat going out", () => {
    const log: LogEntry[] = [
      deal(),
      turn(0, 1),
      { kind: 'play', seat: 0, card: 'R7' },
      { kind: 'seven', seat: 0, card: 'G4', to: 'canvas' },
      turn(1, 2),
      { kind: 'play', seat: 1, card: 'Y1' },
      { kind: 'one', seat: 1, target: 0, card: 'R7' },
      turn(2, 3),
      { kind: 'play', seat: 2, card: 'B3' },
      { kind: 'draw', seat: 2, card: null, cause: 'three', known: false },
      { kind: 'out', seat: 2, reason: 'notLeading' },
    ];
    const m = lastMoves(view(log, [['R1'], ['O2', 'Y1'], ['Y3', 'B3']], ['G4'], ['R7']));
    expect(m.canvas).toEqual({ seat: 0, card: 'G4', how: 'seven' });
    // The 7 left seat 0's palette (taken by the 1): only cards still there are marked.
    expect(m.palette).toEqual([[], ['Y1'], ['B3']]);
    expect(m.deck).toEqual([{ seat: 1, card: 'R7' }]);
    expect(m.bySeat[1]?.took).toEqual({ from: 0, card: 'R7' });
    expect(m.bySeat[2]).toMatchObject({ drew: 1, out: true });

    const sevenToDeck: LogEntry[] = [
      deal(),
      turn(0, 1),
      { kind: 'play', seat: 0, card: 'R7' },
      { kind: 'seven', seat: 0, card: 'R1', to: 'deck' },
    ];
    expect(lastMoves(view(sevenToDeck, [['R7'], ['O2'], ['Y3']], [], ['R1'])).deck).toEqual([
      { seat: 0, card: 'R1' },
    ]);
  });

  it('starts afresh with each deal, and ignores the round result entries', () => {
    const log: LogEntry[] = [
      deal(),
      turn(0, 1),
      { kind: 'play', seat: 0, card: 'G4' },
      turn(1, 2),
      { kind: 'out', seat: 1, reason: 'pass' },
      { kind: 'roundWon', seat: 0, round: 1, rule: 'R', scored: ['G4'], points: 4 },
    ];
    const m = lastMoves(view(log, [['R1', 'G4'], ['O2']]));
    expect(m.palette).toEqual([['G4'], []]);
    expect(m.bySeat[1]).toMatchObject({ out: true, played: [] });
    const next = lastMoves(view([...log, deal(1, 2), turn(1, 1)], [['G4'], ['O2']]));
    expect(next.bySeat).toEqual([null, null]);
    expect(next.palette).toEqual([[], []]);
  });

  it('tells a seat that had no card left at the start of its turn as out, in the turn before', () => {
    const log: LogEntry[] = [
      deal(),
      turn(0, 1),
      { kind: 'play', seat: 0, card: 'G4' },
      { kind: 'out', seat: 1, reason: 'emptyHand' },
      turn(2, 2),
    ];
    const m = lastMoves(view(log, [['R1', 'G4'], ['O2'], ['Y3']]));
    expect(m.bySeat[0]).toMatchObject({ played: ['G4'], out: false });
    expect(m.bySeat[1]).toMatchObject({ out: true, played: [], drew: 0 });
    expect(m.bySeat[2]).toBeNull();
  });

  it("reads a real game's log the same way, from any seat's view", () => {
    const moves: Move[] = [
      { type: 'play', card: 'G4' },
      { type: 'discard', card: 'B2' },
      { type: 'play', card: 'V6' },
      { type: 'end' },
    ];
    for (const seat of [0, 1, null]) {
      const m = lastMoves(roundAfter(moves, seat));
      expect(m.palette[0]).toEqual(['G4']);
      expect(m.palette[1]).toEqual(['V6']);
      expect(m.canvas).toEqual({ seat: 0, card: 'B2', how: 'discard' });
    }
  });
});
