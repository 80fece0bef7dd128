import { ALL_CARDS, cardColor, cardRank, cardValue, isCardId, without } from './cards';
import { applyEntry, nextTurnNumber } from './entries';
import { countingSet } from './rules';
import { sentence } from './illegal';
import type { IllegalReason } from './illegal';
import { paletteScore } from './score';
import { seedState, shuffle } from './rng';
import { normalizeOptions } from './options';
import type {
  CardId,
  GameOptions,
  GameState,
  LogEntry,
  Move,
  NormalizedOptions,
  RoundSetup,
  Rule,
} from './types';

/** Thrown by applyMove for anything not legal now; the message says why. */
export class IllegalMoveError extends Error {
  override name = 'IllegalMoveError';
}

/** Cards dealt to each hand. */
export const HAND_SIZE = 7;

/**
 * The advanced draw: right after a discard from hand, if the card's value is higher than the number of
 * cards in the palette at that moment and the deck is not empty (Advanced games only).
 */
export const advancedDrawOffered = (
  options: Pick<GameOptions, 'mode'>,
  discarded: CardId,
  paletteSize: number,
  deckSize: number,
): boolean => options.mode === 'advanced' && cardValue(discarded) > paletteSize && deckSize > 0;

// ---------------------------------------------------------------------------------------------
// Reading a state

/** The rule in force: the colour of the top canvas card, or Red (the starter) on an empty canvas. */
export const ruleOf = (state: Pick<GameState, 'canvas'>): Rule =>
  state.canvas.length === 0 ? 'R' : cardColor(state.canvas[state.canvas.length - 1]);

/** The seat leading among those still in the round under `rule`, or null. */
function leadingSeat(state: GameState, rule: Rule = ruleOf(state)): number | null {
  let best = 0;
  let seat: number | null = null;
  for (let i = 0; i < state.palettes.length; i++) {
    if (state.out[i]) continue;
    const score = paletteScore(state.palettes[i], rule);
    if (score > best) {
      best = score;
      seat = i;
    }
  }
  return seat;
}

/** Does `seat` lead now (strictly, with a non-empty counting set, among the players still in)? */
export const isLeading = (state: GameState, seat: number): boolean => leadingSeat(state) === seat;

/** Would `seat` lead if `palette` were theirs and `rule` in force? */
function wouldLead(state: GameState, seat: number, palette: readonly CardId[], rule: Rule): boolean {
  const mine = paletteScore(palette, rule);
  if (mine === 0) return false;
  for (let i = 0; i < state.palettes.length; i++) {
    if (i !== seat && !state.out[i] && paletteScore(state.palettes[i], rule) >= mine) return false;
  }
  return true;
}

export const playersLeft = (state: GameState): number => state.out.filter((o) => !o).length;

/** Cards still in play (not scored): what the next deal shuffles. */
const cardsInPlay = (state: GameState): CardId[] => {
  const scored = new Set(state.scored.flat());
  return ALL_CARDS.filter((card) => !scored.has(card));
};

// ---------------------------------------------------------------------------------------------
// Building states

function emptyState(options: NormalizedOptions, seed: number): GameState {
  const n = options.players;
  return {
    options,
    seed,
    rng: seedState(seed),
    phase: 'turn',
    round: 0,
    deck: [],
    knownTop: 0,
    hands: Array.from({ length: n }, () => []),
    palettes: Array.from({ length: n }, () => []),
    canvas: [],
    out: Array.from({ length: n }, () => false),
    scores: Array.from({ length: n }, () => 0),
    scored: Array.from({ length: n }, () => []),
    current: null,
    turn: null,
    roundWinner: null,
    winners: [],
    log: [],
    moveCount: 0,
  };
}

/** The seat after the one holding the highest palette card. */
function firstPlayer(palettes: CardId[][]): number {
  let bestSeat = 0;
  let best = -1;
  palettes.forEach((palette, seat) => {
    for (const card of palette) {
      if (cardRank(card) > best) {
        best = cardRank(card);
        bestSeat = seat;
      }
    }
  });
  return (bestSeat + 1) % palettes.length;
}

/** Gathers every card still in play, shuffles, deals 7 to each hand and 1 to each palette. Mutates `s`. */
function dealRound(s: GameState): void {
  const [deck, rng] = shuffle(cardsInPlay(s), s.rng);
  s.rng = rng;
  dealCards(s, dealFromTop(deck, s.options.players));
}

