import { applyMove, playout } from '../engine';
import { informedPlayout, roundScore } from './rollout';
import type { RolloutPolicy, RoundEnd } from './rollout';
import { matchValue } from './match';
import type { MatchStanding } from './match';
import type { GameState, Move, SeatView } from '../engine';
import { determinizer } from './determinize';
import { POOL, readingDeterminizer } from './reading';
import { analysisOf } from './estimate';
import type { TurnAnalysis } from './estimate';
import { strongest, turnKey, turnOutcomes } from './turns';
import type { TurnOutcome } from './turns';

/** How the hard bot's Information Set MCTS thinks. */
export interface IsmctsOptions {
  /** Search iterations per decision: one guess of the hidden cards, one path down the tree, one rollout each. */
  iterations: number;
  /**
   * The most work a decision may take, in units of the engine's steps (see WORK; half a microsecond to two
   * of CPU each, measured): counted, not timed, so the same seed still gives the same move, while the widest
   * positions (long rollouts, four seats, card actions) stop before their iterations make them slow.
   */
  maxWork: number;
  /** UCB exploration constant. */
  exploration: number;
  /** A node's own turns are expanded once it has been visited this often (before: a rollout from it). */
  expandAfter: number;
  /** At most this many of the seat's own turns are searched (the rest are cut by a static look). */
  ownTurns: number;
  /** At most this many turns of an opponent are considered at a node (the strongest at a glance). */
  otherTurns: number;
  /** The rollout policy: 'informed' (see rollout.ts) or the engine's 'uniform' playout. */
  rollout: 'informed' | 'uniform';
  /**
   * What a rollout is worth: 'round', 1 for winning the round; 'match' (Advanced games, informed rollouts),
   * the chance the round's end leaves of winning the match (match.ts), and going out on purpose is a choice.
   */
  reward: 'round' | 'match';
  /**
   * How the hidden cards are guessed: 'uniform', every deal consistent with the view alike; 'turns', weighed
   * by how likely each makes the opponents' turns seen this round (reading.ts); 'four-players', so at
   * four-player tables only (where it measured better; with two or three it measured nothing).
   */
  reading: 'uniform' | 'turns' | 'four-players';
  /**
   * A wall-clock cut, in ms (the coach's, on a slow device): the search stops once it has thought this long.
   * Only an answer cut this way (`timeCut` in the analysis) can differ for the same view and seed.
   */
  timeLimitMs?: number;
  /** In 3 and 4 players, the match model: 'merged', the other seats as one; 'seats', the two best apart. */
  match: 'merged' | 'seats';
  /** Under the Action rule, informed rollouts carry out the card actions (rollout.ts); else odd cards are plain plays. */
  rolloutActions: boolean;
  /**
   * How informed rollouts choose a turn (rollout.ts): 'mix' (or absent), mostly one of the three lowest one-card
   * turns; 'learned', the kind of turn drawn from hard's own choices in the same features (rollout-policy.ts).
   * Off: measured +2.8 points (−1.6 to +7.3) in 600 2-player Advanced games against normal: not clearly a
   * gain.
   */
  rolloutPolicy?: RolloutPolicy;
}

interface Node {
  /** The seat whose turn led to this node: its wins are what the node counts. */
  player: number;
  visits: number;
  /** Rounds the player won in the iterations through this node. */
  wins: number;
  /** The rewards those iterations brought the player (equal to wins when a reward is a round won). */
  value: number;
  /** Iterations in which this node was open to choose (Information Set MCTS's availability count). */
  available: number;
  children: Map<string, Node> | null;
}

const node = (player: number): Node => ({
  player,
  visits: 0,
  wins: 0,
  value: 0,
  available: 0,
  children: null,
});
const PASS: Move[] = [{ type: 'pass' }];
/**
 * What the steps of an iteration cost, in work units: their CPU time relative to one another, as profiled. A
 * rollout turn that carries out card actions costs about 1.4 times one that does not (the widest 4-player
 * Action positions, the same work, thread CPU p50 484 against 360 ms), so it is counted 3.
 */
const WORK = { guess: 2, move: 6, rolloutTurn: 2, actionRolloutTurn: 3, score: 1 };

