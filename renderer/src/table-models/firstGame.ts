import type { TableOptions } from '../../../shared/protocol';

/** The new-table form's two kinds of table. */
export const TABLE_PRESETS = ['first', 'custom'] as const;
export type TablePreset = (typeof TABLE_PRESETS)[number];

/**
 * "First game": the Basic game (one round, no scoring to learn), no card actions, hints on, and bots
 * that play slowly enough to follow. Easy bots, not normal: a newcomer's first game should be one they can
 * win, and easy bots still never give up a round they can stay in, so the game stays a real one.
 */
export const FIRST_GAME: Omit<TableOptions, 'players'> = {
  mode: 'basic',
  actionRule: false,
  rulesVersion: '1.2',
  botLevel: 'easy',
  botPace: 'relaxed',
  hints: true,
};

/** A device that never hosted starts on First game; one that did, on what it chose last (before presets: custom). */
export const presetOf = (choice: { preset?: TablePreset } | null): TablePreset =>
  choice === null ? 'first' : (choice.preset ?? 'custom');
