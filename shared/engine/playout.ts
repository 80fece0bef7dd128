import { cardFromRank, cardRank } from './cards';
import { applyMove, legalMoves, ruleOf } from './game';
import { turnEnded } from './turn';
import {
  RULE_INDEX,
  blueWithCard,
  greenWithCard,
  indigoWithCard,
  maskHi,
  maskLo,
  orangeWithCard,
  redWithCard,
  scoreMasks,
  valuesOf,
  violetWithCard,
  yellowWithCard,
} from './score';
import type { CardId, GameState, Move } from './types';

/**
 * Every distinct complete turn open to the player to act that leaves them in the round, as move
 * sequences (e.g. [play, end], [discard, draw], [play 7, seven…, discard]). Passing is left out.
 * `prune(next, turn)` may drop a branch: every turn that starts with `turn` (reaching `next`) is left out.
 */
export function completeTurns(
  state: GameState,
  prune?: (next: GameState, turn: readonly Move[]) => boolean,
): Move[][] {
  const seat = state.current;
  if (state.phase !== 'turn' || seat === null) return [];
  const result: Move[][] = [];
  const explore = (s: GameState, prefix: Move[]) => {
    for (const move of legalMoves(s)) {
      if (move.type === 'pass') continue;
      const next = applyMove(s, move);
      const turn = [...prefix, move];
      if (prune?.(next, turn)) continue;
      if (!turnEnded(next, seat, s.log.length)) explore(next, turn);
      else if (!next.out[seat]) result.push(turn);
    }
  };
  explore(state, []);
  return result;
}

/*
 * The fast playout: a whole round on bit sets in preallocated arrays, no allocation per turn.
 * Policy: each turn, a uniformly random choice among the distinct complete turns that leave the
 * player leading (play, discard, play then discard); a player with none is out. In an Advanced
 * game the advanced draw is always taken. Card actions are not simulated (a bot's rollout
 * approximation under the Action rule).
 *
 * Standings are incremental: `scores[p * 7 + r]` is player p's standing under rule r, updated when
 * p plays a card (`addToStandings`), so a turn reads opponents' standings instead of scoring palettes.
 */
const handLo = new Int32Array(4);
const handHi = new Int32Array(4);
const palLo = new Int32Array(4);
const palHi = new Int32Array(4);
const palSize = new Int32Array(4);
const scores = new Int32Array(4 * 7);
const out = new Uint8Array(4);
const oppBest = new Int32Array(7);
const handCards = new Int8Array(49);
/** Per hand card (same index as `handCards`): the rules under which its player leads once it is played. */
const leads = new Int8Array(49);
/** Per rule: how many of the hand's cards set it when discarded. */
const ruleCount = new Int8Array(7);
/** Per hand card: how many leading turns start by playing it (alone, or then a discard). */
const playCount = new Int32Array(49);
/** The leading discard-only turns, as ranks; `discards` of them. */
const discardOnly = new Int8Array(49);
let discards = 0;
let rng = 1;

/** Per rank: its bit in the `lo` and `hi` masks, the rule (0 Red … 6 Violet) it sets, its value (1–7). */
const RANK_LO = Int32Array.from({ length: 49 }, (_, rank) => maskLo(rank));
const RANK_HI = Int32Array.from({ length: 49 }, (_, rank) => maskHi(rank));
const RANK_RULE = Int8Array.from({ length: 49 }, (_, rank) => 6 - (rank % 7));
const RANK_VALUE = Int8Array.from({ length: 49 }, (_, rank) => Math.floor(rank / 7) + 1);

function random(bound: number): number {
  // xorshift32: plenty for rollouts, and inlined by the JIT.
  rng ^= rng << 13;
  rng ^= rng >>> 17;
  rng ^= rng << 5;
  return ((rng >>> 0) % bound) | 0;
}

/** Called at the start of every playout turn when set: lets tests check the incremental standings. */
export type PlayoutObserver = (table: {
  players: number;
  palLo: Int32Array;
  palHi: Int32Array;
  scores: Int32Array;
  out: Uint8Array;
}) => void;
let observer: PlayoutObserver | null = null;
/** Sets (or clears, with null) the observer of playout turns; for tests only. */
export function observePlayoutTurns(fn: PlayoutObserver | null): void {
  observer = fn;
}

