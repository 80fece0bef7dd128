/*
 * The rollout's learned policy (rollout.ts, `rolloutPolicy: 'learned'`): how often hard, in its own games,
 * chose each kind of turn, by a few position features the rollout sees at no cost. No network: a table of
 * counts, one row per cell of features, drawn from in proportion.
 *
 * Features (the seat to act, at the start of its turn, as the rollout judges leading):
 * - P: its one-card plays alone that keep it leading (0, 1, 2, 3 or more);
 * - D: its rule changes alone (a discard) that do (0, 1, 2 or more);
 * - its cards in hand (1, 2–3, 4–5, 6 or more);
 * - the seats still in (2, 3 or more).
 * Kinds: a play alone, the lowest / the highest / a middle one of the P (0–2); a rule change alone, likewise
 * of the D (3–5); a play and a discard (6). Going out is not a kind: the rollout never gives up a round.
 * Hard chose a play and a discard in about half its turns, mostly with one-card turns open; in Advanced a
 * discard above the palette's size earns the draw, so the rollout's play-and-discard turns are those that do,
 * when there are any.
 *
 * Off by default: in 2-player Advanced against normal (quick budget, 600 games) hard with it won 79.5 %, without
 * it 76.7 %, paired +2.8 points (−1.6 to +7.3): not clearly a gain (docs/bots.md).
 */

/** The kinds of turn a cell weighs. */
export const POLICY_KINDS = 7;
/** Cells of features: 4 (P) × 3 (D) × 4 (hand) × 2 (seats in). */
export const POLICY_CELLS = 96;

/** The cell of the features: P one-card plays, D rule changes, `hand` cards, `alive` seats in. */
export function policyCell(p: number, d: number, hand: number, alive: number): number {
  const h = hand <= 1 ? 0 : hand <= 3 ? 1 : hand <= 5 ? 2 : 3;
  return (((alive > 2 ? 1 : 0) * 4 + h) * 3 + (d > 2 ? 2 : d)) * 4 + (p > 3 ? 3 : p);
}

