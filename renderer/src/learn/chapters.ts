import type { CardId, GameOptions, Move, Rule } from '../../../shared/engine/types';
import type { Chapter, Say, Scene, Step, Target } from './lesson';

export { CHAPTER_IDS, isChapterId, type ChapterId } from './chapter-ids';

/*
 * The chapters of "Learn to play": each a planted position (the engine's setupState, so it is a table the
 * engine accepts), and the steps taught at it. The rules' and the previews' wording is the table's own
 * (`rule.*`, `rules.*`, the turn panel's previews); `learn.*` holds only the coaching lines.
 * Every chapter ends in a move the player makes (test/renderer/learn-chapters.test.ts checks each one).
 */

const BASIC: GameOptions = { players: 2, mode: 'basic', actionRule: false };
const ACTION: GameOptions = { players: 2, mode: 'basic', actionRule: true, rulesVersion: '1.2' };
const ADVANCED: GameOptions = { players: 2, mode: 'advanced', actionRule: false, targetScore: 40 };

const key = (k: string, params?: Record<string, string | number | { card: CardId } | { rule: Rule }>): Say =>
  params ? { key: k, params } : { key: k };
const play = (card: CardId): Move => ({ type: 'play', card });
const discard = (card: CardId): Move => ({ type: 'discard', card });
const read = (id: string, say: Say[], point?: Target): Step =>
  point ? { id, say, wait: 'next', point } : { id, say, wait: 'next' };

/** 1. The goal: lead at the end of your turn, or you are out; the last one in wins. */
const goal: Scene = {
  options: BASIC,
  setup: {
    hands: [
      ['Y6', 'G4'],
      ['V1', 'I2'],
    ],
    palettes: [['B3'], ['O5']],
    current: 0,
  },
  steps: [
    read('welcome', [key('learn.goal.welcome')], { part: 'mine' }),
    read('goal', [key('learn.goal.rule'), key('rules.goal')], { part: 'rule' }),
    read('behind', [{ leader: true }, key('learn.goal.behind')], { palette: 1 }),
    {
      id: 'lead',
      wait: 'turn',
      say: [key('rules.turnPlay'), key('learn.goal.task', { card: { card: 'Y6' } })],
      turns: [[play('Y6')]],
      finish: 'exact',
    },
    { id: 'bot', wait: 'bots', say: [key('learn.goal.botTurn')] },
    read('won', [key('learn.goal.won')], { part: 'status' }),
  ],
};

/** 2. Playing under Red: the highest card; number first, then the colour ranking. */
const playScene: Scene = {
  options: BASIC,
  setup: {
    hands: [
      ['Y5', 'I5'],
      ['R1', 'O1'],
    ],
    palettes: [['V2'], ['G5']],
    current: 0,
  },
  steps: [
    read('red', [key('learn.play.red'), key('rule.R.text')], { part: 'rule' }),
    read('ranking', [key('rules.colors'), key('learn.play.ranking')], { part: 'ranking' }),
    read('fives', [{ leader: true }, key('learn.play.fives')], { part: 'hand' }),
    {
      id: 'beat',
      wait: 'turn',
      say: [key('learn.play.task', { card: { card: 'G5' } })],
      turns: [[play('Y5')]],
      finish: 'exact',
      wrong: [{ move: play('I5'), say: [{ previewPlay: 'I5' }, key('learn.play.belowGreen')] }],
    },
    read('done', [key('learn.play.done')], { palette: 0 }),
  ],
};

/** The card of each colour in chapter 3's hand: discarding it makes its colour the rule. */
const RULE_CARDS: [Rule, CardId][] = [
  ['O', 'O2'],
  ['Y', 'Y1'],
  ['G', 'G2'],
  ['B', 'B2'],
  ['I', 'I1'],
  ['V', 'V2'],
];

