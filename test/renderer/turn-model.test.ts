// The turn model is plain TypeScript over a SeatView: no DOM here (this file runs in Node).
import { describe, expect, it, vi } from 'vitest';
import { shallowRef } from 'vue';
import * as engine from '../../shared/engine';
import { applyMove, legalMoves, setupState, viewFor } from '../../shared/engine';
import type { GameOptions, GameState, Move, SeatView } from '../../shared/engine/types';
import type { Suggestion } from '../../renderer/src/coach/handler';
import { createTurn } from '../../renderer/src/game/turn';

// The engine as it is, with its costly questions counted.
vi.mock('../../shared/engine', async (original) => {
  const real = await original<typeof import('../../shared/engine')>();
  return { ...real, oneChoices: vi.fn(real.oneChoices), explainOut: vi.fn(real.explainOut) };
});

const basic: GameOptions = { players: 2, mode: 'basic', actionRule: false };
const action: GameOptions = { players: 2, mode: 'advanced', actionRule: true };

/** A turn over a view that can be replaced, as the table store replaces it; the moves it hands on. */
function turnAt(first: SeatView, o: { busy?: boolean } = {}) {
  const view = shallowRef(first);
  const sent: Move[] = [];
  const busy = shallowRef(o.busy ?? false);
  const suggestion = shallowRef<(Suggestion & { moveCount: number }) | null>(null);
  const turn = createTurn(() => view.value, {
    send: (m) => sent.push(m),
    busy: () => busy.value,
    suggestion: () => suggestion.value,
  });
  return { turn, view, sent, busy, suggestion };
}

const start = (): GameState =>
  setupState(basic, { hands: [['G6', 'V2', 'B4'], ['I7']], palettes: [['O3'], ['Y5']], current: 0 });

