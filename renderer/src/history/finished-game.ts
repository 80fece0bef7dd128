import type { GameRecord } from '../../../shared/record';
import { archived, fetchRecord } from './host-history';

/*
 * A game that has just ended, as the host keeps it: the game's end screen asks whether the host has
 * archived it (for the evening's count) and for its record (to save it, and for the review in hindsight),
 * each once per game however many parts of the screen want it. The host serves a record only once the
 * game is over and archived, and nothing asks for one before.
 */

const listed = new Map<string, Promise<boolean>>();
const records = new Map<string, Promise<GameRecord>>();

/** Forgets a failed question, so that the next one asks again. */
function kept<T>(cache: Map<string, Promise<T>>, key: string, ask: () => Promise<T>): Promise<T> {
  let promise = cache.get(key);
  if (!promise) {
    promise = ask();
    cache.set(key, promise);
    promise.catch(() => cache.delete(key));
  }
  return promise;
}

/** Whether the host lists the game (it archives it a moment after its end). */
export const gameArchived = (base: string, id: string): Promise<boolean> =>
  kept(listed, `${base}|${id}`, () => archived(base, id));

/** The finished game's record, every hand in it, once the host has archived it. */
export const finishedRecord = (base: string, id: string): Promise<GameRecord> =>
  kept(records, `${base}|${id}`, async () => {
    if (!(await gameArchived(base, id))) throw new Error('the host has not kept this game');
    return fetchRecord(base, id);
  });