/** 3. Discarding to change the rule: one palette under Orange … Violet; it leads under Indigo alone. */
const rules: Scene = {
  options: BASIC,
  setup: {
    hands: [RULE_CARDS.map(([, card]) => card), ['V1', 'O1']],
    palettes: [
      ['Y5', 'O5', 'I4'],
      ['B3', 'Y6', 'R6'],
    ],
    current: 0,
  },
  steps: [
    read('discard', [key('rules.turnDiscard'), key('learn.rules.intro')], { part: 'hand' }),
    ...RULE_CARDS.map(([rule, card]): Step =>
      read(
        `rule-${rule}`,
        [key('learn.rules.under', { rule: { rule } }), key(`rule.${rule}.text`), { previewDiscard: card }],
        { hand: card },
      ),
    ),
    {
      id: 'change',
      wait: 'turn',
      say: [key('learn.rules.task')],
      turns: [[discard('I1')]],
      finish: 'exact',
    },
    read('done', [key('learn.rules.done')], { part: 'rule' }),
  ],
};

/** 4a. Play and discard in one turn: neither alone keeps you in. */
const both: Scene = {
  options: BASIC,
  setup: {
    hands: [
      ['I2', 'G2', 'R5', 'Y6'],
      ['R1', 'O1'],
    ],
    palettes: [
      ['B3', 'V1'],
      ['O6', 'G7'],
    ],
    current: 0,
  },
  steps: [
    read('both', [key('rules.turnBoth'), key('learn.turn.intro')], { part: 'hand' }),
    read('setUp', [{ previewPlay: 'G2' }], { hand: 'G2' }),
    {
      id: 'playDiscard',
      wait: 'turn',
      say: [key('learn.turn.task', { card: { card: 'G2' }, discard: { card: 'I2' } })],
      turns: [[play('G2'), discard('I2')]],
      finish: 'exact',
    },
    read('run', [key('learn.turn.run')], { palette: 0 }),
  ],
};

/** 4b. Passing: no move keeps you in, and the table says so. */
const pass: Scene = {
  options: BASIC,
  setup: {
    hands: [
      ['R1', 'R4', 'R6', 'R2'],
      ['V2', 'O1'],
    ],
    palettes: [
      ['G6', 'B3'],
      ['R3', 'I7'],
    ],
    current: 0,
  },
  steps: [
    read('hopeless', [key('turn.noKeepingMove'), key('learn.turn.hopeless')], { part: 'hand' }),
    {
      id: 'pass',
      wait: 'turn',
      say: [key('rules.turnPass'), key('learn.turn.passWise')],
      turns: [[{ type: 'pass' }]],
      finish: 'exact',
    },
    read('passed', [key('learn.turn.passed')], { part: 'status' }),
  ],
};

/** 5. Ties: groups of the same size, the highest card; between equal numbers, the colour ranking. */
const ties: Scene = {
  options: BASIC,
  setup: {
    hands: [
      ['O4', 'G4', 'V3'],
      ['R1', 'R2'],
    ],
    palettes: [
      ['B4', 'V5'],
      ['Y4', 'I4'],
    ],
    canvas: ['O2'],
    current: 0,
  },
  steps: [
    read(
      'orange',
      [key('learn.rules.under', { rule: { rule: 'O' } }), key('rule.O.text'), { leader: true }],
      {
        part: 'canvas',
      },
    ),
    read('groups', [key('rules.tieGroups'), key('learn.ties.pairs')], { palette: 1 }),
    {
      id: 'pair',
      wait: 'turn',
      say: [key('learn.ties.task')],
      turns: [[play('O4')]],
      finish: 'exact',
      wrong: [{ move: play('G4'), say: [{ previewPlay: 'G4' }, key('learn.ties.belowYellow')] }],
    },
    read('cards', [key('rules.tieCards'), key('rules.tieZero')], { part: 'ranking' }),
  ],
};