function ucb(child: Node, c: number): number {
  return child.value / child.visits + c * Math.sqrt(Math.log(Math.max(1, child.available)) / child.visits);
}

/** Picks the child to descend to among the turns open in this guess; creates it when new. */
function select(
  parent: Node,
  player: number,
  open: readonly TurnOutcome[],
  c: number,
): { child: Node; after: GameState; fresh: boolean } {
  const children = (parent.children ??= new Map());
  let best: { child: Node; after: GameState } | null = null;
  let bestValue = -Infinity;
  for (const { turn, after } of open) {
    const key = turnKey(turn);
    let child = children.get(key);
    if (!child) {
      child = node(player);
      children.set(key, child);
      child.available++;
      return { child, after, fresh: true };
    }
    child.available++;
    if (child.visits === 0) return { child, after, fresh: true };
    const value = ucb(child, c);
    if (value > bestValue) {
      bestValue = value;
      best = { child, after };
    }
  }
  return { ...best!, fresh: false };
}

/** The turns of the player to act in `state`, or a forced pass when none keeps them in. */
function openTurns(state: GameState, cap: number): TurnOutcome[] {
  const turns = strongest(turnOutcomes(state), state.current!, cap);
  return turns.length > 0 ? turns : [{ turn: PASS, after: applyMove(state, PASS[0]) }];
}

/** The state after `turn` in this guess, or null if the guess does not allow it. */
function replay(state: GameState, turn: readonly Move[]): GameState | null {
  let s = state;
  for (const move of turn) {
    try {
      s = applyMove(s, move);
    } catch {
      return null;
    }
  }
  return s;
}

/** What the end of a round is worth to each seat: a round won, or the match chance it leaves. */
type Reward = (player: number) => number;

function rewardOf(state: GameState, byMatch: boolean, end: RoundEnd, standing: MatchStanding): Reward {
  if (state.phase === 'gameOver') {
    const { winners } = state;
    return (p) => (winners.includes(p) ? 1 / winners.length : 0);
  }
  if (state.phase !== 'turn') {
    // The round ended inside the tree: its points are already on the scores.
    const winner = state.roundWinner;
    const after = { ...standing, scores: state.scores, cardsLeft: Infinity };
    return byMatch ? (p) => matchValue(after, p, winner ?? -1, 0, 0) : (p) => (p === winner ? 1 : 0);
  }
  if (!byMatch) return (p) => (p === end.winner ? 1 : 0);
  const { points, cards } = roundScore(end);
  return (p) => matchValue(standing, p, end.winner, points, cards);
}

/**
 * Single-observer Information Set MCTS (Cowling, Powley & Whitehouse 2012) over complete turns: each
 * iteration guesses the hidden cards afresh, walks the tree choosing turns by UCB among those open in
 * that guess, and finishes the round with a fast playout, worth the round or, in Advanced, what its end
 * leaves of the match. The root's most visited turn is played. The same view and seed give the same answer.
 * `given` replaces the guesses made from the view (the bench's all-seeing player: a bot never gets one).
 */
