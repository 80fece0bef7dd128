import { legalMoves, ruleOf } from '../game';
import { leader } from '../score';
import type { CardId, LogEntry, OutReason, Rule, SeatView } from '../types';
import { stateFromView } from './view-state';

/** The seat's view at the start of one turn of the current round. */
export interface RoundStep {
  /** The log's length at that moment: `view.log` is the round's log up to here. */
  logIndex: number;
  /** Whose turn it is. */
  seat: number;
  view: SeatView;
}

/** The public table (plus the looking seat's own hand) at one point of the round. */
export interface TablePosition {
  palettes: CardId[][];
  canvas: CardId[];
  out: boolean[];
  handSizes: number[];
  deckSize: number;
  /** Top first, as in SeatView. */
  deckKnownTop: CardId[];
  /** The looking seat's hand; [] for a spectator. */
  hand: CardId[];
}

/** A turn start found by the replay. */
export interface TurnStart {
  logIndex: number;
  seat: number;
  moveCount: number;
  position: TablePosition;
}

/** When and how a seat went out of the round, as its `out` entry and the replay place it. */
export interface OutFacts {
  seat: number;
  reason: OutReason;
  /** Index of the `out` entry in the log. */
  logIndex: number;
  /** Whose turn it was: the out seat's own (notLeading, pass), or for emptyHand the seat whose turn had just ended. */
  turnOf: number;
  /** Which turn of the round (0 = the first; an index into replayRound's steps). */
  turnIndex: number;
  /** The rule at that moment (for notLeading after a discard: the rule that discard set). */
  rule: Rule;
}

/** An `out` entry of the round, with the table just before it (the out seat still in). */
export interface OutMoment extends OutFacts {
  position: TablePosition;
}

export interface RoundReplay {
  /** Index of the round's `deal` entry. */
  dealIndex: number;
  turns: TurnStart[];
  outs: OutMoment[];
  /** The table when the round ended (or now, if it is still being played), before the winner's cards were scored. */
  final: TablePosition;
  /** Scores and scored piles before this round's win was counted. */
  scores: number[];
  scored: CardId[][];
  won: Extract<LogEntry, { kind: 'roundWon' }> | null;
}

const copy = (p: TablePosition): TablePosition => ({
  palettes: p.palettes.map((cards) => [...cards]),
  canvas: [...p.canvas],
  out: [...p.out],
  handSizes: [...p.handSizes],
  deckSize: p.deckSize,
  deckKnownTop: [...p.deckKnownTop],
  hand: [...p.hand],
});

const without = (cards: readonly CardId[], card: CardId): CardId[] => cards.filter((c) => c !== card);

/** Index of the current round's `deal` entry, or -1. */
export const dealIndexOf = (log: readonly LogEntry[]): number => log.findLastIndex((e) => e.kind === 'deal');

/** Moves (applyMove calls) an entry stands for; `end` leaves no entry and is counted per turn instead. */
function movesIn(entry: LogEntry, autoDraw: boolean): number {
  switch (entry.kind) {
    case 'play':
    case 'discard':
    case 'seven':
    case 'one':
    case 'noDraw':
      return 1;
    case 'draw':
      return entry.cause === 'advanced' && !autoDraw ? 1 : 0;
    case 'out':
      return entry.reason === 'pass' ? 1 : 0;
    default:
      return 0;
  }
}

/**
 * The table at the round's deal, worked back from the view: every change the round's log records is
 * undone. The palettes come from the `deal` entry; the rest (canvas, deck, hand sizes, out flags) from
 * the view, so that a hand-made position (setupState) replays as well as a dealt one.
 */