/** 6. Advanced: the round winner scores its counting cards; the target; the free draw after a discard. */
const advanced: Scene = {
  options: ADVANCED,
  setup: {
    hands: [
      ['Y4', 'V7', 'I2'],
      ['R1', 'O1'],
    ],
    palettes: [['G5', 'B3', 'V2'], ['O6']],
    deck: ['R7'],
    scores: [30, 28],
    scored: [
      ['Y7', 'Y6', 'R5', 'R4', 'I4', 'B4'],
      ['O7', 'B7', 'G6', 'I3', 'V5'],
    ],
    current: 0,
  },
  steps: [
    read('score', [key('rules.advanced', { target: 40 }), key('learn.advanced.scores')], { part: 'scores' }),
    read('draw', [key('rules.drawOffer'), key('learn.advanced.drawWhen')], { hand: 'V7' }),
    {
      id: 'discardDraw',
      wait: 'turn',
      say: [key('learn.advanced.task', { card: { card: 'V7' } })],
      turns: [[discard('V7'), { type: 'draw' }]],
      finish: 'exact',
      wrong: [
        { move: { type: 'noDraw' }, say: [key('learn.advanced.takeIt')] },
        { move: discard('I2'), say: [{ previewDiscard: 'I2' }, key('learn.advanced.smallDiscard')] },
      ],
    },
    read('counting', [key('learn.advanced.counting')], { palette: 0 }),
  ],
};

/** 7. The Action rule, each odd card on a position of its own: 7, 5, 3, 1. */
const seven: Scene = {
  options: ACTION,
  setup: {
    hands: [
      ['I7', 'G2'],
      ['R1', 'V1'],
    ],
    palettes: [['B4', 'O3'], ['Y5']],
    current: 0,
  },
  steps: [
    read('seven', [key('rules.actionsIntro', { version: '1.2' }), key('rules.action7')], { hand: 'I7' }),
    {
      id: 'play7',
      wait: 'turn',
      say: [key('learn.action.seven', { card: { card: 'I7' } })],
      turns: [[play('I7'), { type: 'seven', card: 'O3', to: 'canvas' }]],
      finish: 'leading',
    },
  ],
};
const five: Scene = {
  options: ACTION,
  setup: {
    hands: [
      ['I5', 'G2', 'V6'],
      ['R1', 'V1'],
    ],
    palettes: [['B1'], ['O4']],
    current: 0,
  },
  steps: [
    read('five', [key('rules.action5')], { hand: 'I5' }),
    {
      id: 'play5',
      wait: 'turn',
      say: [key('learn.action.five', { card: { card: 'I5' } })],
      turns: [[play('I5'), play('G2')]],
      finish: 'leading',
    },
  ],
};
const three: Scene = {
  options: ACTION,
  setup: {
    hands: [
      ['R3', 'G1'],
      ['V1', 'I1'],
    ],
    palettes: [['B2'], ['O3']],
    deck: ['Y4'],
    current: 0,
  },
  steps: [
    read('three', [key('rules.action3')], { hand: 'R3' }),
    {
      id: 'play3',
      wait: 'turn',
      say: [key('learn.action.three', { card: { card: 'R3' } })],
      turns: [[play('R3')]],
      finish: 'leading',
    },
  ],
};
const one: Scene = {
  options: ACTION,
  setup: {
    hands: [
      ['O1', 'V4'],
      ['V1', 'I1'],
    ],
    palettes: [
      ['B5', 'I2'],
      ['R6', 'Y3', 'G2'],
    ],
    current: 0,
  },
  steps: [
    read('one', [key('rules.action1'), key('rules.actionLead')], { hand: 'O1' }),
    {
      id: 'play1',
      wait: 'turn',
      say: [key('learn.action.one', { card: { card: 'O1' }, take: { card: 'R6' } })],
      turns: [[play('O1'), { type: 'one', seat: 1, card: 'R6' }]],
      finish: 'exact',
    },
    read('done', [key('learn.action.done')], { part: 'deck' }),
  ],
};

export const CHAPTERS: readonly Chapter[] = [
  { id: 'goal', scenes: [goal] },
  { id: 'play', scenes: [playScene] },
  { id: 'rules', scenes: [rules] },
  { id: 'turn', scenes: [both, pass] },
  { id: 'ties', scenes: [ties] },
  { id: 'advanced', scenes: [advanced] },
  { id: 'action', scenes: [seven, five, three, one], optional: true },
];

export const chapterOf = (id: string): Chapter | null => CHAPTERS.find((c) => c.id === id) ?? null;
