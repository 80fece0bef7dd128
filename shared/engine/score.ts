import { cardRank } from './cards';
import type { CardId, Rule } from './types';

/*
 * Bit-set scoring, the engine's hot path. A palette is two 32-bit masks of card ranks
 * (rank = (value-1)*7 + colour strength, 0 = V1 … 48 = R7): `lo` holds values 1–4 (ranks 0–27),
 * `hi` values 5–7 (ranks 28–48). The 7 bits of one value sit side by side, one per colour.
 *
 * A score packs a standing into one integer: size * 64 + rank of the best counting card, 0 when
 * nothing counts. Comparing scores compares standings (size first, then best card).
 */

// The tables and helpers below are exported for lift.ts, the other half of the hot path.
export const POP7 = new Uint8Array(128);
export const MSB7 = new Int8Array(128);
/** For a 7-bit set of values: length and top value (1–7) of the best run (longest, then highest). */
export const RUN_LEN = new Uint8Array(128);
export const RUN_TOP = new Uint8Array(128);
for (let m = 0; m < 128; m++) {
  POP7[m] = (m & 1) + POP7[m >> 1];
  MSB7[m] = m === 0 ? -1 : 31 - Math.clz32(m);
  let len = 0;
  for (let bit = 0; bit < 7; bit++) {
    len = m & (1 << bit) ? len + 1 : 0;
    if (len > 0 && len >= RUN_LEN[m]) {
      RUN_LEN[m] = len;
      RUN_TOP[m] = bit + 1;
    }
  }
}

export const popcount = (x: number): number => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};
/** popcount(lo) + popcount(hi) for a pair of card masks, sharing the last steps (49 bits at most: the sum fits a byte). */
export function popcount2(lo: number, hi: number): number {
  lo -= (lo >>> 1) & 0x55555555;
  hi -= (hi >>> 1) & 0x55555555;
  lo = (lo & 0x33333333) + ((lo >>> 2) & 0x33333333);
  hi = (hi & 0x33333333) + ((hi >>> 2) & 0x33333333);
  // Each byte now holds at most 8 + 8 set bits of the two, so their sum cannot carry into the next.
  const bytes = ((lo + (lo >>> 4)) & 0x0f0f0f0f) + ((hi + (hi >>> 4)) & 0x0f0f0f0f);
  return (Math.imul(bytes, 0x01010101) >>> 24) & 0xff;
}
const msb = (x: number): number => 31 - Math.clz32(x);

/** Rank of the best card in the two masks, -1 if both are empty. */
export const topRank = (lo: number, hi: number): number =>
  hi !== 0 ? 28 + msb(hi) : lo !== 0 ? msb(lo) : -1;

/** The 7-bit colour set of one value. */
export const field = (lo: number, hi: number, value: number): number =>
  value <= 4 ? (lo >>> ((value - 1) * 7)) & 127 : (hi >>> ((value - 5) * 7)) & 127;

export const COLOUR_LO = new Int32Array(7);
export const COLOUR_HI = new Int32Array(7);
for (let s = 0; s < 7; s++) {
  for (let v = 0; v < 4; v++) COLOUR_LO[s] |= 1 << (v * 7 + s);
  for (let v = 0; v < 3; v++) COLOUR_HI[s] |= 1 << (v * 7 + s);
}
export const EVEN_LO = (127 << 7) | (127 << 21);
export const EVEN_HI = 127 << 7;
export const BELOW4_LO = (1 << 21) - 1;

/** Rule indices: 0 Red … 6 Violet, in the order of docs/rules.md. */
export const RULE_INDEX: Readonly<Record<Rule, number>> = { R: 0, O: 1, Y: 2, G: 3, B: 4, I: 5, V: 6 };

const sizedScore = (size: number, rank: number): number => (size === 0 ? 0 : size * 64 + rank);

