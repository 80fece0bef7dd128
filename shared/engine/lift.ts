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
 * cards of a group are exactly those above one threshold rank (or all of it). Orange and Yellow read
 * which groups have how many cards from sets kept per palette, so all 7 groups are judged at once. The
 * fast playout counts its leading turns from these masks instead of scoring each card (see playout.ts).
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
/** Per 7-bit value set (bit 0 = value 1): its cards in the `lo` and the `hi` mask. */
const VALUES_LO = new Int32Array(128);
const VALUES_HI = new Int32Array(128);
for (let set = 1; set < 128; set++) {
  const c = 31 - Math.clz32(set & -set);
  const rest = set & (set - 1);
  COLOURS_LO[set] = COLOUR_LO[c] | COLOURS_LO[rest];
  COLOURS_HI[set] = COLOUR_HI[c] | COLOURS_HI[rest];
  VALUES_LO[set] = VALUE_LO[c] | VALUES_LO[rest];
  VALUES_HI[set] = VALUE_HI[c] | VALUES_HI[rest];
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
 * `bound`, left in `lifted`. `groups[at …]`: the palette's group sets (`fillGroupSets`).
 */
export function liftingCards(
  r: number,
  lo: number,
  hi: number,
  score: number,
  bound: number,
  hLo: number,
  hHi: number,
  groups: Int8Array,
  at: number,
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
      return liftOrange(lo, hi, bound, hLo, hHi, groups, at);
    case 2:
      return liftYellow(lo, hi, bound, hLo, hHi, groups, at);
    case 3:
      return liftGroup(hLo & EVEN_LO, hHi & EVEN_HI, score & 63, score >> 6, bound);
    case 4:
      return liftBlue(groups[at + 12], score, bound, hLo, hHi);
    case 5:
      return liftIndigo(lo, hi, bound, hLo, hHi, groups[at + 2]);
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

/**
 * The cards of `groups` (as 7-bit sets: values or colours; `atLeast[at + k + 1]` those with at least k
 * palette cards, k = 0 … 8) that lift past `bound` once one hand card of theirs joins: a group of
 * k cards grows to k + 1, so it lifts when k + 1 beats the bound's size, or equals it and the group's
 * best card or the card itself beats the bound's best. No loop over the groups: a few set operations.
 * `cards` turns a 7-bit set of groups into its cards (lo, hi); `above` is the set of groups holding a
 * palette card above the bound's best. Left in `lifted`.
 */
function liftGroups(
  atLeast: Int8Array,
  at: number,
  bound: number,
  above: number,
  cardsLo: Int32Array,
  cardsHi: Int32Array,
  hLo: number,
  hHi: number,
): void {
  const size = bound >> 6;
  const next = (bound & 63) + 1;
  // Groups that reach past the bound's size whatever the card, and those that only tie it.
  const all = atLeast[at + size + 1];
  const tie = atLeast[at + size] & ~all;
  const whole = all | (tie & above);
  lifted[0] = hLo & (cardsLo[whole] | (cardsLo[tie] & FROM_LO[next]));
  lifted[1] = hHi & (cardsHi[whole] | (cardsHi[tie] & FROM_HI[next]));
}

/** Orange: one group per value; a card grows its value's group. */
function liftOrange(
  lo: number,
  hi: number,
  bound: number,
  hLo: number,
  hHi: number,
  atLeast: Int8Array,
  at: number,
): void {
  const next = (bound & 63) + 1;
  const above = valuesOf(lo & FROM_LO[next], hi & FROM_HI[next]);
  liftGroups(atLeast, at, bound, above, VALUES_LO, VALUES_HI, hLo, hHi);
}

/** Yellow: one group per colour; a card grows its colour's group. */
function liftYellow(
  lo: number,
  hi: number,
  bound: number,
  hLo: number,
  hHi: number,
  atLeast: Int8Array,
  at: number,
): void {
  const next = (bound & 63) + 1;
  const above = coloursOf(lo & FROM_LO[next], hi & FROM_HI[next]);
  liftGroups(atLeast, at + 10, bound, above, COLOURS_LO, COLOURS_HI, hLo, hHi);
}

/** Blue: a card of a colour the palette lacks (`colours`: those it has) adds one to the count; any card may raise the best. */
function liftBlue(colours: number, score: number, bound: number, hLo: number, hHi: number): void {
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
 * Indigo: only the top value of the palette's best run can raise it without a new value (its card
 * beating the run's best); a value the palette lacks makes the set `values | v`, whose best run is
 * known: when it ends at v the card is its best, else its standing is fixed.
 */
function liftIndigo(lo: number, hi: number, bound: number, hLo: number, hHi: number, values: number): void {
  const size = bound >> 6;
  const next = (bound & 63) + 1;
  let outLo = 0;
  let outHi = 0;
  if (values !== 0 && RUN_LEN[values] === size) {
    const top = RUN_TOP[values] - 1;
    outLo = hLo & VALUE_LO[top] & FROM_LO[next];
    outHi = hHi & VALUE_HI[top] & FROM_HI[next];
  }
  for (let m = valuesOf(hLo, hHi) & ~values; m !== 0; m &= m - 1) {
    const v = 31 - Math.clz32(m & -m);
    const all = values | (1 << v);
    const len = RUN_LEN[all];
    const top = RUN_TOP[all] - 1;
    const i =
      top === v
        ? len > size
          ? 0
          : len === size
            ? next
            : 49
        : len * 64 + top * 7 + MSB7[field(lo, hi, top + 1)] > bound
          ? 0
          : 49;
    outLo |= hLo & VALUE_LO[v] & FROM_LO[i];
    outHi |= hHi & VALUE_HI[v] & FROM_HI[i];
  }
  lifted[0] = outLo;
  lifted[1] = outHi;
}

/**
 * The group sets liftingCards reads, computed from a palette (lo, hi) into `into[at …]`: per k (0 … 8,
 * at `k + 1`; `at` itself stands for k = −1 and holds all), the values with at least k palette cards,
 * then from `at + 10` the same for colours. The fast playout keeps them up to date card by card instead.
 */
export function fillGroupSets(lo: number, hi: number, into: Int8Array, at: number): void {
  into.fill(0, at, at + 20);
  into[at] = into[at + 1] = into[at + 10] = into[at + 11] = 127;
  for (let g = 0; g < 7; g++) {
    const byValue = POP7[field(lo, hi, g + 1)];
    const byColour = popcount(lo & COLOUR_LO[g]) + popcount(hi & COLOUR_HI[g]);
    for (let k = 1; k <= byValue; k++) into[at + k + 1] |= 1 << g;
    for (let k = 1; k <= byColour; k++) into[at + 10 + k + 1] |= 1 << g;
  }
}
