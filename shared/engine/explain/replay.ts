import { ALL_CARDS } from '../cards';
import { applyEntry } from '../entries';
import { HAND_SIZE, legalMoves, ruleOf } from '../game';
import { leader } from '../score';
import type { CardId, GameState, LogEntry, OutReason, Rule, SeatView, SetupFacts } from '../types';
import { stateFromView } from './view-state';

/** The seat's view at the start of one turn of the current round. */
export interface RoundStep {
  /** The log's length at that moment (just after the turn's `turn` entry): `view.log` is the round's log up to here. */
  logIndex: number;
  /** The round's turn number, as its `turn` entry says (1 = the round's first turn, every seat's counted). */
  turn: number;
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
  turn: number;
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
  /** That turn's number, as the log's `turn` entry gives it (and the table shows it). */
  turn: number;
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

/** Index of the current round's `deal` entry, or -1. */
export const dealIndexOf = (log: readonly LogEntry[]): number => log.findLastIndex((e) => e.kind === 'deal');

type Deal = Extract<LogEntry, { kind: 'deal' }>;

/** The public table a deal leaves: logged for a hand-made position, else what every deal leaves. */
function dealFacts(deal: Deal, scoredBefore: readonly CardId[][]): SetupFacts {
  if (deal.setup) return deal.setup;
  const seats = deal.palettes.length;
  return {
    canvas: [],
    handSizes: deal.palettes.map(() => HAND_SIZE),
    deckSize: ALL_CARDS.length - scoredBefore.flat().length - seats * (HAND_SIZE + 1),
    deckKnownTop: [],
    out: deal.palettes.map(() => false),
  };
}

/**
 * A whole state at the round's deal that the round's log, applied entry by entry (applyEntry, as the
 * engine applied it), turns into what `looking` saw at every moment. The seat's own cards are its own
 * (those it still holds first, then those it played or discarded: its deal order is not in the view);
 * what it could not see is made up so as to fit: every card another seat took from its hand was in that
 * hand from the deal if a slot was left, else it came by one of that seat's hidden draws. The other
 * hidden places are filled with the cards left over, in ALL_CARDS order. Sizes are always the real ones.
 */
function stateAtDeal(
  view: SeatView,
  deal: Deal,
  entries: readonly LogEntry[],
  before: { scores: number[]; scored: CardId[][] },
): GameState {
  const facts = dealFacts(deal, before.scored);
  const seats = deal.palettes.length;
  const looking = view.seat;
  const dealt: CardId[][] = deal.palettes.map(() => []);
  const held = deal.palettes.map(() => new Set<CardId>());
  /** Cards drawn from the hidden part of the deck, in order (null: not known yet). */
  const hiddenDraws: (CardId | null)[] = [];
  const waiting: number[][] = deal.palettes.map(() => []);
  /** The looking seat's cards that left its hand, in order: they go after the ones it still holds. */
  const left: CardId[] = [];
  for (const e of entries) {
    if (e.kind === 'draw') {
      if (!e.known) {
        if (e.card === null) waiting[e.seat].push(hiddenDraws.length);
        hiddenDraws.push(e.card);
      }
      if (e.card !== null) held[e.seat].add(e.card);
    } else if (e.kind === 'play' || e.kind === 'discard') {
      if (held[e.seat].delete(e.card)) continue;
      if (e.seat === looking) left.push(e.card);
      else if (dealt[e.seat].length < facts.handSizes[e.seat]) dealt[e.seat].push(e.card);
      else if (waiting[e.seat].length > 0) hiddenDraws[waiting[e.seat].shift()!] = e.card;
    }
  }
  if (looking !== null) dealt[looking] = [...view.hand.filter((card) => !held[looking].has(card)), ...left];
  const used = new Set<CardId>([
    ...deal.palettes.flat(),
    ...facts.canvas,
    ...facts.deckKnownTop,
    ...before.scored.flat(),
    ...dealt.flat(),
    ...hiddenDraws.filter((card) => card !== null),
  ]);
  const spare = ALL_CARDS.filter((card) => !used.has(card));
  const fill = (): CardId => spare.shift()!;
  for (let seat = 0; seat < seats; seat++)
    while (dealt[seat].length < facts.handSizes[seat] && spare.length > 0) dealt[seat].push(fill());
  const drawn = hiddenDraws.map((card) => card ?? fill());
  const hiddenSize = facts.deckSize - facts.deckKnownTop.length;
  const under = spare.slice(0, Math.max(0, hiddenSize - drawn.length));
  return {
    options: { ...view.options },
    seed: 0,
    rng: 0,
    phase: 'turn',
    round: deal.round,
    // Top last: the hidden part (the cards its draws took on top, first drawn last), then the public top.
    deck: [...under, ...drawn.reverse(), ...[...facts.deckKnownTop].reverse()],
    knownTop: facts.deckKnownTop.length,
    hands: dealt,
    palettes: deal.palettes.map((p) => [...p]),
    canvas: [...facts.canvas],
    out: [...facts.out],
    scores: [...before.scores],
    scored: before.scored.map((c) => [...c]),
    current: null,
    turn: null,
    roundWinner: null,
    winners: [],
    log: [],
    moveCount: 0,
  };
}

/** What `looking` sees of the table in `s`. */
const positionOf = (s: GameState, looking: number | null): TablePosition => ({
  palettes: s.palettes.map((p) => [...p]),
  canvas: [...s.canvas],
  out: [...s.out],
  handSizes: s.hands.map((h) => h.length),
  deckSize: s.deck.length,
  deckKnownTop: s.deck.slice(s.deck.length - s.knownTop).reverse(),
  hand: looking === null ? [] : [...s.hands[looking]],
});

/**
 * Replays the view's current round from its own log, with the engine's own applyEntry. Turns are the
 * log's: each opens with its `turn` entry (which also says how many moves came before it). Null when the
 * log holds no deal.
 */
export function replayLog(view: SeatView): RoundReplay | null {
  const dealIndex = dealIndexOf(view.log);
  if (dealIndex < 0) return null;
  const deal = view.log[dealIndex] as Deal;
  const entries = view.log.slice(dealIndex + 1);
  const won = entries.find((e) => e.kind === 'roundWon') ?? null;
  const scores = [...view.scores];
  const scored = view.scored.map((c) => [...c]);
  if (won) {
    scores[won.seat] -= won.points;
    scored[won.seat] = scored[won.seat].slice(0, scored[won.seat].length - won.scored.length);
  }
  const state = stateAtDeal(view, deal, entries, { scores, scored });
  const turns: TurnStart[] = [];
  const outs: OutMoment[] = [];
  let final: TablePosition | null = null;
  entries.forEach((e, k) => {
    const logIndex = dealIndex + 1 + k;
    if (e.kind === 'out')
      outs.push({
        seat: e.seat,
        reason: e.reason,
        logIndex,
        turnOf: state.current ?? e.seat,
        turnIndex: turns.length - 1,
        turn: turns.at(-1)?.turn ?? 0,
        rule: ruleOf(state),
        position: positionOf(state, view.seat),
      });
    if (e.kind === 'roundWon') final = positionOf(state, view.seat);
    applyEntry(state, e);
    if (e.kind === 'turn')
      turns.push({
        logIndex: logIndex + 1,
        turn: e.turn,
        seat: e.seat,
        moveCount: e.moveCount,
        position: positionOf(state, view.seat),
      });
  });
  return {
    dealIndex,
    turns,
    outs,
    final: final ?? positionOf(state, view.seat),
    scores,
    scored,
    won,
  };
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
    turn: start.turn,
    seat: start.seat,
    view: viewAtTurn(view, replay, start),
  }));
}

