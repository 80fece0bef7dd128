import { applyMove, legalMoves, newGame } from '../../../shared/engine';
import type { GameOptions, GameState } from '../../../shared/engine';
import { recordFromGame } from '../../../shared/record';
import type { GameRecord, RecordFacts } from '../../../shared/record';
import { pick, rng } from '../../helpers/random';

/** Every variant a table can be: players, mode, Action rule, rules version, the advanced draw asked or not. */
export const VARIANTS: GameOptions[] = [
  { players: 2, mode: 'basic', actionRule: false },
  { players: 3, mode: 'basic', actionRule: true },
  { players: 4, mode: 'basic', actionRule: true, rulesVersion: '1.1' },
  { players: 2, mode: 'advanced', actionRule: false, targetScore: 12 },
  { players: 3, mode: 'advanced', actionRule: true, autoDraw: true, targetScore: 15 },
  { players: 4, mode: 'advanced', actionRule: true },
  { players: 4, mode: 'advanced', actionRule: true, rulesVersion: '1.1', targetScore: 10 },
];

/** A random game played to its end, with every state the host held (the first deal, then one per move). */
export function randomGame(options: GameOptions, seed: number): GameState[] {
  const random = rng(seed ^ 0x5eed);
  const states = [newGame(options, seed)];
  for (let s = states[0]; s.phase !== 'gameOver'; states.push(s))
    s = applyMove(s, pick(random, legalMoves(s)));
  return states;
}

export const FACTS: RecordFacts = {
  id: 'AbCd_123-1',
  app: { name: 'Red7 LAN', version: '1.2.3' },
  tableName: 'Friday table',
  seats: [
    { name: 'Ann', bot: null },
    { name: 'Bot 2', bot: 'hard' },
    { name: '지민', bot: null },
    { name: 'Luca', bot: 'easy' },
  ],
  startedAt: Date.UTC(2026, 11, 1, 20, 0, 0),
  finishedAt: Date.UTC(2026, 11, 1, 20, 25, 0),
};

/** The record of a random game in `options`, as a host writes it. */
export function randomRecord(
  options: GameOptions,
  seed: number,
): { states: GameState[]; record: GameRecord } {
  const states = randomGame(options, seed);
  const record = recordFromGame(states[states.length - 1], {
    ...FACTS,
    seats: FACTS.seats.slice(0, options.players),
  });
  return { states, record };
}

/** A state without what a record does not keep (the seed and the RNG position). */
export const withoutSeed = ({ seed: _seed, rng: _rng, ...rest }: GameState) => rest;