/** Loads a state (at the start of a turn) into the bit-set arrays; returns the number of players still in. */
function load(state: GameState): number {
  if (state.phase !== 'turn' || state.current === null)
    throw new RangeError('playout needs a round in play.');
  if (state.turn && (state.turn.played > 0 || state.turn.discarded || state.turn.pending))
    throw new RangeError('playout starts at the beginning of a turn.');
  let alive = 0;
  for (let p = 0; p < state.options.players; p++) {
    let hLo = 0;
    let hHi = 0;
    let pLo = 0;
    let pHi = 0;
    for (const card of state.hands[p]) {
      const r = cardRank(card);
      hLo |= RANK_LO[r];
      hHi |= RANK_HI[r];
    }
    for (const card of state.palettes[p]) {
      const r = cardRank(card);
      pLo |= RANK_LO[r];
      pHi |= RANK_HI[r];
    }
    handLo[p] = hLo;
    handHi[p] = hHi;
    palLo[p] = pLo;
    palHi[p] = pHi;
    for (let r = 0; r < 7; r++) scores[p * 7 + r] = scoreMasks(pLo, pHi, r);
    palSize[p] = state.palettes[p].length;
    out[p] = state.out[p] ? 1 : 0;
    if (!out[p]) alive++;
  }
  return alive;
}

/** Updates the standings at `scores[base …]` of palette (lo, hi) as card `rank` joins it. */
function addToStandings(base: number, lo: number, hi: number, rank: number): void {
  scores[base] = redWithCard(scores[base], rank);
  scores[base + 1] = orangeWithCard(lo, hi, scores[base + 1], rank);
  scores[base + 2] = yellowWithCard(lo, hi, scores[base + 2], rank);
  scores[base + 3] = greenWithCard(scores[base + 3], rank);
  scores[base + 4] = blueWithCard(lo, hi, scores[base + 4], rank);
  scores[base + 5] = indigoWithCard(lo, hi, valuesOf(lo, hi), rank);
  scores[base + 6] = violetWithCard(scores[base + 6], rank);
}

/**
 * Marks in `leads` the hand cards after whose play the player's standing under rule `r` (now `score`)
 * beats `bound`. One loop per rule, so each calls its rule's scorer directly.
 */
function markLeads(r: number, n: number, lo: number, hi: number, score: number, bound: number): void {
  const bit = 1 << r;
  switch (r) {
    case 0:
      for (let i = 0; i < n; i++) if (redWithCard(score, handCards[i]) > bound) leads[i] |= bit;
      return;
    case 1:
      for (let i = 0; i < n; i++) if (orangeWithCard(lo, hi, score, handCards[i]) > bound) leads[i] |= bit;
      return;
    case 2:
      for (let i = 0; i < n; i++) if (yellowWithCard(lo, hi, score, handCards[i]) > bound) leads[i] |= bit;
      return;
    case 3:
      for (let i = 0; i < n; i++) if (greenWithCard(score, handCards[i]) > bound) leads[i] |= bit;
      return;
    case 4:
      for (let i = 0; i < n; i++) if (blueWithCard(lo, hi, score, handCards[i]) > bound) leads[i] |= bit;
      return;
    case 5: {
      const values = valuesOf(lo, hi);
      for (let i = 0; i < n; i++) if (indigoWithCard(lo, hi, values, handCards[i]) > bound) leads[i] |= bit;
      return;
    }
    default:
      for (let i = 0; i < n; i++) if (violetWithCard(score, handCards[i]) > bound) leads[i] |= bit;
  }
}

/**
 * Counts every distinct complete turn of `seat` that leaves it leading, and keeps what `pickTurn`
 * needs to find one by its index without listing them all.
 */
function countTurns(players: number, seat: number, rule: number): number {
  let n = 0;
  for (let r = 0; r < 7; r++) ruleCount[r] = 0;
  // The rules the turn can end under: the current one, or the rule of a discarded hand card.
  let rules = 1 << rule;
  for (let m = handLo[seat]; m !== 0; m &= m - 1) {
    const c = 31 - Math.clz32(m & -m);
    handCards[n++] = c;
    ruleCount[RANK_RULE[c]]++;
    rules |= 1 << RANK_RULE[c];
  }
  for (let m = handHi[seat]; m !== 0; m &= m - 1) {
    const c = 59 - Math.clz32(m & -m);
    handCards[n++] = c;
    ruleCount[RANK_RULE[c]]++;
    rules |= 1 << RANK_RULE[c];
  }
  discards = 0;
  if (n === 0) return 0;
  // The best opponent's standing under each rule: read from the incremental standings.
  for (let r = 0; r < 7; r++) oppBest[r] = 0;
  for (let q = 0; q < players; q++) {
    if (q === seat || out[q]) continue;
    const base = q * 7;
    for (let r = 0; r < 7; r++) if (scores[base + r] > oppBest[r]) oppBest[r] = scores[base + r];
  }
  const own = seat * 7;
  for (let j = 0; j < n; j++) {
    const d = handCards[j];
    const r = RANK_RULE[d];
    if (scores[own + r] > oppBest[r]) discardOnly[discards++] = d;
  }
  for (let i = 0; i < n; i++) leads[i] = 0;
  for (let m = rules; m !== 0; m &= m - 1) {
    const r = 31 - Math.clz32(m & -m);
    markLeads(r, n, palLo[seat], palHi[seat], scores[own + r], oppBest[r]);
  }
  let count = discards;
  for (let i = 0; i < n; i++) {
    const ruled = leads[i];
    // Play alone (leading under the current rule), or then discard any other card whose rule it leads.
    let turns = ((ruled >> rule) & 1) - ((ruled >> RANK_RULE[handCards[i]]) & 1);
    for (let m = ruled; m !== 0; m &= m - 1) turns += ruleCount[31 - Math.clz32(m & -m)];
    playCount[i] = turns;
    count += turns;
  }
  return count;
}

