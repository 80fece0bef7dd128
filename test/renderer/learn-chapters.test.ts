import { describe, expect, it } from 'vitest';
import {
  adviseTurn,
  applyMove,
  countingSet,
  explainLead,
  illegalReason,
  oneChoices,
  previewDiscard,
  previewPlay,
  stageTurn,
} from '../../shared/engine';
import type { CardId, GameState, Move } from '../../shared/engine/types';
import { CHAPTER_IDS, CHAPTERS, chapterOf } from '../../renderer/src/learn/chapters';
import type { MoveStep, Say, Scene, Step } from '../../renderer/src/learn/lesson';
import {
  ME,
  applyAll,
  botsToEnd,
  firstWrong,
  fitOf,
  myView,
  sceneStart,
  skipTurn,
} from '../../renderer/src/learn/run';
import en from '../../renderer/src/i18n/locales/en.json';
import it_ from '../../renderer/src/i18n/locales/it.json';
import ko from '../../renderer/src/i18n/locales/ko.json';

/*
 * Every chapter of "Learn to play" against the engine: its planted position is one the engine builds, it
 * is the lesson's situation, each taught turn is legal and does what the text says, and each wrong move
 * the coach explains is refused by the engine or leads where its text says.
 */

const moveSteps = (scene: Scene): MoveStep[] => scene.steps.filter((s): s is MoveStep => s.wait === 'turn');
const scene = (id: string, i = 0): Scene => chapterOf(id)!.scenes[i];
/** The position when a scene's move step begins (the read steps before it change nothing). */
const atMove = (sc: Scene): GameState => sceneStart(sc);
const leadsNow = (s: GameState): boolean => myView(s).leader === ME;
const play = (card: CardId): Move => ({ type: 'play', card });

describe('the chapters', () => {
  it('are the issue’s seven, in order, the Action rule last and optional', () => {
    expect(CHAPTER_IDS).toEqual(['goal', 'play', 'rules', 'turn', 'ties', 'advanced', 'action']);
    expect(CHAPTERS.map((c) => c.id)).toEqual([...CHAPTER_IDS]);
    expect(CHAPTERS.filter((c) => c.optional).map((c) => c.id)).toEqual(['action']);
  });

  for (const chapter of CHAPTERS)
    describe(chapter.id, () => {
      chapter.scenes.forEach((sc, i) => {
        it(`scene ${i + 1}: a legal planted position, the player to act and not leading`, () => {
          const s = sceneStart(sc);
          expect(s.phase).toBe('turn');
          expect(s.current).toBe(ME);
          expect(leadsNow(s)).toBe(false);
          expect(s.hands.flat().length + s.palettes.flat().length + s.deck.length + s.canvas.length).toBe(
            49 - s.scored.flat().length,
          );
        });

        it(`scene ${i + 1}: each taught turn is legal, ends the turn, and keeps the player in (or passes)`, () => {
          for (const step of moveSteps(sc)) {
            for (const turn of step.turns) {
              const after = skipTurn(atMove(sc), { ...step, turns: [turn] });
              expect(after.current === ME && after.phase === 'turn').toBe(false);
              expect(after.out[ME]).toBe(turn[0].type === 'pass');
              expect(fitOf(step, turn)).toBe('complete');
              for (let k = 1; k < turn.length; k++) expect(fitOf(step, turn.slice(0, k))).toBe('partial');
            }
          }
        });

        it(`scene ${i + 1}: every wrong move explained is refused, or its preview says what it does`, () => {
          for (const step of moveSteps(sc))
            for (const wrong of step.wrong ?? []) {
              expect(
                fitOf(step, [wrong.move]) === 'wrong' ||
                  firstWrong(step, [...step.turns[0].slice(0, -1), wrong.move]),
              ).toBeTruthy();
              for (const say of wrong.say) checkPreviewSay(atMove(sc), say);
            }
        });

        it(`scene ${i + 1}: what each step points at is there`, () => {
          const s = atMove(sc);
          for (const step of sc.steps as Step[]) {
            const point = 'point' in step ? step.point : undefined;
            if (point && 'hand' in point) expect(s.hands[ME]).toContain(point.hand);
            if (point && 'palette' in point) expect(point.palette).toBeLessThan(s.options.players);
          }
        });
      });

      it('ends in a move the player makes (only words after it)', () => {
        const last = chapter.scenes.at(-1)!.steps;
        const lastMove = last.findLastIndex((s) => s.wait === 'turn');
        expect(lastMove).toBeGreaterThanOrEqual(0);
        expect(last.slice(lastMove + 1).every((s) => s.wait === 'next' || s.wait === 'bots')).toBe(true);
      });
    });
});