describe('the turn model', () => {
  it('works out the start of a turn: marks, blocked cards, previews of the selected card', () => {
    const { turn } = turnAt(viewFor(start(), 0));
    expect(turn.mine).toBe(true);
    expect(turn.pending).toBeNull();
    expect(turn.keepMarks).toEqual({ G6: ['play'], V2: ['discard'], B4: ['playDiscard'] });
    expect(turn.blocked).toEqual({});
    expect(turn.selected).toBeNull();
    expect(turn.canPlay).toBe(false);
    expect(turn.playPreview).toBeNull();

    turn.toggle('G6');
    expect(turn.selected).toBe('G6');
    expect(turn.canPlay).toBe(true);
    expect(turn.playPreview).toMatchObject({ legal: true, leads: true });
    expect(turn.discardPreview).toMatchObject({ leads: false, rule: 'G' });
    turn.toggle('G6');
    expect(turn.selected).toBeNull(); // a second click clears
    turn.select('G6');
    turn.select('G6');
    expect(turn.selected).toBe('G6'); // a number key selects and keeps selecting
  });

  it('hands every step on through one door, refused while busy or when the host does not allow it', () => {
    const { turn, sent, busy } = turnAt(viewFor(start(), 0), { busy: true });
    turn.select('G6');
    turn.play();
    expect(sent).toEqual([]);
    busy.value = false;
    turn.discard(); // Green as the rule would not make Ada lead: the host does not allow it
    turn.take({ type: 'one', seat: 1, card: 'Y5' }); // no 1 was played
    turn.play();
    expect(sent).toEqual([{ type: 'play', card: 'G6' }]);
  });

  it('does nothing for a seat whose turn it is not, and says why a card cannot be used', () => {
    const theirs = turnAt(viewFor(start(), 1));
    expect(theirs.turn.mine).toBe(false);
    expect(theirs.turn.advice).toBeNull();
    expect(theirs.turn.blocked).toEqual({});
    theirs.turn.select('I7');
    theirs.turn.play();
    expect(theirs.sent).toEqual([]);
    expect(theirs.turn.playWhy).toMatchObject({ code: expect.any(String) });

    const stuck = setupState(basic, { hands: [['O4'], ['I7']], palettes: [['G5'], ['R7']], current: 0 });
    const { turn } = turnAt(viewFor(stuck, 0));
    expect(turn.hopeless).toBe(true);
    expect(Object.keys(turn.blocked)).toEqual([]); // O4 may be played or discarded, it just does not keep you in
    expect(turn.canPass).toBe(true);
  });

  it('forgets a selected card once it has left the hand', () => {
    const { turn, view } = turnAt(viewFor(start(), 0));
    turn.select('G6');
    view.value = viewFor(applyMove(start(), { type: 'play', card: 'G6' }), 0);
    expect(turn.selected).toBeNull();
    expect(turn.canPlay).toBe(false);
    view.value = viewFor(start(), 0); // the card is back (a later deal): it is not selected again
    expect(turn.selected).toBeNull();
  });

  it('walks a 7: only the legal palette cards are offered, the pick waits for its destination', () => {
    const s = setupState(action, {
      hands: [['R7', 'V2'], ['I1']],
      palettes: [['O3', 'G2'], ['Y5']],
      current: 0,
    });
    const after = applyMove(s, { type: 'play', card: 'R7' });
    const { turn, sent, view } = turnAt(viewFor(after, 0));
    expect(turn.pending).toBe('seven');
    expect(turn.picks.pickable[0].sort()).toEqual(['G2', 'O3']);
    expect(turn.picks.pickable[1]).toEqual([]);
    turn.pick(1, 'Y5'); // another's palette: nothing
    expect(turn.sevenCard).toBeNull();
    turn.pick(0, 'G2');
    expect(turn.sevenCard).toBe('G2');
    expect(turn.sevenCanvas).toMatchObject({ card: 'G2', to: 'canvas', legal: false });
    expect(turn.sevenDeck).toMatchObject({ card: 'G2', to: 'deck', legal: true });
    turn.seven('canvas'); // refused: under Green Ada would not lead
    expect(sent).toEqual([]);
    turn.seven('deck');
    expect(sent).toEqual([{ type: 'seven', card: 'G2', to: 'deck' }]);
    // A pick belongs to its position: the next view has none.
    turn.pick(0, 'O3');
    view.value = viewFor(after, 0);
    expect(turn.sevenCard).toBe('O3');
    view.value = viewFor(applyMove(after, { type: 'seven', card: 'O3', to: 'canvas' }), 0);
    expect(turn.sevenCard).toBeNull();
  });

  it('walks a 1: the palettes it may take from, the cards that make you lead, each pick sent at once', () => {
    const s = setupState(action, {
      hands: [['R1', 'V2'], ['I1']],
      palettes: [['O5'], ['Y5', 'B6']],
      current: 0,
    });
    const v = viewFor(applyMove(s, { type: 'play', card: 'R1' }), 0);
    const oneChoices = vi.mocked(engine.oneChoices);
    oneChoices.mockClear();
    const { turn, sent } = turnAt(v);
    expect(turn.pending).toBe('one');
    expect(turn.oneSeats).toEqual([1]);
    expect(turn.oneAnyLeads).toBe(true);
    expect(turn.picks.pickable[1].sort()).toEqual(['B6', 'Y5']);
    expect(turn.picks.leading[1]).toEqual(['B6']);
    expect(oneChoices).toHaveBeenCalledTimes(1); // asked once for the prompt and the palettes together
    turn.pick(1, 'B6');
    expect(sent).toEqual([{ type: 'one', seat: 1, card: 'B6' }]);
  });

  it('asks before a step that puts you out, and the question goes with its position', () => {
    const played = applyMove(start(), { type: 'play', card: 'V2' }); // Yellow 5 still leads under Red
    const { turn, sent, view } = turnAt(viewFor(played, 0));
    expect(turn.canEnd).toBe(true);
    expect(turn.endPreview).toMatchObject({ leads: false });
    turn.end();
    expect(turn.confirming).toBe('end');
    expect(sent).toEqual([]);
    turn.cancel();
    expect(turn.confirming).toBeNull();
    turn.end();
    turn.confirm();
    expect(sent).toEqual([{ type: 'end' }]);
    expect(turn.confirming).toBeNull();

    turn.end();
    view.value = viewFor(applyMove(played, { type: 'end' }), 0);
    expect(turn.confirming).toBeNull(); // another position: the question is gone

    const fresh = turnAt(viewFor(start(), 0));
    fresh.turn.pass();
    expect(fresh.turn.confirming).toBe('pass');
    fresh.turn.confirm();
    expect(fresh.sent).toEqual([{ type: 'pass' }]);
  });

  it('ends a leading turn at once', () => {
    const { turn, sent } = turnAt(viewFor(applyMove(start(), { type: 'play', card: 'G6' }), 0));
    turn.end();
    expect(turn.confirming).toBeNull();
    expect(sent).toEqual([{ type: 'end' }]);
  });

  it('marks the coach’s cards only while the position it was asked about stands', () => {
    const first = viewFor(start(), 0);
    const { turn, suggestion, view } = turnAt(first);
    suggestion.value = {
      turn: [{ type: 'play', card: 'B4' }, { type: 'discard', card: 'V2' }, { type: 'end' }],
      stayIn: 1,
      winRound: 0.5,
      moveCount: first.moveCount,
    } as Suggestion & { moveCount: number };
    expect(turn.suggested).toEqual({ B4: 'play', V2: 'discard' });
    view.value = viewFor(applyMove(start(), { type: 'play', card: 'G6' }), 0);
    expect(turn.suggestion).toBeNull();
    expect(turn.suggested).toEqual({});
  });

  it('works out why you are out once per round, not again on every later move', () => {
    const options: GameOptions = { players: 3, mode: 'basic', actionRule: false };
    let s = setupState(options, {
      hands: [
        ['O4', 'G2'],
        ['I7', 'B3', 'R2'],
        ['V6', 'Y1', 'O2'],
      ],
      palettes: [['G5'], ['R6'], ['B5']],
      current: 0,
    });
    const explainOut = vi.mocked(engine.explainOut);
    const { turn, view } = turnAt(viewFor(s, 0));
    expect(turn.outReport).toBeNull();
    s = applyMove(s, { type: 'pass' });
    view.value = viewFor(s, 0);
    const report = turn.outReport;
    expect(report).not.toBeNull();
    explainOut.mockClear();
    for (let i = 0; i < 3 && s.phase === 'turn'; i++) {
      s = applyMove(
        s,
        legalMoves(s).find((m) => m.type === 'end' || m.type === 'pass')!,
      );
      view.value = viewFor(s, 0);
      expect(turn.outReport).toBe(report);
    }
    expect(explainOut).not.toHaveBeenCalled();
  });
});
