import { replayRecord } from '../../../shared/record';
import type { GameRecord, ReplayStep } from '../../../shared/record';

/**
 * An evening as a file a person keeps: every game of it the host's history holds (the records, each checked
 * and replayed whole when the file is opened again), under the evening's name. docs/game-record.md.
 */
export const EVENING_FILE_FORMAT = 'red7-lan/evening';

/** An evening of twelve heats of sixteen tables is some 3 MB of records: a file past this is no evening. */
export const EVENING_FILE_MAX_BYTES = 8 * 1024 * 1024;
/** More games than an evening can hold (heats × tables). */
export const EVENING_FILE_MAX_GAMES = 400;

export interface EveningFile {
  format: typeof EVENING_FILE_FORMAT;
  version: 1;
  name: string;
  savedAt: string;
  games: GameRecord[];
}

export const eveningFile = (name: string, games: GameRecord[], now: Date): EveningFile => ({
  format: EVENING_FILE_FORMAT,
  version: 1,
  name,
  savedAt: now.toISOString(),
  games,
});

/** `red7-evening-2026-12-05-Friday-night.json`: the day it was saved, the name in ASCII letters only. */
export function eveningFileName(name: string, now: Date): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return `red7-evening-${now.toISOString().slice(0, 10)}${slug ? `-${slug}` : ''}.json`;
}

export const isEveningData = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as { format?: unknown }).format === EVENING_FILE_FORMAT;

export type OpenedEvening =
  | { ok: true; name: string; games: { record: GameRecord; steps: ReplayStep[] }[] }
  | { ok: false; reason: string };

/** An evening file's contents checked whole: its shape, then every game through the engine; the first refusal says which. */
export function openEveningData(data: unknown): OpenedEvening {
  const e = data as Partial<EveningFile>;
  if (e.version !== 1) return { ok: false, reason: `version ${String(e.version)} is not one this app reads` };
  if (typeof e.name !== 'string' || e.name.trim() === '' || e.name.length > 40)
    return { ok: false, reason: 'name: must be text of 1 to 40 characters' };
  if (!Array.isArray(e.games) || e.games.length === 0 || e.games.length > EVENING_FILE_MAX_GAMES)
    return { ok: false, reason: `games: must be a list of 1 to ${EVENING_FILE_MAX_GAMES} game records` };
  const games: { record: GameRecord; steps: ReplayStep[] }[] = [];
  for (const [i, g] of e.games.entries()) {
    const r = replayRecord(g);
    if (!r.ok) return { ok: false, reason: `game ${i + 1}: ${r.reason}` };
    if (r.record.evening?.name !== e.name)
      return { ok: false, reason: `game ${i + 1}: not a game of ${e.name}` };
    games.push({ record: r.record, steps: r.steps });
  }
  return { ok: true, name: e.name, games };
}
