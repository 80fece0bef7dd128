import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileStore } from '../../../main/host/file-store';
import { StorageError } from '../../../main/host/store';
import { legalMoves, type GameState, type NormalizedOptions } from '../../../shared/engine';
import { applyDealt, duplicateDealer, shuffleDealer } from '../../../shared/evening/dealer';
import { duplicateDeal, heatSeed } from '../../../shared/evening/duplicate';
import { recordFromGame } from '../../../shared/record';
import { parseEveningRecord } from '../../../main/host/evening-format';
import { restoreTable } from '../../../main/host/restore';
import type { LogLine } from '../../../main/host/store';
import { newTableRecord, type TableRecord } from '../../../main/host/table-record';

const ADVANCED: NormalizedOptions = {
  players: 3,
  mode: 'advanced',
  actionRule: true,
  rulesVersion: '1.2',
  targetScore: 30,
  autoDraw: false,
};

/** An Advanced game dealt by the evening's dealer, played to its end (the first legal move each time), with its log. */
function played(seed: number): { states: GameState[]; log: LogLine[] } {
  let s = duplicateDealer.first(ADVANCED, seed);
  const states = [s];
  const log: LogLine[] = [{ g: 1, start: { options: ADVANCED, seed } }];
  for (let i = 0; s.phase !== 'gameOver' && i < 5000; i++) {
    const move = legalMoves(s)[0];
    log.push({ g: 1, n: s.moveCount, s: move.type === 'nextRound' ? null : s.current, m: move });
    s = applyDealt(duplicateDealer, s, move);
    states.push(s);
  }
  return { states, log };
}

const seed = heatSeed(2026, 1, 3);
const { states, log } = played(seed);
const final = states.at(-1)!;

describe("an evening's table deals duplicate, and plays its game again the same way", () => {
  it('deals every round with duplicateDeal from its seed, less what was scored, and keeps the seed', () => {
    expect(final.phase).toBe('gameOver');
    const deals = states.filter((s, i) => i === 0 || s.round !== states[i - 1].round);
    expect(deals.length).toBeGreaterThan(1);
    for (const s of deals) {
      const scored = s.scored.flat();
      expect({ hands: s.hands, palettes: s.palettes, deck: s.deck }).toEqual(
        duplicateDeal(seed, s.round, 3, scored),
      );
      expect(s.seed).toBe(seed);
    }
  });

  it("is restored from its log with the evening's dealer (the shuffle's would not give it back)", () => {
    const created: TableRecord = {
      ...newTableRecord(
        {
          id: 'evening1',
          name: '1A · Friday',
          options: { ...ADVANCED },
          creator: { name: 'Ann', seat: 0, tokenHash: 'h' },
          bots: [],
        },
        0,
      ),
      evening: { name: 'Friday', heat: 1, table: 'A' },
    };
    const stored = { record: created, log: [{ created }, ...log] as LogLine[], logLinesInRecord: 1 };
    const problems: string[] = [];
    expect(restoreTable(stored, (p) => problems.push(p))?.state).toEqual(final);
    expect(problems).toEqual([]);
    const { evening: _, ...plain } = created;
    void _;
    const shuffled = restoreTable({ ...stored, record: plain, log: [{ created: plain }, ...log] }, () => {});
    expect(shuffled?.state).not.toEqual(final);
  });

  it('is written down as a record by playing it again with its dealer', () => {
    const facts = {
      id: 'evening1-1',
      app: { name: 'Red7 LAN', version: '0' },
      tableName: '1A · Friday',
      seats: ['Ann', 'Ben', 'Cat'].map((name) => ({ name, bot: null })),
      startedAt: null,
      finishedAt: 0,
      evening: { name: 'Friday', heat: 1, table: 'A' },
    };
    const record = recordFromGame(final, facts, duplicateDealer);
    expect(record.evening).toEqual(facts.evening);
    expect(record.rounds.length).toBe(final.round);
    expect(() => recordFromGame(final, facts, shuffleDealer)).toThrow();
  });
});

describe('evening.json read back', () => {
  const kept = {
    evening: {
      settings: { name: 'Friday', game: { mode: 'basic', actionRule: false }, prefer: 3, heats: 2 },
      people: [{ id: 'p1', name: 'Ann', present: true }],
      heats: [],
    },
    secret: 7,
    tokenKey: 'k'.repeat(43),
    opener: 'p1',
    tokenHashes: { p1: 'h' },
    tables: [],
    nextPerson: 2,
  };

  it('gives the record back', () => {
    expect(parseEveningRecord(JSON.stringify(kept))).toEqual({ ok: true, record: kept });
  });

  it('refuses a damaged file with where it is damaged', () => {
    expect(parseEveningRecord('{"evening":')).toEqual({ ok: false, reason: 'not JSON' });
    const forged = { ...kept, opener: '../p1' };
    expect(parseEveningRecord(JSON.stringify(forged))).toMatchObject({ ok: false, reason: /^opener: / });
    const noHeats = {
      ...kept,
      evening: { ...kept.evening, settings: { ...kept.evening.settings, heats: 0 } },
    };
    expect(parseEveningRecord(JSON.stringify(noHeats))).toMatchObject({ ok: false, reason: /heats/ });
  });
});

describe('evening.json on a disk that refuses', () => {
  it('throws StorageError and keeps the last text (the host then answers unavailable)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'red7-evening-'));
    const store = new FileStore(dir, 0, () => {});
    try {
      store.keepEvening('{"kept":1}');
      // A write it cannot make (a folder in the way of its temporary file; root ignores permissions).
      mkdirSync(join(dir, 'evening.json.tmp'));
      expect(() => store.keepEvening('{"kept":2}')).toThrow(StorageError);
      expect(store.loadEvening()).toBe('{"kept":1}');
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
