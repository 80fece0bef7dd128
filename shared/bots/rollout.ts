import { cardFromRank, cardRank, cardValue } from '../engine/cards';
import { ruleOf } from '../engine/game';
import { countingSet } from '../engine/rules';
import { RULE_INDEX, maskHi, maskLo, scoreMasks } from '../engine/score';
import type { CardId, GameState, Rule } from '../engine';
import { LEARNED_TABLE, POLICY_KINDS, policyCell } from './rollout-policy';

/*
 * The hard bot's rollout: the round played to its end on bit sets, like the engine's playout, but with an
 * informed policy instead of a uniform one. A player who can stay in with one card mostly does (spending
 * two cards when one suffices throws away a later turn), and among one-card turns prefers to keep its
 * higher cards. The Advanced draw is always taken. Under the Action rule (when asked) an odd card's action
 * is carried out with a quick choice of its own (see actionPlay); without it odd cards are plain plays.
 * Asked for the learned policy, the kind of turn is drawn from hard's own choices instead (chooseLearned).
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
/** The one-card turns apart, lowest card first: plays alone (their ranks) and rule changes alone (theirs). */
const plays = new Int32Array(49);
const rules = new Int32Array(49);
let playCount = 0;
let ruleCount = 0;
/** The learned policy's weights of the turn kinds open in this turn (see chooseLearned). */
const weights = new Int32Array(POLICY_KINDS);
let rng = 1;
/** This rollout carries out the Action rule's card actions. */
let actions = false;
/** This rollout chooses its turns' kinds by the learned table (rollout-policy.ts). */
let learned = false;
/** The round is Advanced: a discard may earn the draw (the learned policy's play-and-discard turns). */
let advancedGame = false;
let deckSize = 0;

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

/** A card's value is odd (1, 3, 5, 7): under the Action rule its play has an action. */
const isOdd = (rank: number): boolean => Math.floor(rank / 7) % 2 === 0;
const valueOf = (rank: number): number => Math.floor(rank / 7) + 1;
const topOf = (lo: number, hi: number): number =>
  hi !== 0 ? 28 + 31 - Math.clz32(hi) : lo !== 0 ? 31 - Math.clz32(lo) : -1;

/*
 * What playing an odd card leaves under the Action rule, chosen quickly for the rule the turn is judged by
 * (the current one, or the one a discard after it sets): a 3 draws (nothing to choose); a 5 plays the lowest
 * other card that then leads (its own action, but a 3's draw, is left out); a 7 puts the lowest other palette
 * card that still lets it lead on the deck (never on the canvas); a 1 puts on the deck the highest card of
 * the first seat (in seat order) it may take from whose loss lets it lead. Filled by actionPlay, read by
 * playCard.
 */
let actLo = 0;
let actHi = 0;
/** A 5's second card, or the card a 7 or a 1 put on the deck (-1: none). */
let actCard = -1;
/** A 1's seat taken from (-1: none). */
let actSeat = -1;

/**
 * Playing card `c` from `seat`'s hand (with its action, `exclude` kept for a discard after it): does the seat
 * then lead under rule `r`? Leaves the outcome in act*.
 */
