import type { GameRecord, PlayerStats } from '../../../shared/record';

/** What GET /api/history/stats answers (docs/protocol.md). */
export interface HostStats {
  games: number;
  players: PlayerStats[];
}

/** "Tonight": the games of the last 12 hours (an evening, and no game of yesterday's). */
export const TONIGHT_MS = 12 * 60 * 60 * 1000;

/** `base`: the host's HTTP root, ending in `/` (`/` for the page's own host). */
async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as T;
}

export async function fetchStats(base: string, since: number | null): Promise<HostStats> {
  const body = await getJson<HostStats>(`${base}api/history/stats${since === null ? '' : `?since=${since}`}`);
  if (typeof body?.games !== 'number' || !Array.isArray(body.players)) throw new Error('not the stats');
  return body;
}

/**
 * Waits until the host lists a game that has just ended: it writes the record a moment after the end (off
 * its event loop). Asked through the list, which answers 200 either way: a browser logs every 404 as an
 * error in the console. False when it never shows (an older host, or one that keeps no history).
 */
export async function archived(base: string, id: string, tries = 10): Promise<boolean> {
  for (let i = 1; i <= tries; i++) {
    const page = await getJson<{ games: { id: string }[] }>(`${base}api/history?limit=20`);
    if (page.games.some((g) => g.id === id)) return true;
    await new Promise((r) => setTimeout(r, 100 * i));
  }
  return false;
}

/** A finished game's record; a 404 (not yet written, or pruned) is asked again a few times before it counts. */
export async function fetchRecord(base: string, id: string, tries = 8): Promise<GameRecord> {
  for (let i = 1; ; i++) {
    const res = await fetch(`${base}api/history/${encodeURIComponent(id)}`, {
      headers: { accept: 'application/json' },
    });
    if (res.ok) return (await res.json()) as GameRecord;
    if (res.status !== 404 || i >= tries) throw new Error(`HTTP ${res.status}`);
    await new Promise((r) => setTimeout(r, 250 * i));
  }
}
