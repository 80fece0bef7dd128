// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { applyMove, setupState, viewFor } from '../../shared/engine';
import { ALL_CARDS } from '../../shared/engine/cards';
import type { GameOptions, LogEntry } from '../../shared/engine/types';
import ColorRanking from '../../renderer/src/components/board/ColorRanking.vue';
import GameLog from '../../renderer/src/components/table/GameLog.vue';
import RoundSummary from '../../renderer/src/components/round/RoundSummary.vue';
import TurnPanel from '../../renderer/src/components/table/TurnPanel.vue';
import { resolveParticles } from '../../renderer/src/i18n/korean';
import { sortForDisplay } from '../../renderer/src/table-models/sorting';
import { i18nWithAllLocales, mountApp, turnPanelProps } from './mount';

const basic: GameOptions = { players: 2, mode: 'basic', actionRule: false };
const names = ['Ada', 'Bo', 'Bot 3'];

afterEach(() => {
  document.body.innerHTML = '';
});

const lines = (log: LogEntry[], me: number | null, locale: 'en' | 'it' | 'ko' = 'en', isBasic = false) =>
  mountApp(GameLog, { props: { log, names, mySeat: me, basic: isBasic } }, undefined, locale)
    .findAll('li')
    .map((li) => li.text());

describe('the log', () => {
  const log: LogEntry[] = [
    { kind: 'deal', round: 1, palettes: [['O3'], ['Y5'], ['V1']], first: 0 },
    { kind: 'turn', seat: 0, turn: 1, moveCount: 0 },
    { kind: 'play', seat: 0, card: 'B5' },
    { kind: 'play', seat: 0, card: 'B4' },
    { kind: 'turn', seat: 1, turn: 2, moveCount: 3 },
    { kind: 'play', seat: 1, card: 'R5' },
    { kind: 'play', seat: 1, card: 'R4' },
    { kind: 'one', seat: 1, target: 0, card: 'B4' },
    { kind: 'turn', seat: 2, turn: 3, moveCount: 7 },
    { kind: 'play', seat: 2, card: 'G4' },
    { kind: 'out', seat: 0, reason: 'notLeading' },
  ];

  it('speaks to you in the second person, opens each turn quietly, and labels a 5’s extra card', () => {
    expect(lines(log, 0)).toEqual([
      'Round 1: cards dealt. You start.',
      'Turn 1 · you',
      'You played Blue 5.',
      'You played Blue 4 (action of the 5).',
      'Turn 2 · Bo',
      // A new turn: Bo's 5 is no extra card, though it follows yours.
      'Bo played Red 5.',
      'Bo played Red 4 (action of the 5).',
      'Bo put your Blue 4 on top of the deck (action of the 1).',
      'Turn 3 · Bot 3',
      'Bot 3 played Green 4.',
      'You did not lead at the end of your turn and are out.',
    ]);
    // Everyone else reads the same events in the third person.
    expect(lines(log, 2)).toEqual([
      'Round 1: cards dealt. Ada starts.',
      'Turn 1 · Ada',
      'Ada played Blue 5.',
      'Ada played Blue 4 (action of the 5).',
      'Turn 2 · Bo',
      'Bo played Red 5.',
      'Bo played Red 4 (action of the 5).',
      "Bo put Ada's Blue 4 on top of the deck (action of the 1).",
      'Turn 3 · you',
      'You played Green 4.',
      'Ada did not lead at the end of the turn and is out.',
    ]);
    expect(lines(log, 0, 'it').slice(1, 4)).toEqual([
      'Turno 1 · tu',
      'Hai giocato Blu 5.',
      'Hai giocato Blu 4 (azione del 5).',
    ]);
    expect(lines(log, 0, 'ko').slice(4, 6)).toEqual(['2번째 차례 · Bo', 'Bo가 빨강 5를 냈습니다.']);
  });

  // The announcer (announcer.test.ts) speaks the moves; the dividers are only shown.
  it("shows each turn's divider in the list, in the order the turns were played", () => {
    const wrapper = mountApp(GameLog, { props: { log: log.slice(0, 5), names, mySeat: 1 } });
    expect(wrapper.findAll('[data-testid="log-turn"]').map((li) => li.text())).toEqual([
      'Turn 1 · Ada',
      'Turn 2 · you',
    ]);
    expect(wrapper.find('[aria-live]').exists()).toBe(false);
  });

  it('says nothing about points in a Basic game, and tells its end once', () => {
    const end: LogEntry[] = [
      { kind: 'roundWon', seat: 1, round: 1, rule: 'R', scored: [], points: 0 },
      { kind: 'gameOver', winners: [1], scores: [0, 0, 0] },
    ];
    expect(lines(end, 0, 'en', true)).toEqual(['Bo wins the game under Red.']);
    expect(lines(end, 1, 'en', true)).toEqual(['You win the game under Red.']);
    const advanced = lines(
      [{ kind: 'roundWon', seat: 1, round: 2, rule: 'G', scored: ['G6', 'B4'], points: 10 }, end[1]],
      1,
    );
    expect(advanced).toEqual([
      'You win round 2 under Green and score 10 (Green 6, Blue 4).',
      'You win the game!',
    ]);
  });
});