function actionPlay(players: number, seat: number, c: number, r: number, exclude: number): boolean {
  const lo = palLo[seat] | maskLo(c);
  const hi = palHi[seat] | maskHi(c);
  actLo = lo;
  actHi = hi;
  actCard = -1;
  actSeat = -1;
  const value = valueOf(c);
  if (!actions || value === 3 || !isOdd(c)) return scoreMasks(lo, hi, r) > othersBest[r];
  if (value === 5) {
    const restLo = handLo[seat] & ~maskLo(c) & ~(exclude >= 0 ? maskLo(exclude) : 0);
    const restHi = handHi[seat] & ~maskHi(c) & ~(exclude >= 0 ? maskHi(exclude) : 0);
    if (restLo === 0 && restHi === 0) return scoreMasks(lo, hi, r) > othersBest[r];
    for (let m = restLo; m !== 0; m &= m - 1) {
      const d = 31 - Math.clz32(m & -m);
      if (scoreMasks(lo | maskLo(d), hi, r) > othersBest[r]) return chose(d, lo | maskLo(d), hi);
    }
    for (let m = restHi; m !== 0; m &= m - 1) {
      const d = 28 + 31 - Math.clz32(m & -m);
      if (scoreMasks(lo, hi | maskHi(d), r) > othersBest[r]) return chose(d, lo, hi | maskHi(d));
    }
    return false;
  }
  if (value === 7) {
    const otherLo = palLo[seat];
    const otherHi = palHi[seat];
    if (otherLo === 0 && otherHi === 0) return scoreMasks(lo, hi, r) > othersBest[r];
    for (let m = otherLo; m !== 0; m &= m - 1) {
      const bit = m & -m;
      if (scoreMasks(lo & ~bit, hi, r) > othersBest[r]) return chose(31 - Math.clz32(bit), lo & ~bit, hi);
    }
    for (let m = otherHi; m !== 0; m &= m - 1) {
      const bit = m & -m;
      if (scoreMasks(lo, hi & ~bit, r) > othersBest[r])
        return chose(28 + 31 - Math.clz32(bit), lo, hi & ~bit);
    }
    return false;
  }
  // A 1: a seat still in with at least as many palette cards as the seat's own after the play.
  let any = false;
  for (let q = 0; q < players; q++) {
    if (q === seat || out[q] || palSize[q] < palSize[seat] + 1) continue;
    any = true;
    const top = topOf(palLo[q], palHi[q]);
    const qLo = palLo[q] & ~maskLo(top);
    const qHi = palHi[q] & ~maskHi(top);
    let best = 0;
    for (let o = 0; o < players; o++)
      if (o !== seat && !out[o])
        best = Math.max(best, o === q ? scoreMasks(qLo, qHi, r) : scoreMasks(palLo[o], palHi[o], r));
    if (scoreMasks(lo, hi, r) > best) {
      actCard = top;
      actSeat = q;
      return true;
    }
  }
  return !any && scoreMasks(lo, hi, r) > othersBest[r];
}

/** A 5's or a 7's choice: the card it moves and the palette it leaves (which leads). */
function chose(card: number, lo: number, hi: number): true {
  actLo = lo;
  actHi = hi;
  actCard = card;
  return true;
}

/** Puts a card face down on top of the deck (a 7's or a 1's action). */
function onDeck(rank: number): void {
  deck[deckSize++] = rank;
}

/** Plays `c` from `seat`'s hand with the action actionPlay chose for rule `r` (`exclude`: a discard to come). */
function playCard(players: number, seat: number, c: number, r: number, exclude: number): void {
  if (actions && isOdd(c)) actionPlay(players, seat, c, r, exclude);
  else {
    actLo = palLo[seat] | maskLo(c);
    actHi = palHi[seat] | maskHi(c);
    actCard = -1;
    actSeat = -1;
  }
  toggleHand(seat, c);
  palLo[seat] = actLo;
  palHi[seat] = actHi;
  palSize[seat]++;
  if (!actions || !isOdd(c)) return;
  const value = valueOf(c);
  if (value === 3 && deckSize > 0) toggleHand(seat, deck[--deckSize]);
  else if (value === 5 && actCard >= 0) {
    toggleHand(seat, actCard);
    palSize[seat]++;
    if (valueOf(actCard) === 3 && deckSize > 0) toggleHand(seat, deck[--deckSize]);
  } else if (value === 7 && actCard >= 0) {
    palSize[seat]--;
    onDeck(actCard);
  } else if (value === 1 && actSeat >= 0) {
    palLo[actSeat] &= ~maskLo(actCard);
    palHi[actSeat] &= ~maskHi(actCard);
    palSize[actSeat]--;
    onDeck(actCard);
  }
}

/** The seat's cards in hand (into `cards`, lowest first): how many. */
function handCards(seat: number): number {
  let n = 0;
  for (let m = handLo[seat]; m !== 0; m &= m - 1) cards[n++] = 31 - Math.clz32(m & -m);
  for (let m = handHi[seat]; m !== 0; m &= m - 1) cards[n++] = 28 + 31 - Math.clz32(m & -m);
  return n;
}

