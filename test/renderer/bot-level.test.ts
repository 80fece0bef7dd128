// @vitest-environment happy-dom
import { getActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BotThink, SeatInfo, TableInfo, TableOptions } from '../../shared/protocol';
import NewTableForm from '../../renderer/src/components/lobby/NewTableForm.vue';
import { webBridge } from '../../renderer/src/bridge/web';
import { GameClient } from '../../renderer/src/net/client';
import { setServices } from '../../renderer/src/services';
import WaitingRoom from '../../renderer/src/views/WaitingRoom.vue';
import { MemoryStorage } from './memory-storage';
import { mountApp } from './mount';

type Created = [name: string, options: TableOptions, bots: number[]];

/** The form on Custom (a fresh device opens on First game, whose bots are easy). */
async function mountForm() {
  const w = mountApp(NewTableForm, { props: { playerName: 'Ada', busy: false } });
  await w.get('[data-testid="preset-custom"]').setValue(true);
  const created = async (): Promise<Created> => {
    await w.get('[data-testid="new-table"]').trigger('submit');
    const events = w.emitted('create') as Created[];
    return events[events.length - 1];
  };
  return { w, created };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the new-table form’s bot level', () => {
  it('is offered while a bot seat is ticked, normal by default, with the three levels', async () => {
    const { w } = await mountForm();
    // Seat 2 starts as a bot.
    const select = w.get('[data-testid="bot-level"]');
    expect((select.element as HTMLSelectElement).value).toBe('normal');
    expect(select.findAll('option').map((o) => [o.attributes('value'), o.text()])).toEqual([
      ['easy', 'Easy'],
      ['normal', 'Normal'],
      ['hard', 'Hard'],
    ]);
    expect(w.text()).toContain('this one is for the others, and for a bot standing in for someone away');
    await w.get('[data-testid="bot-1"]').setValue(false);
    expect(w.find('[data-testid="bot-level"]').exists()).toBe(false);
    await w.get('[data-testid="bot-2"]').setValue(true);
    expect(w.find('[data-testid="bot-level"]').exists()).toBe(true);
    // A bot on a seat the smaller table does not have does not count.
    await w.get('[data-testid="players-2"]').setValue();
    expect(w.find('[data-testid="bot-level"]').exists()).toBe(false);
  });

  it('sends the chosen level with the bots, and no level when there are none', async () => {
    const { w, created } = await mountForm();
    await w.get('[data-testid="bot-level"]').setValue('easy');
    const [, options, bots] = await created();
    expect(bots).toEqual([1]);
    expect(options.botLevel).toBe('easy');

    await w.get('[data-testid="bot-1"]').setValue(false);
    const [, without, none] = await created();
    expect(none).toEqual([]);
    expect(without).not.toHaveProperty('botLevel');

    // Ticking a bot again brings the level chosen before back.
    await w.get('[data-testid="bot-1"]').setValue(true);
    expect((w.get('[data-testid="bot-level"]').element as HTMLSelectElement).value).toBe('easy');
    await w.get('[data-testid="bot-level"]').setValue('hard');
    expect((await created())[1].botLevel).toBe('hard');
  });
});

describe('the new-table form’s think time for hard bots', () => {
  it('is offered only for hard bots, normal by default, with the three times in each language', async () => {
    const { w } = await mountForm();
    expect(w.find('[data-testid="bot-think"]').exists()).toBe(false);
    await w.get('[data-testid="bot-level"]').setValue('hard');
    const select = w.get('[data-testid="bot-think"]');
    expect((select.element as HTMLSelectElement).value).toBe('normal');
    expect(select.findAll('option').map((o) => [o.attributes('value'), o.text()])).toEqual([
      ['quick', 'Quick (at most about 0.1 s)'],
      ['normal', 'Normal (at most about ⅓ s)'],
      ['long', 'Long (at most about 1 s)'],
    ]);
    // Labelled and explained for a screen reader, as the level and pace are.
    expect(w.get('label:has([data-testid="bot-think"]) > span').text()).toBe('Hard bots think');
    expect(select.attributes('aria-describedby')).toBe('bot-think-note');
    expect(w.get('#bot-think-note').text()).toContain('most moves take far less');
    await w.get('[data-testid="bot-1"]').setValue(false);
    expect(w.find('[data-testid="bot-think"]').exists()).toBe(false);

    for (const [locale, label, long] of [
      ['it', 'Riflessione dei bot difficili', 'Lunga (al massimo circa 1 s)'],
      ['ko', '어려움 봇 생각 시간', '길게 (최대 약 1초)'],
    ] as const) {
      const f = mountApp(NewTableForm, { props: { playerName: 'Ada', busy: false } }, undefined, locale);
      await f.get('[data-testid="preset-custom"]').setValue(true);
      await f.get('[data-testid="bot-level"]').setValue('hard');
      expect(f.get('label:has([data-testid="bot-think"]) > span').text()).toBe(label);
      expect(f.get('[data-testid="bot-think"] option[value="long"]').text()).toBe(long);
      f.unmount();
    }
  });

  it('is sent with hard bots only, and comes back with the level on the next visit', async () => {
    const { w, created } = await mountForm();
    await w.get('[data-testid="bot-level"]').setValue('hard');
    await w.get('[data-testid="bot-think"]').setValue('quick');
    expect((await created())[1]).toMatchObject({ botLevel: 'hard', botThink: 'quick' });
    // At an easy table the choice means nothing: it is not sent (the host would report its default).
    await w.get('[data-testid="bot-level"]').setValue('easy');
    expect((await created())[1]).not.toHaveProperty('botThink');
    await w.get('[data-testid="bot-level"]').setValue('hard');
    expect((w.get('[data-testid="bot-think"]').element as HTMLSelectElement).value).toBe('quick');
    await w.get('[data-testid="bot-think"]').setValue('long');
    await created();
    w.unmount();

    // The same app (its settings store) on the next visit to the form.
    const again = mountApp(NewTableForm, { props: { playerName: 'Ada', busy: false } }, getActivePinia());
    expect((again.get('[data-testid="bot-think"]').element as HTMLSelectElement).value).toBe('long');
  });
});