/** Deals an ordered deck (top last) as the game deals: 7 cards a hand from the top, then 1 a palette. */
export function dealFromTop(order: readonly CardId[], players: number): DealtCards {
  const deck = [...order];
  const hands = Array.from({ length: players }, () => deck.splice(deck.length - HAND_SIZE, HAND_SIZE));
  const palettes = Array.from({ length: players }, () => [deck.pop()!]);
  return { hands, palettes, deck };
}

/** The cards of one deal: every hand, every palette, and the deck (top last, as in GameState). */
export interface DealtCards {
  hands: CardId[][];
  palettes: CardId[][];
  deck: CardId[];
}

/** Lays out a deal and opens the round. Mutates `s`. */
function dealCards(s: GameState, { hands, palettes, deck }: DealtCards): void {
  s.round += 1;
  s.hands = hands.map((h) => [...h]);
  s.palettes = palettes.map((p) => [...p]);
  s.deck = [...deck];
  s.knownTop = 0;
  s.canvas = [];
  s.out = s.out.map(() => false);
  s.roundWinner = null;
  s.phase = 'turn';
  const first = firstPlayer(s.palettes);
  s.log.push({ kind: 'deal', round: s.round, palettes: s.palettes.map((p) => [...p]), first });
  beginTurn(s, first);
}

/** Opens `seat`'s turn, and says so in the log. */
function beginTurn(s: GameState, seat: number): void {
  record(s, { kind: 'turn', seat, turn: nextTurnNumber(s.log), moveCount: s.moveCount });
}

/** Applies `entry` to the table and appends it to the log: every change a move makes to the table goes through here. */
function record(s: GameState, entry: LogEntry): void {
  applyEntry(s, entry);
  s.log.push(entry);
}

/** A new game: same options and seed, same game. */
export function newGame(options: GameOptions, seed: number): GameState {
  const s = emptyState(normalizeOptions(options), seed >>> 0);
  dealRound(s);
  return s;
}

/**
 * A game's first round (`from` null) or the next one (`from` between rounds: the `nextRound` move) dealt as
 * given instead of shuffled: how a game record (shared/record) is replayed without its seed. Throws a
 * RangeError unless the deal is one the shuffle could have made: 7 cards a hand, 1 a palette, and exactly
 * the cards still in play. The state's seed and RNG position are not known (0).
 */
export function dealGiven(options: GameOptions, from: GameState | null, deal: DealtCards): GameState {
  const s = from === null ? emptyState(normalizeOptions(options), 0) : cloneState(from);
  if (from !== null && from.phase !== 'roundOver')
    throw new IllegalMoveError(
      sentence(illegalReason(from, { type: 'nextRound' }) ?? { code: 'roundInPlay' }),
    );
  const n = s.options.players;
  if (deal.hands.length !== n || deal.palettes.length !== n)
    throw new RangeError(`a deal for ${n} players has ${n} hands and ${n} palettes`);
  if (deal.hands.some((h) => h.length !== HAND_SIZE))
    throw new RangeError(`each hand is dealt ${HAND_SIZE} cards`);
  if (deal.palettes.some((p) => p.length !== 1)) throw new RangeError('each palette is dealt 1 card');
  const dealt = [...deal.hands.flat(), ...deal.palettes.flat(), ...deal.deck];
  const inPlay = cardsInPlay(s);
  const seen = new Set<CardId>(dealt);
  if (seen.size !== dealt.length) throw new RangeError('a card is dealt twice');
  const missing = inPlay.filter((c) => !seen.has(c));
  if (missing.length > 0 || dealt.length !== inPlay.length)
    throw new RangeError(
      missing.length > 0
        ? `the deal lacks ${missing.join(' ')}, still in play`
        : 'the deal holds a card that is not in play (scored, or not a card)',
    );
  if (from !== null) s.moveCount += 1;
  dealCards(s, deal);
  return s;
}

