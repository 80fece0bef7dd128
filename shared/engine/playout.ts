import { cardFromRank, cardRank } from './cards';
import { applyMove, legalMoves, ruleOf } from './game';
import { turnEnded } from './turn';
import { liftingCards, lifted } from './lift';
import {
  COLOUR_HI,
  COLOUR_LO,
  RULE_INDEX,
  RUN_LEN,
  RUN_TOP,
  greenWithCard,
  maskHi,
  maskLo,
  popcount,
  popcount2,
  redWithCard,
  violetWithCard,
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
 * p plays a card (`addToPalette`), so a turn reads opponents' standings instead of scoring palettes.
 */
/*
 * The tables a playout changes live in one buffer, so that a state played out again (a bot's many
 * rollouts from one position) is restored by one copy of what `load` made of it, not read again.
 */
const table = new ArrayBuffer(1024);
let tableEnd = 0;
function int32s(length: number): Int32Array {
  const view = new Int32Array(table, tableEnd, length);
  tableEnd += length * 4;
  return view;
}
function int8s(length: number): Int8Array {
  const view = new Int8Array(table, tableEnd, length);
  tableEnd += length;
  return view;
}
const handLo = int32s(4);
const handHi = int32s(4);
const palLo = int32s(4);
const palHi = int32s(4);
const palSize = int32s(4);
/** Row 4 stays all zero: the row of a rival seat that is not there (fewer than 3 rivals still in). */
const scores = int32s(5 * 7);
const NO_RIVAL = 4 * 7;
/** Per seat: the rules its hand's cards set when discarded, as bits. */
const handRules = int32s(4);
/** Per seat (`seat * 3 + i`): the `scores` rows of its (at most 3) rivals still in, NO_RIVAL for none. */
const rivals = int32s(4 * 3);
/**
 * Per seat and value / colour (`seat * 7 + i`): the standing of that group of its palette (Orange counts
 * the best value group, Yellow the best colour group), so that a card joining it grows only its own.
 */
const valueGroup = int32s(4 * 7);
const colourGroup = int32s(4 * 7);
const out = new Uint8Array(table, tableEnd, 4);
tableEnd += 4;
/** Per seat and rule (`seat * 7 + rule`): how many of the seat's hand cards set it when discarded. */
const ruleCount = int8s(4 * 7);
/** Per seat (from `seat * 20`): its palette's group sets, as liftingCards reads them (`fillGroupSets`). */
const groups = int8s(4 * 20);
/** The deck's cards as ranks, bottom first (only read: a draw takes the top one). */
const deckRank = int8s(49);
/** The state `load` read last, and a copy of the tables it made of it (and the players still in). */
let loaded: GameState | null = null;
const tableBytes = new Uint8Array(table, 0, tableEnd);
const loadedTable = new Uint8Array(tableEnd);
let loadedAlive = 0;
/** Per rule: the hand's cards whose play leaves the player leading under it (`lo`, `hi` masks). */
const leadLo = new Int32Array(7);
const leadHi = new Int32Array(7);
/** Where the counted seat's `ruleCount` row starts. */
let countBase = 0;
/** The rules under which some hand card leads once played, as bits, and the union of those cards. */
let leadRules = 0;
let leadAnyLo = 0;
let leadAnyHi = 0;
/** The rules under which the player already leads (a discard alone then keeps them in), as bits. */
let leadsNow = 0;
let discards = 0;
let rng = 1;

/** Per rank: its bit in the `lo` and `hi` masks, the rule (0 Red … 6 Violet) it sets, its value (1–7). */
const RANK_LO = Int32Array.from({ length: 49 }, (_, rank) => maskLo(rank));
const RANK_HI = Int32Array.from({ length: 49 }, (_, rank) => maskHi(rank));
const RANK_RULE = Int8Array.from({ length: 49 }, (_, rank) => 6 - (rank % 7));
/** Per set of rules (as bits): the cards that set one of them when discarded, `lo` and `hi`. */
const SETTING_LO = Int32Array.from({ length: 128 }, (_, rules) => cardsSetting(rules, RANK_LO));
const SETTING_HI = Int32Array.from({ length: 128 }, (_, rules) => cardsSetting(rules, RANK_HI));
const RANK_VALUE = Int8Array.from({ length: 49 }, (_, rank) => Math.floor(rank / 7) + 1);
const RANK_COLOUR = Int8Array.from({ length: 49 }, (_, rank) => rank % 7);

function cardsSetting(rules: number, bits: Int32Array): number {
  let mask = 0;
  for (let rank = 0; rank < 49; rank++) if ((rules >> RANK_RULE[rank]) & 1) mask |= bits[rank];
  return mask;
}

function random(bound: number): number {
  // xorshift32: plenty for rollouts, and inlined by the JIT.
  rng ^= rng << 13;
  rng ^= rng >>> 17;
  rng ^= rng << 5;
  // Both sides unsigned: V8 then divides as integers, not in floating point.
  return ((rng >>> 0) % (bound >>> 0)) | 0;
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

/**
 * Loads a state (at the start of a turn) into the bit-set arrays; returns the number of players still in.
 * The state last loaded is restored from its copy: states are never changed in place (the engine's
 * functions are pure and return new ones), so the same object holds the same cards.
 */
function load(state: GameState): number {
  if (state === loaded) {
    tableBytes.set(loadedTable);
    return loadedAlive;
  }
  if (state.phase !== 'turn' || state.current === null)
    throw new RangeError('playout needs a round in play.');
  if (state.turn && (state.turn.played > 0 || state.turn.discarded || state.turn.pending))
    throw new RangeError('playout starts at the beginning of a turn.');
  let alive = 0;
  for (let p = 0; p < state.options.players; p++) {
    let hLo = 0;
    let hHi = 0;
    for (let r = 0; r < 7; r++) ruleCount[p * 7 + r] = 0;
    handRules[p] = 0;
    for (const card of state.hands[p]) {
      const r = cardRank(card);
      hLo |= RANK_LO[r];
      hHi |= RANK_HI[r];
      ruleCount[p * 7 + RANK_RULE[r]]++;
      handRules[p] |= 1 << RANK_RULE[r];
    }
    handLo[p] = hLo;
    handHi[p] = hHi;
    // Standings grow card by card (cheaper than scoring the palette under every rule).
    for (let r = 0; r < 7; r++) scores[p * 7 + r] = valueGroup[p * 7 + r] = colourGroup[p * 7 + r] = 0;
    groups.fill(0, p * 20, p * 20 + 20);
    groups[p * 20] = groups[p * 20 + 1] = groups[p * 20 + 10] = groups[p * 20 + 11] = 127;
    palLo[p] = palHi[p] = palSize[p] = 0;
    for (const card of state.palettes[p]) addToPalette(p, cardRank(card));
    out[p] = state.out[p] ? 1 : 0;
    if (!out[p]) alive++;
  }
  for (let i = 0; i < state.deck.length; i++) deckRank[i] = cardRank(state.deck[i]);
  findRivals(state.options.players);
  loaded = state;
  loadedTable.set(tableBytes);
  loadedAlive = alive;
  return alive;
}

/** Each seat's rivals still in (`rivals`), after a seat went out. */
function findRivals(players: number): void {
  for (let seat = 0; seat < players; seat++) {
    let i = seat * 3;
    rivals[i] = rivals[i + 1] = rivals[i + 2] = NO_RIVAL;
    for (let q = 0; q < players; q++) if (q !== seat && !out[q]) rivals[i++] = q * 7;
  }
}

/** Card `rank` leaves `seat`'s hand. */
function takeFromHand(seat: number, rank: number): void {
  handLo[seat] &= ~RANK_LO[rank];
  handHi[seat] &= ~RANK_HI[rank];
  const r = RANK_RULE[rank];
  if (--ruleCount[seat * 7 + r] === 0) handRules[seat] &= ~(1 << r);
}

/** Card `rank` joins `seat`'s hand. */
function giveToHand(seat: number, rank: number): void {
  handLo[seat] |= RANK_LO[rank];
  handHi[seat] |= RANK_HI[rank];
  const r = RANK_RULE[rank];
  ruleCount[seat * 7 + r]++;
  handRules[seat] |= 1 << r;
}

/**
 * Card `rank` joins `seat`'s palette: its group standings and sets grow, and its standing under each rule
 * follows from them (a rule's counting set only grows by the card's own group).
 */
function addToPalette(seat: number, rank: number): void {
  const base = seat * 7;
  const at = seat * 20;
  palLo[seat] |= RANK_LO[rank];
  palHi[seat] |= RANK_HI[rank];
  palSize[seat]++;
  // The card's value and colour groups grow by one card, their best the larger of theirs and it.
  const value = RANK_VALUE[rank] - 1;
  const colour = RANK_COLOUR[rank];
  const newColour = colourGroup[base + colour] === 0 ? 64 : 0;
  const byValue = grownGroup(valueGroup[base + value], rank);
  const byColour = grownGroup(colourGroup[base + colour], rank);
  valueGroup[base + value] = byValue;
  colourGroup[base + colour] = byColour;
  groups[at + 1 + (byValue >> 6)] |= 1 << value;
  groups[at + 11 + (byColour >> 6)] |= 1 << colour;
  const red = redWithCard(scores[base], rank);
  scores[base] = red;
  if (byValue > scores[base + 1]) scores[base + 1] = byValue;
  if (byColour > scores[base + 2]) scores[base + 2] = byColour;
  scores[base + 3] = greenWithCard(scores[base + 3], rank);
  // Blue: one card per colour present, the palette's best (Red's) among them.
  scores[base + 4] = (scores[base + 4] & ~63) + newColour + (red & 63);
  // Indigo: the best run of the values present, counted to the best card of its top value.
  const values = groups[at + 2];
  scores[base + 5] = RUN_LEN[values] * 64 + (valueGroup[base + RUN_TOP[values] - 1] & 63);
  scores[base + 6] = violetWithCard(scores[base + 6], rank);
}

/** A group's standing (0: empty) once card `rank` joins it. */
const grownGroup = (group: number, rank: number): number =>
  (group & ~63) + 64 + (rank > (group & 63) ? rank : group & 63);

/**
 * Counts every distinct complete turn of `seat` that leaves it leading, and keeps what `pickTurn`
 * needs to find one by its index without listing them all: per rule, the set of hand cards whose play
 * leads under it (`liftingCards`). The turns are then counted from set sizes: a card played alone
 * (leading under the current rule), or then any other hand card discarded whose rule it leads under.
 */
function countTurns(seat: number, rule: number): number {
  const hLo = handLo[seat];
  const hHi = handHi[seat];
  if ((hLo | hHi) === 0) {
    leadsNow = leadRules = leadAnyLo = leadAnyHi = 0;
    return 0;
  }
  const rival1 = rivals[seat * 3];
  const rival2 = rivals[seat * 3 + 1];
  const rival3 = rivals[seat * 3 + 2];
  const base = seat * 7;
  const lo = palLo[seat];
  const hi = palHi[seat];
  const rules = (1 << rule) | handRules[seat];
  countBase = base;
  // Kept in locals while counting (the module's variables are memory, these may be registers).
  let now = 0;
  let ruled = 0;
  let anyLo = 0;
  let anyHi = 0;
  // The cards leading under the rule they set themselves: each such card cannot follow itself.
  let selfLo = 0;
  let selfHi = 0;
  let discardOnly = 0;
  let playAlone = 0;
  let playThenDiscard = 0;
  for (let m = rules; m !== 0; m &= m - 1) {
    const r = 31 - Math.clz32(m & -m);
    const score = scores[base + r];
    // The best rival standing under r, read from the incremental standings.
    const bound = Math.max(scores[rival1 + r], scores[rival2 + r], scores[rival3 + r]);
    let lLo = hLo;
    let lHi = hHi;
    if (score > bound) {
      // Leading already: a discard alone keeps the player in, and every card played keeps the lead.
      now |= 1 << r;
      discardOnly += ruleCount[base + r];
    } else {
      liftingCards(r, lo, hi, score, bound, hLo, hHi, groups, seat * 20);
      lLo = lifted[0];
      lHi = lifted[1];
      if ((lLo | lHi) === 0) continue;
    }
    leadLo[r] = lLo;
    leadHi[r] = lHi;
    ruled |= 1 << r;
    anyLo |= lLo;
    anyHi |= lHi;
    const leading = popcount2(lLo, lHi);
    if (r === rule) playAlone = leading;
    // Each card leading under r may be followed by any other discard that sets r (of colour 6 - r).
    playThenDiscard += leading * ruleCount[base + r];
    selfLo |= lLo & COLOUR_LO[6 - r];
    selfHi |= lHi & COLOUR_HI[6 - r];
  }

  // A card sets one rule only, so one count of them all is the sum of their counts per rule.
  playThenDiscard -= popcount2(selfLo, selfHi);
  leadsNow = now;
  leadRules = ruled;
  leadAnyLo = anyLo;
  leadAnyHi = anyHi;
  discards = discardOnly;
  return discardOnly + playAlone + playThenDiscard;
}

/**
 * The turn of index k (0 ≤ k < countTurns) of `seat` as (played rank + 1) * 64 + (discarded rank + 1),
 * 0 in a half meaning "none". Order: discards alone, then per played card (rank order) alone, then with
 * each discard in rank order.
 */
function pickTurn(k: number, seat: number, rule: number): number {
  const hLo = handLo[seat];
  const hHi = handHi[seat];
  if (k < discards) return nthRank(hLo & SETTING_LO[leadsNow], hHi & SETTING_HI[leadsNow], k) + 1;
  k -= discards;
  // Only cards that lead under some rule start a leading turn; they are walked in rank order, each
  // counting its turns (alone under the current rule, then each discard of a rule it leads under).
  let restLo = leadAnyLo;
  let restHi = leadAnyHi;
  let played: number;
  let ruled: number;
  for (;;) {
    const bitLo = restLo & -restLo;
    let bitHi = 0;
    if (bitLo !== 0) {
      restLo ^= bitLo;
      played = 31 - Math.clz32(bitLo);
    } else {
      bitHi = restHi & -restHi;
      restHi ^= bitHi;
      played = 59 - Math.clz32(bitHi);
    }
    ruled = 0;
    let turns = 0;
    for (let m = leadRules; m !== 0; m &= m - 1) {
      const r = 31 - Math.clz32(m & -m);
      // 1 when the card leads under r, without a branch: x | -x has its sign bit set for x ≠ 0.
      const hit = (leadLo[r] & bitLo) | (leadHi[r] & bitHi);
      const leads = (hit | -hit) >>> 31;
      ruled |= leads << r;
      turns += ruleCount[countBase + r] & -leads;
    }
    turns += ((ruled >> rule) & 1) - ((ruled >> RANK_RULE[played]) & 1);
    if (k < turns) break;
    k -= turns;
  }
  if ((ruled >> rule) & 1) {
    if (k === 0) return (played + 1) * 64;
    k--;
  }
  const dLo = hLo & SETTING_LO[ruled] & ~RANK_LO[played];
  const dHi = hHi & SETTING_HI[ruled] & ~RANK_HI[played];
  return (played + 1) * 64 + nthRank(dLo, dHi, k) + 1;
}

/** The rank of the k-th (from 0, lowest first) card in the card set (lo, hi); the set must hold it. */
function nthRank(lo: number, hi: number, k: number): number {
  const inLo = popcount(lo);
  if (k >= inLo) return 28 + nthBit(hi, k - inLo);
  return nthBit(lo, k);
}

/** The position of the k-th (from 0, lowest first) set bit of `bits`. */
function nthBit(bits: number, k: number): number {
  for (; k > 0; k--) bits &= bits - 1;
  return 31 - Math.clz32(bits & -bits);
}

/** How many distinct complete turns that leave the player leading the fast playout chooses among now. */
export function leadingTurnCount(state: GameState): number {
  load(state);
  return countTurns(state.current!, RULE_INDEX[ruleOf(state)]);
}

/**
 * The distinct complete turns the fast playout chooses among now, in its index order, as the card
 * played and the card discarded (null: none). For tests: the bit-set enumeration read back in cards.
 */
export function listLeadingTurns(state: GameState): { played: CardId | null; discarded: CardId | null }[] {
  const rule = RULE_INDEX[ruleOf(state)];
  const count = leadingTurnCount(state);
  return Array.from({ length: count }, (_, k) => {
    const pick = pickTurn(k, state.current!, rule);
    const card = (rank: number) => (rank < 0 ? null : cardFromRank(rank));
    return { played: card((pick >> 6) - 1), discarded: card((pick & 63) - 1) };
  });
}

/**
 * Plays the round in `state` (at the start of a turn) to its end; returns the winning seat. The state is
 * only read. Played out again as the same object, it is not read again (see `load`): a state changed in
 * place in between would be played out as it was.
 */
export function playout(state: GameState, seed: number): number {
  const players = state.options.players;
  const advanced = state.options.mode === 'advanced';
  let alive = load(state);
  // The deck is only read (from the top), one card a draw.
  let deckSize = state.deck.length;
  let rule = RULE_INDEX[ruleOf(state)];
  let seat = state.current!;
  rng = (seed ^ 0x5bd1e995) | 0 || 1;

  while (alive > 1) {
    if (observer !== null) observer({ players, palLo, palHi, scores, out });
    const count = countTurns(seat, rule);
    if (count === 0) {
      out[seat] = 1;
      alive--;
      findRivals(players);
    } else {
      const pick = pickTurn(random(count), seat, rule);
      const played = (pick >> 6) - 1;
      const discarded = (pick & 63) - 1;
      if (played >= 0) {
        addToPalette(seat, played);
        takeFromHand(seat, played);
      }
      if (discarded >= 0) {
        takeFromHand(seat, discarded);
        rule = RANK_RULE[discarded];
        if (advanced && deckSize > 0 && RANK_VALUE[discarded] > palSize[seat]) {
          giveToHand(seat, deckRank[--deckSize]);
        }
      }
    }
    if (alive === 1) break;
    do seat = seat + 1 === players ? 0 : seat + 1;
    while (out[seat]);
  }
  for (let p = 0; p < players; p++) if (!out[p]) return p;
  return -1;
}
