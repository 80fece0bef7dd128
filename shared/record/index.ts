/** A finished game as a file anyone can keep and replay (docs/game-record.md). */
export * from './format';
export { parseGameRecord, parseGameRecordText, RECORD_ROUNDS_MAX, RECORD_ROUND_MOVES_MAX } from './schema';
export type { ParsedRecord } from './schema';
export { replayRecord, engineDeal } from './replay';
export type { ReplayStep, Replayed } from './replay';
export { recordFromGame } from './from-game';
export type { RecordFacts } from './from-game';
export { gameFacts, factsOfReplay, playerStats, winRate, variantOf, nameKey, VARIANTS } from './stats';
export type { GameFacts, RoundFacts, PlayerStats, HeadToHead, Tally, Variant } from './stats';
