import { legalMoves, ruleOf } from './game';
import { leader } from './score';
import type { GameState, LogEntry, SeatView } from './types';

/**
 * Each secret draw as everyone but its drawer sees it, made once: log entries never change, so every view
 * shares the same objects, move after move (a delta finds the log's old part unchanged by identity).
 */
const hiddenDraws = new WeakMap<LogEntry, LogEntry>();

/** A log entry as `seat` may see it: a drawn card stays secret from everyone but its drawer, unless it was public. */
function projectEntry(entry: LogEntry, seat: number | null): LogEntry {
  if (entry.kind !== 'draw' || entry.known || entry.seat === seat) return entry;
  let hidden = hiddenDraws.get(entry);
  if (hidden === undefined) {
    hidden = { ...entry, card: null };
    hiddenDraws.set(entry, hidden);
  }
  return hidden;
}

/**
 * What one seat (or a spectator, `null`) may know: the only thing a host ever sends to a client.
 * Other hands, the deck order, the seed and the RNG position are never in it.
 */
export function viewFor(state: GameState, seat: number | null): SeatView {
  const seated = seat !== null && seat >= 0 && seat < state.options.players ? seat : null;
  const rule = ruleOf(state);
  // Between rounds nobody is to move: the table deals the next round once everyone is ready.
  const yourMove = state.phase === 'turn' && seated !== null && seated === state.current;
  return {
    seat: seated,
    options: { ...state.options },
    phase: state.phase,
    round: state.round,
    current: state.current,
    turn: state.turn && { ...state.turn },
    rule,
    canvas: [...state.canvas],
    palettes: state.palettes.map((p) => [...p]),
    out: [...state.out],
    hand: seated === null ? [] : [...state.hands[seated]],
    handSizes: state.hands.map((h) => h.length),
    deckSize: state.deck.length,
    deckKnownTop: state.deck.slice(state.deck.length - state.knownTop).reverse(),
    scores: [...state.scores],
    scored: state.scored.map((c) => [...c]),
    roundWinner: state.roundWinner,
    gameOver: state.phase === 'gameOver',
    winners: [...state.winners],
    leader: state.phase === 'turn' ? leader(state.palettes, rule, state.out) : null,
    legalMoves: yourMove ? legalMoves(state) : [],
    log: state.log.map((entry) => projectEntry(entry, seated)),
    moveCount: state.moveCount,
  };
}