/**
 * The turn of index k (0 ≤ k < countTurns) as (played rank + 1) * 64 + (discarded rank + 1), 0 in a
 * half meaning "none". Order: discards alone, then per played card (hand order) alone, then with each
 * discard in hand order.
 */
function pickTurn(k: number, rule: number): number {
  if (k < discards) return discardOnly[k] + 1;
  k -= discards;
  let i = 0;
  while (k >= playCount[i]) k -= playCount[i++];
  const played = (handCards[i] + 1) * 64;
  const ruled = leads[i];
  if ((ruled >> rule) & 1) {
    if (k === 0) return played;
    k--;
  }
  for (let j = 0; ; j++) {
    if (j !== i && (ruled >> RANK_RULE[handCards[j]]) & 1) {
      if (k === 0) return played + handCards[j] + 1;
      k--;
    }
  }
}

/** How many distinct complete turns that leave the player leading the fast playout chooses among now. */
export function leadingTurnCount(state: GameState): number {
  load(state);
  return countTurns(state.options.players, state.current!, RULE_INDEX[ruleOf(state)]);
}

/**
 * The distinct complete turns the fast playout chooses among now, in its index order, as the card
 * played and the card discarded (null: none). For tests: the bit-set enumeration read back in cards.
 */
export function listLeadingTurns(state: GameState): { played: CardId | null; discarded: CardId | null }[] {
  const rule = RULE_INDEX[ruleOf(state)];
  const count = leadingTurnCount(state);
  return Array.from({ length: count }, (_, k) => {
    const pick = pickTurn(k, rule);
    const card = (rank: number) => (rank < 0 ? null : cardFromRank(rank));
    return { played: card((pick >> 6) - 1), discarded: card((pick & 63) - 1) };
  });
}

/** Plays the round in `state` (at the start of a turn) to its end; returns the winning seat. */
export function playout(state: GameState, seed: number): number {
  const players = state.options.players;
  const advanced = state.options.mode === 'advanced';
  let alive = load(state);
  // The deck is only read (from the top), one card a draw.
  const deck = state.deck;
  let deckSize = deck.length;
  let rule = RULE_INDEX[ruleOf(state)];
  let seat = state.current!;
  rng = (seed ^ 0x5bd1e995) | 0 || 1;

  while (alive > 1) {
    if (observer !== null) observer({ players, palLo, palHi, scores, out });
    const count = countTurns(players, seat, rule);
    if (count === 0) {
      out[seat] = 1;
      alive--;
    } else {
      const pick = pickTurn(random(count), rule);
      const played = (pick >> 6) - 1;
      const discarded = (pick & 63) - 1;
      if (played >= 0) {
        const lo = palLo[seat];
        const hi = palHi[seat];
        addToStandings(seat * 7, lo, hi, played);
        handLo[seat] &= ~RANK_LO[played];
        handHi[seat] &= ~RANK_HI[played];
        palLo[seat] = lo | RANK_LO[played];
        palHi[seat] = hi | RANK_HI[played];
        palSize[seat]++;
      }
      if (discarded >= 0) {
        handLo[seat] &= ~RANK_LO[discarded];
        handHi[seat] &= ~RANK_HI[discarded];
        rule = RANK_RULE[discarded];
        if (advanced && deckSize > 0 && RANK_VALUE[discarded] > palSize[seat]) {
          const drawn = cardRank(deck[--deckSize]);
          handLo[seat] |= RANK_LO[drawn];
          handHi[seat] |= RANK_HI[drawn];
        }
      }
    }
    if (alive === 1) break;
    do seat = (seat + 1) % players;
    while (out[seat]);
  }
  for (let p = 0; p < players; p++) if (!out[p]) return p;
  return -1;
}