describe('Korean particles', () => {
  it('follow the last syllable of names, digits and Latin names', () => {
    expect(resolveParticles('민준이(가) 봇 2이(가) 철을(를) 빨강 7(으)로 초록(으)로 서연은(는)')).toBe(
      '민준이 봇 2가 철을 빨강 7로 초록으로 서연은',
    );
    expect(resolveParticles('Ada이(가) Tom이(가) Bill(으)로 Jane과(와) Max을(를)')).toBe(
      'Ada가 Tom이 Bill로 Jane과 Max를',
    );
    // Nothing to read the ending from: the polite 님 goes after the name, and the particle after it.
    expect(resolveParticles('🎲이(가)')).toBe('🎲님이');
    const t = i18nWithAllLocales('ko').global.t;
    expect(t('lead.alone', { name: '봇 2' })).toMatch(/^봇 2가 1위/);
    expect(t('lead.alone', { name: '지민' })).toMatch(/^지민이 1위/);
  });
});

describe('colour ranking', () => {
  it('lists the seven colours highest first with their symbols, the rule’s colour marked', () => {
    const w = mountApp(ColorRanking, { props: { rule: 'G' } });
    expect(w.findAll('li').map((li) => li.attributes('data-color'))).toEqual([
      'R',
      'O',
      'Y',
      'G',
      'B',
      'I',
      'V',
    ]);
    expect(w.findAll('li svg path')).toHaveLength(7);
    expect(w.get('[aria-current="true"]').attributes('data-color')).toBe('G');
    expect(w.text()).toContain('Same number? Colour decides:');
    const ko = mountApp(ColorRanking, { props: { rule: 'R' } }, undefined, 'ko');
    expect(ko.get('[aria-current="true"]').attributes('title')).toBe('빨강: 현재 규칙');
  });

  it('sorts hands and palettes by value (number, then colour) or by colour', () => {
    expect(sortForDisplay(['B4', 'R2', 'V4', 'R6'], 'value')).toEqual(['R6', 'B4', 'V4', 'R2']);
    expect(sortForDisplay(['B4', 'R2', 'V4', 'R6'], 'color')).toEqual(['R6', 'R2', 'B4', 'V4']);
    expect(sortForDisplay(['B4', 'R2'], 'none')).toEqual(['B4', 'R2']);
  });
});

describe('the end of the game and of your hand', () => {
  // Ada (seat 0) ends her turn leading with R7; Bo (1) has nothing left and is out: Ada wins.
  const over = () => {
    let s = setupState(basic, { hands: [['R7', 'G1'], []], palettes: [['O3'], ['Y5']], current: 0 });
    s = applyMove(s, { type: 'play', card: 'R7' });
    return applyMove(s, { type: 'end' });
  };

  it('one message per event: a Basic game’s end says who wins the game, once', () => {
    const s = over();
    expect(s.phase).toBe('gameOver');
    const mine = mountApp(RoundSummary, {
      props: { view: viewFor(s, 0), names },
    });
    const text = document.querySelector('[data-testid="round-summary"]')!.textContent!;
    expect(text).toContain('You win the game!');
    expect(text).not.toMatch(/wins? the round/);
    mine.unmount();
    mountApp(RoundSummary, { props: { view: viewFor(s, 1), names } });
    const theirs = document.querySelector('[data-testid="round-summary"]')!.textContent!;
    expect(theirs.match(/wins the/g)).toHaveLength(1);
    expect(theirs).toContain('Ada wins the game!');
    // Every final palette, its counting cards starred under the final rule, and who went out why.
    expect(document.querySelector('[data-testid="final-palettes"] [data-seat="1"]')?.textContent).toContain(
      'out on turn 1: no cards left',
    );
  });

  it('an Advanced game’s end says why it ends: the target reached, or too few cards for another round', () => {
    const advanced: GameOptions = { players: 2, mode: 'advanced', actionRule: false, targetScore: 20 };
    const end = (setup: { scores: number[]; scored?: string[][] }) => {
      let s = setupState(advanced, {
        hands: [['R7', 'G1'], []],
        palettes: [['O3'], ['Y5']],
        current: 0,
        ...setup,
      } as Parameters<typeof setupState>[1]);
      s = applyMove(s, { type: 'play', card: 'R7' });
      s = applyMove(s, { type: 'end' });
      expect(s.phase).toBe('gameOver');
      const w = mountApp(RoundSummary, { props: { view: viewFor(s, 1), names } });
      const why = w.get('[data-testid="game-end-why"]').text();
      w.unmount();
      return why;
    };
    // Ada's Red 7 scores 7: 14 + 7 reaches the target.
    expect(end({ scores: [14, 0] })).toBe('The game ends once someone reaches the target of 20 points.');
    // Far from it, but 40 cards have left the game: 9 are left, fewer than 8 a player.
    const gone = ALL_CARDS.filter((c) => !['R7', 'G1', 'O3', 'Y5'].includes(c)).slice(0, 40);
    expect(end({ scores: [0, 0], scored: [gone, []] })).toBe(
      'Too few cards were left for another round: the highest score wins.',
    );
  });

  it('the turn panel says the game is over instead of going blank', () => {
    const w = mountApp(TurnPanel, {
      props: { ...turnPanelProps(viewFor(over(), 1)), names },
    });
    expect(w.get('[data-testid="turn-status"]').text()).toBe('Game over: Ada wins the game!');
  });

  it('after your last card it asks you to confirm the turn, not to select a card', () => {
    const s = setupState(basic, { hands: [['R7'], ['B2']], palettes: [['O3'], ['Y5']], current: 0 });
    const w = mountApp(TurnPanel, {
      props: { ...turnPanelProps(viewFor(applyMove(s, { type: 'play', card: 'R7' }), 0)), names },
    });
    expect(w.get('[data-testid="turn-status"]').text()).toBe('That was your last card: confirm your turn.');
    expect(w.text()).not.toContain('Select a card');
  });
});