/**
 * During a round (from the second): the round before as `view.seat` saw it when it ended, from the view's
 * own log — that round's entries, the table it left, the scores as they were (no round has been scored
 * since) — for reopening its summary. The seat's hand at that end is in no log: it is left empty, so a
 * review of that round's turns needs the view the screen kept then. Null in the first round or between rounds.
 */
export function previousRoundView(view: SeatView): SeatView | null {
  if (view.phase !== 'turn' || view.round < 2) return null;
  const dealIndex = dealIndexOf(view.log);
  const log = view.log.slice(0, dealIndex);
  const won = log.findLast((e) => e.kind === 'roundWon');
  if (dealIndexOf(log) < 0 || !won) return null;
  const then: SeatView = {
    ...view,
    phase: 'roundOver',
    round: won.round,
    current: null,
    turn: null,
    hand: [],
    roundWinner: won.seat,
    leader: null,
    legalMoves: [],
    log,
    // The round ended one move before the deal (the next round's first turn says how many came before it).
    moveCount: Math.max(0, (view.log.slice(dealIndex).find((e) => e.kind === 'turn')?.moveCount ?? 1) - 1),
  };
  const end = replayLog(then)!.final;
  return {
    ...then,
    palettes: end.palettes.map((p, seat) =>
      p.filter((card) => !(seat === won.seat && won.scored.includes(card))),
    ),
    canvas: end.canvas,
    out: end.out,
    handSizes: end.handSizes,
    deckSize: end.deckSize,
    deckKnownTop: end.deckKnownTop,
    rule: won.rule,
  };
}
