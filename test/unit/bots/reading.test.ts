import { describe, expect, it } from 'vitest';
import { applyMove, completeTurns, setupState, viewFor } from '../../../shared/engine';
import type { CardId, GameState } from '../../../shared/engine';
import { chooseBotMove, determinizer, scaledLevel } from '../../../shared/bots';
import type { IsmctsOptions } from '../../../shared/bots';
import { ismctsSearch } from '../../../shared/bots/ismcts';
import { evidenceOf, readingDeterminizer } from '../../../shared/bots/reading';

/**
 * Basic: seat 1 goes out at once; seat 2, to act next, reads that. Three players, or four with a fourth seat
 * added (seat 3).
 */
function afterAPass(players: 3 | 4 = 3): { before: GameState; view: ReturnType<typeof viewFor> } {
  const hands: CardId[][] = [
    ['G6', 'Y2', 'V5'],
    ['V1', 'I2', 'B1'],
    ['O7', 'G3', 'I4'],
    ['Y3', 'B5', 'G1'],
  ];
  const palettes: CardId[][] = [['R7'], ['O2'], ['B2'], ['Y1']];
  const before = setupState(
    { players, mode: 'basic', actionRule: false },
    { hands: hands.slice(0, players), palettes: palettes.slice(0, players), current: 1 },
  );
  const state = applyMove(before, { type: 'pass' });
  return { before, view: viewFor(state, 2) };
}

/** Would seat 1 have had a turn that kept it in, holding `hand` where it passed? */
const couldStay = (before: GameState, hand: CardId[]): boolean =>
  completeTurns({ ...before, hands: before.hands.map((h, seat) => (seat === 1 ? hand : h)) }).length > 0;

describe('reading the opponents', () => {
  it('makes a seat that went out less likely to have held a turn that kept it in', () => {
    const { before, view } = afterAPass();
    expect(evidenceOf(view).map((e) => [e.seat, e.kind])).toEqual([[1, 'out']]);
    const share = (guess: (seed: number) => GameState) => {
      let stay = 0;
      for (let k = 0; k < 300; k++) if (couldStay(before, guess(k).hands[1])) stay++;
      return stay / 300;
    };
    const uniform = share(determinizer(view));
    const read = share(readingDeterminizer(view, 5));
    // Most three-card hands hold a way past a red 7 (a green or violet discard, at least); after the pass,
    // most guesses hold none.
    expect(uniform).toBeGreaterThan(0.6);
    expect(read).toBeLessThan(uniform - 0.3);
  });

  it('gives the same guesses, and hard the same move, for the same view and seed', () => {
    const { view } = afterAPass();
    const a = readingDeterminizer(view, 11);
    const b = readingDeterminizer(structuredClone(view), 11);
    for (let k = 0; k < 20; k++) expect(a(k)).toEqual(b(k));
    const how = { search: 'ismcts', reading: 'turns', iterations: 400 } as const;
    expect(chooseBotMove(structuredClone(view), 3, how)).toEqual(chooseBotMove(view, 3, how));
  });

  it('reads nothing from a round with no telling turn: the plain guesses', () => {
    const { before } = afterAPass();
    const view = viewFor(before, 1);
    expect(evidenceOf(view)).toEqual([]);
    expect(readingDeterminizer(view, 2)(7)).toEqual(determinizer(view)(7));
  });
});

describe("hard's reading by table size", () => {
  const answers = (view: ReturnType<typeof viewFor>, reading: IsmctsOptions['reading']) =>
    ismctsSearch(view, 5, { ...(scaledLevel('hard', 0.05) as IsmctsOptions), reading }).options;

  it('weighs the guesses at four-player tables', () => {
    const { view } = afterAPass(4);
    expect(evidenceOf(view).length).toBeGreaterThan(0);
    expect(answers(view, 'four-players')).toEqual(answers(view, 'turns'));
    expect(answers(view, 'four-players')).not.toEqual(answers(view, 'uniform'));
  });

  it('guesses uniformly with fewer seats, whatever the turns seen', () => {
    const { view } = afterAPass();
    expect(evidenceOf(view).length).toBeGreaterThan(0);
    expect(answers(view, 'four-players')).toEqual(answers(view, 'uniform'));
    expect(answers(view, 'four-players')).not.toEqual(answers(view, 'turns'));
  });
});
