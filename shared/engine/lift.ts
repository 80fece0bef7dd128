import {
  BELOW4_LO,
  COLOUR_HI,
  COLOUR_LO,
  EVEN_HI,
  EVEN_LO,
  MSB7,
  POP7,
  RUN_LEN,
  RUN_TOP,
  field,
  popcount,
  topRank,
  valuesOf,
} from './score';

/*
 * Which cards lift a palette above a bound: given palette (lo, hi) with standing `score` under rule r and
 * a rival standing `bound`, the cards of a hand that, once played, make the standing strictly greater
 * than `bound`, as two masks (the same `lo` / `hi` split as score.ts), for all the hand's cards at once.
 *
 * Standings only grow as cards join, so with `score > bound` every card lifts. Otherwise a card lifts
 * when its group (value, colour, evens …) grows past the bound: the group's new size is fixed by the
 * group, and the new best card is the larger of the group's best and the card itself, so the lifting
 * cards of a group are exactly those above one threshold rank (or all of it); only the groups the hand
 * has cards in are looked at. The fast playout counts
 * its leading turns from these masks instead of scoring each card (see playout.ts).
 */

/** Per index i (0–49): the ranks ≥ i, in the `lo` and the `hi` mask. */
const FROM_LO = Int32Array.from({ length: 50 }, (_, i) => (i >= 28 ? 0 : ((1 << 28) - 1) & ~((1 << i) - 1)));
const FROM_HI = Int32Array.from({ length: 50 }, (_, i) =>
  i <= 28 ? (1 << 21) - 1 : ((1 << 21) - 1) & ~((1 << (i - 28)) - 1),
);
/** Per value (0–6 for 1–7): its 7 cards in the `lo` and the `hi` mask. */
const VALUE_LO = Int32Array.from({ length: 7 }, (_, v) => (v < 4 ? 127 << (v * 7) : 0));
const VALUE_HI = Int32Array.from({ length: 7 }, (_, v) => (v >= 4 ? 127 << ((v - 4) * 7) : 0));
/** Per 7-bit colour set: its cards in the `lo` and the `hi` mask. */
const COLOURS_LO = new Int32Array(128);
const COLOURS_HI = new Int32Array(128);
for (let set = 1; set < 128; set++) {
  const c = 31 - Math.clz32(set & -set);
  COLOURS_LO[set] = COLOUR_LO[c] | COLOURS_LO[set & (set - 1)];
  COLOURS_HI[set] = COLOUR_HI[c] | COLOURS_HI[set & (set - 1)];
}

/** The 7-bit set of colour strengths present in cards (lo, hi). */
const coloursOf = (lo: number, hi: number): number =>
  (lo | (lo >>> 7) | (lo >>> 14) | (lo >>> 21) | hi | (hi >>> 7) | (hi >>> 14)) & 127;

/** The index into FROM_* of the cards that beat a group whose best card is `best` (-1: none) past `t`. */
const fromIndex = (best: number, t: number): number => (best > t || t < 0 ? 0 : t >= 48 ? 49 : t + 1);

/** The lifting cards found, `lo` and `hi`; read after `liftingCards`. */
export const lifted = new Int32Array(2);

/**
 * The cards of hand (hLo, hHi) that lift palette (lo, hi), standing `score` under rule `r` (0–6), above
 * `bound`, left in `lifted`.
 */
export function liftingCards(
  r: number,
  lo: number,
  hi: number,
  score: number,
  bound: number,
  hLo: number,
  hHi: number,
): void {
  if (score > bound) {
    lifted[0] = hLo;
    lifted[1] = hHi;
    return;
  }
  switch (r) {
    case 0:
      return liftGroup(hLo, hHi, -1, 0, bound);
    case 1:
      return liftOrange(lo, hi, bound, hLo, hHi);
    case 2:
      return liftYellow(lo, hi, bound, hLo, hHi);
    case 3:
      return liftGroup(hLo & EVEN_LO, hHi & EVEN_HI, score & 63, score >> 6, bound);
    case 4:
      return liftBlue(lo, hi, score, bound, hLo, hHi);
    case 5:
      return liftIndigo(lo, hi, bound, hLo, hHi);
    default:
      return liftGroup(hLo & BELOW4_LO, 0, score & 63, score >> 6, bound);
  }
}

