import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseGameRecordText, replayRecord } from '../../shared/record';
import { rng } from '../helpers/random';
import { spawnHost, type ChildHost } from './helpers/child-host';
import { get, listHistory } from './helpers/history';
import { playRandomly, startedTable } from './helpers/play';

// The child host keeps its default rate limit (20 messages/s per connection): test players keep under it.
const PACE_MS = 60;
const dataDir = mkdtempSync(join(tmpdir(), 'red7-history-kill-'));
const children: ChildHost[] = [];
afterAll(() => {
  for (const c of children) if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});
const historyDir = join(dataDir, 'history');

/** What the folder holds right after the kill: whole records, and temp files of a write cut short. */
function folderNow(): { records: string[]; temps: string[] } {
  let files: string[] = [];
  try {
    files = readdirSync(historyDir);
  } catch {
    /* not made yet */
  }
  return {
    records: files.filter((f) => f.endsWith('.json')),
    temps: files.filter((f) => f.endsWith('.tmp')),
  };
}

describe('a host killed with SIGKILL as a game ends', () => {
  it(
    'loses no finished game and leaves no half record: after the restart each is listed once, whole, and replays',
    { timeout: 120_000 },
    async () => {
      const random = rng(1919);
      const ids: string[] = [];
      // The archive write begins as the last move's views go out: killing 0 to 3 ms after the first client
      // sees the end lands before, during or after the write.
      for (const delay of [0, 1, 2, 3]) {
        const host = await spawnHost(dataDir);
        children.push(host);
        const { tableId, clients } = await startedTable(host.port, {
          players: 2,
          mode: 'basic',
          actionRule: false,
        });
        clients[0].onMessage = () => {
          if (clients[0].view?.gameOver && host.proc.exitCode === null)
            setTimeout(() => host.proc.kill('SIGKILL'), delay);
        };
        await playRandomly(clients, random, () => false, PACE_MS).catch(() => {
          /* the host died as the last views went out: some client may have missed them */
        });
        expect((await host.exited).signal).toBe('SIGKILL');
        ids.unshift(`${tableId}-1`);
        // Whatever the kill left, no file named as a record is half a record.
        for (const f of folderNow().records) {
          expect([f, parseGameRecordText(readFileSync(join(historyDir, f), 'utf8')).ok]).toEqual([f, true]);
        }

        const again = await spawnHost(dataDir);
        children.push(again);
        try {
          // The game is there: written before the kill, or archived from the table's log at the restart.
          let listed: string[] = [];
          for (let i = 0; i < 100; i++) {
            listed = (await listHistory(again.port, '?limit=100')).games.map((g) => g.id);
            if (listed.length >= ids.length) break;
            await new Promise((r) => setTimeout(r, 20));
          }
          expect(listed).toEqual(ids);
          const after = folderNow();
          expect(after.temps).toEqual([]);
          expect(after.records.sort()).toEqual(ids.map((id) => `${id}.json`).sort());
          const rec = await get(again.port, `/api/history/${ids[0]}`);
          const replayed = replayRecord(JSON.parse(rec.body));
          expect(replayed.ok).toBe(true);
          expect(again.output()).not.toMatch(/history:.*(damaged|not archived)/);
        } finally {
          again.proc.kill('SIGTERM');
          await again.exited;
        }
      }
    },
  );
});
