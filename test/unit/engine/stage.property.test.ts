// For random legal turns in every variant: staging the turn's steps on the acting seat's view shows the
// same palettes, canvas, own hand and out flags as the host's applyMove gives for the same moves (before
// the host passes the turn on), up to a draw from the face-down deck, which is flagged and ends staging.
import { describe, expect, it } from 'vitest';
import { applyMove, legalMoves, newGame, stageTurn, viewFor } from '../../../shared/engine';
import type { Move } from '../../../shared/engine';
import { VARIANTS, beforePassingOn, sorted, variantName } from './helpers';
import { pick, rng } from '../../helpers/random';

const GAMES_PER_VARIANT = 6;
const MAX_MOVES = 600;

describe('a staged turn shows what the host would', () => {
  it.each(VARIANTS.map((o) => [variantName(o), o] as const))('%s', (_name, options) => {
    let turnsChecked = 0;
    for (let g = 0; g < GAMES_PER_VARIANT; g++) {
      const random = rng(0x57a6e + g * 7919 + options.players * 131);
      let s = newGame(options, g + 1);
      for (let n = 0; n < MAX_MOVES && s.phase !== 'gameOver';) {
        if (s.phase === 'roundOver') {
          s = applyMove(s, { type: 'nextRound' });
          continue;
        }
        const seat = s.current!;
        const view = viewFor(s, seat);
        const steps: Move[] = [];
        let host = s;
        // One complete turn of random legal moves (a pass only when nothing else is left).
        while (host.phase === 'turn' && host.current === seat && host.turn && !host.out[seat]) {
          const moves = legalMoves(host);
          const real = moves.filter((m) => m.type !== 'pass');
          const move = pick(random, real.length ? real : moves);
          const logFrom = host.log.length;
          host = applyMove(host, move);
          n++;
          steps.push(move);
          const staged = stageTurn(view, steps);
          const added = host.log.slice(logFrom);
          // The turn passed on when the host's next `turn` entry (or the round's end) follows this step.
          const passedOn = added.some((e) => e.kind === 'turn' || e.kind === 'roundWon');
          expect(staged.ended, JSON.stringify(steps)).toBe(passedOn);
          const shown = staged.view;
          expect({
            palettes: shown.palettes.map(sorted),
            canvas: shown.canvas,
            out: shown.out,
          }).toEqual(beforePassingOn(host, added));
          expect(shown.current).toBe(seat);
          expect(shown.phase).toBe('turn');
          if (staged.drawsUnknown) {
            // The hand holds a stand-in for the drawn card; the rest of it is the host's.
            expect(shown.hand.slice(0, -1)).toEqual(host.hands[seat].slice(0, -1));
            expect(shown.hand).toHaveLength(host.hands[seat].length);
            expect(() => stageTurn(view, [...steps, { type: 'end' }])).toThrow();
            break;
          }
          expect(shown.hand).toEqual(host.hands[seat]);
          if (staged.ended) expect(shown.legalMoves).toEqual([]);
          else expect(shown.legalMoves).toEqual(legalMoves(host));
        }
        turnsChecked++;
        s = host;
        // A turn cut short by an unknown draw goes on at the host: finish it there.
        while (s.phase === 'turn' && s.current === seat && !s.out[seat]) {
          const moves = legalMoves(s);
          const real = moves.filter((m) => m.type !== 'pass');
          s = applyMove(s, pick(random, real.length ? real : moves));
          n++;
        }
      }
    }
    expect(turnsChecked).toBeGreaterThan(15);
  });
});