/** A hand-made position in the middle of a round (for tests and tools). See RoundSetup. */
export function setupState(options: GameOptions, setup: RoundSetup, seed = 0): GameState {
  const s = emptyState(normalizeOptions(options), seed >>> 0);
  const n = s.options.players;
  const at = (list: unknown[] | undefined, what: string) => {
    if (list && list.length !== n) throw new RangeError(`setupState: ${what} must have ${n} entries.`);
  };
  at(setup.hands, 'hands');
  at(setup.palettes, 'palettes');
  at(setup.out, 'out');
  at(setup.scores, 'scores');
  at(setup.scored, 'scored');
  const listed = [
    ...setup.hands.flat(),
    ...setup.palettes.flat(),
    ...(setup.deck ?? []),
    ...(setup.canvas ?? []),
    ...(setup.scored ?? []).flat(),
  ];
  const seen = new Set<string>();
  for (const card of listed) {
    if (!isCardId(card)) throw new RangeError(`setupState: ${String(card)} is not a card.`);
    if (seen.has(card)) throw new RangeError(`setupState: ${card} is listed twice.`);
    seen.add(card);
  }
  const rest = ALL_CARDS.filter((card) => !seen.has(card));
  s.round = setup.round ?? 1;
  s.hands = setup.hands.map((h) => [...h]);
  s.palettes = setup.palettes.map((p) => [...p]);
  // The deck array keeps its top last; listed cards are given top first, the rest lie beneath them.
  s.deck = [...[...rest].reverse(), ...[...(setup.deck ?? [])].reverse()];
  s.knownTop = Math.min(setup.knownTop ?? 0, setup.deck?.length ?? 0);
  s.canvas = [...(setup.canvas ?? [])];
  s.out = setup.out ? [...setup.out] : s.out;
  s.scores = setup.scores ? [...setup.scores] : s.scores;
  s.scored = setup.scored ? setup.scored.map((c) => [...c]) : s.scored;
  const first = setup.current ?? firstPlayer(s.palettes);
  // Unlike a deal, a hand-made table is not known from the options alone: its public facts are logged.
  const facts = {
    canvas: [...s.canvas],
    handSizes: s.hands.map((h) => h.length),
    deckSize: s.deck.length,
    deckKnownTop: s.deck.slice(s.deck.length - s.knownTop).reverse(),
    out: [...s.out],
  };
  s.log.push({ kind: 'deal', round: s.round, palettes: s.palettes.map((p) => [...p]), first, setup: facts });
  beginTurn(s, first);
  return s;
}

/** A copy deep enough that applying a move to it never touches the original. Log entries are immutable. */
function cloneState(state: GameState, log: LogEntry[] = [...state.log]): GameState {
  return {
    ...state,
    deck: [...state.deck],
    hands: state.hands.map((h) => [...h]),
    palettes: state.palettes.map((p) => [...p]),
    canvas: [...state.canvas],
    out: [...state.out],
    scores: [...state.scores],
    scored: state.scored.map((c) => [...c]),
    turn: state.turn && { ...state.turn },
    winners: [...state.winners],
    log,
  };
}

// ---------------------------------------------------------------------------------------------
// Legality: one function (illegalReason) says why a move is not legal now; legalMoves is everything it accepts.

const isOdd = (card: CardId): boolean => cardValue(card) % 2 === 1;

/** Seats `seat` may aim a 1 at, with the cards each offers. */
function oneTargets(s: GameState, seat: number): [target: number, cards: CardId[]][] {
  const mySize = s.palettes[seat].length;
  const result: [number, CardId[]][] = [];
  s.palettes.forEach((palette, target) => {
    if (target === seat || s.out[target]) return;
    const ok =
      s.options.rulesVersion === '1.1' ? palette.length >= 2 : palette.length >= mySize && palette.length > 0;
    if (ok) result.push([target, [...palette]]);
  });
  return result;
}

/** The choices a pending 7 offers. */
function sevenChoices(s: GameState, seat: number): Move[] {
  const moves: Move[] = [];
  const palette = s.palettes[seat];
  for (const card of palette) {
    if (card === s.turn!.actionCard) continue;
    if (wouldLead(s, seat, without(palette, card), cardColor(card)))
      moves.push({ type: 'seven', card, to: 'canvas' });
    if (s.options.rulesVersion === '1.2') moves.push({ type: 'seven', card, to: 'deck' });
  }
  return moves;
}

