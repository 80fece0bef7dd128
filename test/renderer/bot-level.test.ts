// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SeatInfo, TableInfo, TableOptions } from '../../shared/protocol';
import NewTableForm from '../../renderer/src/components/NewTableForm.vue';
import { webBridge } from '../../renderer/src/bridge/web';
import { GameClient } from '../../renderer/src/net/client';
import { setServices } from '../../renderer/src/services';
import WaitingRoom from '../../renderer/src/views/WaitingRoom.vue';
import { MemoryStorage } from './memory-storage';
import { mountApp } from './mount';

type Created = [name: string, options: TableOptions, bots: number[]];

function mountForm() {
  const w = mountApp(NewTableForm, { props: { playerName: 'Ada', busy: false } });
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
    const { w } = mountForm();
    // Seat 2 starts as a bot.
    const select = w.get('[data-testid="bot-level"]');
    expect((select.element as HTMLSelectElement).value).toBe('normal');
    expect(select.findAll('option').map((o) => [o.attributes('value'), o.text()])).toEqual([
      ['easy', 'Easy'],
      ['normal', 'Normal'],
      ['hard', 'Hard'],
    ]);
    expect(w.text()).toContain('Every bot at this table plays at this level.');
    await w.get('[data-testid="bot-1"]').setValue(false);
    expect(w.find('[data-testid="bot-level"]').exists()).toBe(false);
    await w.get('[data-testid="bot-2"]').setValue(true);
    expect(w.find('[data-testid="bot-level"]').exists()).toBe(true);
    // A bot on a seat the smaller table does not have does not count.
    await w.get('[data-testid="players-2"]').setValue();
    expect(w.find('[data-testid="bot-level"]').exists()).toBe(false);
  });

  it('sends the chosen level with the bots, and no level when there are none', async () => {
    const { w, created } = mountForm();
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
    awayMs: null,
    votes: [],
  });
  const info = (seatList: SeatInfo[], botLevel: TableInfo['options']['botLevel']): TableInfo => ({
    id: 'tbl12345',
    name: 'Kitchen table',
    players: seatList.length,
    seats: seatList.length,
    state: 'open',
    mode: 'basic',
    actionRule: false,
    rulesVersion: '1.2',
    spectators: 0,
    options: { players: 2, mode: 'basic', actionRule: false, rulesVersion: '1.2', targetScore: 40, autoDraw: false, botLevel, botPace: 'relaxed', hints: true },
    seatList,
    awayGraceMs: 60_000,
    game: 0,
    match: [],
    rematch: [],
    watching: [],
  }); // prettier-ignore

  it('names the bots’ level among the table’s options, only when bots sit there', () => {
    const withBot = mountApp(WaitingRoom, { props: { info: info([seat(0, false), seat(1, true)], 'hard') } });
    expect(withBot.get('.variant').text()).toContain('bots: Hard');
    const noBot = mountApp(WaitingRoom, { props: { info: info([seat(0, false), seat(1, false)], 'hard') } });
    expect(noBot.get('.variant').text()).not.toContain('bots:');
  });
});
