import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { GameOptions } from '../../../shared/engine';
import type { GameRecord, GameSummary } from '../../../shared/record';
import { randomRecord } from '../../unit/record/games';

/** A raw GET, so the path reaches the host exactly as written (fetch would normalise `..` and `%2e`). */
export function get(
  port: number,
  path: string,
  method = 'GET',
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

export interface HistoryPage {
  games: GameSummary[];
  next: string | null;
}

export async function listHistory(port: number, query = ''): Promise<HistoryPage> {
  const r = await get(port, `/api/history${query}`);
  if (r.status !== 200) throw new Error(`GET /api/history${query}: ${r.status} ${r.body}`);
  return JSON.parse(r.body) as HistoryPage;
}

/** Waits until the host's history lists `n` games for `query` (a record is listed once its write is done). */
export async function historyHas(port: number, n: number, query = '?limit=100'): Promise<HistoryPage> {
  for (let i = 0; i < 300; i++) {
    const page = await listHistory(port, query);
    if (page.games.length >= n) return page;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the history never listed ${n} games for ${query}`);
}

/** Every page of the list, following `next`. */
export async function allPages(port: number, query: string, limit: number): Promise<HistoryPage[]> {
  const pages: HistoryPage[] = [];
  let cursor: string | null = null;
  do {
    const page = await listHistory(
      port,
      `?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    pages.push(page);
    cursor = page.next;
  } while (cursor !== null && pages.length < 1000);
  return pages;
}

/**
 * Record files written straight into a data folder's history, as an earlier host would have left them:
 * game `i` finished `i` minutes after `base`, its seats named by `names(i)`. Returns the records, oldest first.
 */
export function seedHistory(
  dataDir: string,
  count: number,
  opts: { options?: GameOptions; names?: (i: number) => string[]; base?: number } = {},
): GameRecord[] {
  const dir = join(dataDir, 'history');
  mkdirSync(dir, { recursive: true });
  const options = opts.options ?? { players: 2, mode: 'basic', actionRule: false };
  const base = opts.base ?? Date.UTC(2026, 10, 1, 18, 0, 0);
  const out: GameRecord[] = [];
  for (let i = 0; i < count; i++) {
    const { record } = randomRecord(options, 1000 + i);
    const names = opts.names?.(i) ?? record.seats.map((s) => s.name);
    const r: GameRecord = {
      ...record,
      id: `seeded${String(i).padStart(4, '0')}-1`,
      seats: record.seats.map((s, seat) => ({ ...s, name: names[seat] })),
      startedAt: new Date(base + i * 60_000 - 30_000).toISOString(),
      finishedAt: new Date(base + i * 60_000).toISOString(),
    };
    writeFileSync(join(dir, `${r.id}.json`), JSON.stringify(r));
    out.push(r);
  }
  return out;
}
