// whyNot over random positions in every variant: from each seat's view it allows exactly the view's legal
// moves, and for the seat to act it gives the engine's own illegalReason (explain-illegal.test.ts has the
// hand-made cases).
import { describe, expect, it } from 'vitest';
import { illegalReason, viewFor, whyNot } from '../../../shared/engine';
import { MOVE_UNIVERSE, moveKey } from './helpers';
import { VARIANTS, visitPositions } from './explain-positions';

describe('whyNot agrees with legalMoves and with illegalReason on random positions', () => {
  it('in every variant, for every seat', () => {
    for (const [i, options] of VARIANTS.entries()) {
      visitPositions(options, 8, 300 + i, (state) => {
        for (let seat = 0; seat < options.players; seat++) {
          const view = viewFor(state, seat);
          const legal = new Set(view.legalMoves.map(moveKey));
          for (const move of MOVE_UNIVERSE) {
            const reason = whyNot(view, move);
            if ((reason === null) !== legal.has(moveKey(move)))
              expect(reason, `${JSON.stringify(move)} for seat ${seat}`).toEqual(
                legal.has(moveKey(move)) ? null : 'a reason',
              );
            if (
              seat === state.current &&
              !state.out[seat] &&
              JSON.stringify(reason) !== JSON.stringify(illegalReason(state, move))
            )
              expect(reason).toEqual(illegalReason(state, move));
          }
        }
      });
    }
  });
});