/**
 * The cards (gLo, gHi) of one group, of `size` counted cards whose best is rank `best` (-1: none), that
 * lift it past `bound` once added: all when the grown group with its best already beats it, else those
 * above the rank it needs. Left in `lifted`.
 */
function liftGroup(gLo: number, gHi: number, best: number, size: number, bound: number): void {
  const i = fromIndex(best, bound - (size + 1) * 64);
  lifted[0] = gLo & FROM_LO[i];
  lifted[1] = gHi & FROM_HI[i];
}

/** Orange: one group per value; a card grows its value's group. */
function liftOrange(lo: number, hi: number, bound: number, hLo: number, hHi: number): void {
  let outLo = 0;
  let outHi = 0;
  for (let m = valuesOf(hLo, hHi); m !== 0; m &= m - 1) {
    const v = 31 - Math.clz32(m & -m);
    const f = field(lo, hi, v + 1);
    const i = fromIndex(f === 0 ? -1 : v * 7 + MSB7[f], bound - (POP7[f] + 1) * 64);
    outLo |= hLo & VALUE_LO[v] & FROM_LO[i];
    outHi |= hHi & VALUE_HI[v] & FROM_HI[i];
  }
  lifted[0] = outLo;
  lifted[1] = outHi;
}

/** Yellow: one group per colour; a card grows its colour's group. */
function liftYellow(lo: number, hi: number, bound: number, hLo: number, hHi: number): void {
  let outLo = 0;
  let outHi = 0;
  for (let m = coloursOf(hLo, hHi); m !== 0; m &= m - 1) {
    const c = 31 - Math.clz32(m & -m);
    const l = lo & COLOUR_LO[c];
    const h = hi & COLOUR_HI[c];
    const i = fromIndex(topRank(l, h), bound - (popcount(l) + popcount(h) + 1) * 64);
    outLo |= hLo & COLOUR_LO[c] & FROM_LO[i];
    outHi |= hHi & COLOUR_HI[c] & FROM_HI[i];
  }
  lifted[0] = outLo;
  lifted[1] = outHi;
}

/** Blue: a card of a colour the palette lacks adds one to the count; any card may raise the best. */
function liftBlue(lo: number, hi: number, score: number, bound: number, hLo: number, hHi: number): void {
  const colours = coloursOf(lo, hi);
  const size = score >> 6;
  const best = score === 0 ? -1 : score & 63;
  const known = fromIndex(best, bound - size * 64);
  const fresh = fromIndex(best, bound - (size + 1) * 64);
  const oldLo = COLOURS_LO[colours];
  const oldHi = COLOURS_HI[colours];
  lifted[0] = hLo & ((oldLo & FROM_LO[known]) | (~oldLo & FROM_LO[fresh]));
  lifted[1] = hHi & ((oldHi & FROM_HI[known]) | (~oldHi & FROM_HI[fresh]));
}

/**
 * Indigo: a card of value v makes the set of values `values | v`, whose best run is known; when the run
 * ends elsewhere the card's colour does not matter, when it ends at v the card may be its best.
 */
function liftIndigo(lo: number, hi: number, bound: number, hLo: number, hHi: number): void {
  const values = valuesOf(lo, hi);
  let outLo = 0;
  let outHi = 0;
  for (let m = valuesOf(hLo, hHi); m !== 0; m &= m - 1) {
    const v = 31 - Math.clz32(m & -m);
    const all = values | (1 << v);
    const top = RUN_TOP[all] - 1;
    const f = field(lo, hi, top + 1);
    const runBase = RUN_LEN[all] * 64 + top * 7;
    // The run ends at v: cards above the bound's rank lift; else its best is fixed.
    const i =
      top === v
        ? fromIndex(f === 0 ? -1 : v * 7 + MSB7[f], bound - RUN_LEN[all] * 64)
        : runBase + MSB7[f] > bound
          ? 0
          : 49;
    outLo |= hLo & VALUE_LO[v] & FROM_LO[i];
    outHi |= hHi & VALUE_HI[v] & FROM_HI[i];
  }
  lifted[0] = outLo;
  lifted[1] = outHi;
}
