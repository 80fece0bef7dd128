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
import type { CardId, GameState, Move, Rule } from '../../shared/engine/types';
import { CHAPTER_IDS, CHAPTERS, chapterOf } from '../../renderer/src/learn/chapters';
import type { MoveStep, Say, Scene, Step, Target } from '../../renderer/src/learn/lesson';
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

/*
 * What a step of words talks about is what it rings: each line that names a place on the table is tied
 * here to the targets it may ring (a rule named rings the rule, or the hand card that would set it).
 */
describe('each step rings what its words talk about', () => {
  const part =
    (...parts: string[]) =>
    (t: Target): boolean =>
      'part' in t && parts.includes(t.part);
  const handCard =
    (fits: (card: CardId) => boolean = () => true) =>
    (t: Target): boolean =>
      'hand' in t && fits(t.hand);
  const palette =
    (seat?: number) =>
    (t: Target): boolean =>
      'palette' in t && (seat === undefined || t.palette === seat);
  const either =
    (...tests: ((t: Target) => boolean)[]) =>
    (t: Target): boolean =>
      tests.some((f) => f(t));
  const theRule = part('rule', 'canvas');
  const ofColour = (rule: Rule) => handCard((c) => c[0] === rule);
  const ofNumber = (n: number) => handCard((c) => Number(c[1]) === n);

  /** The lines that name a place, and what they may ring (a line not here names none: the rules' general words). */
  const ABOUT: Record<string, (t: Target, say: Say) => boolean> = {
    'learn.goal.welcome': part('mine'),
    'learn.goal.rule': theRule,
    'rules.goal': theRule,
    'learn.goal.behind': palette(1),
    'learn.goal.won': part('status'),
    'learn.play.red': theRule,
    'rules.colors': part('ranking'),
    'learn.play.ranking': part('ranking'),
    'learn.play.fives': part('hand'),
    'learn.play.done': palette(ME),
    'learn.rules.intro': either(part('hand'), handCard()),
    'learn.rules.under': (t, say) => {
      const rule = ('params' in say ? (say.params?.rule as { rule: Rule }) : undefined)?.rule;
      return theRule(t) || (rule !== undefined && ofColour(rule)(t));
    },
    'learn.rules.done': theRule,
    'learn.turn.intro': either(part('hand'), handCard()),
    'learn.turn.run': palette(ME),
    'learn.turn.hopeless': part('hand'),
    'learn.turn.passed': part('status'),
    'rules.tieGroups': palette(),
    'learn.ties.pairs': palette(),
    'rules.tieCards': part('ranking'),
    'rules.advanced': part('scores'),
    'learn.advanced.scores': part('scores'),
    'rules.drawOffer': handCard(),
    'learn.advanced.drawWhen': handCard(),
    'learn.advanced.counting': palette(ME),
    'rules.action7': ofNumber(7),
    'rules.action5': ofNumber(5),
    'rules.action3': ofNumber(3),
    'rules.action1': ofNumber(1),
    'learn.action.done': part('deck'),
  };
  for (const rule of ['R', 'O', 'Y', 'G', 'B', 'I', 'V'] as const)
    ABOUT[`rule.${rule}.text`] = either(theRule, ofColour(rule));

  /** Why a step's ring does not fit one of its lines (null: every line that names a place fits it). */
  function misfit(step: Step): string | null {
    if (step.wait !== 'next') return null;
    const point = step.point;
    const named = step.say.filter(
      (say) => 'previewPlay' in say || 'previewDiscard' in say || ('key' in say && ABOUT[say.key]),
    );
    if (named.length === 0) return 'its words name no place on the table';
    if (!point) return 'it rings nothing';
    for (const say of named) {
      if ('previewPlay' in say || 'previewDiscard' in say) {
        const card = 'previewPlay' in say ? say.previewPlay : say.previewDiscard;
        if (!('hand' in point) || point.hand !== card)
          return `its preview of ${card} rings ${JSON.stringify(point)}`;
      } else if ('key' in say && !ABOUT[say.key](point, say))
        return `${say.key} rings ${JSON.stringify(point)}`;
    }
    return null;
  }

  for (const chapter of CHAPTERS)
    it(chapter.id, () => {
      const wrong = chapter.scenes.flatMap((sc) =>
        sc.steps.flatMap((st) => {
          const why = misfit(st);
          return why ? [`${st.id}: ${why}`] : [];
        }),
      );
      expect(wrong).toEqual([]);
    });
});
