/*
 * What a round is worth in an Advanced game: not the round itself but the chance it leaves of winning the
 * match. Hard's search scores every rollout with it, so a round won big beats one won small, going out early
 * can be worth it to cap a winner's points, and a seat close to the target plays differently from one far
 * behind.
 */

/**
 * Points a round winner scores, as a share of rounds (index = points): 313 rounds of 2-player Advanced
 * between normal bots, lightly smoothed. 3 and 4 players gave nearly the same shape.
 */
const ROUND_POINTS = [
  0, 0, 0.005, 0.02, 0.02, 0.025, 0.09, 0.13, 0.07, 0.05, 0.07, 0.025, 0.08, 0.03, 0.09, 0.04, 0.03, 0.02,
  0.06, 0.02, 0.03, 0.025, 0.035, 0.01, 0.01, 0.025, 0.005, 0.005, 0.005, 0.005,
];
const POINTS_TOTAL = ROUND_POINTS.reduce((a, b) => a + b, 0);

const tables = new Map<string, Float64Array>();

/**
 * chance[mine * target + theirs]: the chance of reaching the target first with `mine` points against a best
 * opponent with `theirs`, when every round is won by any seat alike and scores as above. With more than two
 * players the others are taken as one opponent winning their share of rounds: rough, but it keeps the
 * trade-off a search needs (points now against the lead of the best other seat).
 */
function chanceTable(players: number, target: number): Float64Array {
  const key = `${players}/${target}`;
  const known = tables.get(key);
  if (known) return known;
  const chance = new Float64Array(target * target);
  const mineWins = 1 / players;
  for (let mine = target - 1; mine >= 0; mine--) {
    for (let theirs = target - 1; theirs >= 0; theirs--) {
      let value = 0;
      for (let points = 0; points < ROUND_POINTS.length; points++) {
        const share = ROUND_POINTS[points] / POINTS_TOTAL;
        if (share === 0) continue;
        const up = mine + points >= target ? 1 : chance[(mine + points) * target + theirs];
        const down = theirs + points >= target ? 0 : chance[mine * target + theirs + points];
        value += share * (mineWins * up + (1 - mineWins) * down);
      }
      chance[mine * target + theirs] = value;
    }
  }
  tables.set(key, chance);
  return chance;
}

const seatTables = new Map<string, Float64Array>();

/**
 * With three or four players, chance[(mine * target + first) * target + second]: the chance of reaching the
 * target first with `mine` points against the two best other seats with `first` and `second` (each wins
 * rounds alike; a fourth seat's rounds are left out, as if it could not win, so the two closest rivals are
 * what counts). Unlike chanceTable, a second rival close to the target costs something too.
 */
function seatChanceTable(players: number, target: number): Float64Array {
  const key = `${players}/${target}`;
  const known = seatTables.get(key);
  if (known) return known;
  const t = target;
  const chance = new Float64Array(t * t * t);
  const at = (m: number, a: number, b: number) => (m * t + a) * t + b;
  for (let m = t - 1; m >= 0; m--)
    for (let a = t - 1; a >= 0; a--)
      for (let b = t - 1; b >= 0; b--) {
        let value = 0;
        for (let points = 0; points < ROUND_POINTS.length; points++) {
          const share = ROUND_POINTS[points] / POINTS_TOTAL;
          if (share === 0) continue;
          const up = m + points >= t ? 1 : chance[at(m + points, a, b)];
          const first = a + points >= t ? 0 : chance[at(m, a + points, b)];
          const second = b + points >= t ? 0 : chance[at(m, a, b + points)];
          value += (share * (up + first + second)) / 3;
        }
        chance[at(m, a, b)] = value;
      }
  seatTables.set(key, chance);
  return chance;
}

/** The facts of a match a round's outcome is weighed against. */
export interface MatchStanding {
  players: number;
  target: number;
  /** With three or four players, weigh the two best other seats apart (seatChanceTable), not merged. */
  bySeat?: boolean;
  /** Scores before the round. */
  scores: readonly number[];
  /** Cards still in the game before the round's points are scored (49 less those scored). */
  cardsLeft: number;
}

/**
 * How much the round's end is worth to `seat`, 0..1: 1 or 0 (1/k for a k-way tie) when it ends the game,
 * otherwise the chance of going on to win the match. `winner` scores `points` with `cards` cards.
 */
export function matchValue(
  standing: MatchStanding,
  seat: number,
  winner: number,
  points: number,
  cards: number,
): number {
  const { players, target, scores } = standing;
  let top = 0;
  let best = 0;
  let second = 0;
  for (let p = 0; p < players; p++) {
    const score = scores[p] + (p === winner ? points : 0);
    top = Math.max(top, score);
    if (p === seat) continue;
    if (score > best) [best, second] = [score, best];
    else second = Math.max(second, score);
  }
  const mine = scores[seat] + (seat === winner ? points : 0);
  if (top >= target || standing.cardsLeft - cards < 8 * players) {
    if (mine < top) return 0;
    let shared = 0;
    for (let p = 0; p < players; p++) if (scores[p] + (p === winner ? points : 0) === top) shared++;
    return 1 / shared;
  }
  if (standing.bySeat && players > 2)
    return seatChanceTable(players, target)[(mine * target + best) * target + second];
  return chanceTable(players, target)[mine * target + best];
}
