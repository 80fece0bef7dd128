import { upgradeLog } from '../engine';
import { applyDealt, shuffleDealer, type Dealer } from '../evening/dealer';
import type { GameState, LogEntry, Move } from '../engine';
import { GAME_RECORD_FORMAT, GAME_RECORD_VERSION } from './format';
import type { GameRecord, RecordDeal, RecordRound, RecordSeat } from './format';
import { sameJson } from '../same-json';

/** What a record says about a game beyond the engine's state. */
export interface RecordFacts {
  id: string;
  app: { name: string; version: string };
  tableName: string;
  seats: RecordSeat[];
  /** ms since the epoch; null when not known. */
  startedAt: number | null;
  finishedAt: number;
  /** The evening's heat the game was played in, if any. */
  evening?: { name: string; heat: number; table: string };
}

const dealOf = (s: GameState): RecordDeal => ({
  hands: s.hands.map((h) => [...h]),
  palettes: s.palettes.map((p) => [...p]),
  deck: [...s.deck].reverse(),
});

/**
 * The move that logs `entry` first. Every move logs at least one entry, and its kind names the move; `end`
 * logs none of its own, so whatever follows it (a seat out, the next turn, the round won) means `end`.
 */
function moveLogging(entry: LogEntry): Move {
  switch (entry.kind) {
    case 'deal':
      return { type: 'nextRound' };
    case 'play':
    case 'discard':
      return { type: entry.kind, card: entry.card };
    case 'draw':
      return { type: 'draw' };
    case 'noDraw':
      return { type: 'noDraw' };
    case 'seven':
      return { type: 'seven', card: entry.card, to: entry.to };
    case 'one':
      return { type: 'one', seat: entry.target, card: entry.card };
    case 'out':
      return entry.reason === 'pass' ? { type: 'pass' } : { type: 'end' };
    default:
      return { type: 'end' };
  }
}

/**
 * The record of a finished game, from the host's final state (its seed and its log): the game is played
 * again from the seed, each move read off the log, and each deal written down. Throws when that does not
 * give back the very state (a log the engine cannot follow) or the game is not over.
 */
export function recordFromGame(
  finalState: GameState,
  facts: RecordFacts,
  /** How the game was dealt from its seed (an evening's table deals duplicate). */
  dealer: Dealer = shuffleDealer,
): GameRecord {
  if (finalState.phase !== 'gameOver') throw new Error('the game is not over');
  const final = upgradeLog(finalState);
  if (final === null) throw new Error('its log cannot be played again');
  let s = dealer.first(final.options, final.seed);
  const rounds: RecordRound[] = [{ deal: dealOf(s), moves: [] }];
  let at = s.log.length;
  while (s.moveCount < final.moveCount) {
    const entry = final.log[at];
    if (entry === undefined) throw new Error(`the log ends before move ${s.moveCount}`);
    const move = moveLogging(entry);
    const seat = s.current;
    const next = applyDealt(dealer, s, move);
    const added = next.log.slice(s.log.length);
    if (!sameJson(added, final.log.slice(at, at + added.length)))
      throw new Error(`move ${s.moveCount} does not give the log's entries`);
    at += added.length;
    if (move.type === 'nextRound') rounds.push({ deal: dealOf(next), moves: [] });
    else rounds[rounds.length - 1].moves.push({ seat: seat!, move });
    s = next;
  }
  if (!sameJson(s, final)) throw new Error('playing it again does not give the same game');
  return {
    format: GAME_RECORD_FORMAT,
    version: GAME_RECORD_VERSION,
    id: facts.id,
    app: facts.app,
    table: { name: facts.tableName },
    ...(facts.evening ? { evening: facts.evening } : {}),
    startedAt: facts.startedAt === null ? null : new Date(facts.startedAt).toISOString(),
    finishedAt: new Date(facts.finishedAt).toISOString(),
    options: final.options,
    seats: facts.seats,
    rounds,
    result: { winners: [...final.winners], scores: [...final.scores] },
  };
}