describe('the waiting room', () => {
  beforeEach(() => {
    const storage = new MemoryStorage();
    setServices({
      bridge: webBridge({
        location: {
          hostname: '127.0.0.1',
          port: '47470',
          protocol: 'http:',
          origin: 'http://127.0.0.1:47470',
        },
        fetch: vi.fn(() => Promise.reject(new Error('offline'))) as unknown as typeof fetch,
        storage,
      }),
      createClient: (url) => new GameClient({ url, backoff: { maxAttempts: 0 } }),
      session: new MemoryStorage(),
      local: storage,
      originWsUrl: null,
    });
  });

  const seat = (n: number, bot: boolean): SeatInfo => ({
    seat: n,
    name: bot ? `Bot ${n + 1}` : 'Ada',
    connected: !bot,
    bot,
    standIn: false,
    creator: n === 0,
    votedOut: false,
    person: !bot,
    away: false,
    awayMs: null,
    awaySince: null,
    votes: [],
    // A seat without its own level: the line falls back to the table's options.
    botLevel: null,
    botThink: null,
  });
  const info = (
    seatList: SeatInfo[],
    botLevel: TableInfo['options']['botLevel'],
    botThink: BotThink = 'normal',
  ): TableInfo => ({
    id: 'tbl12345',
    name: 'Kitchen table',
    players: seatList.length,
    seats: seatList.length,
    state: 'open',
    mode: 'basic',
    actionRule: false,
    rulesVersion: '1.2',
    spectators: 0,
    options: { players: 2, mode: 'basic', actionRule: false, rulesVersion: '1.2', targetScore: 40, autoDraw: false, botLevel, botPace: 'relaxed', botThink, hints: true, turnClock: 0, clockExpiry: 'vote' },
    seatList,
    awayGraceMs: 60_000,
    turnClock: null,
    game: 0,
    match: [],
    rematch: [],
    nextRoundReady: [],
    watching: [],
    hostNow: Date.now(),
  }); // prettier-ignore

  it('names the bots’ level among the table’s options, only when bots sit there', () => {
    const withBot = mountApp(WaitingRoom, { props: { info: info([seat(0, false), seat(1, true)], 'hard') } });
    expect(withBot.get('.variant').text()).toContain('hard bots');
    const noBot = mountApp(WaitingRoom, { props: { info: info([seat(0, false), seat(1, false)], 'hard') } });
    expect(noBot.get('.variant').text()).not.toContain('bots');
  });

  it('names who starts the game (the organiser, never "the host": that is the computer), and says when every seat is taken', () => {
    const free: SeatInfo = { ...seat(1, false), name: null, person: false, connected: false, creator: false };
    const room = (seats: SeatInfo[], locale: 'en' | 'it' | 'ko' = 'en') =>
      mountApp(WaitingRoom, { props: { info: info(seats, 'easy') } }, undefined, locale);
    const waiting = room([seat(0, false), free]);
    expect(waiting.get('[data-testid="starts-line"]').text()).toBe(
      'Ada starts the game when every seat is taken.',
    );
    expect(waiting.get('.tag').text()).toBe('organiser');
    expect(
      room([seat(0, false), seat(1, true)])
        .get('[data-testid="starts-line"]')
        .text(),
    ).toBe('Every seat is taken: Ada starts the game.');
    expect(
      room([seat(0, false), seat(1, true)], 'it')
        .get('[data-testid="starts-line"]')
        .text(),
    ).toBe('Tutti i posti sono occupati: Ada avvia la partita.');
    expect(
      room([seat(0, false), free], 'it')
        .get('.tag')
        .text(),
    ).toBe('organizzatore');
    expect(
      room([seat(0, false), seat(1, true)], 'ko')
        .get('[data-testid="starts-line"]')
        .text(),
    ).toBe('모든 자리가 찼습니다. Ada 님이 게임을 시작합니다.');
  });

  it('names hard bots’ think time in each language, and none for easier bots, whose budget it leaves alone', () => {
    const seats = [seat(0, false), seat(1, true)];
    const line = (
      level: TableInfo['options']['botLevel'],
      think: BotThink,
      locale: 'en' | 'it' | 'ko' = 'en',
    ) =>
      mountApp(WaitingRoom, { props: { info: info(seats, level, think) } }, undefined, locale)
        .get('.variant')
        .text();
    expect(line('hard', 'quick')).toContain('hard bots, quick thinking · bots play slowly');
    expect(line('hard', 'long')).toContain('long thinking');
    expect(line('hard', 'quick', 'it')).toContain(
      'bot difficili, riflessione rapida · i bot giocano con calma',
    );
    expect(line('hard', 'long', 'ko')).toContain('어려움 봇, 생각 시간 길게 · 봇이 천천히 둡니다');
    expect(line('normal', 'long')).not.toContain('thinking');
    expect(line('easy', 'quick', 'ko')).not.toContain('생각');
  });
});
