import { cardRank } from './cards';
import { applyMove, legalMoves, ruleOf } from './game';
import { RULE_INDEX, maskHi, maskLo, scoreMasks } from './score';
import type { GameState, Move } from './types';

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
      const over = next.phase !== 'turn' || next.current !== seat || next.out[seat];
      if (!over) explore(next, turn);
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
 */
const handLo = new Int32Array(4);
const handHi = new Int32Array(4);
const palLo = new Int32Array(4);
const palHi = new Int32Array(4);
const palSize = new Int32Array(4);
const out = new Uint8Array(4);
const deck = new Int8Array(49);
const oppBest = new Int32Array(7);
const ownAfterPlay = new Int32Array(7);
const handCards = new Int8Array(49);
/** Candidate turns: (played rank + 1) * 64 + (discarded rank + 1); 0 in a slot means "none". */
const candidates = new Int32Array(64 * 64);
let rng = 1;

function random(bound: number): number {
  // xorshift32: plenty for rollouts, and inlined by the JIT.
  rng ^= rng << 13;
  rng ^= rng >>> 17;
  rng ^= rng << 5;
  return ((rng >>> 0) % bound) | 0;
}

/** Rule (0 Red … 6 Violet) a card of this rank sets: rank % 7 is colour strength, 6 = Red. */
const ruleOfRank = (rank: number): number => 6 - (rank % 7);

function bestOpponent(players: number, seat: number, rule: number): number {
  let best = 0;
  for (let q = 0; q < players; q++) {
    if (q === seat || out[q]) continue;
    const score = scoreMasks(palLo[q], palHi[q], rule);
    if (score > best) best = score;
  }
  return best;
}

/** Loads a state (at the start of a turn) into the bit-set arrays; returns the number of players still in. */
function load(state: GameState): number {
  if (state.phase !== 'turn' || state.current === null)
    throw new RangeError('playout needs a round in play.');
  if (state.turn && (state.turn.played > 0 || state.turn.discarded || state.turn.pending))
    throw new RangeError('playout starts at the beginning of a turn.');
  let alive = 0;
  for (let p = 0; p < state.options.players; p++) {
    handLo[p] = handHi[p] = palLo[p] = palHi[p] = 0;
    for (const card of state.hands[p]) {
      const r = cardRank(card);
      handLo[p] |= maskLo(r);
      handHi[p] |= maskHi(r);
    }
    for (const card of state.palettes[p]) {
      const r = cardRank(card);
      palLo[p] |= maskLo(r);
      palHi[p] |= maskHi(r);
    }
    palSize[p] = state.palettes[p].length;
    out[p] = state.out[p] ? 1 : 0;
    if (!out[p]) alive++;
  }
  for (let i = 0; i < state.deck.length; i++) deck[i] = cardRank(state.deck[i]);
  return alive;
}

/** Fills `candidates` with every distinct complete turn of `seat` that leaves it leading; returns how many. */
function gatherTurns(players: number, seat: number, rule: number): number {
  let n = 0;
  for (let m = handLo[seat]; m !== 0; m &= m - 1) handCards[n++] = 31 - Math.clz32(m & -m);
  for (let m = handHi[seat]; m !== 0; m &= m - 1) handCards[n++] = 28 + 31 - Math.clz32(m & -m);
  if (n === 0) return 0;
  // The best opponent's score under each rule a discard could set, and under the current rule.
  for (let r = 0; r < 7; r++) oppBest[r] = -1;
  oppBest[rule] = bestOpponent(players, seat, rule);
  for (let j = 0; j < n; j++) {
    const r = ruleOfRank(handCards[j]);
    if (oppBest[r] < 0) oppBest[r] = bestOpponent(players, seat, r);
  }
  const lo = palLo[seat];
  const hi = palHi[seat];
  let count = 0;
  // Discard only.
  for (let j = 0; j < n; j++) {
    const d = handCards[j];
    const r = ruleOfRank(d);
    if (scoreMasks(lo, hi, r) > oppBest[r]) candidates[count++] = d + 1;
  }
  for (let i = 0; i < n; i++) {
    const c = handCards[i];
    const plo = lo | maskLo(c);
    const phi = hi | maskHi(c);
    for (let r = 0; r < 7; r++) ownAfterPlay[r] = -1;
    // Play only: the player must lead under the current rule.
    if (scoreMasks(plo, phi, rule) > oppBest[rule]) candidates[count++] = (c + 1) * 64;
    // Play, then discard another card.
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const d = handCards[j];
      const r = ruleOfRank(d);
      const own = ownAfterPlay[r] >= 0 ? ownAfterPlay[r] : (ownAfterPlay[r] = scoreMasks(plo, phi, r));
      if (own > oppBest[r]) candidates[count++] = (c + 1) * 64 + d + 1;
    }
  }
  return count;
}

/** How many distinct complete turns that leave the player leading the fast playout chooses among now. */
export function leadingTurnCount(state: GameState): number {
  load(state);
  return gatherTurns(state.options.players, state.current!, RULE_INDEX[ruleOf(state)]);
}

/** Plays the round in `state` (at the start of a turn) to its end; returns the winning seat. */
export function playout(state: GameState, seed: number): number {
  const players = state.options.players;
  const advanced = state.options.mode === 'advanced';
  let alive = load(state);
  let deckSize = state.deck.length;
  let rule = RULE_INDEX[ruleOf(state)];
  let seat = state.current!;
  rng = (seed ^ 0x5bd1e995) | 0 || 1;

  while (alive > 1) {
    const count = gatherTurns(players, seat, rule);
    if (count === 0) {
      out[seat] = 1;
      alive--;
    } else {
      const pick = candidates[random(count)];
      const played = (pick >> 6) - 1;
      const discarded = (pick & 63) - 1;
      if (played >= 0) {
        handLo[seat] &= ~maskLo(played);
        handHi[seat] &= ~maskHi(played);
        palLo[seat] |= maskLo(played);
        palHi[seat] |= maskHi(played);
        palSize[seat]++;
      }
      if (discarded >= 0) {
        handLo[seat] &= ~maskLo(discarded);
        handHi[seat] &= ~maskHi(discarded);
        rule = ruleOfRank(discarded);
        if (advanced && deckSize > 0 && Math.floor(discarded / 7) + 1 > palSize[seat]) {
          const drawn = deck[--deckSize];
          handLo[seat] |= maskLo(drawn);
          handHi[seat] |= maskHi(drawn);
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
