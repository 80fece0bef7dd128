import { legalMoves, ruleOf } from './game';
import { leader } from './score';
import type { GameState, LogEntry, SeatView } from './types';
import { recordProjection, recordView, type ProjectedLog, type SharedView } from './view-shares';

/**
 * Views are made on every move for every seat, so what they have in common is made once per state and
 * shared (states are never changed once made). Views are read, never changed: sharing is safe.
 */
const sharedViews = new WeakMap<GameState, SharedView>();

function sharedView(state: GameState): SharedView {
  let shared = sharedViews.get(state);
  if (shared === undefined) {
    const rule = ruleOf(state);
    shared = {
      options: state.options, // one object the whole game long: a delta finds it unchanged by identity
      phase: state.phase,
      round: state.round,
      current: state.current,
      turn: state.turn && { ...state.turn },
      rule,
      canvas: [...state.canvas],
      palettes: state.palettes.map((p) => [...p]),
      out: [...state.out],
      handSizes: state.hands.map((h) => h.length),
      deckSize: state.deck.length,
      deckKnownTop: state.deck.slice(state.deck.length - state.knownTop).reverse(),
      scores: [...state.scores],
      scored: state.scored.map((c) => [...c]),
      roundWinner: state.roundWinner,
      gameOver: state.phase === 'gameOver',
      winners: [...state.winners],
      leader: state.phase === 'turn' ? leader(state.palettes, rule, state.out) : null,
      moveCount: state.moveCount,
    };
    sharedViews.set(state, shared);
  }
  return shared;
}

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

/** Seats 0–3, then spectators: one set of projected logs each. */
const SPECTATOR = 4;

/**
 * By the game's first log entry, per seat. Entries are made once and only appended, so a longer log of the
 * same game is the latest one and its new entries: a move projects only those, not the whole game's log.
 * Only the latest is kept (a game's every prefix would cost memory and the collector's time).
 */
const projections = Array.from({ length: SPECTATOR + 1 }, () => new WeakMap<LogEntry, ProjectedLog>());

function projectLog(log: readonly LogEntry[], seat: number | null): LogEntry[] {
  const end = log.length;
  if (end === 0) return [];
  const byGame = projections[seat ?? SPECTATOR];
  let line = byGame.get(log[0]);
  const known = line?.latest.length ?? 0;
  let projected: LogEntry[];
  if (line !== undefined && known <= end && log[known - 1] === line.lastEntry) {
    if (known === end) return line.latest;
    projected = line.latest.concat(log.slice(known).map((entry) => projectEntry(entry, seat)));
  } else {
    // A new game, or another log of it (an older move's): start its projection again.
    projected = log.map((entry) => projectEntry(entry, seat));
    line = { latest: projected, lastEntry: log[end - 1] };
    byGame.set(log[0], line);
  }
  line.latest = projected;
  line.lastEntry = log[end - 1];
  recordProjection(projected, line);
  return projected;
}

/**
 * What one seat (or a spectator, `null`) may know: the only thing a host ever sends to a client.
 * Other hands, the deck order, the seed and the RNG position are never in it.
 */
export function viewFor(state: GameState, seat: number | null): SeatView {
  const seated = seat !== null && seat >= 0 && seat < state.options.players ? seat : null;
  const shared = sharedView(state);
  // Between rounds nobody is to move: the table deals the next round once everyone is ready.
  const yourMove = state.phase === 'turn' && seated !== null && seated === state.current;
  // The fields in the order a view always had (its JSON text is what clients and files hold).
  const view: SeatView = {
    seat: seated,
    options: shared.options,
    phase: shared.phase,
    round: shared.round,
    current: shared.current,
    turn: shared.turn,
    rule: shared.rule,
    canvas: shared.canvas,
    palettes: shared.palettes,
    out: shared.out,
    hand: seated === null ? [] : [...state.hands[seated]],
    handSizes: shared.handSizes,
    deckSize: shared.deckSize,
    deckKnownTop: shared.deckKnownTop,
    scores: shared.scores,
    scored: shared.scored,
    roundWinner: shared.roundWinner,
    gameOver: shared.gameOver,
    winners: shared.winners,
    leader: shared.leader,
    legalMoves: yourMove ? legalMoves(state) : [],
    log: projectLog(state.log, seated),
    moveCount: shared.moveCount,
  };
  recordView(view, shared);
  return view;
}
