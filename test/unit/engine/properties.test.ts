// Properties over seeded random games in every variant: at every step the cards are conserved, the state
// is never mutated, every legal move applies and everything else is refused, a turn that ends without the
// lead eliminates, and no seat's view shows another hand or the hidden deck. Every game ends.
import { describe, expect, it } from 'vitest';
import {
  ALL_CARDS,
  IllegalMoveError,
  applyMove,
  cardColor,
  leader,
  legalMoves,
  newGame,
  viewFor,
} from '../../../shared/engine';
import type { CardId, GameOptions, GameState, Move, Rule } from '../../../shared/engine';
import { MOVE_UNIVERSE, VARIANTS, deepFreeze, moveKey, plausibleMoves, sorted, variantName } from './helpers';
import { pick, rng } from '../../helpers/random';

const SORTED_ALL = sorted(ALL_CARDS);
const GAMES_PER_VARIANT = 28;
const MAX_MOVES = 3000;

const ruleOf = (s: GameState): Rule => (s.canvas.length ? cardColor(s.canvas[s.canvas.length - 1]) : 'R');
const name = variantName;

// The checks below run hundreds of thousands of times: plain comparisons first, `expect` only to report.
function check(ok: boolean, message: () => string) {
  if (!ok) expect.fail(message());
}
function same(actual: unknown, expected: unknown, message: string) {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual, message).toEqual(expected);
}

function checkConservation(s: GameState) {
  const all = [...s.hands.flat(), ...s.palettes.flat(), ...s.deck, ...s.canvas, ...s.scored.flat()];
  same(sorted(all), SORTED_ALL, 'the 49 cards');
}

/**
 * The view of every seat (and a spectator) holds no other hand's card and no hidden deck card. The log is
 * checked from entry `logFrom` on (earlier entries were checked at earlier steps).
 */
function checkViews(s: GameState, logFrom: number) {
  const n = s.options.players;
  const hiddenDeck = s.deck.slice(0, s.deck.length - s.knownTop);
  const legal = s.phase === 'turn' ? legalMoves(s) : [];
  const lead = leader(
    s.palettes.map((p, i) => (s.out[i] ? [] : p)),
    ruleOf(s),
  );
  for (const seat of [...Array(n).keys(), null]) {
    const view = viewFor(s, seat);
    const { log, ...rest } = view;
    const text = JSON.stringify(rest);
    for (const key of ['"seed":', '"rng":', '"deck":', '"hands":'])
      check(!text.includes(key), () => `${key} in the view of seat ${seat}: ${text}`);
    const shown = new Set(text.match(/(?<=")[ROYGBIV][1-7](?=")/g));
    const secrets = [...hiddenDeck, ...s.hands.flatMap((h, i) => (i === seat ? [] : h))];
    for (const card of secrets) check(!shown.has(card), () => `${card} leaks to seat ${seat}: ${text}`);
    same(view.hand, seat === null ? [] : s.hands[seat], 'own hand');
    same(
      view.handSizes,
      s.hands.map((h) => h.length),
      'hand sizes',
    );
    check(view.deckSize === s.deck.length, () => 'deck size');
    if (s.phase === 'turn') {
      same(view.legalMoves, seat === s.current ? legal : [], `legal moves in the view of seat ${seat}`);
      check(view.leader === lead, () => `view.leader ${view.leader}, expected ${lead}`);
    }
    // The log is the host's log, except that another seat's draw shows no card unless that card was
    // public (put face up on the deck by a 7 or a 1 earlier in the round).
    check(log.length === s.log.length, () => 'log length');
    for (let i = logFrom; i < log.length; i++) {
      const entry = log[i];
      const real = s.log[i];
      if (real.kind === 'draw' && real.seat !== seat && entry.kind === 'draw') {
        check(
          entry.card === null || wasPublic(s, i, entry.card),
          () => `seat ${seat} sees the draw of ${entry.card}`,
        );
        same({ ...entry, card: real.card }, real, 'a projected draw entry');
      } else same(entry, real, 'a log entry');
    }
  }
}

/** Was `card` put face up on the deck by a 7 or a 1 before log entry `at`, in the same round? */
function wasPublic(s: GameState, at: number, card: CardId): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const e = s.log[i];
    if (e.kind === 'deal') return false;
    if (((e.kind === 'seven' && e.to === 'deck') || e.kind === 'one') && e.card === card) return true;
  }
  return false;
}

/** Moves that look possible in this state: the current hand's cards, every palette card, every step move. */
const plausibleIn = (s: GameState): Move[] =>
  plausibleMoves(s.current === null ? [] : s.hands[s.current], s.palettes);

