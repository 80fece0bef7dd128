// The explanation functions take a seat's view and nothing else: on two states that differ only in what
// the seat cannot see (other hands, the order of the unknown deck) every answer is the same, and the view
// they get is frozen and refuses any field a SeatView does not have.
import { describe, expect, it } from 'vitest';
import {
  adviseTurn,
  drawOffer,
  explainLead,
  keepingTurns,
  oneChoices,
  previewDiscard,
  previewEnd,
  previewPlay,
  seatStandings,
  sevenChoices,
  stateFromView,
  viewFor,
  whyNot,
} from '../../../shared/engine';
import type { GameState, SeatView } from '../../../shared/engine';
import { deepFreeze, plausibleMoves } from './helpers';
import { VARIANTS, reshuffleHidden, visitPositions } from './explain-positions';

/** The view, frozen, behind a guard that throws on any field a SeatView does not have (a hand, the deck…). */
function guarded(view: SeatView): SeatView {
  const fields = new Set(Object.keys(view));
  return new Proxy(deepFreeze(view), {
    get(target, key, receiver) {
      if (typeof key === 'string' && !fields.has(key))
        throw new Error(`read ${key}, which a view does not have`);
      return Reflect.get(target, key, receiver);
    },
  });
}

/** Every answer the explanation functions give for this view (the per-card ones for two hand cards: `pick`). */
function answers(view: SeatView, pick: number) {
  const cards = [0, 1].map((k) => view.hand[(pick + k) % view.hand.length]).filter((c) => c !== undefined);
  const moves = plausibleMoves(view.hand, view.palettes);
  return {
    keeping: keepingTurns(view),
    advice: adviseTurn(view),
    plays: cards.map((card) => previewPlay(view, card)),
    discards: cards.map((card) => previewDiscard(view, card)),
    end: previewEnd(view),
    ones: [oneChoices(view), ...cards.map((card) => oneChoices(view, card))],
    sevens: [sevenChoices(view), ...cards.map((card) => sevenChoices(view, card))],
    draw: drawOffer(view),
    why: moves.map((move) => whyNot(view, move)),
    standings: seatStandings(view),
    lead: explainLead(view),
  };
}

const hiddenOf = (state: GameState, seat: number) =>
  JSON.stringify([
    state.deck.slice(0, state.deck.length - state.knownTop),
    state.hands.filter((_, i) => i !== seat),
  ]);

describe('the explanation functions read the view only', () => {
  it('give the same answers when only hidden cards differ, in every variant', () => {
    let differed = 0;
    for (const [i, options] of VARIANTS.entries()) {
      visitPositions(options, 10, 900 + i, (state) => {
        for (const seat of [state.current!, (state.current! + 1) % options.players]) {
          const other = reshuffleHidden(state, seat, state.moveCount + 1);
          if (hiddenOf(other, seat) !== hiddenOf(state, seat)) differed++;
          const view = viewFor(state, seat);
          expect(viewFor(other, seat)).toEqual(view);
          const a = answers(guarded(viewFor(state, seat)), state.moveCount);
          const b = answers(guarded(viewFor(other, seat)), state.moveCount);
          if (JSON.stringify(a) !== JSON.stringify(b)) expect(a).toEqual(b);
        }
      });
    }
    expect(differed).toBeGreaterThan(400);
  });

  it('a spectator gets no advice and no hand, but the same standings', () => {
    const [state] = (() => {
      const found: GameState[] = [];
      visitPositions(VARIANTS[0], 1, 5, (s) => found.push(s));
      return found;
    })();
    const view = guarded(viewFor(state, null));
    expect(keepingTurns(view)).toEqual([]);
    expect(adviseTurn(view)).toBeNull();
    expect(previewEnd(view)).toBeNull();
    expect(whyNot(view, { type: 'end' })).toEqual({ code: 'spectator' });
    expect(seatStandings(view)).toEqual(seatStandings(viewFor(state, 0)));
    expect(stateFromView(view).hands.map((h) => h.length)).toEqual(state.hands.map((h) => h.length));
  });
});
