/**
 * Where this tab sits, and the seat tokens this browser holds.
 * - The tab's session (sessionStorage) survives a reload, so the page resumes its seat by itself;
 *   two tabs of one browser stay two players.
 * - Seat tokens (localStorage), by host URL and table, let a player who closed the tab rejoin
 *   from the lobby.
 */
export interface TableSession {
  url: string;
  tableId: string;
  /** A seated player's private token; absent for a spectator. */
  token?: string;
  seat?: number;
  spectator?: boolean;
  /** The host's name at its last welcome: a host that comes back at another address is known by it. */
  hostName?: string;
}

export interface SavedSeat {
  token: string;
  seat: number;
  tableName: string;
  savedAt: number;
}

const SESSION_KEY = 'red7.session';
const SEATS_KEY = 'red7.seats';
const MAX_SAVED = 20;

function readJson<T>(storage: Storage, key: string): T | null {
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

export function loadSession(storage: Storage): TableSession | null {
  const s = readJson<TableSession>(storage, SESSION_KEY);
  return s && typeof s.url === 'string' && typeof s.tableId === 'string' ? s : null;
}

export function saveSession(storage: Storage, session: TableSession | null): void {
  if (session) storage.setItem(SESSION_KEY, JSON.stringify(session));
  else storage.removeItem(SESSION_KEY);
}

/**
 * A turn's staged steps (not yet sent), kept in the tab's session so that a reload in the middle of the
 * turn finds them: one turn at a time, keyed by the table and seat; the turn model itself checks that they
 * start from the position the host is at.
 */
const STAGED_KEY = 'red7.staged';
interface KeptSteps {
  table: string;
  seat: number;
  at: string;
  steps: unknown[];
}

export function loadStaged(
  storage: Storage,
  table: string,
  seat: number,
): { at: string; steps: unknown[] } | null {
  const k = readJson<KeptSteps>(storage, STAGED_KEY);
  return k && k.table === table && k.seat === seat && typeof k.at === 'string' && Array.isArray(k.steps)
    ? { at: k.at, steps: k.steps }
    : null;
}

export function saveStaged(
  storage: Storage,
  table: string,
  seat: number,
  staged: { at: string; steps: unknown[] } | null,
): void {
  if (staged) storage.setItem(STAGED_KEY, JSON.stringify({ table, seat, ...staged } satisfies KeptSteps));
  else storage.removeItem(STAGED_KEY);
}

const seatKey = (url: string, tableId: string): string => `${url}|${tableId}`;

export function loadSeats(storage: Storage): Record<string, SavedSeat> {
  return readJson<Record<string, SavedSeat>>(storage, SEATS_KEY) ?? {};
}

export function savedSeat(storage: Storage, url: string, tableId: string): SavedSeat | null {
  return loadSeats(storage)[seatKey(url, tableId)] ?? null;
}

export function rememberSeat(storage: Storage, url: string, tableId: string, seat: SavedSeat): void {
  const all = loadSeats(storage);
  all[seatKey(url, tableId)] = seat;
  // Keep the newest few: tokens of long-gone tables are useless.
  const kept = Object.entries(all)
    .sort((a, b) => b[1].savedAt - a[1].savedAt)
    .slice(0, MAX_SAVED);
  storage.setItem(SEATS_KEY, JSON.stringify(Object.fromEntries(kept)));
}

export function forgetSeat(storage: Storage, url: string, tableId: string): void {
  const all = loadSeats(storage);
  if (!(seatKey(url, tableId) in all)) return;
  delete all[seatKey(url, tableId)];
  storage.setItem(SEATS_KEY, JSON.stringify(all));
}
