// explainLead over random positions in every variant agrees with the engine's leader and standings
// (explain-standings.test.ts has the hand-made cases).
import { describe, expect, it } from 'vitest';
import { RANKING, explainLead, standing, viewFor } from '../../../shared/engine';
import { VARIANTS, visitPositions } from './explain-positions';

describe('explainLead', () => {
  it("agrees with the engine's leader and standings on random positions of every variant", () => {
    for (const [i, options] of VARIANTS.entries()) {
      visitPositions(options, 40, 700 + i, (state) => {
        const view = viewFor(state, state.current);
        for (const rule of RANKING) {
          const lead = explainLead(view, rule);
          const inRound = view.palettes.flatMap((p, seat) =>
            view.out[seat] ? [] : [{ seat, s: standing(p, rule) }],
          );
          const ranked = inRound.filter((x) => x.s[0] > 0).sort((a, b) => b.s[0] - a.s[0] || b.s[1] - a.s[1]);
          if (ranked.length === 0) expect(lead.kind).toBe('nobody');
          else if (ranked.length === 1) expect(lead).toEqual({ kind: 'alone', rule, leader: ranked[0].seat });
          else {
            expect(lead).toMatchObject({ leader: ranked[0].seat, runnerUp: ranked[1].seat });
            expect(lead.kind).toBe(ranked[0].s[0] > ranked[1].s[0] ? 'moreCards' : 'higherCard');
          }
          if (rule === view.rule) expect(lead.kind === 'nobody' ? null : lead.leader).toBe(view.leader);
        }
      });
    }
  });
});
