// HostedTable.playTurn on hand-made positions: a turn applied whole or refused whole (docs/protocol.md,
// "A turn in one message"). The integration tests send the same message to a real host.
import { describe, expect, it } from 'vitest';
import { setupState } from '../../../shared/engine';
import type { GameState, Move, RoundSetup } from '../../../shared/engine';
import { noClock } from '../../../main/host/turn-clock';
import { HostedTable } from '../../../main/host/hosted-table';
import { TableError } from '../../../main/host/errors';
import type { SeatRecord } from '../../../main/host/table-record';

const person = (name: string): SeatRecord => ({
  name,
  tokenHash: name,
  bot: false,
  standIn: false,
  votedOut: false,
  botLevel: null,
  botThink: null,
});

/** A two-seat table (Basic unless told) with the Action rule (Ann at 0, Bo at 1), its game at the position given. */
function tableAt(setup: Partial<RoundSetup> = {}, mode: 'basic' | 'advanced' = 'basic'): HostedTable {
  const state = setupState(
    { players: 2, mode, actionRule: true },
    {
      // Red rule: Ann's Y6 beats Bo's O5, so Ann leads whatever she adds.
      hands: [
        ['R3', 'G2', 'B4', 'I5'],
        ['V2', 'O1'],
      ],
      palettes: [['Y6'], ['O5']],
      deck: ['I1', 'B1'],
      current: 0,
      ...setup,
    },
  );
  return new HostedTable(
    {
      id: 'abcdEFGH',
      name: 'T',
      options: state.options,
      botLevel: 'normal',
      botPace: 'normal',
      botThink: 'normal',
      hints: false,
      clock: noClock(),
      creator: 0,
      seats: [person('Ann'), person('Bo')],
      game: 1,
      state,
      createdAt: 0,
      wins: [0, 0],
    },
    0,
    60_000,
  );
}

/** The refusal `playTurn` throws; the table's state and match are the very objects they were before. */
function refusal(t: HostedTable, seat: number, steps: Move[], moveCount = t.state!.moveCount): TableError {
  const [state, wins] = [t.state, t.wins];
  let thrown: unknown;
  try {
    t.playTurn(seat, steps, moveCount);
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(TableError);
  expect(t.state).toBe(state);
  expect(t.wins).toBe(wins);
  return thrown as TableError;
}

const play = (card: string) => ({ type: 'play', card }) as Move;
const discard = (card: string) => ({ type: 'discard', card }) as Move;
const end: Move = { type: 'end' };

describe('HostedTable.playTurn', () => {
  it('applies every step in order and returns each for the log, at its own move number', () => {
    const t = tableAt();
    const accepted = t.playTurn(0, [play('G2'), discard('B4')], 0);
    expect(accepted).toEqual([
      { game: 1, n: 0, seat: 0, move: play('G2') },
      { game: 1, n: 1, seat: 0, move: discard('B4') },
    ]);
    expect(t.state!.moveCount).toBe(2);
    expect(t.state!.current).toBe(1);
    expect(t.state!.palettes[0]).toEqual(['Y6', 'G2']);
    expect(t.state!.canvas).toEqual(['B4']);
  });

  it('refuses a step after the one that ended the turn', () => {
    const e = refusal(tableAt(), 0, [play('G2'), end, discard('B4')]);
    expect(e.code).toBe('illegalMove');
    expect(e.message).toBe('step 3 of 3: your turn ended with step 2; nothing was applied');
  });

  it('refuses an illegal step anywhere with the engine’s reason and the step’s number', () => {
    const e = refusal(tableAt(), 0, [play('G2'), play('B4'), end]);
    expect(e.code).toBe('illegalMove');
    expect(e.message).toBe('step 2 of 3: You have already played a card this turn; nothing was applied');
    // One step: the engine's reason alone, as a single move always had.
    expect(refusal(tableAt(), 0, [play('V2')]).message).toBe('V2 is not in your hand.');
  });

  it('refuses any step after a 3’s draw of an unknown card, and takes the draw alone', () => {
    const e = refusal(tableAt(), 0, [play('R3'), end]);
    expect(e.message).toBe(
      'step 2 of 2: step 1 drew a card from the deck: send the steps after it once you have seen that card; nothing was applied',
    );
    const t = tableAt();
    t.playTurn(0, [play('R3')], 0);
    expect(t.state!.hands[0]).toContain('I1');
    t.playTurn(0, [discard('I1')], 1);
    expect(t.state!.current).toBe(1);
  });

  it('goes on after a 3’s draw of a public card (a 1 or 7 had put it face up): nothing was hidden', () => {
    const t = tableAt({ knownTop: 1 });
    t.playTurn(0, [play('R3'), discard('I1')], 0);
    expect(t.state!.canvas).toEqual(['I1']);
    expect(t.state!.moveCount).toBe(2);
  });

  it('refuses a turn out of turn or for another move count before looking at its steps', () => {
    const t = tableAt();
    expect(refusal(t, 1, [play('V2'), end])).toMatchObject({
      code: 'notYourTurn',
      message: "it is seat 0's turn",
    });
    expect(refusal(t, 0, [play('G2'), end], 1)).toMatchObject({
      code: 'staleMove',
      message: 'the move was made for move 1, the game is at move 0',
    });
  });

  it('never takes the next round as a turn: the ready vote deals it, once both are ready', () => {
    const t = tableAt({}, 'advanced');
    t.playTurn(0, [{ type: 'pass' }], 0); // Ann passes: Bo alone is left, the round is his
    const s: GameState = t.state!;
    expect(s.phase).toBe('roundOver');
    const e = refusal(t, 1, [{ type: 'nextRound' }, { type: 'nextRound' }]);
    expect(e).toMatchObject({ code: 'illegalMove' });
    expect(e.message).toMatch(
      /^step 1 of 2: the next round is not part of a turn: it starts when everyone is ready/,
    );
    expect(refusal(t, 0, [{ type: 'nextRound' }]).message).toMatch(/dealt once every player is ready/);
    t.voteReady(0, true);
    expect(t.nextRoundAgreed(0)).toBe(false); // Bo has not said so (nor been away a whole grace)
    expect(() => t.dealNextRound(0)).toThrow(/not every player is ready/);
    t.voteReady(1, true);
    expect(t.nextRoundReadyBy()).toEqual([0, 1]);
    expect(t.dealNextRound(0)).toEqual({ game: 1, n: 1, seat: null, move: { type: 'nextRound' } });
    expect(t.nextRoundReadyBy()).toEqual([]);
    expect(t.state!.phase).toBe('turn');
    expect(t.state!.round).toBe(2);
  });

  it('refuses an empty turn (the schema does first) and a turn before the game', () => {
    expect(refusal(tableAt(), 0, []).code).toBe('badMessage');
    const t = tableAt();
    Object.assign(t, { gameState: null });
    expect(() => t.playTurn(0, [end], 0)).toThrow('the game has not started');
  });
});