/** A `previewPlay` / `previewDiscard` line shows the table's own preview: the engine has one for it. */
function checkPreviewSay(s: GameState, say: Say): void {
  if ('previewPlay' in say) expect(previewPlay(myView(s), say.previewPlay)?.legal).toBe(true);
  if ('previewDiscard' in say) expect(previewDiscard(myView(s), say.previewDiscard)).not.toBeNull();
}

describe('each lesson’s situation', () => {
  it('a wrong play told "not this one" has no rescue: no discard after it would keep you in', () => {
    for (const [id, taught] of [
      ['goal', 'Y6'],
      ['play', 'Y5'],
      ['ties', 'O4'],
    ] as const) {
      const v = myView(atMove(scene(id)));
      for (const card of v.hand.filter((c) => c !== taught)) {
        const p = previewPlay(v, card)!;
        expect({ id, card, leads: p.leads, keepsIn: p.keepsIn }).toEqual({
          id,
          card,
          leads: false,
          keepsIn: false,
        });
      }
    }
  });

  it('advanced: the scores are the numbers of the cards each has scored', () => {
    const s = atMove(scene('advanced'));
    s.scored.forEach((cards, seat) =>
      expect(cards.reduce((n, c) => n + Number(c[1]), 0)).toBe(s.scores[seat]),
    );
  });

  it('goal: only Yellow 6 keeps you in; then the bot cannot lead, goes out, and you win the round', () => {
    const s = atMove(scene('goal'));
    const advice = adviseTurn(myView(s))!;
    expect(advice.cards.filter((c) => c.play || c.discard).map((c) => c.card)).toEqual(['Y6']);
    const after = botsToEnd(skipTurn(s, moveSteps(scene('goal'))[0]));
    // A Basic game is one round: its winner wins the game.
    expect(after.phase).toBe('gameOver');
    expect(after.winners).toEqual([ME]);
    expect(after.out[1]).toBe(true);
  });

  it('play: two 5s; Yellow 5 beats Green 5 by colour, Indigo 5 does not', () => {
    const v = myView(atMove(scene('play')));
    expect(previewPlay(v, 'Y5')!.leads).toBe(true);
    expect(previewPlay(v, 'I5')!.leads).toBe(false);
    const lead = explainLead(myView(applyMove(atMove(scene('play')), play('Y5'))));
    expect(lead).toMatchObject({ kind: 'higherCard', leader: ME, byColor: true });
  });

  it('rules: the palette leads under Indigo alone of Orange … Violet, and only that discard is allowed', () => {
    const v = myView(atMove(scene('rules')));
    const leads = v.hand.map((c) => [c, previewDiscard(v, c)!.leads, previewDiscard(v, c)!.legal] as const);
    expect(leads.filter(([, l]) => l).map(([c]) => c)).toEqual(['I1']);
    expect(leads.filter(([, , legal]) => legal).map(([c]) => c)).toEqual(['I1']);
    // One card of each colour but Red: the walk names every other rule once.
    expect(v.hand.map((c) => c[0]).sort()).toEqual(['B', 'G', 'I', 'O', 'V', 'Y']);
    // No play keeps you in under Red: the lesson is the discard.
    expect(v.hand.some((c) => previewPlay(v, c)!.leads)).toBe(false);
  });

  it('turn: no card alone keeps you in; Green 2 then Indigo 2 does (a run of three)', () => {
    const v = myView(atMove(scene('turn')));
    const advice = adviseTurn(v)!;
    expect(advice.cards.some((c) => c.play || c.discard)).toBe(false);
    const p = previewPlay(v, 'G2')!;
    expect(p.leads).toBe(false);
    expect(p.rescues).toEqual(['I2']);
    const staged = stageTurn(v, [play('G2'), { type: 'discard', card: 'I2' }]);
    expect(staged.view.leader).toBe(ME);
    expect(countingSet(staged.view.palettes[ME], 'I')).toHaveLength(3);
  });

  it('turn, then: no move keeps you in, so the table offers the pass', () => {
    const v = myView(atMove(scene('turn', 1)));
    expect(adviseTurn(v)!.anyKeepsIn).toBe(false);
    expect(v.legalMoves).toContainEqual({ type: 'pass' });
  });

  it('ties: a pair each under Orange; Orange 4 wins the tie by colour, Green 4 loses it', () => {
    const s = atMove(scene('ties'));
    expect(myView(s).rule).toBe('O');
    expect(explainLead(myView(s))).toMatchObject({ leader: 1 });
    expect(previewPlay(myView(s), 'G4')!.leads).toBe(false);
    const lead = explainLead(myView(applyMove(s, play('O4'))));
    expect(lead).toMatchObject({ kind: 'higherCard', leader: ME, size: 2, byColor: true });
  });

  it('advanced: discarding Violet 7 offers the draw and leads; Indigo 2 leads with no draw; you would score 5', () => {
    const v = myView(atMove(scene('advanced')));
    expect(v.options.mode).toBe('advanced');
    expect(previewDiscard(v, 'V7')).toMatchObject({ leads: true, draw: 'offer' });
    expect(previewDiscard(v, 'I2')).toMatchObject({ leads: true, draw: null });
    const after = skipTurn(atMove(scene('advanced')), moveSteps(scene('advanced'))[0]);
    expect(after.hands[ME]).toContain('R7'); // the free draw brought the deck's top card
    const counting = countingSet(after.palettes[ME], 'V');
    expect(counting.reduce((n, c) => n + Number(c[1]), 0)).toBe(5);
    // The refused alternative: no draw is a legal answer, and the coach explains it.
    const afterDiscard = applyMove(atMove(scene('advanced')), { type: 'discard', card: 'V7' });
    expect(illegalReason(afterDiscard, { type: 'noDraw' })).toBeNull();
  });

  it('action: the 7, 5, 3 and 1 each act where they are played', () => {
    const seven = applyMove(atMove(scene('action', 0)), play('I7'));
    expect(seven.turn?.pending).toBe('seven');
    const five = applyMove(atMove(scene('action', 1)), play('I5'));
    expect(five.turn?.pending).toBe('five');
    const three = applyMove(atMove(scene('action', 2)), play('R3'));
    expect(three.hands[ME]).toContain('Y4');
    const one = applyMove(atMove(scene('action', 3)), play('O1'));
    expect(one.turn?.pending).toBe('one');
    const choice = oneChoices(myView(one)).find((c) => c.seat === 1)!;
    expect(choice.cards.find((c) => c.card === 'R6')?.leads).toBe(true);
    expect(leadsNow(applyAll(one, [{ type: 'one', seat: 1, card: 'R6' }]))).toBe(true);
  });
});

describe('the texts', () => {
  const keysOf = (say: Say[]): string[] => say.flatMap((s) => ('key' in s ? [s.key] : []));
  const all = CHAPTERS.flatMap((c) =>
    c.scenes.flatMap((sc) =>
      sc.steps.flatMap((st) => [
        ...keysOf(st.say),
        ...(st.wait === 'turn' ? (st.wrong ?? []).flatMap((w) => keysOf(w.say)) : []),
      ]),
    ),
  );
  const lookUp = (dict: unknown, k: string): unknown =>
    k.split('.').reduce<unknown>((d, part) => (d as Record<string, unknown> | undefined)?.[part], dict);
  for (const [name, dict] of [
    ['en', en],
    ['it', it_],
    ['ko', ko],
  ] as const)
    it(`every text a chapter shows is in ${name}`, () => {
      expect(all.filter((k) => typeof lookUp(dict, k) !== 'string')).toEqual([]);
    });
  it('the coaching lines are the only new ones: the rules are the table’s own', () => {
    expect(all.filter((k) => !/^(learn|rule|rules|turn)\./.test(k))).toEqual([]);
  });
});