// The table below is written by `node --import tsx test/bench/rollout-policy.ts write=1` (its comment says
// from which games); a cell seen fewer than its minimum times is left at zeros (the mix decides there).
// BEGIN TABLE
// From hard's choices (scale 0.25) in 300 2-player Advanced, 40 3-player Advanced + Action and
// 40 4-player Advanced games between hard bots (deals 71,000 on); cells seen fewer than 30 times: zeros.
// Each row: a cell (policyCell), the counts of kinds 0–6.
// prettier-ignore
export const LEARNED_TABLE: Int32Array = Int32Array.from([
  0, 0, 0, 0, 0, 0, 0, // cell 0: seen 1
  119, 0, 0, 0, 0, 0, 0, // cell 1: seen 119
  0, 0, 0, 0, 0, 0, 0, // cell 2: seen 0
  0, 0, 0, 0, 0, 0, 0, // cell 3: seen 0
  0, 0, 0, 581, 0, 0, 0, // cell 4: seen 581
  65, 0, 0, 58, 0, 0, 0, // cell 5: seen 123
  0, 0, 0, 0, 0, 0, 0, // cell 6: seen 0
  0, 0, 0, 0, 0, 0, 0, // cell 7: seen 0
  0, 0, 0, 0, 0, 0, 0, // cell 8: seen 0
  0, 0, 0, 0, 0, 0, 0, // cell 9: seen 0
  0, 0, 0, 0, 0, 0, 0, // cell 10: seen 0
  0, 0, 0, 0, 0, 0, 0, // cell 11: seen 0
  0, 0, 0, 0, 0, 0, 252, // cell 12: seen 252
  201, 0, 0, 0, 0, 0, 40, // cell 13: seen 241
  40, 63, 0, 0, 0, 0, 4, // cell 14: seen 107
  0, 0, 0, 0, 0, 0, 0, // cell 15: seen 25
  0, 0, 0, 330, 0, 0, 435, // cell 16: seen 765
  228, 0, 0, 52, 0, 0, 80, // cell 17: seen 360
  50, 69, 0, 9, 0, 0, 18, // cell 18: seen 146
  0, 0, 0, 0, 0, 0, 0, // cell 19: seen 27
  0, 0, 0, 273, 295, 31, 296, // cell 20: seen 895
  163, 0, 0, 49, 59, 14, 50, // cell 21: seen 335
  54, 82, 0, 19, 16, 7, 28, // cell 22: seen 206
  9, 11, 13, 1, 5, 0, 4, // cell 23: seen 43
  0, 0, 0, 0, 0, 0, 305, // cell 24: seen 305
  141, 0, 0, 0, 0, 0, 74, // cell 25: seen 215
  60, 69, 0, 0, 0, 0, 25, // cell 26: seen 154
  44, 37, 60, 0, 0, 0, 30, // cell 27: seen 171
  0, 0, 0, 124, 0, 0, 381, // cell 28: seen 505
  151, 0, 0, 26, 0, 0, 106, // cell 29: seen 283
  82, 80, 0, 19, 0, 0, 46, // cell 30: seen 227
  50, 61, 74, 20, 0, 0, 34, // cell 31: seen 239
  0, 0, 0, 151, 223, 140, 786, // cell 32: seen 1300
  262, 0, 0, 66, 70, 64, 207, // cell 33: seen 669
  145, 151, 0, 38, 51, 58, 190, // cell 34: seen 633
  102, 107, 159, 29, 45, 49, 174, // cell 35: seen 665
  0, 0, 0, 0, 0, 0, 562, // cell 36: seen 562
  112, 0, 0, 0, 0, 0, 366, // cell 37: seen 478
  64, 63, 0, 0, 0, 0, 256, // cell 38: seen 383
  92, 65, 146, 0, 0, 0, 480, // cell 39: seen 783
  0, 0, 0, 55, 0, 0, 325, // cell 40: seen 380
  60, 0, 0, 26, 0, 0, 163, // cell 41: seen 249
  30, 24, 0, 28, 0, 0, 142, // cell 42: seen 224
  43, 53, 113, 35, 0, 0, 247, // cell 43: seen 491
  0, 0, 0, 67, 57, 136, 649, // cell 44: seen 909
  67, 0, 0, 52, 31, 98, 335, // cell 45: seen 583
  45, 54, 0, 65, 28, 67, 313, // cell 46: seen 572
  83, 77, 199, 91, 47, 129, 565, // cell 47: seen 1191
  0, 0, 0, 0, 0, 0, 0, // cell 48: seen 0
  0, 0, 0, 0, 0, 0, 0, // cell 49: seen 15
  0, 0, 0, 0, 0, 0, 0, // cell 50: seen 0
  0, 0, 0, 0, 0, 0, 0, // cell 51: seen 0
  0, 0, 0, 0, 0, 0, 0, // cell 52: seen 29
  0, 0, 0, 0, 0, 0, 0, // cell 53: seen 10
  0, 0, 0, 0, 0, 0, 0, // cell 54: seen 0
  0, 0, 0, 0, 0, 0, 0, // cell 55: seen 0
  0, 0, 0, 0, 0, 0, 0, // cell 56: seen 0
  0, 0, 0, 0, 0, 0, 0, // cell 57: seen 0
  0, 0, 0, 0, 0, 0, 0, // cell 58: seen 0
  0, 0, 0, 0, 0, 0, 0, // cell 59: seen 0
  0, 0, 0, 0, 0, 0, 121, // cell 60: seen 121
  70, 0, 0, 0, 0, 0, 12, // cell 61: seen 82
  16, 21, 0, 0, 0, 0, 5, // cell 62: seen 42
  0, 0, 0, 0, 0, 0, 0, // cell 63: seen 9
  0, 0, 0, 107, 0, 0, 94, // cell 64: seen 201
  37, 0, 0, 4, 0, 0, 14, // cell 65: seen 55
  10, 15, 0, 3, 0, 0, 3, // cell 66: seen 31
  0, 0, 0, 0, 0, 0, 0, // cell 67: seen 6
  0, 0, 0, 36, 24, 1, 39, // cell 68: seen 100
  0, 0, 0, 0, 0, 0, 0, // cell 69: seen 20
  0, 0, 0, 0, 0, 0, 0, // cell 70: seen 17
  0, 0, 0, 0, 0, 0, 0, // cell 71: seen 9
  0, 0, 0, 0, 0, 0, 338, // cell 72: seen 338
  80, 0, 0, 0, 0, 0, 47, // cell 73: seen 127
  35, 45, 0, 0, 0, 0, 29, // cell 74: seen 109
  19, 22, 33, 0, 0, 0, 24, // cell 75: seen 98
  0, 0, 0, 46, 0, 0, 201, // cell 76: seen 247
  40, 0, 0, 4, 0, 0, 38, // cell 77: seen 82
  24, 24, 0, 4, 0, 0, 20, // cell 78: seen 72
  19, 13, 21, 8, 0, 0, 22, // cell 79: seen 83
  0, 0, 0, 30, 39, 17, 162, // cell 80: seen 248
  27, 0, 0, 1, 14, 2, 27, // cell 81: seen 71
  14, 20, 0, 4, 13, 5, 21, // cell 82: seen 77
  11, 11, 24, 1, 6, 6, 31, // cell 83: seen 90
  0, 0, 0, 0, 0, 0, 451, // cell 84: seen 451
  62, 0, 0, 0, 0, 0, 172, // cell 85: seen 234
  31, 40, 0, 0, 0, 0, 155, // cell 86: seen 226
  37, 47, 76, 0, 0, 0, 230, // cell 87: seen 390
  0, 0, 0, 12, 0, 0, 145, // cell 88: seen 157
  17, 0, 0, 5, 0, 0, 48, // cell 89: seen 70
  10, 9, 0, 5, 0, 0, 54, // cell 90: seen 78
  17, 4, 21, 9, 0, 0, 59, // cell 91: seen 110
  0, 0, 0, 13, 13, 14, 171, // cell 92: seen 211
  17, 0, 0, 3, 3, 0, 53, // cell 93: seen 76
  10, 13, 0, 2, 4, 6, 54, // cell 94: seen 89
  12, 11, 26, 8, 8, 7, 115, // cell 95: seen 187
]);
// END TABLE