function positionAtDeal(view: SeatView, entries: readonly LogEntry[], dealt: CardId[][]): TablePosition {
  const handSizes = [...view.handSizes];
  const out = [...view.out];
  let canvasAdds = 0;
  let deckSize = view.deckSize;
  const knownTop = [...view.deckKnownTop];
  // Own hand: now − drawn since + played or discarded since (counts, since a card can leave and come back).
  const delta = new Map<CardId, number>();
  const left: CardId[] = [];
  const bump = (card: CardId, by: number) => delta.set(card, (delta.get(card) ?? 0) + by);
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    switch (e.kind) {
      case 'play':
      case 'discard':
        handSizes[e.seat] += 1;
        if (e.kind === 'discard') canvasAdds += 1;
        if (e.seat === view.seat) {
          bump(e.card, 1);
          left.unshift(e.card);
        }
        break;
      case 'draw':
        handSizes[e.seat] -= 1;
        deckSize += 1;
        if (e.known && e.card) knownTop.unshift(e.card);
        if (e.seat === view.seat && e.card) bump(e.card, -1);
        break;
      case 'seven':
        if (e.to === 'canvas') canvasAdds += 1;
        else {
          deckSize -= 1;
          knownTop.shift();
        }
        break;
      case 'one':
        deckSize -= 1;
        knownTop.shift();
        break;
      case 'out':
        out[e.seat] = false;
        break;
    }
  }
  const hand: CardId[] = [];
  for (const card of view.seat === null ? [] : view.hand) {
    const d = delta.get(card) ?? 0;
    if (d < 0) delta.set(card, d + 1);
    else hand.push(card);
  }
  for (const card of left) {
    const d = delta.get(card) ?? 0;
    if (d > 0) {
      hand.push(card);
      delta.set(card, d - 1);
    }
  }
  return {
    palettes: dealt.map((p) => [...p]),
    canvas: view.canvas.slice(0, view.canvas.length - canvasAdds),
    out,
    handSizes,
    deckSize,
    deckKnownTop: knownTop,
    hand,
  };
}

/** Applies one log entry to the position (mutates it). */
function apply(p: TablePosition, e: LogEntry, looking: number | null): void {
  switch (e.kind) {
    case 'play':
      p.palettes[e.seat].push(e.card);
      p.handSizes[e.seat] -= 1;
      if (e.seat === looking) p.hand = without(p.hand, e.card);
      break;
    case 'discard':
      p.canvas.push(e.card);
      p.handSizes[e.seat] -= 1;
      if (e.seat === looking) p.hand = without(p.hand, e.card);
      break;
    case 'draw':
      p.handSizes[e.seat] += 1;
      p.deckSize -= 1;
      if (e.known) p.deckKnownTop.shift();
      if (e.seat === looking && e.card) p.hand.push(e.card);
      break;
    case 'seven':
      p.palettes[e.seat] = without(p.palettes[e.seat], e.card);
      if (e.to === 'canvas') p.canvas.push(e.card);
      else {
        p.deckSize += 1;
        p.deckKnownTop.unshift(e.card);
      }
      break;
    case 'one':
      p.palettes[e.target] = without(p.palettes[e.target], e.card);
      p.deckSize += 1;
      p.deckKnownTop.unshift(e.card);
      break;
    case 'out':
      p.out[e.seat] = true;
      break;
  }
}

/**
 * Replays the view's current round from its own log. Turn boundaries are read from the log: a turn
 * closes with its seat's `out` (notLeading or pass), or, when it ended with the seat still in (`end` logs
 * nothing, and nothing marks the end of a turn after a discard), at the next entry by another seat.
 * `emptyHand` eliminations happen between turns. Null when the log holds no deal.
 */