/** Can the current player still end this turn leading, by some sequence of choices from `s`? */
function canEndLeading(s: GameState): boolean {
  const seat = s.current!;
  const turn = s.turn!;
  if (turn.pending === null) {
    if (isLeading(s, seat)) return true;
    return (
      !turn.discarded && s.hands[seat].some((card) => wouldLead(s, seat, s.palettes[seat], cardColor(card)))
    );
  }
  if (turn.pending === 'draw') return true; // only reached after a discard, which needs the lead
  return candidateMoves(s).some(
    (move) => move.type !== 'pass' && illegalReason(s, move) === null && canEndLeading(trial(s, move)),
  );
}

/** Every move worth asking illegalReason about in this state. */
function candidateMoves(s: GameState): Move[] {
  if (s.phase === 'roundOver') return [{ type: 'nextRound' }];
  if (s.phase !== 'turn' || s.current === null) return [];
  const seat = s.current;
  const turn = s.turn!;
  const hand = s.hands[seat];
  switch (turn.pending) {
    case 'draw':
      return [{ type: 'draw' }, { type: 'noDraw' }, { type: 'pass' }];
    case 'seven':
      return [...sevenChoices(s, seat), { type: 'pass' }];
    case 'one':
      return [
        ...oneTargets(s, seat).flatMap(([target, cards]) =>
          cards.map((card): Move => ({ type: 'one', seat: target, card })),
        ),
        { type: 'pass' },
      ];
    case 'five':
      return [...hand.map((card): Move => ({ type: 'play', card })), { type: 'pass' }];
    default:
      return [
        ...hand.map((card): Move => ({ type: 'play', card })),
        ...hand.map((card): Move => ({ type: 'discard', card })),
        { type: 'end' },
        { type: 'pass' },
      ];
  }
}

/** Why `move` is not legal in `s` (for the player to act), or null if it is: the engine's one judgement. */
export function illegalReason(s: GameState, move: Move): IllegalReason | null {
  if (s.phase === 'gameOver') return { code: 'gameOver' };
  if (s.phase === 'roundOver') return move.type === 'nextRound' ? null : { code: 'roundOver' };
  if (move.type === 'nextRound') return { code: 'roundInPlay' };
  const seat = s.current!;
  const turn = s.turn!;
  const hand = s.hands[seat];
  if (move.type === 'pass') return null;

  if (turn.pending === 'draw' && move.type !== 'draw' && move.type !== 'noDraw')
    return { code: 'decideDraw' };
  if (turn.pending === 'seven' && move.type !== 'seven') return { code: 'resolveSeven' };
  if (turn.pending === 'one' && move.type !== 'one') return { code: 'resolveOne' };
  if (turn.pending === 'five' && move.type !== 'play') return { code: 'resolveFive' };

  switch (move.type) {
    case 'play': {
      if (turn.pending !== 'five') {
        if (turn.discarded) return { code: 'alreadyDiscarded' };
        if (turn.played > 0) return { code: 'alreadyPlayed' };
      }
      if (!hand.includes(move.card)) return { code: 'notInHand', params: { card: move.card } };
      const value = cardValue(move.card);
      if (s.options.actionRule && (value === 7 || value === 1) && !canEndLeading(trial(s, move)))
        return { code: 'actionCannotLead', params: { card: move.card, value } };
      return null;
    }
    case 'discard': {
      if (turn.discarded) return { code: 'alreadyDiscarded' };
      if (!hand.includes(move.card)) return { code: 'notInHand', params: { card: move.card } };
      if (!wouldLead(s, seat, s.palettes[seat], cardColor(move.card)))
        return { code: 'wouldNotLead', params: { card: move.card, rule: cardColor(move.card) } };
      return null;
    }
    case 'draw':
    case 'noDraw':
      return turn.pending === 'draw' ? null : { code: 'noDrawOffered' };
    case 'seven': {
      if (turn.pending !== 'seven') return { code: 'noSevenPending' };
      if (move.card === turn.actionCard || !s.palettes[seat].includes(move.card))
        return { code: 'notOtherPaletteCard', params: { card: move.card } };
      if (move.to === 'deck') return s.options.rulesVersion === '1.2' ? null : { code: 'sevenCanvasOnly' };
      if (move.to !== 'canvas') return { code: 'sevenDestination' };
      return wouldLead(s, seat, without(s.palettes[seat], move.card), cardColor(move.card))
        ? null
        : { code: 'sevenCanvas', params: { card: move.card, rule: cardColor(move.card) } };
    }
    case 'one': {
      if (turn.pending !== 'one') return { code: 'noOnePending' };
      const target = oneTargets(s, seat).find(([t]) => t === move.seat);
      if (!target) return { code: 'oneTarget', params: { rulesVersion: s.options.rulesVersion } };
      return target[1].includes(move.card)
        ? null
        : { code: 'notInPalette', params: { card: move.card, seat: move.seat } };
    }
    case 'end':
      if (turn.discarded) return { code: 'turnOver' };
      if (turn.played === 0) return { code: 'nothingDone' };
      return null;
    default:
      return { code: 'unknownMove' };
  }
}

