// One rule for a turn: for random games in every variant, a screen staging a turn's steps (stageTurn, on the
// seat's view) and the host applying them (applyTurn, on the whole state) agree on every prefix of the
// steps: both take it or both refuse it, and what they take leaves the same table, the same end of turn and
// the same unknown draw. Steps are mostly legal, sometimes only plausible (a hand card, a palette card, any
// step kind), and go on past the turn's end, so refusals of every kind are met.
import { describe, expect, it } from 'vitest';
import { applyMove, applyTurn, legalMoves, newGame, stageTurn, viewFor } from '../../../shared/engine';
import type { AppliedTurn, GameState, Move, TurnRefusalKind } from '../../../shared/engine';
import { VARIANTS, beforePassingOn, plausibleMoves, sorted, variantName } from './helpers';
import { pick, rng } from '../../helpers/random';

/** Games per variant: a Basic game is one round, an Advanced one several. */
const gamesOf = (mode: string) => (mode === 'basic' ? 10 : 3);
const MAX_MOVES = 400;
const STEPS = 5;

/** A random turn's steps from `s`: legal ones while the turn lasts, now and then a merely plausible one. */
function randomSteps(s: GameState, seat: number, random: () => number): Move[] {
  const steps: Move[] = [];
  let at: GameState | null = s;
  while (steps.length < STEPS) {
    const legal: Move[] = at && at.current === seat && at.phase === 'turn' ? legalMoves(at) : [];
    const real = legal.filter((m) => m.type !== 'pass');
    const move =
      real.length > 0 && random() < 0.8
        ? pick(random, real)
        : pick(random, plausibleMoves(s.hands[seat], s.palettes));
    steps.push(move);
    const next: AppliedTurn | null = at && applyTurn(at, seat, [move]);
    at = next?.ok && !next.ended && !next.drawsUnknown ? next.state : null;
  }
  return steps;
}

function staged(s: GameState, seat: number, steps: Move[]) {
  try {
    return stageTurn(viewFor(s, seat), steps);
  } catch {
    return null;
  }
}

describe('staging a turn and applying it agree on every prefix', () => {
  it.each(VARIANTS.map((o) => [variantName(o), o] as const))('%s', (_name, options) => {
    const kinds = new Map<TurnRefusalKind | 'taken', number>();
    for (let g = 0; g < gamesOf(options.mode); g++) {
      const random = rng(0x7a11 + g * 104729 + options.players * 17);
      let s = newGame(options, 100 + g);
      for (let n = 0; n < MAX_MOVES && s.phase !== 'gameOver'; n++) {
        if (s.phase === 'roundOver') {
          s = applyMove(s, { type: 'nextRound' });
          continue;
        }
        const seat = s.current!;
        const steps = randomSteps(s, seat, random);
        for (let k = 1; k <= steps.length; k++) {
          const prefix = steps.slice(0, k);
          const whole = applyTurn(s, seat, prefix);
          const shown = staged(s, seat, prefix);
          kinds.set(whole.ok ? 'taken' : whole.kind, (kinds.get(whole.ok ? 'taken' : whole.kind) ?? 0) + 1);
          expect(shown !== null, JSON.stringify(prefix)).toBe(whole.ok);
          if (!whole.ok || !shown) continue;
          expect(shown.ended).toBe(whole.ended);
          expect(shown.drawsUnknown).toBe(whole.drawsUnknown);
          const added = whole.state.log.slice(s.log.length);
          expect({
            palettes: shown.view.palettes.map(sorted),
            canvas: shown.view.canvas,
            out: shown.view.out,
          }).toEqual(beforePassingOn(whole.state, added));
          const hand = whole.state.hands[seat];
          // An unknown draw shows a stand-in for the card only the host knows.
          if (whole.drawsUnknown) expect(shown.view.hand.slice(0, -1)).toEqual(hand.slice(0, -1));
          else expect(shown.view.hand).toEqual(hand);
        }
        // The game goes on with the longest prefix the host takes, then the turn is finished at the host.
        const taken = [...steps.keys()].reverse().map((i) => applyTurn(s, seat, steps.slice(0, i + 1)));
        const longest = taken.find((t) => t.ok);
        if (longest?.ok) s = longest.state;
        while (s.phase === 'turn' && s.current === seat) {
          const moves = legalMoves(s);
          const real = moves.filter((m) => m.type !== 'pass');
          s = applyMove(s, pick(random, real.length ? real : moves));
        }
      }
    }
    // The runs meet taken turns and refusals of each kind a screen can make.
    expect(kinds.get('taken')).toBeGreaterThan(20);
    expect(kinds.get('illegal')).toBeGreaterThan(5);
    expect(kinds.get('afterEnd')).toBeGreaterThan(5);
  });
});