export function replayLog(view: SeatView): RoundReplay | null {
  const dealIndex = dealIndexOf(view.log);
  if (dealIndex < 0) return null;
  const deal = view.log[dealIndex] as Extract<LogEntry, { kind: 'deal' }>;
  const entries = view.log.slice(dealIndex + 1);
  const won = entries.find((e) => e.kind === 'roundWon') ?? null;
  const scores = [...view.scores];
  const scored = view.scored.map((c) => [...c]);
  if (won) {
    scores[won.seat] -= won.points;
    scored[won.seat] = scored[won.seat].slice(0, scored[won.seat].length - won.scored.length);
  }
  const autoDraw = view.options.autoDraw;
  const position = positionAtDeal(view, entries, deal.palettes);
  const turns: TurnStart[] = [];
  const outs: OutMoment[] = [];
  let moves = 0;
  // The turn being replayed: its seat, what it did, whether it is over.
  const turn = { seat: deal.first, played: false, discarded: false, closed: false };
  const close = () => {
    if (!turn.closed && turn.played && !turn.discarded) moves += 1; // the `end` move, which logs nothing
    turn.closed = true;
  };
  const begin = (logIndex: number, seat: number) => {
    turns.push({ logIndex, seat, moveCount: moves, position: copy(position) });
    Object.assign(turn, { seat, played: false, discarded: false, closed: false });
  };
  begin(dealIndex + 1, deal.first);
  entries.forEach((e, k) => {
    const logIndex = dealIndex + 1 + k;
    const actor = 'seat' in e && e.kind !== 'roundWon' ? e.seat : null;
    const betweenTurns = e.kind === 'out' && e.reason === 'emptyHand';
    if (actor !== null && !betweenTurns && actor !== turn.seat) {
      close();
      begin(logIndex, actor);
    }
    if (e.kind === 'out') {
      if (e.reason === 'pass') turn.closed = true; // passing ends the turn; no `end` was made
      close();
      outs.push({
        seat: e.seat,
        reason: e.reason,
        logIndex,
        turnOf: turn.seat,
        turnIndex: turns.length - 1,
        rule: ruleOf(position),
        position: copy(position),
      });
    }
    if (e.kind === 'play') turn.played = true;
    if (e.kind === 'discard') turn.discarded = true;
    if (e.kind === 'roundWon') close();
    moves += movesIn(e, autoDraw);
    apply(position, e, view.seat);
  });
  // The last turn: still open if its seat is to act now; else over, and the seat to act starts a turn.
  if (view.phase === 'turn' && view.current !== null && turn.seat !== view.current) {
    close();
    begin(view.log.length, view.current);
  }
  if (view.phase !== 'turn') close();
  // Moves were counted from the deal; the view's own moveCount says where the count stands now.
  const shift = view.moveCount - moves;
  for (const t of turns) t.moveCount += shift;
  return { dealIndex, turns, outs, final: position, scores, scored, won };
}

/** The view `view.seat` had at one turn start (what viewFor gave then). */
export function viewAtTurn(view: SeatView, replay: RoundReplay, start: TurnStart): SeatView {
  const p = copy(start.position);
  const rule = ruleOf(p);
  const then: SeatView = {
    seat: view.seat,
    options: { ...view.options },
    phase: 'turn',
    round: view.round,
    current: start.seat,
    turn: { actionCard: null, played: 0, discarded: false, pending: null },
    rule,
    canvas: p.canvas,
    palettes: p.palettes,
    out: p.out,
    hand: p.hand,
    handSizes: p.handSizes,
    deckSize: p.deckSize,
    deckKnownTop: p.deckKnownTop,
    scores: [...replay.scores],
    scored: replay.scored.map((c) => [...c]),
    roundWinner: null,
    gameOver: false,
    winners: [],
    leader: leader(p.palettes, rule, p.out),
    legalMoves: [],
    log: view.log.slice(0, start.logIndex),
    moveCount: start.moveCount,
  };
  // At the start of a turn legality reads only the own hand and the table, which the view holds.
  if (view.seat === start.seat) then.legalMoves = legalMoves(stateFromView(then));
  return then;
}

/** The round so far, replayed from the view's own log: the seat's view at the start of each turn. */
export function replayRound(view: SeatView): RoundStep[] {
  const replay = replayLog(view);
  if (!replay) return [];
  return replay.turns.map((start) => ({
    logIndex: start.logIndex,
    seat: start.seat,
    view: viewAtTurn(view, replay, start),
  }));
}