/** Why `move` is not legal in `s`, in English (the host's error message), or null if it is. */
export function whyIllegal(s: GameState, move: Move): string | null {
  const reason = illegalReason(s, move);
  return reason && sentence(reason);
}

/** Every move the player to act may make now (in 'roundOver': the next round). */
export function legalMoves(state: GameState): Move[] {
  return candidateMoves(state).filter((move) => illegalReason(state, move) === null);
}

// ---------------------------------------------------------------------------------------------
// Applying moves. `step` works on a copy and trusts that the move is legal.

/**
 * The state after `move` (`'stage'`: a step that ends the turn stops there, as applyStagedMove says), or
 * why the move is not legal: judged once, then applied. `ended`: a staged step ended the turn.
 */
export function judgeAndStep(
  state: GameState,
  move: Move,
  how: 'play' | 'stage' = 'play',
): { ok: true; state: GameState; ended: boolean } | { ok: false; reason: IllegalReason } {
  const reason = illegalReason(state, move);
  if (reason !== null) return { ok: false, reason };
  const stop = how === 'stage' ? { ended: false } : undefined;
  const next = step(state, move, stop);
  return { ok: true, state: next, ended: stop?.ended ?? false };
}

/** Pure: returns the state after `move`, or throws IllegalMoveError and leaves `state` as it was. */
export function applyMove(state: GameState, move: Move): GameState {
  const reason = whyIllegal(state, move);
  if (reason !== null) throw new IllegalMoveError(reason);
  return step(state, move);
}

/**
 * A step of a turn staged on the seat's own screen (stage.ts): judged as applyMove judges it, but a step
 * that ends the turn stops there. The out for not leading is written; the next turn does not begin and
 * the round does not end (the host does that once the turn is confirmed). `ended`: this step ended the turn.
 */
export function applyStagedMove(state: GameState, move: Move): { state: GameState; ended: boolean } {
  const judged = judgeAndStep(state, move, 'stage');
  if (!judged.ok) throw new IllegalMoveError(sentence(judged.reason));
  return { state: judged.state, ended: judged.ended };
}

/**
 * Where a staged step stops: given, a step that ends the turn sets `ended` instead of passing the turn on.
 */
interface TurnStop {
  ended: boolean;
}

/** The state after `move`, which must be legal. Table changes are log entries (see record). */
function step(state: GameState, move: Move, stop?: TurnStop, startLog?: LogEntry[]): GameState {
  const s = cloneState(state, startLog);
  s.moveCount += 1;
  const seat = s.current!;
  const turn = s.turn!;
  const log = (entry: LogEntry) => record(s, entry);
  switch (move.type) {
    case 'nextRound':
      dealRound(s);
      break;
    case 'pass':
      eliminate(s, seat, 'pass');
      if (stop) stop.ended = true;
      else advance(s);
      break;
    case 'play':
      turn.played += 1;
      turn.pending = null;
      turn.actionCard = null;
      log({ kind: 'play', seat, card: move.card });
      if (s.options.actionRule && isOdd(move.card)) startAction(s, seat, move.card);
      break;
    case 'discard': {
      turn.discarded = true;
      log({ kind: 'discard', seat, card: move.card });
      const drawOffered = advancedDrawOffered(s.options, move.card, s.palettes[seat].length, s.deck.length);
      if (drawOffered && s.options.autoDraw) drawCard(s, seat, 'advanced');
      if (drawOffered && !s.options.autoDraw) turn.pending = 'draw';
      else endTurn(s, stop);
      break;
    }
    case 'draw':
      turn.pending = null;
      drawCard(s, seat, 'advanced');
      endTurn(s, stop);
      break;
    case 'noDraw':
      turn.pending = null;
      log({ kind: 'noDraw', seat });
      endTurn(s, stop);
      break;
    case 'seven':
      turn.pending = null;
      turn.actionCard = null;
      log({ kind: 'seven', seat, card: move.card, to: move.to });
      break;
    case 'one':
      turn.pending = null;
      turn.actionCard = null;
      log({ kind: 'one', seat, target: move.seat, card: move.card });
      break;
    case 'end':
      endTurn(s, stop);
      break;
  }
  return s;
}

