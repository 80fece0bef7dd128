// The host plays each bot seat at its own level and think time, a seat without its own (and a stand-in)
// at the table's: what the bot driver asks the brain for, seat by seat.
import { describe, expect, it } from 'vitest';
import type { Move, SeatView } from '../../../shared/engine';
import type { BotLevel, BotThink } from '../../../shared/protocol';
import { BotDriver, passFor } from '../../../main/host/bots';
import { systemClock } from '../../../main/host/clock';
import { HostedTable } from '../../../main/host/hosted-table';
import { emptySeat, type SeatRecord } from '../../../main/host/table-record';

const bot = (name: string, level: BotLevel | null, think: BotThink | null): SeatRecord => ({
  ...emptySeat(),
  name,
  bot: true,
  botLevel: level,
  botThink: think,
});

describe('bot seats at their own level', () => {
  it('asks the brain for each seat’s own level and think time, the table’s where a seat has none', async () => {
    const person: SeatRecord = { ...emptySeat(), name: 'Ann', tokenHash: 'x' };
    const standIn: SeatRecord = { ...emptySeat(), name: 'Bob', tokenHash: 'y', bot: true, standIn: true };
    const table = HostedTable.create(
      {
        id: 'Tbl1',
        name: 'Levels',
        options: { players: 4, mode: 'basic', actionRule: false, botLevel: 'normal', botThink: 'long' },
        creator: { name: 'Ann', seat: 0, tokenHash: 'x' },
        bots: [],
      },
      Date.now(),
      60_000,
    );
    // Seats as a restored record holds them: a hard bot of its own, a bot without a level, a stand-in.
    const seats = [person, bot('Ada', 'hard', 'quick'), bot('Bruno', null, null), standIn];
    const brain = {
      asked: [] as [number | null, BotLevel, BotThink][],
      choose(view: SeatView, _seed: number, level: BotLevel, think: BotThink): Promise<Move> {
        this.asked.push([view.seat, level, think]);
        return Promise.resolve(passFor(view));
      },
      close: () => Promise.resolve(),
    };
    /** What the brain is asked for the first move of a game whose first player is `seat`. */
    async function firstAsk(seat: number): Promise<[number | null, BotLevel, BotThink]> {
      for (let seed = 1; seed < 500; seed++) {
        const restored = new HostedTable({ ...table.record(), seats }, Date.now(), 60_000);
        restored.start(0, seed);
        if (restored.state!.current !== seat) continue;
        brain.asked = [];
        const driver = new BotDriver(
          brain,
          { botPaces: {} as never, botDelayMs: 0 },
          () => undefined,
          systemClock,
        );
        driver.kick({ table: restored, playFor: () => false });
        for (let i = 0; i < 100 && brain.asked.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
        await driver.stop();
        return brain.asked[0];
      }
      throw new Error(`no seed deals seat ${seat} the first move`);
    }
    expect(await firstAsk(1)).toEqual([1, 'hard', 'quick']);
    expect(await firstAsk(2)).toEqual([2, 'normal', 'long']);
    // A stand-in plays at the table's level, whatever its seat held before.
    expect(await firstAsk(3)).toEqual([3, 'normal', 'long']);
  });
});
