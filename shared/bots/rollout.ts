import { cardFromRank, cardRank, cardValue } from '../engine/cards';
import { ruleOf } from '../engine/game';
import { countingSet } from '../engine/rules';
import { RULE_INDEX, maskHi, maskLo, scoreMasks } from '../engine/score';
import type { CardId, GameState, Rule } from '../engine';

/*
 * The hard bot's rollout: the round played to its end on bit sets, like the engine's playout, but with an
 * informed policy instead of a uniform one. A player who can stay in with one card mostly does (spending
 * two cards when one suffices throws away a later turn), and among one-card turns prefers to keep its
 * higher cards. Card actions are not simulated, and the Advanced draw is always taken.
 */
const handLo = new Int32Array(4);
const handHi = new Int32Array(4);
const palLo = new Int32Array(4);
const palHi = new Int32Array(4);
const palSize = new Int32Array(4);
const out = new Uint8Array(4);
const deck = new Int8Array(49);
const cards = new Int8Array(49);
/** Candidate turns: (played rank + 1) * 64 + (discarded rank + 1). Single-card turns first. */
const single = new Int32Array(64);
const double = new Int32Array(64 * 64);
let rng = 1;

function random(bound: number): number {
  rng ^= rng << 13;
  rng ^= rng >>> 17;
  rng ^= rng << 5;
  return ((rng >>> 0) % bound) | 0;
}

const ruleOfRank = (rank: number): number => 6 - (rank % 7);

/** A card leaves the hand, or comes into it (a card is never in a hand twice). */
function toggleHand(seat: number, rank: number): void {
  handLo[seat] ^= maskLo(rank);
  handHi[seat] ^= maskHi(rank);
}

function bestOther(players: number, seat: number, rule: number): number {
  let best = 0;
  for (let q = 0; q < players; q++) {
    if (q !== seat && !out[q]) best = Math.max(best, scoreMasks(palLo[q], palHi[q], rule));
  }
  return best;
}

/** The best standing among the other seats still in, under each rule (filled once per turn choice). */
const othersBest = new Int32Array(7);

/** Chooses a turn for `seat` (0 when none keeps it leading). */
function chooseTurn(players: number, seat: number, rule: number): number {
  let n = 0;
  for (let m = handLo[seat]; m !== 0; m &= m - 1) cards[n++] = 31 - Math.clz32(m & -m);
  for (let m = handHi[seat]; m !== 0; m &= m - 1) cards[n++] = 28 + 31 - Math.clz32(m & -m);
  if (n === 0) return 0;
  const lo = palLo[seat];
  const hi = palHi[seat];
  for (let r = 0; r < 7; r++) othersBest[r] = bestOther(players, seat, r);
  const other = othersBest[rule];
  let singles = 0;
  let doubles = 0;
  // Ranks grow with value, so the lowest cards are found first.
  for (let j = 0; j < n; j++) {
    const c = cards[j];
    if (scoreMasks(lo | maskLo(c), hi | maskHi(c), rule) > other) single[singles++] = (c + 1) * 64;
    const r = ruleOfRank(c);
    if (scoreMasks(lo, hi, r) > othersBest[r]) single[singles++] = c + 1;
  }
  if (singles > 0 && random(8) !== 0) return single[random(Math.min(singles, 3))];
  for (let i = 0; i < n; i++) {
    const c = cards[i];
    const plo = lo | maskLo(c);
    const phi = hi | maskHi(c);
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const r = ruleOfRank(cards[j]);
      if (scoreMasks(plo, phi, r) > othersBest[r]) double[doubles++] = (c + 1) * 64 + cards[j] + 1;
    }
  }
  const total = singles + doubles;
  if (total === 0) return 0;
  const pick = random(total);
  return pick < singles ? single[pick] : double[pick - singles];
}

/**
 * How a rollout's round ended: its winner, the final rule (0–6), the winner's palette as rank masks, and the
 * turns it took (what the rollout cost).
 */
export interface RoundEnd {
  winner: number;
  rule: number;
  lo: number;
  hi: number;
  turns: number;
}

/**
 * Plays the round in `state` (at the start of a turn) to its end with the informed policy; returns the winner
 * and, when `end` is given, fills it in.
 */
export function informedPlayout(state: GameState, seed: number, end?: RoundEnd): number {
  const players = state.options.players;
  const advanced = state.options.mode === 'advanced';
  let alive = 0;
  for (let p = 0; p < players; p++) {
    handLo[p] = handHi[p] = palLo[p] = palHi[p] = 0;
    for (const card of state.hands[p]) {
      handLo[p] |= maskLo(cardRank(card));
      handHi[p] |= maskHi(cardRank(card));
    }
    for (const card of state.palettes[p]) {
      palLo[p] |= maskLo(cardRank(card));
      palHi[p] |= maskHi(cardRank(card));
    }
    palSize[p] = state.palettes[p].length;
    out[p] = state.out[p] ? 1 : 0;
    if (!out[p]) alive++;
  }
  for (let i = 0; i < state.deck.length; i++) deck[i] = cardRank(state.deck[i]);
  let deckSize = state.deck.length;
  let rule = RULE_INDEX[ruleOf(state)];
  let seat = state.current!;
  rng = (seed ^ 0x2545f491) | 0 || 1;
  let turns = 0;
  while (alive > 1) {
    turns++;
    const pick = chooseTurn(players, seat, rule);
    if (pick === 0) {
      out[seat] = 1;
      alive--;
      if (alive === 1) break;
    } else {
      const played = (pick >> 6) - 1;
      const discarded = (pick & 63) - 1;
      if (played >= 0) {
        toggleHand(seat, played);
        palLo[seat] |= maskLo(played);
        palHi[seat] |= maskHi(played);
        palSize[seat]++;
      }
      if (discarded >= 0) {
        toggleHand(seat, discarded);
        rule = ruleOfRank(discarded);
        // The Advanced draw, always taken: the discard's value above the palette's size.
        if (advanced && deckSize > 0 && Math.floor(discarded / 7) + 1 > palSize[seat])
          toggleHand(seat, deck[--deckSize]);
      }
    }
    do seat = (seat + 1) % players;
    while (out[seat]);
  }
  let winner = -1;
  for (let p = 0; p < players && winner < 0; p++) if (!out[p]) winner = p;
  if (end && winner >= 0) {
    end.winner = winner;
    end.rule = rule;
    end.lo = palLo[winner];
    end.hi = palHi[winner];
    end.turns = turns;
  }
  return winner;
}

const RULES: readonly Rule[] = ['R', 'O', 'Y', 'G', 'B', 'I', 'V'];

/** What the winner of a rollout's round scores in Advanced: its points and how many cards leave the game. */
export function roundScore(end: RoundEnd): { points: number; cards: number } {
  const palette: CardId[] = [];
  for (let m = end.lo; m !== 0; m &= m - 1) palette.push(cardFromRank(31 - Math.clz32(m & -m)));
  for (let m = end.hi; m !== 0; m &= m - 1) palette.push(cardFromRank(28 + 31 - Math.clz32(m & -m)));
  const scored = countingSet(palette, RULES[end.rule]);
  let points = 0;
  for (const card of scored) points += cardValue(card);
  return { points, cards: scored.length };
}
