import type { GameSummary } from '../../../shared/record';
import { httpUrl, type HostAddress } from './address';

/** One page of a host's finished games (docs/protocol.md, /api/history). */
export interface HistoryPage {
  games: GameSummary[];
  next: string | null;
}

export type HistoryAnswer<T> =
  | { ok: true; value: T }
  /** unreachable: no answer; missing: no such game; refused: the host said no (its reason). */
  | { ok: false; problem: 'unreachable' | 'missing' | 'refused'; reason?: string };

/** Where a host's HTTP API is: the page's own host (null: same origin) or another one. */
export const apiBase = (host: HostAddress | null): string => (host ? httpUrl(host) : '/');

const TIMEOUT_MS = 8000;

async function getJson<T>(url: string, fetchFn: typeof fetch): Promise<HistoryAnswer<T>> {
  let res: Response;
  try {
    res = await fetchFn(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { ok: false, problem: 'unreachable' };
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (res.status === 404) return { ok: false, problem: 'missing' };
  if (!res.ok || body === null) {
    const reason = (body as { error?: unknown } | null)?.error;
    return {
      ok: false,
      problem: 'refused',
      reason: typeof reason === 'string' ? reason : `HTTP ${res.status}`,
    };
  }
  return { ok: true, value: body as T };
}

/** One evening as the host's history holds it (GET /api/history/evenings). */
export interface HistoryEvening {
  name: string;
  games: number;
  heats: number[];
  lastFinishedAt: string;
}

/** The evenings whose games the host keeps, the latest first. */
export async function fetchEvenings(
  host: HostAddress | null,
  fetchFn: typeof fetch = fetch,
): Promise<HistoryAnswer<HistoryEvening[]>> {
  const answer = await getJson<{ evenings: HistoryEvening[] }>(
    `${apiBase(host)}api/history/evenings`,
    fetchFn,
  );
  return answer.ok ? { ok: true, value: answer.value.evenings } : answer;
}

/**
 * A page of the list, newest first; `player` filters by a seat's name, `evening` by the evening a game
 * was played in (the host ignores case in both).
 */
export function fetchHistory(
  host: HostAddress | null,
  q: { limit?: number; cursor?: string | null; player?: string; evening?: string | null },
  fetchFn: typeof fetch = fetch,
): Promise<HistoryAnswer<HistoryPage>> {
  const params = new URLSearchParams();
  params.set('limit', String(q.limit ?? 20));
  if (q.cursor) params.set('cursor', q.cursor);
  const player = q.player?.trim();
  if (player) params.set('player', player);
  if (q.evening) params.set('evening', q.evening);
  return getJson<HistoryPage>(`${apiBase(host)}api/history?${params.toString()}`, fetchFn);
}

/** One finished game's record, unchecked (replayRecord checks it). */
export function fetchRecord(
  host: HostAddress | null,
  gameId: string,
  fetchFn: typeof fetch = fetch,
): Promise<HistoryAnswer<unknown>> {
  return getJson<unknown>(`${apiBase(host)}api/history/${encodeURIComponent(gameId)}`, fetchFn);
}

/**
 * The host whose history a screen shows: the one its address names; else, in a browser, the host that
 * served the page (null: same origin); in the desktop app (its page is on app://) this machine's own host
 * when it runs ('none' when it does not: there is no host to ask).
 */
export function historyHost(
  named: HostAddress | null,
  bridge: 'desktop' | 'web',
  own: { running: boolean; port?: number },
): HostAddress | null | 'none' {
  if (named) return named;
  if (bridge === 'web') return null;
  return own.running && own.port ? { address: '127.0.0.1', port: own.port } : 'none';
}