/**
 * The seat's one-card turns that keep it leading, lowest card first: all of them into `single`, plays alone
 * into `plays` and rule changes alone into `rules` (with playCount, ruleCount); how many in all.
 */
function oneCardTurns(players: number, seat: number, rule: number, n: number): number {
  const lo = palLo[seat];
  const hi = palHi[seat];
  for (let r = 0; r < 7; r++) othersBest[r] = bestOther(players, seat, r);
  const other = othersBest[rule];
  let singles = 0;
  playCount = 0;
  ruleCount = 0;
  // Ranks grow with value, so the lowest cards are found first.
  for (let j = 0; j < n; j++) {
    const c = cards[j];
    const leads =
      actions && isOdd(c)
        ? actionPlay(players, seat, c, rule, -1)
        : scoreMasks(lo | maskLo(c), hi | maskHi(c), rule) > other;
    if (leads) {
      single[singles++] = (c + 1) * 64;
      plays[playCount++] = c;
    }
    const r = ruleOfRank(c);
    if (scoreMasks(lo, hi, r) > othersBest[r]) {
      single[singles++] = c + 1;
      rules[ruleCount++] = c;
    }
  }
  return singles;
}

/** Chooses a turn for `seat` (0 when none keeps it leading); `alive`: the seats still in. */
function chooseTurn(players: number, seat: number, rule: number, alive: number): number {
  const n = handCards(seat);
  if (n === 0) return 0;
  const singles = oneCardTurns(players, seat, rule, n);
  if (learned) {
    const pick = chooseLearned(players, seat, n, alive);
    if (pick >= 0) return pick;
  }
  if (singles > 0 && random(8) !== 0) return single[random(Math.min(singles, 3))];
  const doubles = twoCardTurns(players, seat, n);
  const total = singles + doubles;
  if (total === 0) return 0;
  const pick = random(total);
  return pick < singles ? single[pick] : double[pick - singles];
}

/**
 * In Advanced with cards left in the deck, moves the `doubles` turns whose discard earns the draw (its value
 * above the palette's size after the play) to the front of `double` and says how many, or all of them when none
 * does (or no draw is to be had).
 */
function drawing(seat: number, doubles: number): number {
  let k = 0;
  // Counted as the play had landed: the palette is one card larger when the discard is judged.
  for (let i = 0; i < doubles; i++)
    if (earnsDraw((double[i] & 63) - 1, palSize[seat] + 1)) double[k++] = double[i];
  return k > 0 ? k : doubles;
}

/** The Advanced draw: a discard whose value is above the palette's size, while the deck has a card. */
const earnsDraw = (discarded: number, paletteSize: number): boolean =>
  advancedGame && deckSize > 0 && valueOf(discarded) > paletteSize;

/*
 * The learned policy: the kind of turn (a play alone, the lowest, a middle or the highest of those that keep
 * the seat in; a rule change alone, likewise; a play and a discard) drawn by the frequencies hard chose them
 * with in its own games, in the same position features (rollout-policy.ts). Among a kind's turns the card is
 * the one its place names (a middle one: any alike); a play and a discard is any whose discard earns the
 * Advanced draw, when one does (spending two cards then costs one), else any. The kinds not open here weigh
 * nothing; when none that is open was ever seen in this cell, -1: the mix decides.
 */
function chooseLearned(players: number, seat: number, n: number, alive: number): number {
  const base = policyCell(playCount, ruleCount, n, alive) * POLICY_KINDS;
  let total = 0;
  for (let k = 0; k < POLICY_KINDS; k++) {
    const count = k < 3 ? playCount : k < 6 ? ruleCount : n;
    // Kinds 0–2 are plays, 3–5 rule changes: the lowest (open with one turn of the kind), the highest (with
    // two), a middle one (with three); 6 a play and a discard (with two cards in hand).
    const open = k === 6 ? count >= 2 : count > k % 3;
    weights[k] = open ? LEARNED_TABLE[base + k] : 0;
    total += weights[k];
  }
  if (total === 0) return -1;
  let pick = random(total);
  let kind = 0;
  while (pick >= weights[kind]) pick -= weights[kind++];
  if (kind === 6) {
    const doubles = twoCardTurns(players, seat, n);
    if (doubles > 0) return double[random(drawing(seat, doubles))];
    total -= weights[6];
    if (total === 0) return -1;
    pick = random(total);
    kind = 0;
    while (pick >= weights[kind]) pick -= weights[kind++];
  }
  const list = kind < 3 ? plays : rules;
  const count = kind < 3 ? playCount : ruleCount;
  const place = kind % 3;
  const c = place === 0 ? list[0] : place === 1 ? list[count - 1] : list[1 + random(count - 2)];
  return kind < 3 ? (c + 1) * 64 : c + 1;
}

