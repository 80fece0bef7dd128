import type { GameOptions, NormalizedOptions } from './types';

/*
 * A game's options: their defaults and their normal form. Apart from the rules themselves so that a
 * screen that only sets up a table (the lobby's form) loads these few lines, not the engine.
 */

/** The Advanced game's default target score: 40 / 35 / 30 for 2 / 3 / 4 players. */
export const defaultTargetScore = (players: GameOptions['players']): number =>
  ({ 2: 40, 3: 35, 4: 30 })[players];

export function normalizeOptions(options: GameOptions): NormalizedOptions {
  if (![2, 3, 4].includes(options.players)) throw new RangeError('A table seats 2 to 4 players.');
  const target = options.targetScore ?? defaultTargetScore(options.players);
  if (!Number.isInteger(target) || target < 1)
    throw new RangeError('The target score must be a positive whole number.');
  return {
    players: options.players,
    mode: options.mode === 'advanced' ? 'advanced' : 'basic',
    actionRule: options.actionRule === true,
    rulesVersion: options.rulesVersion === '1.1' ? '1.1' : '1.2',
    targetScore: target,
    autoDraw: options.autoDraw === true,
  };
}
