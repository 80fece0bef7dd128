import type { LogEntry, SeatView } from './types';

/*
 * What the views of one state share, and which views share it: viewFor records it as it makes them, and a
 * delta (shared/protocol/view-delta.ts) asks, so that what is the same for every seat is compared and
 * written once a move. Kept apart from view.ts so the protocol needs none of the engine's rules.
 */

/** The fields of a view that are the same for every seat and spectator of one state. */
export type SharedView = Omit<SeatView, 'seat' | 'hand' | 'legalMoves' | 'log'>;

/** The shared part each view was made with. */
const sharedOfView = new WeakMap<SeatView, SharedView>();

/** The log of one game as one seat sees it, the longest made so far: the next move's log extends it. */
export interface ProjectedLog {
  latest: LogEntry[];
  /** The engine's entry behind latest's last one (a hidden draw is shown as another object). */
  lastEntry: LogEntry;
}

/** Which game's projection each projected log came from: arrays of one are prefixes of each other. */
const projectionOf = new WeakMap<readonly LogEntry[], ProjectedLog>();

export function recordView(view: SeatView, shared: SharedView): void {
  sharedOfView.set(view, shared);
}

export function recordProjection(log: readonly LogEntry[], line: ProjectedLog): void {
  projectionOf.set(log, line);
}

/** The part of `view` every seat of its state shares, when viewFor made it (null: made elsewhere). */
export function sharedPartOf(view: SeatView): SharedView | null {
  return sharedOfView.get(view) ?? null;
}

/** True when `later` holds `earlier`'s very entries, then perhaps more (both projected by viewFor). */
export function logContinues(earlier: readonly LogEntry[], later: readonly LogEntry[]): boolean {
  const line = projectionOf.get(later);
  return line !== undefined && projectionOf.get(earlier) === line && earlier.length <= later.length;
}
