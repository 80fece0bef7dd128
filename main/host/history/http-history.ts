import type { IncomingMessage, ServerResponse } from 'node:http';
import { GAME_ID } from '../../../shared/record';
import { PLAYER_NAME_MAX, TABLE_NAME_MAX } from '../../../shared/protocol/limits';
import { send } from '../http';
import { TokenBucket } from '../rate-limit';
import type { Cursor, GameArchive } from './archive';
import type { HistoryStats, StatsQuery } from './history-stats';

export const HISTORY_PAGE_DEFAULT = 20;
export const HISTORY_PAGE_MAX = 100;
/** Addresses whose request rate is kept; past it the oldest are forgotten (they start with a full bucket). */
const RATE_ADDRESSES_MAX = 1024;

type Query = { limit: number; after?: Cursor; player?: string; evening?: string };

class BadRequest extends Error {}

const CURSOR = /^(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/;
const NAME = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+$/u;

/** The list's parameters, each checked; anything else is refused (never echoed back). */
function parseQuery(search: string): Query {
  const params = new URLSearchParams(search);
  const seen = new Set<string>();
  const query: Query = { limit: HISTORY_PAGE_DEFAULT };
  for (const [key, value] of params) {
    if (seen.has(key)) throw new BadRequest(`${key} is given more than once`);
    seen.add(key);
    switch (key) {
      case 'limit': {
        const n = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
        if (!(n >= 1 && n <= HISTORY_PAGE_MAX))
          throw new BadRequest(`limit must be a whole number from 1 to ${HISTORY_PAGE_MAX}`);
        query.limit = n;
        break;
      }
      case 'cursor': {
        const m = CURSOR.exec(value);
        if (!m)
          throw new BadRequest('cursor is not one this host gave (take it from the last page\'s "next")');
        query.after = { finishedMs: Number(m[1]), id: m[2] };
        break;
      }
      case 'player': {
        const name = value.trim();
        if (name.length < 1 || name.length > PLAYER_NAME_MAX || !NAME.test(name))
          throw new BadRequest(`player must be a name of 1 to ${PLAYER_NAME_MAX} characters`);
        query.player = name;
        break;
      }
      case 'evening': {
        const name = value.trim();
        if (name.length < 1 || name.length > TABLE_NAME_MAX || !NAME.test(name))
          throw new BadRequest(`evening must be a name of 1 to ${TABLE_NAME_MAX} characters`);
        query.evening = name;
        break;
      }
      default:
        throw new BadRequest(
          /^[\w-]{1,32}$/.test(key)
            ? `unknown parameter ${key} (limit, cursor, player, evening)`
            : 'unknown parameter (limit, cursor, player, evening)',
        );
    }
  }
  return query;
}

/** /api/history/stats takes only `since`: milliseconds since 1970 (whole, at most 15 digits). */
function parseStatsQuery(search: string): StatsQuery {
  const params = new URLSearchParams(search);
  const query: StatsQuery = {};
  for (const [key, value] of params) {
    if (key !== 'since') throw new BadRequest('unknown parameter (since)');
    if (query.since !== undefined) throw new BadRequest('since is given more than once');
    if (!/^\d{1,15}$/.test(value)) throw new BadRequest('since must be a time in milliseconds since 1970');
    query.since = Number(value);
  }
  return query;
}

/**
 * GET /api/history (the list, paged, filtered by player or evening), GET /api/history/evenings (the
 * evenings whose games are kept) and GET /api/history/<game id> (one record), as
 * docs/protocol.md describes. Only archived games exist here: an id is looked up in the archive's index,
 * never turned into a path, so a live table's id, a path trick or an encoded dot finds nothing.
 */
export function historyApi(
  archive: Pick<GameArchive, 'list' | 'read' | 'evenings'>,
  rate: { perSecond: number; burst: number },
  now: () => number,
  report: (problem: string) => void,
  stats?: Pick<HistoryStats, 'stats'>,
) {
  const buckets = new Map<string, TokenBucket>();
  const allowed = (address: string): boolean => {
    let bucket = buckets.get(address);
    if (!bucket) {
      if (buckets.size >= RATE_ADDRESSES_MAX) buckets.delete(buckets.keys().next().value!);
      bucket = new TokenBucket(rate.perSecond, rate.burst, now());
      buckets.set(address, bucket);
    }
    return bucket.take(now());
  };

  return (req: IncomingMessage, res: ServerResponse): void => {
    if (!allowed(req.socket.remoteAddress ?? '')) {
      return send(res, 429, { error: 'too many requests: slow down' }, { 'Retry-After': '1' });
    }
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const search = q < 0 ? '' : url.slice(q + 1);
    try {
      if (path === '/api/history') return send(res, 200, archive.list(parseQuery(search)));
      if (path === '/api/history/evenings') {
        if (search !== '') throw new BadRequest('the evenings take no parameters');
        return send(res, 200, { evenings: archive.evenings() });
      }
      if (path === '/api/history/stats' && stats) {
        stats.stats(parseStatsQuery(search)).then(
          (answer) => send(res, 200, answer),
          (e: unknown) => {
            report(`history: stats failed (${(e as Error).message})`);
            send(res, 500, { error: 'the stats could not be worked out' });
          },
        );
        return;
      }
      const id = path.slice('/api/history/'.length);
      if (!GAME_ID.test(id)) throw new BadRequest('not a game id');
      if (search !== '') throw new BadRequest('a game takes no parameters');
      archive.read(id).then(
        (record) =>
          record ? send(res, 200, record) : send(res, 404, { error: 'no such finished game on this host' }),
        (e: unknown) => {
          report(`history: ${id} could not be read (${(e as Error).message})`);
          send(res, 500, { error: 'the record could not be read' });
        },
      );
    } catch (e) {
      if (e instanceof BadRequest) return send(res, 400, { error: e.message });
      throw e;
    }
  };
}
