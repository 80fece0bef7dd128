import { cardRank, nextRandom, ruleOf, shuffle, turnsInRound } from '../engine';
import { replayLog } from '../engine/explain/replay';
import { RULE_INDEX, maskHi, maskLo, scoreMasks } from '../engine/score';
import type { GameState, SeatView } from '../engine';
import { determinizer } from './determinize';

/*
 * Reading the opponents: what a seat did this round says something about what it held. A player who could
 * stay in with one card mostly does, so one who changed the rule instead of playing, spent two cards, or
 * went out probably had no cheaper turn. Each guess of the hidden cards is weighed by how likely it makes
 * the turns seen (a small model of a player's choice, below), and the search draws its guesses from a
 * fixed pool in proportion to those weights: the cost is bounded (POOL guesses weighed once per decision).
 */

/**
 * How likely a turn is when the hand held a cheaper one that kept the seat in (1 when it did not). Measured
 * on normal bots' turns (2 and 3 players, Advanced): with a card that kept them in by being played, they
 * changed the rule without playing in 8–13 % of turns, without one in 40–43 %; they spent two cards about as
 * often (46–58 %) whether or not one card sufficed, so that says nothing; they went out with a turn left
 * that kept them in 3 times in about 500 turns (going out on purpose is a real choice in Advanced, for
 * hard and for people, hence not lower).
 */
export const LIKELIHOOD = {
  /** Changed the rule without playing, though a card played alone kept it in. */
  discardOnly: 0.25,
  /** Spent two or more cards, though one card (a play or a discard) kept it in. */
  twoCards: 1,
  /** Went out, though a turn kept it in. */
  outAdvanced: 0.1,
  outBasic: 0.05,
};
/** Guesses weighed per decision; the search then draws from them. */
export const POOL = 384;

type Kind = 'discardOnly' | 'twoCards' | 'out';

/** One opponent turn, and what its hand must have let it do for the turn to be the obvious one. */
interface Evidence {
  seat: number;
  kind: Kind;
  rule: number;
  /** For each card rank, the rules under which the seat leads with that card added to its palette (bits). */
  leadWith: Uint8Array;
  /** The rules under which the seat leads with its palette as it was (bits). */
  leadNow: number;
  /** Cards the seat took from its hand from this turn on (public), as rank masks: they were in the hand. */
  spentLo: number;
  spentHi: number;
  /** Public cards the seat drew from this turn on: they were not in the hand yet. */
  drawnLo: number;
  drawnHi: number;
  /** The seat drew hidden cards since: part of today's hand came later, so the evidence counts less. */
  soft: boolean;
  /** The likelihood when the hand held a cheaper turn. */
  unlikely: number;
}

const ranksOf = (lo: number, hi: number, into: number[]): number[] => {
  into.length = 0;
  for (let m = lo; m !== 0; m &= m - 1) into.push(31 - Math.clz32(m & -m));
  for (let m = hi; m !== 0; m &= m - 1) into.push(28 + 31 - Math.clz32(m & -m));
  return into;
};
const ruleOfRank = (rank: number): number => 6 - (rank % 7);

/** The opponents' turns of the round that say something about their hands (see Evidence). */
export function evidenceOf(view: SeatView): Evidence[] {
  const replay = replayLog(view);
  if (!replay) return [];
  const logged = turnsInRound(view.log);
  const advanced = view.options.mode === 'advanced';
  const found: Evidence[] = [];
  replay.turns.forEach((start, t) => {
    const turn = logged[t];
    if (!turn || turn.turn !== start.turn || start.seat === view.seat) return;
    const seat = start.seat;
    const mine = turn.entries.filter((e) => 'seat' in e && e.seat === seat);
    const plays = mine.filter((e) => e.kind === 'play').length;
    const discards = mine.filter((e) => e.kind === 'discard').length;
    const out = mine.find((e) => e.kind === 'out');
    let kind: Kind;
    if (out && (out.reason === 'pass' || out.reason === 'notLeading')) kind = 'out';
    else if (plays + discards >= 2) kind = 'twoCards';
    else if (discards === 1 && plays === 0) kind = 'discardOnly';
    else return;
    const { palettes, out: gone } = start.position;
    const masks = palettes.map((p) => {
      let lo = 0;
      let hi = 0;
      for (const card of p) {
        lo |= maskLo(cardRank(card));
        hi |= maskHi(cardRank(card));
      }
      return [lo, hi];
    });
    const best = new Int32Array(7);
    for (let r = 0; r < 7; r++)
      masks.forEach(([lo, hi], q) => {
        if (q !== seat && !gone[q]) best[r] = Math.max(best[r], scoreMasks(lo, hi, r));
      });
    const [lo, hi] = masks[seat];
    let leadNow = 0;
    for (let r = 0; r < 7; r++) if (scoreMasks(lo, hi, r) > best[r]) leadNow |= 1 << r;
    const leadWith = new Uint8Array(49);
    // Under the Action rule an odd card's action (a 5's forced second play, a 7's or a 1's move) changes
    // what the play leaves: only even cards and 3s (a draw never hurts) count as plays the seat had.
    for (let c = 0; c < 49; c++)
      if (!view.options.actionRule || Math.floor(c / 7) % 2 === 1 || Math.floor(c / 7) === 2)
        for (let r = 0; r < 7; r++)
          if (scoreMasks(lo | maskLo(c), hi | maskHi(c), r) > best[r]) leadWith[c] |= 1 << r;
    let spentLo = 0;
    let spentHi = 0;
    let drawnLo = 0;
    let drawnHi = 0;
    let soft = false;
    for (let i = turn.at; i < view.log.length; i++) {
      const e = view.log[i];
      if (!('seat' in e) || e.seat !== seat) continue;
      if (e.kind === 'play' || e.kind === 'discard') {
        spentLo |= maskLo(cardRank(e.card));
        spentHi |= maskHi(cardRank(e.card));
      } else if (e.kind === 'draw') {
        if (e.known && e.card !== null) {
          drawnLo |= maskLo(cardRank(e.card));
          drawnHi |= maskHi(cardRank(e.card));
        } else soft = true;
      }
    }
    const unlikely =
      kind === 'out' ? (advanced ? LIKELIHOOD.outAdvanced : LIKELIHOOD.outBasic) : LIKELIHOOD[kind];
    found.push({
      seat,
      kind,
      rule: RULE_INDEX[ruleOf(start.position)],
      leadWith,
      leadNow,
      spentLo,
      spentHi,
      drawnLo,
      drawnHi,
      soft,
      unlikely: soft ? Math.sqrt(unlikely) : unlikely,
    });
  });
  return found;
}