export function ismctsSearch(
  view: SeatView,
  seed: number,
  options: IsmctsOptions,
  given?: (seed: number) => GameState,
): TurnAnalysis {
  const seat = view.seat!;
  const reads =
    !given &&
    (options.reading === 'turns' || (options.reading === 'four-players' && view.options.players === 4));
  const guess = given ?? (reads ? readingDeterminizer(view, seed) : determinizer(view));
  const first = guess(seed * 31);
  const canPass = view.legalMoves.some((m) => m.type === 'pass');
  const byMatch =
    options.reward === 'match' && options.rollout === 'informed' && first.options.mode === 'advanced';
  const own = strongest(turnOutcomes(first), seat, options.ownTurns);
  if (own.length === 0) return analysisOf([], canPass ? PASS : null);
  // Going out on purpose only pays when a round's points count.
  if (byMatch && canPass) own.push({ turn: PASS, after: applyMove(first, PASS[0]) });
  const standing: MatchStanding = {
    players: first.options.players,
    target: first.options.targetScore,
    scores: first.scores,
    cardsLeft: 49 - first.scored.reduce((sum, cards) => sum + cards.length, 0),
    bySeat: options.match === 'seats',
  };
  const end: RoundEnd = { winner: -1, rule: 0, lo: 0, hi: 0, turns: 0 };
  const rootNodes = own.map(() => node(seat));
  const inHand = new Set(first.hands[seat]);
  const needs = own.map(({ turn }) => {
    for (const m of turn)
      if ((m.type === 'play' || m.type === 'discard') && !inHand.has(m.card)) return m.card;
    return null;
  });
  const c = options.exploration;

  const rolloutTurnWork =
    options.rolloutActions && first.options.actionRule && options.rollout === 'informed'
      ? WORK.actionRolloutTurn
      : WORK.rolloutTurn;
  let work = reads ? WORK.guess * POOL : 0;
  let it = 0;
  const deadline = options.timeLimitMs === undefined ? Infinity : performance.now() + options.timeLimitMs;
  let timeCut = false;
  for (; it < options.iterations && work < options.maxWork; it++) {
    // The clock is read every 16 iterations (a few ms at most between reads).
    if ((it & 15) === 15 && performance.now() > deadline) {
      timeCut = true;
      break;
    }
    const state0 = it === 0 ? first : guess(seed * 31 + it);
    work += WORK.guess;
    // The seat's own hand is known, so its turns are the same in every guess, except those that use the card
    // a 3 draws: they are open only in the guesses with that card on top of the deck.
    const top = state0.deck[state0.deck.length - 1];
    let pick = -1;
    let pickValue = -Infinity;
    for (let i = 0; i < own.length; i++) {
      if (needs[i] !== null && needs[i] !== top) continue;
      const n = rootNodes[i];
      n.available++;
      const value = n.visits === 0 ? Infinity : ucb(n, c);
      if (value > pickValue) {
        pickValue = value;
        pick = i;
      }
    }
    if (pick < 0) continue;
    const after = replay(state0, own[pick].turn);
    work += WORK.move * own[pick].turn.length;
    if (!after) continue;
    let child = rootNodes[pick];
    let state = after;
    const path: Node[] = [child];
    let fresh = child.visits === 0;
    while (!fresh && state.phase === 'turn' && child.visits >= options.expandAfter) {
      const player = state.current!;
      const cap = player === seat ? options.ownTurns : options.otherTurns;
      const open = openTurns(state, cap);
      work += WORK.move * 2 * open.length;
      const picked = select(child, player, open, c);
      child = picked.child;
      state = picked.after;
      fresh = picked.fresh;
      path.push(child);
    }
    const rolloutSeed = seed * 7 + it * 7919 + 1;
    if (state.phase === 'turn') {
      if (options.rollout === 'informed')
        informedPlayout(state, rolloutSeed, end, options.rolloutActions, options.rolloutPolicy);
      else {
        end.winner = playout(state, rolloutSeed);
        end.turns = state.hands.reduce((sum, hand) => sum + hand.length, 0);
      }
      work += rolloutTurnWork * end.turns + (byMatch ? WORK.score : 0);
    }
    const winner = state.phase === 'turn' ? end.winner : state.roundWinner;
    const reward = rewardOf(state, byMatch, end, standing);
    for (const n of path) {
      n.visits++;
      if (winner === n.player) n.wins++;
      n.value += reward(n.player);
    }
  }
  const options_ = own.map(({ turn }, i) => ({ turn, n: rootNodes[i] }));
  // The most visited turn is the one the search trusts; its win rate is the estimate shown.
  options_.sort((a, b) => b.n.visits - a.n.visits);
  const estimates = options_
    .filter(({ n }) => n.visits > 0)
    .map(({ turn, n }) => ({
      turn,
      stayIn: turn === PASS ? 0 : 1,
      winRound: n.wins / n.visits,
      ...(byMatch ? { winGame: n.value / n.visits } : {}),
    }));
  const top = estimates[0];
  return top
    ? {
        best: top.turn,
        stayIn: top.stayIn,
        winRound: top.winRound,
        winGame: top.winGame,
        options: estimates,
        iterations: it,
        ...(timeCut ? { timeCut } : {}),
      }
    : analysisOf([], null);
}
