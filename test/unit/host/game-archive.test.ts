import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newGame } from '../../../shared/engine';
import type { GameState } from '../../../shared/engine';
import type { BotLevel } from '../../../shared/bots/levels';
import { GameArchive } from '../../../main/host/history/archive';
import type { FinishedTable } from '../../../main/host/history/finished-game';
import { DEFAULT_HISTORY_LIMITS } from '../../../main/host/history/limits';
import type { SeatRecord } from '../../../main/host/table-record';
import { randomGame } from '../record/games';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function archiveIn(reports: string[]): { archive: GameArchive; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'red7-archive-'));
  dirs.push(dir);
  const archive = new GameArchive(
    dir,
    DEFAULT_HISTORY_LIMITS,
    { name: 'Red7 LAN', version: '1.2.3' },
    (r) => reports.push(r),
    { now: () => Date.UTC(2026, 11, 6, 20, 0, 0) },
  );
  archive.load();
  return { archive, dir };
}

const seat = (name: string | null, bot = false): SeatRecord => ({
  name,
  tokenHash: null,
  bot,
  standIn: false,
  votedOut: false,
  botLevel: null,
  botThink: null,
});

/** A table as the room holds it: its fields change as it moves on (a rematch, a person leaving). */
function liveTable(
  state: GameState,
): FinishedTable & { state: GameState | null; game: number; seats: SeatRecord[] } {
  let level: BotLevel = 'hard';
  return {
    id: 'T4bl3',
    name: 'Friday',
    botLevel: 'normal',
    botLevelAt: () => level,
    game: 1,
    state,
    seats: [seat('Ann'), seat(null, true)],
    set level(l: BotLevel) {
      level = l;
    },
  } as FinishedTable & { state: GameState | null; game: number; seats: SeatRecord[] };
}

describe('the game archive', () => {
  it('makes the record after the caller is done, of the game as it ended, even if the table moved on', async () => {
    const reports: string[] = [];
    const { archive, dir } = archiveIn(reports);
    const states = randomGame({ players: 2, mode: 'advanced', actionRule: true }, 7);
    // The final state, watched: what of it is read, and when.
    const read = new Set<string>();
    const final = new Proxy(states[states.length - 1], {
      get(target, key, receiver) {
        read.add(String(key));
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const table = liveTable(final);
    archive.finished(table);
    // The game is not played again while the caller still tells the players of the last move: only
    // whether it is over was looked at.
    expect([...read]).toEqual(['phase']);
    expect(archive.size).toBe(0);
    // The table moves on at once: a rematch, and the person's seat goes to someone else.
    table.state = newGame({ players: 2, mode: 'advanced', actionRule: true }, 8);
    table.game = 2;
    table.seats[0] = seat('Bo');
    await archive.close();
    expect(read.has('log')).toBe(true);
    expect(reports).toEqual([]);
    expect(readdirSync(join(dir, 'history'))).toEqual(['T4bl3-1.json']);
    const record = await archive.read('T4bl3-1');
    expect(record!.seats.map((s) => [s.name, s.bot])).toEqual([
      ['Ann', null],
      ['Bot 2', 'hard'],
    ]);
    expect(record!.finishedAt).toBe('2026-12-06T20:00:00.000Z');
    // Called again for the same game (a restart's restore): archived once.
    archive.finished({ ...table, state: states[states.length - 1], game: 1 });
    await archive.close();
    expect(archive.size).toBe(1);
  });

  it('reports a game whose record cannot be made, and archives the next one', async () => {
    const reports: string[] = [];
    const { archive } = archiveIn(reports);
    const over = randomGame({ players: 2, mode: 'advanced', actionRule: false }, 3);
    // A game said to be over part way through: playing its log again does not give it.
    const broken = liveTable({ ...over[over.length >> 1], phase: 'gameOver' } as GameState);
    archive.finished(broken);
    archive.finished({ ...liveTable(over[over.length - 1]), id: 'Other' });
    await archive.close();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(/^history: game T4bl3-1 not archived \(/);
    expect(archive.size).toBe(1);
  });
});