/** Moves not in legalMoves (sampled: near misses from this state, and anything at all) are refused. */
function checkIllegalMoves(s: GameState, legal: Set<string>, random: () => number) {
  const plausible = plausibleIn(s);
  for (let k = 0; k < 4; k++) {
    const move = pick(random, k < 3 ? plausible : MOVE_UNIVERSE);
    if (legal.has(moveKey(move))) continue;
    let caught: unknown = null;
    try {
      applyMove(s, move);
    } catch (e) {
      caught = e;
    }
    check(
      caught instanceof IllegalMoveError && caught.message.length > 0,
      () => `${JSON.stringify(move)} was not refused: ${String(caught)}`,
    );
  }
}

/** If `seat`'s turn ended with `move`, it is out exactly when it did not lead at that moment. */
function checkTurnEnd(prev: GameState, move: Move, next: GameState) {
  const seat = prev.current!;
  if (move.type === 'pass') {
    check(next.out[seat], () => 'pass did not eliminate');
    return;
  }
  const ended = next.phase !== 'turn' || next.current !== seat;
  if (!ended) return;
  const rule = move.type === 'discard' ? cardColor(move.card) : ruleOf(prev);
  const leads =
    leader(
      prev.palettes.map((p, i) => (prev.out[i] ? [] : p)),
      rule,
    ) === seat;
  check(
    next.out[seat] === !leads,
    () => `seat ${seat} ended its turn with ${JSON.stringify(move)}; leads: ${leads}`,
  );
  if (!leads)
    check(
      next.log.some((e) => e.kind === 'out' && e.seat === seat && e.reason === 'notLeading'),
      () => 'no out entry',
    );
}

function checkTurnStart(s: GameState) {
  if (s.phase !== 'turn') return;
  check(s.out.filter((o) => !o).length >= 2, () => 'a round in play with fewer than 2 players');
  check(!s.out[s.current!], () => 'an eliminated player is to act');
  const t = s.turn!;
  if (t.played === 0 && !t.discarded && t.pending === null)
    check(s.hands[s.current!].length > 0, () => 'a turn starts with an empty hand');
}

function checkGameOver(s: GameState) {
  expect(s.phase).toBe('gameOver');
  expect(legalMoves(s)).toEqual([]);
  if (s.options.mode === 'basic') {
    expect(s.round).toBe(1);
    expect(s.winners).toEqual([s.roundWinner]);
    return;
  }
  const top = Math.max(...s.scores);
  expect(s.winners).toEqual(s.scores.flatMap((v, i) => (v === top ? [i] : [])));
  const left = 49 - s.scored.flat().length;
  expect(top >= s.options.targetScore || left < 8 * s.options.players).toBe(true);
  s.scores.forEach((score, i) => expect(score).toBe(s.scored[i].reduce((t, c) => t + Number(c[1]), 0)));
}

/** Random choice among the legal moves; passing is rare so that rounds run long. */
function chooseMove(legal: Move[], random: () => number): Move {
  const active = legal.filter((m) => m.type !== 'pass');
  return active.length > 0 && random() > 0.03 ? pick(random, active) : pick(random, legal);
}

function playGame(options: GameOptions, seed: number, stats: { moves: number; rounds: number }) {
  const random = rng(seed * 7919 + 1);
  let s = deepFreeze(newGame(options, seed));
  let logChecked = 0;
  for (let moves = 0; s.phase !== 'gameOver'; moves++) {
    if (moves > MAX_MOVES) expect.fail(`${name(options)} seed ${seed} did not end in ${MAX_MOVES} moves`);
    checkConservation(s);
    checkTurnStart(s);
    checkViews(s, logChecked);
    logChecked = s.log.length;
    const legal = legalMoves(s);
    if (s.phase === 'turn')
      check(
        legal.some((m) => m.type === 'pass'),
        () => 'pass is not legal',
      );
    else same(legal, [{ type: 'nextRound' }], 'between rounds');
    const legalKeys = new Set(legal.map(moveKey));
    check(legalKeys.size === legal.length, () => 'a legal move is listed twice');
    // Every legal move applies to the frozen state (so none mutates it) and counts one move.
    const results = legal.map((m) => applyMove(s, m));
    for (const r of results) check(r.moveCount === s.moveCount + 1, () => 'moveCount');
    checkIllegalMoves(s, legalKeys, random);
    const move = chooseMove(legal, random);
    const next = deepFreeze(results[legal.indexOf(move)]);
    if (s.phase === 'turn') checkTurnEnd(s, move, next);
    if (move.type === 'nextRound') stats.rounds++;
    stats.moves++;
    s = next;
  }
  checkConservation(s);
  checkViews(s, 0);
  checkGameOver(s);
}

describe('properties of random games', () => {
  for (const options of VARIANTS) {
    it(`${name(options)}: ${GAMES_PER_VARIANT} games`, () => {
      const stats = { moves: 0, rounds: 0 };
      for (let g = 0; g < GAMES_PER_VARIANT; g++)
        playGame(options, 1000 * VARIANTS.indexOf(options) + g, stats);
      expect(stats.moves).toBeGreaterThan(GAMES_PER_VARIANT * 5);
      if (options.mode === 'advanced') expect(stats.rounds).toBeGreaterThan(0);
    });
  }
});
