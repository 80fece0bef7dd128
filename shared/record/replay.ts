import { applyTurn, dealGiven } from '../engine';
import type { GameState } from '../engine';
import type { GameRecord, RecordDeal, RecordMove } from './format';
import { parseGameRecord } from './schema';

/** One state of a replay: a round's deal (`move` null) or the state after one of its moves. */
export interface ReplayStep {
  /** 1-based. */
  round: number;
  /** 0-based within the round; -1 for the deal. */
  index: number;
  move: RecordMove | null;
  /** The whole table, every hand and the deck in the open. Its seed and RNG position are not known (0). */
  state: GameState;
}

export type Replayed = { ok: true; record: GameRecord; steps: ReplayStep[] } | { ok: false; reason: string };

/** The engine's deck keeps its top last; a record lists it top first. */
export const engineDeal = (deal: RecordDeal) => ({ ...deal, deck: [...deal.deck].reverse() });

const describe = ({ seat, move }: RecordMove): string =>
  [
    `seat ${seat}`,
    move.type,
    ...Object.entries(move).flatMap(([k, val]) => (k === 'type' ? [] : [`${k}=${String(val)}`])),
  ].join(' ');

/**
 * Plays a record through the engine: every round from its deal, every move checked as the host checks it.
 * Refuses (with the reason) a malformed record, a deal that does not conserve the cards, a move that was not
 * legal or not its seat's to make, a round that did not end where the record ends it, and a result that is
 * not the game's. Never throws.
 */
export function replayRecord(input: unknown): Replayed {
  const parsed = parseGameRecord(input);
  if (!parsed.ok) return parsed;
  const record = parsed.record;
  try {
    return replayParsed(record);
  } catch (e) {
    return { ok: false, reason: `the engine could not replay it (${(e as Error).message})` };
  }
}

function replayParsed(record: GameRecord): Replayed {
  const steps: ReplayStep[] = [];
  let state: GameState | null = null;
  const last = record.rounds.length;
  for (const [r, round] of record.rounds.entries()) {
    const at = `rounds.${r}`;
    try {
      state = dealGiven(record.options, state, engineDeal(round.deal));
    } catch (e) {
      return { ok: false, reason: `${at}.deal: ${(e as Error).message}` };
    }
    steps.push({ round: r + 1, index: -1, move: null, state });
    for (const [i, m] of round.moves.entries()) {
      const where = `${at}.moves.${i} (${describe(m)})`;
      // A record keeps moves, not turns: each is judged by the host's rule for a turn, one step at a time.
      const turn = applyTurn(state, m.seat, [m.move]);
      if (!turn.ok) {
        const whose = state.current === null ? 'nobody' : `seat ${state.current}`;
        const why = turn.kind === 'notYourTurn' ? `it was ${whose}'s turn` : turn.reason;
        return { ok: false, reason: `${where}: ${why}` };
      }
      state = turn.state;
      steps.push({ round: r + 1, index: i, move: m, state });
    }
    const want = r + 1 === last ? 'gameOver' : 'roundOver';
    if (state.phase !== want) {
      const is =
        state.phase === 'turn' ? 'still in play' : state.phase === 'gameOver' ? 'the game over' : 'over';
      return {
        ok: false,
        reason: `${at}: after its last move the round is ${is}, but the record ${want === 'gameOver' ? 'ends the game there' : 'deals another round'}`,
      };
    }
  }
  const final = state!;
  const { winners, scores } = record.result;
  if (!sameList(winners, final.winners) || !sameList(scores, final.scores)) {
    return {
      ok: false,
      reason: `result: the game ends with winners [${final.winners.join(', ')}] and scores [${final.scores.join(', ')}], not [${winners.join(', ')}] and [${scores.join(', ')}]`,
    };
  }
  return { ok: true, record, steps };
}

const sameList = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);
