// The turn model is plain TypeScript over a SeatView: no DOM here (this file runs in Node).
import { describe, expect, it, vi } from 'vitest';
import { nextTick, shallowRef } from 'vue';
import * as engine from '../../shared/engine';
import { applyMove, legalMoves, setupState, viewFor } from '../../shared/engine';
import type { GameOptions, GameState, Move, SeatView } from '../../shared/engine/types';
import type { Suggestion } from '../../renderer/src/coach/handler';
import { createTurn, type StagedSteps } from '../../renderer/src/table-models/turn';

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
  /** Each message's steps (one `turn` message each). */
  const sent: Move[][] = [];
  const busy = shallowRef(o.busy ?? false);
  const suggestion = shallowRef<(Suggestion & { moveCount: number }) | null>(null);
  const turn = createTurn(() => view.value, {
    send: (steps) => sent.push(steps),
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

  it('keeps its staged steps where the table keeps them, finds them after a reload, and only where they start', async () => {
    let kept: StagedSteps | null = null;
    const kept_ = { load: () => kept, save: (s: StagedSteps | null) => (kept = s) };
    const at = viewFor(start(), 0);
    const first = createTurn(() => at, {
      send: () => {},
      busy: () => false,
      suggestion: () => null,
      kept: kept_,
    });
    first.toggle('G6');
    first.play();
    await nextTick();
    expect(kept).toMatchObject({ steps: [{ type: 'play', card: 'G6' }] });
    // The page reloads: a new turn model over the same position finds the play staged.
    const again = createTurn(() => at, {
      send: () => {},
      busy: () => false,
      suggestion: () => null,
      kept: kept_,
    });
    expect(again.steps).toEqual([{ type: 'play', card: 'G6' }]);
    expect(again.shown.palettes[0]).toContain('G6');
    // The host moved on meanwhile (another position): nothing is staged from the old steps.
    const moved = viewFor(applyMove(start(), { type: 'play', card: 'B4' }), 0);
    const later = createTurn(() => moved, {
      send: () => {},
      busy: () => false,
      suggestion: () => null,
      kept: kept_,
    });
    expect(later.steps).toEqual([]);
    // Taking the step back leaves nothing to keep.
    again.undo();
    await nextTick();
    expect(kept).toBeNull();
  });

  it('takes every step through one door, refused while busy or when the staged table does not allow it', () => {
    const { turn, sent, busy } = turnAt(viewFor(start(), 0), { busy: true });
    turn.select('G6');
    turn.play();
    expect(turn.steps).toEqual([]);
    busy.value = false;
    turn.discard(); // Green as the rule would not make Ada lead: the engine does not allow it
    turn.take({ type: 'one', seat: 1, card: 'Y5' }); // no 1 was played
    turn.play();
    expect(turn.steps).toEqual([{ type: 'play', card: 'G6' }]);
    turn.take({ type: 'play', card: 'B4' }); // one play a turn, on the staged table too
    expect(turn.steps).toEqual([{ type: 'play', card: 'G6' }]);
    expect(sent).toEqual([]); // nothing goes before the turn is confirmed
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

  it("says why a card can do nothing once a card is played: its discard's reason, not the play's", () => {
    // Under Red Bea leads with Yellow 5; Green 6 played, Ada leads, and Yellow as the rule would not keep her ahead.
    const s = setupState(basic, {
      hands: [['G6', 'Y1'], ['I7']],
      palettes: [['O3'], ['Y5', 'Y4']],
      current: 0,
    });
    const { turn } = turnAt(viewFor(s, 0));
    turn.select('G6');
    turn.play();
    expect(turn.steps).toEqual([{ type: 'play', card: 'G6' }]);
    expect(turn.blocked).toEqual({ Y1: { code: 'wouldNotLead', params: { card: 'Y1', rule: 'Y' } } });
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

  it('starts a new round with nothing selected, even when the deal gives the selected card again', () => {
    const { turn, view } = turnAt(viewFor(start(), 0));
    turn.select('V2');
    const nextRound = viewFor(start(), 0);
    view.value = { ...nextRound, round: nextRound.round + 1 }; // the same hand, dealt again
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
    expect(turn.steps).toEqual([]);
    turn.seven('deck');
    expect(turn.steps).toEqual([{ type: 'seven', card: 'G2', to: 'deck' }]); // staged: the 7 is resolved on screen
    expect(turn.pending).toBeNull();
    expect(turn.shown.deckKnownTop).toEqual(['G2']);
    expect(turn.stagedCards.deck).toEqual(['G2']);
    expect(sent).toEqual([]);
    turn.undo();
    expect(turn.pending).toBe('seven');
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
    expect(turn.steps).toEqual([{ type: 'one', seat: 1, card: 'B6' }]);
    expect(turn.shown.palettes[1]).toEqual(['Y5']);
    expect(sent).toEqual([]);
    turn.confirm();
    expect(sent).toEqual([[{ type: 'one', seat: 1, card: 'B6' }, { type: 'end' }]]);
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
    turn.agree();
    expect(sent).toEqual([[{ type: 'end' }]]);
    expect(turn.confirming).toBeNull();

    turn.end();
    view.value = viewFor(applyMove(played, { type: 'end' }), 0);
    expect(turn.confirming).toBeNull(); // another position: the question is gone

    const fresh = turnAt(viewFor(start(), 0));
    fresh.turn.pass();
    expect(fresh.turn.confirming).toBe('pass');
    fresh.turn.agree();
    expect(fresh.sent).toEqual([[{ type: 'pass' }]]);
  });

  it('keeps the question open while busy: a Yes then sends nothing and is not lost', () => {
    const played = applyMove(start(), { type: 'play', card: 'V2' });
    const { turn, sent, busy } = turnAt(viewFor(played, 0));
    turn.end();
    busy.value = true; // e.g. the link dropped while the question was open
    turn.agree();
    expect(sent).toEqual([]);
    expect(turn.confirming).toBe('end');
    busy.value = false;
    turn.agree();
    expect(sent).toEqual([[{ type: 'end' }]]);
    expect(turn.confirming).toBeNull();

    const fresh = turnAt(viewFor(start(), 0));
    fresh.turn.pass();
    fresh.busy.value = true;
    fresh.turn.agree();
    expect(fresh.sent).toEqual([]);
    expect(fresh.turn.confirming).toBe('pass');
  });

  it('ends a leading turn at once', () => {
    const { turn, sent } = turnAt(viewFor(applyMove(start(), { type: 'play', card: 'G6' }), 0));
    turn.end();
    expect(turn.confirming).toBeNull();
    expect(sent).toEqual([[{ type: 'end' }]]);
  });

  it('stages a play: the shown table has it, the host view does not, and Undo takes it back unsent', () => {
    const host = viewFor(start(), 0);
    const { turn, sent } = turnAt(host);
    turn.select('G6');
    turn.play();
    expect(turn.steps).toEqual([{ type: 'play', card: 'G6' }]);
    expect(turn.shown.palettes[0]).toEqual(['O3', 'G6']);
    expect(turn.shown.hand).toEqual(['V2', 'B4']);
    expect(host.hand).toEqual(['G6', 'V2', 'B4']);
    expect(turn.stagedCards.palettes).toEqual([['G6'], []]);
    expect(turn.selected).toBeNull(); // the card left the (shown) hand
    expect(turn.lastStep).toEqual({ type: 'play', card: 'G6' });
    expect(turn.canConfirm).toBe(true);
    expect(turn.keepMarks).toEqual({}); // the turn is under way: the start-of-turn advice is gone
    turn.undo();
    expect(turn.steps).toEqual([]);
    expect(turn.shown).toBe(host);
    expect(turn.selected).toBe('G6'); // back in hand, and selected again for the step meant instead
    expect(turn.canConfirm).toBe(false);
    turn.undo(); // nothing left to take back
    expect(sent).toEqual([]);
  });

  it('Escape clears the selection first, then takes the latest step back', () => {
    const { turn, sent } = turnAt(viewFor(start(), 0));
    turn.select('G6');
    turn.play();
    turn.select('V2');
    turn.escape();
    expect(turn.selected).toBeNull();
    expect(turn.steps).toHaveLength(1);
    turn.escape();
    expect(turn.steps).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('confirms a staged turn as one message: its steps plus `end`, or only its steps once a discard ended it', () => {
    const { turn, sent } = turnAt(viewFor(start(), 0));
    turn.select('B4');
    turn.play(); // under Red, B4 beats Y5
    turn.select('V2');
    turn.discard(); // Violet: O3 V2 B4 against Y5, the lowest card… B4 is lower than Y5, but Ada has 3 cards
    expect(turn.ended).toBe(true);
    expect(turn.shown.current).toBe(0);
    expect(turn.canPlay).toBe(false);
    expect(turn.canPass).toBe(false);
    expect(turn.stagedCards.canvas).toEqual(['V2']);
    turn.confirm();
    expect(sent).toEqual([
      [
        { type: 'play', card: 'B4' },
        { type: 'discard', card: 'V2' },
      ],
    ]);
  });

  it('a pass goes alone: the staged steps are dropped', () => {
    const { turn, sent } = turnAt(viewFor(start(), 0));
    turn.select('V2');
    turn.play();
    turn.pass();
    turn.agree();
    expect(sent).toEqual([[{ type: 'pass' }]]);
  });

  it('drops the staged steps once the host has moved on (another move count)', () => {
    const first = viewFor(start(), 0);
    const { turn, view } = turnAt(first);
    turn.select('G6');
    turn.play();
    expect(turn.steps).toHaveLength(1);
    view.value = viewFor(applyMove(start(), { type: 'play', card: 'G6' }), 0);
    expect(turn.steps).toEqual([]);
    expect(turn.shown).toBe(view.value);
  });

  it('keeps the staged steps over a fresh view of the same position (a reconnect, a refused turn)', () => {
    const { turn, view } = turnAt(viewFor(start(), 0));
    turn.select('G6');
    turn.play();
    view.value = viewFor(start(), 0);
    expect(turn.steps).toEqual([{ type: 'play', card: 'G6' }]);
    expect(turn.shown.palettes[0]).toEqual(['O3', 'G6']);
  });

  it("a 3's draw from the face-down deck goes at once with the steps before it, and its button says so", () => {
    const s = setupState(action, {
      hands: [['B5', 'G3', 'V2'], ['I1']],
      palettes: [['O3'], ['Y6']],
      current: 0,
    });
    const { turn, sent } = turnAt(viewFor(s, 0));
    turn.select('B5');
    expect(turn.playFinal).toBe(false);
    turn.play(); // the 5 asks for another play
    turn.select('G3');
    expect(turn.playFinal).toBe(true);
    turn.play();
    expect(sent).toEqual([
      [
        { type: 'play', card: 'B5' },
        { type: 'play', card: 'G3' },
      ],
    ]);
    expect(turn.steps).toEqual([{ type: 'play', card: 'B5' }]); // until the host answers
  });

  it('with autoDraw, a discard that draws goes at once; a draw of a public card is staged', () => {
    const auto = setupState(
      { players: 2, mode: 'advanced', actionRule: false, autoDraw: true },
      { hands: [['V6', 'G2'], ['I7']], palettes: [['O3'], ['Y2']], deck: ['B4'], current: 0 },
    );
    const a = turnAt(viewFor(auto, 0));
    a.turn.select('V6');
    expect(a.turn.discardFinal).toBe(true);
    a.turn.discard();
    expect(a.sent).toEqual([[{ type: 'discard', card: 'V6' }]]);

    const known = setupState(
      { players: 2, mode: 'advanced', actionRule: true },
      { hands: [['V6', 'G2'], ['I7']], palettes: [['O3'], ['Y2']], deck: ['B4'], knownTop: 1, current: 0 },
    );
    const k = turnAt(viewFor(known, 0));
    k.turn.select('V6');
    k.turn.discard();
    expect(k.turn.pending).toBe('draw');
    expect(k.turn.drawFinal).toBe(false);
    k.turn.take({ type: 'draw' });
    expect(k.turn.ended).toBe(true);
    expect(k.turn.shown.hand).toEqual(['G2', 'B4']);
    expect(k.sent).toEqual([]);
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
