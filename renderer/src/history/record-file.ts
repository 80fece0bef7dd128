import { GAME_RECORD_FORMAT, replayRecord } from '../../../shared/record';
import type { GameRecord, ReplayStep } from '../../../shared/record';
import { EVENING_FILE_MAX_BYTES, isEveningData, openEveningData } from './evening-file';

/**
 * A game record as a file a person keeps (docs/game-record.md): saved from the browser as a download of a
 * Blob URL (no new window, no navigation: the desktop app's window allows it), opened back through
 * <input type=file>, checked whole before anything is shown.
 */

/** A real record is 10–15 kB; a file a hundred times that is no game this app wrote. */
export const RECORD_FILE_MAX_BYTES = 1024 * 1024;

export const PROBLEM_REPORT_FORMAT = 'red7-lan/problem-report';

export type OpenedRecord =
  | { ok: true; record: GameRecord; steps: ReplayStep[] }
  /** An evening's file (evening-file.ts): every game of it, each checked. */
  | { ok: true; evening: { name: string; games: { record: GameRecord; steps: ReplayStep[] }[] } }
  | { ok: false; why: 'tooBig' | 'notJson' | 'notRecord' | 'refused'; reason: string };

/**
 * Reads a chosen file: too big, not JSON, or a record the schema or the engine refuses, each with its
 * reason; an evening's file opens as its games.
 */
export async function openRecordFile(file: Pick<Blob, 'size' | 'text'>): Promise<OpenedRecord> {
  const tooBig = (max: number): OpenedRecord => ({
    ok: false,
    why: 'tooBig',
    reason: `${file.size} bytes, more than ${max}`,
  });
  // An evening's file may be larger than one game's: how large may be is known once it is read.
  if (file.size > EVENING_FILE_MAX_BYTES) return tooBig(RECORD_FILE_MAX_BYTES);
  let data: unknown;
  try {
    data = JSON.parse(await file.text());
  } catch (e) {
    // Past a game's size, and no evening either: too big is the reason a person can act on.
    if (file.size > RECORD_FILE_MAX_BYTES) return tooBig(RECORD_FILE_MAX_BYTES);
    return { ok: false, why: 'notJson', reason: (e as Error).message.slice(0, 200) };
  }
  if (isEveningData(data)) {
    const e = openEveningData(data);
    return e.ok
      ? { ok: true, evening: { name: e.name, games: e.games } }
      : { ok: false, why: 'refused', reason: e.reason };
  }
  if (file.size > RECORD_FILE_MAX_BYTES) return tooBig(RECORD_FILE_MAX_BYTES);
  // A problem report holds the record it is about: it opens as that game.
  if (isObject(data) && data.format === PROBLEM_REPORT_FORMAT && 'record' in data) data = data.record;
  const r = replayRecord(data);
  if (r.ok) return r;
  // JSON of another kind altogether (no record's `format` at its top) is no game file, not a damaged one.
  const aRecord = isObject(data) && data.format === GAME_RECORD_FORMAT;
  return { ok: false, why: aRecord ? 'refused' : 'notRecord', reason: r.reason };
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/** `red7-2026-12-01-2024-<id>.json`: sorts by when the game ended, names only ASCII. */
export function recordFileName(record: Pick<GameRecord, 'id' | 'finishedAt'>, kind = 'game'): string {
  const when = record.finishedAt.slice(0, 16).replace('T', '-').replace(':', '');
  return `red7-${kind}-${when}-${record.id}.json`;
}

export interface ProblemReport {
  format: typeof PROBLEM_REPORT_FORMAT;
  version: 1;
  createdAt: string;
  app: { name: string; version: string; platform: string; versions: Record<string, string> };
  /** The browser's (or the desktop app's Chromium's) own description, with the OS. */
  userAgent: string;
  record: GameRecord;
}

export const problemReport = (
  record: GameRecord,
  app: ProblemReport['app'],
  userAgent: string,
  now: Date,
): ProblemReport => ({
  format: PROBLEM_REPORT_FORMAT,
  version: 1,
  createdAt: now.toISOString(),
  app,
  userAgent,
  record,
});

/** Saves `data` as a JSON file through the browser's download (an <a download> of a Blob URL). */
export function downloadJson(fileName: string, data: unknown, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.hidden = true;
  doc.body.append(a);
  a.click();
  a.remove();
  // The download has taken the file by the next tasks; the URL is not kept alive with the page.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