const scratch: number[] = [];

/** Did a hand (rank masks) hold a cheaper turn than the one seen? */
function hadCheaper(e: Evidence, lo: number, hi: number): boolean {
  const ranks = ranksOf(lo, hi, scratch);
  const bit = 1 << e.rule;
  let rulesInHand = 0;
  for (const c of ranks) rulesInHand |= 1 << ruleOfRank(c);
  const playAlone = ranks.some((c) => (e.leadWith[c] & bit) !== 0);
  if (e.kind === 'discardOnly') return playAlone;
  const discardAlone = (e.leadNow & rulesInHand) !== 0;
  if (e.kind === 'twoCards') return playAlone || discardAlone;
  if (playAlone || discardAlone) return true;
  // Going out: a play then a discard of another card would also have kept it in.
  for (const c of ranks)
    for (const d of ranks) if (d !== c && (e.leadWith[c] & (1 << ruleOfRank(d))) !== 0) return true;
  return false;
}

/** How likely a guess makes the turns seen (up to a constant). */
export function likelihood(evidence: readonly Evidence[], state: GameState): number {
  let w = 1;
  for (const e of evidence) {
    let lo = 0;
    let hi = 0;
    for (const card of state.hands[e.seat]) {
      lo |= maskLo(cardRank(card));
      hi |= maskHi(cardRank(card));
    }
    lo = (lo & ~e.drawnLo) | e.spentLo;
    hi = (hi & ~e.drawnHi) | e.spentHi;
    if (hadCheaper(e, lo, hi)) w *= e.unlikely;
  }
  return w;
}

/**
 * Guesses of the hidden cards weighed by the opponents' turns seen this round: POOL guesses are made and
 * weighed once, and each call draws one of them by weight (the seed picks it) with the hidden part of the
 * deck shuffled afresh. With no telling turn seen it is the plain determinizer. Same view and seed, same guess.
 */
export function readingDeterminizer(view: SeatView, seed: number): (seed: number) => GameState {
  const plain = determinizer(view);
  const evidence = evidenceOf(view);
  if (evidence.length === 0) return plain;
  const pool: GameState[] = [];
  const cumulative = new Float64Array(POOL);
  let total = 0;
  let first = -1;
  let same = true;
  for (let i = 0; i < POOL; i++) {
    const guess = plain((seed * 0x9e37 + i * 7_777_777 + 12_345) | 0);
    const w = likelihood(evidence, guess);
    if (first < 0) first = w;
    else if (w !== first) same = false;
    pool.push(guess);
    total += w;
    cumulative[i] = total;
  }
  if (same) return plain;
  return (s) => {
    const [r, next] = nextRandom(s >>> 0);
    const target = r * total;
    let lo = 0;
    let hi = POOL - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > target) hi = mid;
      else lo = mid + 1;
    }
    const base = pool[lo];
    const hidden = base.deck.length - base.knownTop;
    const [under, rng] = shuffle(base.deck.slice(0, hidden), next);
    return {
      ...base,
      hands: base.hands.map((h) => [...h]),
      deck: [...under, ...base.deck.slice(hidden)],
      rng,
    };
  };
}
