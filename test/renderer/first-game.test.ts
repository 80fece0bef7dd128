// @vitest-environment happy-dom
// A first game for newcomers and bots with a level per seat, in the renderer: the one rules line every
// screen shows (en, it, ko), the new-table form's First game and per-seat levels, the bot badge, and the
// Rules dialog's links to the tutorial.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import BotBadge from '../../renderer/src/components/board/BotBadge.vue';
import NewTableForm from '../../renderer/src/components/lobby/NewTableForm.vue';
import RuleReference from '../../renderer/src/components/app/RuleReference.vue';
import { rulesFactsOf, rulesLine } from '../../renderer/src/table-models/rulesLine';
import type { Locale } from '../../renderer/src/i18n/locales';
import { normalizeOptions } from '../../shared/engine';
import type { TableOptions } from '../../shared/protocol';
import { MemoryStorage } from './memory-storage';
import { i18nWithAllLocales, mountApp, seatInfo, tableInfo, useTestServices } from './mount';

const line = (facts: Parameters<typeof rulesLine>[0], locale: Locale = 'en') => {
  const i18n = i18nWithAllLocales(locale);
  return rulesLine(facts, (k, p) => i18n.global.t(k, p ?? {}));
};

let local: MemoryStorage;
beforeEach(() => {
  local = new MemoryStorage();
  useTestServices(local);
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('the rules line', () => {
  const first = {
    mode: 'basic',
    actionRule: false,
    rulesVersion: '1.2',
    hints: true,
    botPace: 'relaxed',
    bots: [{ level: 'easy', think: null }],
  } as const;

  it('says which rules are on in words a newcomer reads, in en, it and ko', () => {
    expect(line(first)).toBe(
      'Basic game (one round) · no card actions · easy bots · bots play slowly · move hints on',
    );
    expect(line(first, 'it')).toBe(
      'Partita base (un round) · senza azioni delle carte · bot di livello facile · i bot giocano con calma · suggerimenti attivi',
    );
    expect(line(first, 'ko')).toBe(
      '기본 게임 (한 라운드) · 카드 액션 없음 · 쉬움 봇 · 봇이 천천히 둡니다 · 수 추천 켜짐',
    );
    const advanced = {
      mode: 'advanced',
      actionRule: true,
      rulesVersion: '1.1',
      targetScore: 30,
      autoDraw: true,
      hints: false,
      botPace: 'fast',
      bots: [
        { level: 'hard', think: 'long' },
        { level: 'hard', think: 'long' },
      ],
    } as const;
    expect(line(advanced)).toBe(
      'Advanced game, first to 30 points · card actions on (7, 5, 3, 1) · older rules (v1.1) · free draw taken for you · hard bots, long thinking · bots play fast · no move hints',
    );
    expect(line(advanced, 'ko')).toContain('어드밴스 게임, 30점 먼저 내면 승리 · 카드 액션 켜짐');
  });

  it('says the bots’ level only when they share one (each seat’s badge says its own), and nothing of bots without any', () => {
    const mixed = {
      ...first,
      bots: [
        { level: 'easy', think: null },
        { level: 'hard', think: 'quick' },
      ],
    } as const;
    expect(line(mixed)).toBe('Basic game (one round) · no card actions · bots play slowly · move hints on');
    expect(line({ ...first, bots: [] })).toBe('Basic game (one round) · no card actions · move hints on');
    // The turn clock, when there is one, in the clock's own words.
    expect(line({ ...first, bots: [], turnClock: 60, clockExpiry: 'bot' })).toBe(
      'Basic game (one round) · no card actions · move hints on · Turn clock: 1 minute, then a bot plays',
    );
    expect(line({ ...first, bots: [], turnClock: 0, clockExpiry: 'bot' })).not.toContain('clock');
  });

  it('says only what a lobby row knows (mode, Action rule, version), the default version unsaid', () => {
    expect(line({ mode: 'advanced', actionRule: true, rulesVersion: '1.2' })).toBe(
      'Advanced · card actions on (7, 5, 3, 1)',
    );
    expect(line({ mode: 'basic', actionRule: false, rulesVersion: '1.1' }, 'it')).toBe(
      'Partita base (un round) · senza azioni delle carte · regole precedenti (v1.1)',
    );
  });

  it('reads the levels from the seats, the table’s for a seat without its own', () => {
    const info = tableInfo([
      seatInfo(0, 'Ann'),
      seatInfo(1, 'Ada', { bot: true, person: false, botLevel: 'easy' }),
      seatInfo(2, 'Bruno', { bot: true, person: false, botLevel: null }),
    ]);
    const facts = rulesFactsOf({
      ...info,
      options: { ...info.options, botLevel: 'hard', botThink: 'quick' },
    });
    expect(facts.bots).toEqual([
      { level: 'easy', think: null },
      { level: 'hard', think: 'quick' },
    ]);
  });
});

describe('the new-table form', () => {
  type Created = [string, TableOptions, unknown[]];
  const created = async (w: ReturnType<typeof mountApp>): Promise<Created> => {
    await w.get('[data-testid="new-table"]').trigger('submit');
    const all = w.emitted('create') as Created[];
    return all[all.length - 1];
  };
  const form = () => mountApp(NewTableForm, { props: { playerName: 'Ada', busy: false } });

  it('opens on First game on a device that never hosted, and creates the Basic game with easy, slow bots and hints', async () => {
    const w = form();
    const firstRadio = w.get('[data-testid="preset-first"]').element as HTMLInputElement;
    expect(firstRadio.checked).toBe(true);
    expect(firstRadio.type).toBe('radio');
    // The two choices are one radio group, named by its legend, each explained.
    expect(w.get('fieldset.preset legend').text()).toBe('Kind of table');
    expect(firstRadio.getAttribute('aria-describedby')).toBe('preset-note');
    expect(w.get('#preset-note').text()).toContain('For new players');
    expect(w.get('[data-testid="first-rules"]').text()).toBe(
      'The rules at this table: Basic game (one round) · no card actions · easy bots · bots play slowly · move hints on',
    );
    // The custom options are out of the way; the seats stay the creator's to choose.
    for (const id of ['mode-advanced', 'action-rule', 'bot-level', 'bot-pace', 'hints', 'seat-level-1'])
      expect(w.find(`[data-testid="${id}"]`).exists(), id).toBe(false);
    await w.get('[data-testid="bot-2"]').setValue(true);
    const [, options, bots] = await created(w);
    expect(options).toEqual({
      players: 3,
      mode: 'basic',
      actionRule: false,
      rulesVersion: '1.2',
      botLevel: 'easy',
      botPace: 'relaxed',
      hints: true,
    });
    expect(bots).toEqual([1, 2]);
  });

  it('shows every option on Custom, sends each bot seat’s own level and think time, and remembers the choice', async () => {
    const w = form();
    await w.get('[data-testid="preset-custom"]').setValue(true);
    expect(w.find('[data-testid="mode-advanced"]').exists()).toBe(true);
    expect(w.get('#preset-note').text()).toBe('Choose every option yourself.');
    await w.get('[data-testid="players-4"]').setValue();
    await w.get('[data-testid="bot-2"]').setValue(true);
    await w.get('[data-testid="bot-3"]').setValue(true);
    // Each bot seat starts at the table's level; a hard seat also asks for its think time.
    const level1 = w.get('[data-testid="seat-level-1"]');
    expect((level1.element as HTMLSelectElement).value).toBe('normal');
    expect(level1.attributes('aria-label')).toBe('Level of the bot in seat 2');
    await level1.setValue('easy');
    await w.get('[data-testid="seat-level-3"]').setValue('hard');
    await w.get('[data-testid="seat-think-3"]').setValue('long');
    expect(w.find('[data-testid="seat-think-1"]').exists()).toBe(false);
    const [, options, bots] = await created(w);
    expect(options).toMatchObject({ mode: 'advanced', actionRule: true, botLevel: 'normal' });
    expect(bots).toEqual([{ seat: 1, level: 'easy' }, 2, { seat: 3, level: 'hard', think: 'long' }]);
    expect(JSON.parse(local.getItem('red7.newTable')!)).toMatchObject({ preset: 'custom' });
    w.unmount();

    // The next visit opens on Custom, its options as left.
    const again = form();
    expect((again.get('[data-testid="preset-custom"]').element as HTMLInputElement).checked).toBe(true);
    expect((again.get('[data-testid="players-4"]').element as HTMLInputElement).checked).toBe(true);
  });

  it('opens on Custom for a device that hosted before First game existed', async () => {
    local.setItem(
      'red7.newTable',
      JSON.stringify({ options: { players: 2, mode: 'advanced', actionRule: true }, bots: [1] }),
    );
    useTestServices(local);
    const w = form();
    expect((w.get('[data-testid="preset-custom"]').element as HTMLInputElement).checked).toBe(true);
  });
});

describe('the bot badge', () => {
  it('says bot and the level (and a hard bot’s think time), in each language', () => {
    const badge = (
      botLevel: 'easy' | 'hard',
      botThink: 'quick' | null,
      locale: Locale = 'en',
      compact = false,
    ) => mountApp(BotBadge, { props: { info: { botLevel, botThink }, compact } }, undefined, locale);
    expect(badge('easy', null).text().replace(/\s+/g, ' ').trim()).toBe('bot · Easy');
    expect(badge('hard', 'quick').text().replace(/\s+/g, ' ').trim()).toBe('bot · Hard · Quick');
    expect(badge('hard', 'quick').attributes('title')).toBe('Bot, Hard, Quick thinking');
    expect(badge('easy', null, 'ko').text().replace(/\s+/g, ' ').trim()).toBe('봇 · 쉬움');
    expect(badge('hard', 'quick', 'it').attributes('title')).toBe('Bot, Difficile, riflessione Rapida');
    // The word "bot" is for screen readers only (sr-only): the icon shows it.
    expect(badge('hard', 'quick', 'en', true).text().trim()).toBe('bot · Hard');
  });
});

describe('the Rules dialog', () => {
  it('links each rule’s text to its tutorial chapter, and closes as the link is followed', async () => {
    const w = mountApp(RuleReference, {
      props: { options: normalizeOptions({ players: 3, mode: 'advanced', actionRule: true }) },
    });
    const links = w.findAll('.learn a');
    expect(links.map((a) => a.attributes('href'))).toEqual([
      '#/learn/goal',
      '#/learn/turn',
      '#/learn/play',
      '#/learn/rules',
      '#/learn/ties',
      '#/learn/advanced',
      '#/learn/action',
    ]);
    // Each says what it teaches to a screen reader, since their words are alike.
    // (What is heard begins with what is seen: no aria-label, the topic in words only a screen reader reads.)
    expect(links.map((a) => a.text())).toContain('Learn it step by step: Ties →');
    expect(links.every((a) => a.attributes('aria-label') === undefined)).toBe(true);
    expect(new Set(links.map((a) => a.text())).size).toBe(7);
    // Side by side, the Advanced and Action links name their topic in their words too.
    expect(w.get('[data-testid="rules-learn-action"]').text()).toBe('Learn “Action rule” step by step →');
    await w.get('[data-testid="rules-learn-ties"]').trigger('click');
    expect(w.emitted('close')).toHaveLength(1);
  });
});