/**
 * A step within the turn (a 7 or 1 played, a 7's or 1's choice, a 5's card), made only to judge whether the
 * turn can still end leading: its state starts with an empty log, as nothing that judges reads the log (only
 * a new turn's number does, and these steps never end the turn). A copy of the whole game's log for each
 * such step was a quarter of what the host allocated a move.
 */
function trial(s: GameState, move: Move): GameState {
  return step(s, move, undefined, []);
}

/** An odd card was played under the Action rule: do what it says, or set up the choice it asks for. */
function startAction(s: GameState, seat: number, card: CardId): void {
  const turn = s.turn!;
  const skip = () => record(s, { kind: 'actionSkipped', seat, card });
  switch (cardValue(card)) {
    case 7:
      turn.pending = 'seven';
      turn.actionCard = card;
      if (sevenChoices(s, seat).length === 0) {
        turn.pending = null;
        turn.actionCard = null;
        skip();
      }
      break;
    case 5:
      turn.pending = 'five';
      turn.actionCard = card;
      // "If you can": with no playable card (empty hand, or only a 7 or 1 that cannot end leading) it lapses.
      if (!s.hands[seat].some((c) => illegalReason(s, { type: 'play', card: c }) === null)) {
        turn.pending = null;
        turn.actionCard = null;
        skip();
      }
      break;
    case 3:
      if (s.deck.length > 0) drawCard(s, seat, 'three');
      else skip();
      break;
    case 1:
      if (oneTargets(s, seat).length > 0) {
        turn.pending = 'one';
        turn.actionCard = card;
      } else skip();
      break;
  }
}

function drawCard(s: GameState, seat: number, cause: 'advanced' | 'three'): void {
  record(s, { kind: 'draw', seat, card: s.deck[s.deck.length - 1], cause, known: s.knownTop > 0 });
}

function eliminate(s: GameState, seat: number, reason: 'notLeading' | 'emptyHand' | 'pass'): void {
  record(s, { kind: 'out', seat, reason });
}

function endTurn(s: GameState, stop?: TurnStop): void {
  const seat = s.current!;
  if (!isLeading(s, seat)) eliminate(s, seat, 'notLeading');
  if (stop) stop.ended = true;
  else advance(s);
}

/** Passes the turn to the next player still in; ends the round when one player is left. */
function advance(s: GameState): void {
  const n = s.options.players;
  let seat = s.current!;
  for (;;) {
    if (playersLeft(s) === 1) return endRound(s, s.out.indexOf(false));
    do seat = (seat + 1) % n;
    while (s.out[seat]);
    // Start of that player's turn: an empty hand means they cannot do anything to lead.
    if (s.hands[seat].length > 0) break;
    eliminate(s, seat, 'emptyHand');
  }
  beginTurn(s, seat);
}

function endRound(s: GameState, winner: number): void {
  const rule = ruleOf(s);
  if (s.options.mode === 'basic') {
    record(s, { kind: 'roundWon', seat: winner, round: s.round, rule, scored: [], points: 0 });
    return endGame(s, [winner]);
  }
  const scored = countingSet(s.palettes[winner], rule);
  const points = scored.reduce((sum, card) => sum + cardValue(card), 0);
  record(s, { kind: 'roundWon', seat: winner, round: s.round, rule, scored, points });
  const top = Math.max(...s.scores);
  if (top >= s.options.targetScore || cardsInPlay(s).length < 8 * s.options.players) {
    return endGame(
      s,
      s.scores.flatMap((score, seat) => (score === top ? [seat] : [])),
    );
  }
}

function endGame(s: GameState, winners: number[]): void {
  record(s, { kind: 'gameOver', winners, scores: [...s.scores] });
}
