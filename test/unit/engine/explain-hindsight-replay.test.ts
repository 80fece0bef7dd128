// Properties over seeded random games in every variant: replaying a round from any later view gives back,
// at every turn start of that round, the view each seat had then (viewFor of the state at that moment); and
// every elimination is explained from a later view as it was at that moment.
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  explainLead,
  explainOut,
  keepingTurns,
  legalMoves,
  newGame,
  outEvents,
  ruleOf,
  viewFor,
} from '../../../shared/engine';
import type { GameOptions, GameState } from '../../../shared/engine';
import { VARIANTS, variantName } from './helpers';
import { pick, rng } from '../../helpers/random';
import { checkReplay, isTurnStart, turnKeys } from './explain-hindsight-helpers';

/** 48 variants × 42 = 2,016 games. */
const GAMES_PER_VARIANT = 42;

/** What the table was when an `out` entry was written: the state before the move and after it. */
interface OutWitness {
  before: GameState;
  after: GameState;
}

/**
 * Plays one seeded random game (mostly avoiding pass, so that rounds last). After every move calls
 * `visit(state, turn starts of this round so far, the first out entry of each move of this round)`.
 */
function randomGame(
  options: GameOptions,
  seed: number,
  visit: (state: GameState, starts: GameState[], outs: Map<number, OutWitness>) => void,
): void {
  const random = rng(seed);
  let s = newGame(options, seed);
  let starts: GameState[] = [];
  let outs = new Map<number, OutWitness>();
  for (let n = 0; n < 2000 && s.phase !== 'gameOver'; n++) {
    if (starts.length > 0 && starts[0].round !== s.round) {
      starts = [];
      outs = new Map();
    }
    if (isTurnStart(s)) starts.push(s);
    visit(s, starts, outs);
    const moves = legalMoves(s);
    const nonPass = moves.filter((m) => m.type !== 'pass');
    const next = applyMove(
      s,
      nonPass.length > 0 && random() < 0.97 ? pick(random, nonPass) : pick(random, moves),
    );
    const first = next.log.findIndex((e, i) => i >= s.log.length && e.kind === 'out');
    if (first >= 0) outs.set(first, { before: s, after: next });
    s = next;
  }
  visit(s, starts, outs);
}

/** The first out of a move happened with the table as the move left it, the scored cards not yet removed. */
function expectedLead(w: OutWitness) {
  const palettes = w.after.palettes.map((p) => [...p]);
  const won = w.after.log.slice(w.before.log.length).find((e) => e.kind === 'roundWon');
  if (won) palettes[won.seat].push(...won.scored);
  return explainLead({ palettes, out: w.before.out, rule: ruleOf(w.after) });
}

describe('hindsight over random games', () => {
  it.each(VARIANTS.map((o) => [variantName(o), o] as const))('%s', (_, options) => {
    let compared = 0;
    let explained = 0;
    for (let g = 0; g < GAMES_PER_VARIANT; g++) {
      const seed = 1000 + g;
      const random = rng(seed * 7 + 1);
      randomGame(options, seed, (later, starts, outs) => {
        // Checking every seat at every move would be slow. At half the round ends every seat and a spectator
        // replay the whole round; at the others, and at a sample of the moments in between, one seat and a
        // spectator do.
        const roundEnd = later.phase !== 'turn';
        if (!roundEnd && random() > 0.015) return;
        const seats = roundEnd && random() < 0.5 ? undefined : [Math.floor(random() * options.players), null];
        compared += checkReplay(later, starts, `seed ${seed}`, seats);
        if (!roundEnd) return;
        for (const event of outEvents(viewFor(later, null))) {
          const at = `seed ${seed}, seat ${event.seat} out at ${event.logIndex}`;
          // The turn an out is told in is the log's: the latest `turn` entry before it.
          const opened = later.log.findLast((e, i) => i < event.logIndex && e.kind === 'turn');
          expect(opened?.kind === 'turn' ? opened.turn : null, at).toBe(event.turn);
          const witness = outs.get(event.logIndex);
          if (witness) expect(event.lead, at).toEqual(expectedLead(witness));
          if (event.reason !== 'notLeading' || random() < 0.8) continue;
          expect(event.lead.kind === 'nobody' || event.lead.leader !== event.seat, at).toBe(true);
          const out = explainOut(viewFor(later, event.seat));
          expect(out?.logIndex, at).toBe(event.logIndex);
          const start = starts[event.turnIndex];
          expect(start.current, at).toBe(event.seat);
          expect(turnKeys(out!.keepers), at).toEqual(turnKeys(keepingTurns(viewFor(start, event.seat))));
          explained += 1;
        }
      });
    }
    expect(compared).toBeGreaterThan(GAMES_PER_VARIANT * 10);
    expect(explained).toBeGreaterThan(2);
  });
});