/** The seat's turns of a play and a discard that keep it leading, into `double`: how many. */
function twoCardTurns(players: number, seat: number, n: number): number {
  const lo = palLo[seat];
  const hi = palHi[seat];
  let doubles = 0;
  for (let i = 0; i < n; i++) {
    const c = cards[i];
    const plo = lo | maskLo(c);
    const phi = hi | maskHi(c);
    const acts = actions && isOdd(c);
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const r = ruleOfRank(cards[j]);
      const leads = acts
        ? actionPlay(players, seat, c, r, cards[j])
        : scoreMasks(plo, phi, r) > othersBest[r];
      if (leads) double[doubles++] = (c + 1) * 64 + cards[j] + 1;
    }
  }
  return doubles;
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
 * How the rollout chooses a turn: 'mix', a one-card turn when there is one (mostly one of the three lowest),
 * now and then any turn; 'learned', the kind of turn drawn from the frequencies hard chose them with
 * (rollout-policy.ts).
 */
export type RolloutPolicy = 'mix' | 'learned';

/** Loads `state` into the bit sets (the rollout's choices: card actions when asked); how many seats are in. */
function load(state: GameState, withActions: boolean, policy: RolloutPolicy): number {
  const players = state.options.players;
  actions = withActions && state.options.actionRule;
  learned = policy === 'learned';
  advancedGame = state.options.mode === 'advanced';
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
  deckSize = state.deck.length;
  return alive;
}

/**
 * The position features and one-card turns the rollout sees for the seat to act in `state` (at the start of a
 * turn): the learned table's cell, and the ranks of the plays alone and rule changes alone that keep it
 * leading, lowest first. What test/bench/rollout-policy.ts classifies hard's turns by.
 */
export function rolloutView(
  state: GameState,
  withActions = false,
): { cell: number; plays: number[]; rules: number[] } {
  const alive = load(state, withActions, 'mix');
  const seat = state.current!;
  const n = handCards(seat);
  oneCardTurns(state.options.players, seat, RULE_INDEX[ruleOf(state)], n);
  return {
    cell: policyCell(playCount, ruleCount, n, alive),
    plays: Array.from(plays.subarray(0, playCount)),
    rules: Array.from(rules.subarray(0, ruleCount)),
  };
}

/**
 * Plays the round in `state` (at the start of a turn) to its end with the informed policy; returns the winner
 * and, when `end` is given, fills it in.
 */
export function informedPlayout(
  state: GameState,
  seed: number,
  end?: RoundEnd,
  withActions = false,
  policy: RolloutPolicy = 'mix',
): number {
  const players = state.options.players;
  let alive = load(state, withActions, policy);
  let rule = RULE_INDEX[ruleOf(state)];
  let seat = state.current!;
  rng = (seed ^ 0x2545f491) | 0 || 1;
  let turns = 0;
  while (alive > 1) {
    turns++;
    const pick = chooseTurn(players, seat, rule, alive);
    if (pick === 0) {
      out[seat] = 1;
      alive--;
      if (alive === 1) break;
    } else {
      const played = (pick >> 6) - 1;
      const discarded = (pick & 63) - 1;
      if (played >= 0)
        playCard(players, seat, played, discarded >= 0 ? ruleOfRank(discarded) : rule, discarded);
      if (discarded >= 0) {
        toggleHand(seat, discarded);
        rule = ruleOfRank(discarded);
        // The Advanced draw, always taken.
        if (earnsDraw(discarded, palSize[seat])) toggleHand(seat, deck[--deckSize]);
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