/** The standing of palette (lo, hi) under rule `r` (0–6) as one integer. */
export function scoreMasks(lo: number, hi: number, r: number): number {
  switch (r) {
    case 0: {
      const top = topRank(lo, hi);
      return top < 0 ? 0 : 64 + top;
    }
    case 1: {
      let best = 0;
      for (let v = 1; v <= 7; v++) {
        const f = field(lo, hi, v);
        if (f !== 0) {
          const s = POP7[f] * 64 + (v - 1) * 7 + MSB7[f];
          if (s > best) best = s;
        }
      }
      return best;
    }
    case 2: {
      let best = 0;
      for (let c = 0; c < 7; c++) {
        const l = lo & COLOUR_LO[c];
        const h = hi & COLOUR_HI[c];
        if ((l | h) !== 0) {
          const s = (popcount(l) + popcount(h)) * 64 + topRank(l, h);
          if (s > best) best = s;
        }
      }
      return best;
    }
    case 3: {
      const l = lo & EVEN_LO;
      const h = hi & EVEN_HI;
      return sizedScore(popcount(l) + popcount(h), topRank(l, h));
    }
    case 4: {
      const colours = (lo | (lo >>> 7) | (lo >>> 14) | (lo >>> 21) | hi | (hi >>> 7) | (hi >>> 14)) & 127;
      return sizedScore(POP7[colours], topRank(lo, hi));
    }
    case 5: {
      const values = valuesOf(lo, hi);
      if (values === 0) return 0;
      const top = RUN_TOP[values];
      return RUN_LEN[values] * 64 + (top - 1) * 7 + MSB7[field(lo, hi, top)];
    }
    default: {
      const l = lo & BELOW4_LO;
      return sizedScore(popcount(l), topRank(l, 0));
    }
  }
}

/*
 * The standing of a palette once card `rank` (not in it) is added, from its standing `score` without
 * it, for the rules whose counting set is one fixed group (the playout grows the others from its
 * palettes' value and colour groups, `addToPalette`).
 */

/** A standing whose counting set gains card `rank`. */
const grown = (score: number, rank: number): number =>
  score === 0 ? 64 + rank : score + 64 + (rank > (score & 63) ? rank - (score & 63) : 0);

export const redWithCard = (score: number, rank: number): number => (64 + rank > score ? 64 + rank : score);

export const greenWithCard = (score: number, rank: number): number =>
  ((rank / 7) | 0) & 1 ? grown(score, rank) : score;

export const violetWithCard = (score: number, rank: number): number =>
  rank < 21 ? grown(score, rank) : score;

/** The low 6 bits and the top bit of each 7-bit field of a mask. */
const LOW6 = 0x3f * (1 | (1 << 7) | (1 << 14) | (1 << 21));
const TOP7 = 0x40 * (1 | (1 << 7) | (1 << 14) | (1 << 21));

/**
 * The non-empty 7-bit fields of a mask as bits 0–3, without a branch: adding 0x3f to a field's low 6 bits
 * sets its top bit when any is set (no carry leaves the field); one multiplication then gathers the top
 * bits, 7 apart, side by side.
 */
const fieldsPresent = (x: number): number =>
  (Math.imul(((x | ((x & LOW6) + LOW6)) & TOP7) >>> 6, 0x41041) >>> 18) & 15;

/** The 7-bit set of values (bit 0 = value 1) present in palette (lo, hi). */
export const valuesOf = (lo: number, hi: number): number => fieldsPresent(lo) | (fieldsPresent(hi) << 4);

/** The bit of a card (by rank) in the `lo` and in the `hi` mask. */
export const maskLo = (rank: number): number => (rank < 28 ? 1 << rank : 0);
export const maskHi = (rank: number): number => (rank >= 28 ? 1 << (rank - 28) : 0);

export function paletteScore(palette: readonly CardId[], rule: Rule): number {
  let lo = 0;
  let hi = 0;
  for (const card of palette) {
    const rank = cardRank(card);
    lo |= maskLo(rank);
    hi |= maskHi(rank);
  }
  return scoreMasks(lo, hi, RULE_INDEX[rule]);
}

/** [size of the counting set, rank of its best card (-1 if empty)]: larger standings lead. */
export function standing(palette: readonly CardId[], rule: Rule): [size: number, bestRank: number] {
  const score = paletteScore(palette, rule);
  return score === 0 ? [0, -1] : [Math.floor(score / 64), score % 64];
}

/**
 * Index of the palette that leads under the rule, or null: a palette leads when its standing is
 * strictly greater than every other's and not empty. Palettes marked `out` are ignored.
 */
export function leader(
  palettes: readonly (readonly CardId[])[],
  rule: Rule,
  out?: readonly boolean[],
): number | null {
  let best = 0;
  let seat: number | null = null;
  palettes.forEach((palette, i) => {
    if (out?.[i]) return;
    const score = paletteScore(palette, rule);
    if (score > best) {
      best = score;
      seat = i;
    } else if (score === best) seat = null;
  });
  return best === 0 ? null : seat;
}
