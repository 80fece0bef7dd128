import { COLORS, cardValue } from '../cards';
import { countingSet } from '../rules';
import { paletteScore } from '../score';
import type { CardId, Color, Rule, SeatView } from '../types';

/** The colour ranking, highest first (Red … Violet): it breaks ties between cards of the same value. */
export const RANKING: readonly Color[] = COLORS;

/** What decides the lead: every palette, who is out of the round, the rule. */
export type LeadFacts = Pick<SeatView, 'palettes' | 'out' | 'rule'>;

export interface SeatStanding {
  seat: number;
  /** Out of the round: its standing is shown but takes no part in the lead. */
  out: boolean;
  /** The counting set under the rule, strongest first. */
  counting: CardId[];
  size: number;
  /** The best counting card, null when nothing counts. */
  best: CardId | null;
}

/** Each seat's counting cards under `rule` (default: the table's rule), out seats included. */
export function seatStandings(view: LeadFacts, rule: Rule = view.rule): SeatStanding[] {
  return view.palettes.map((palette, seat) => {
    const counting = countingSet(palette, rule);
    return { seat, out: view.out[seat], counting, size: counting.length, best: counting[0] ?? null };
  });
}

export type LeadExplanation =
  /** No seat still in has a counting card. */
  | { kind: 'nobody'; rule: Rule }
  /** The leader is the only seat still in with a counting card. */
  | { kind: 'alone'; rule: Rule; leader: number }
  /** The leader has more counting cards than the runner-up (the best of the others still in). */
  | {
      kind: 'moreCards';
      rule: Rule;
      leader: number;
      runnerUp: number;
      leaderSize: number;
      runnerUpSize: number;
    }
  /** As many cards; the leader's best card is higher (byColor: same value, the colour ranking decides). */
  | {
      kind: 'higherCard';
      rule: Rule;
      leader: number;
      runnerUp: number;
      size: number;
      leaderBest: CardId;
      runnerUpBest: CardId;
      byColor: boolean;
    };

/** Who leads under `rule` (default: the table's rule) among the seats still in, and what decides it. */
export function explainLead(view: LeadFacts, rule: Rule = view.rule): LeadExplanation {
  // Scores order standings (size, then best card); two different cards never tie, so neither do scores > 0.
  const ranked = view.palettes
    .map((palette, seat) => ({ seat, score: view.out[seat] ? 0 : paletteScore(palette, rule) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score);
  if (ranked.length === 0) return { kind: 'nobody', rule };
  const leader = ranked[0].seat;
  if (ranked.length === 1) return { kind: 'alone', rule, leader };
  const runnerUp = ranked[1].seat;
  const [first, second] = [leader, runnerUp].map((seat) => countingSet(view.palettes[seat], rule));
  if (first.length !== second.length)
    return {
      kind: 'moreCards',
      rule,
      leader,
      runnerUp,
      leaderSize: first.length,
      runnerUpSize: second.length,
    };
  return {
    kind: 'higherCard',
    rule,
    leader,
    runnerUp,
    size: first.length,
    leaderBest: first[0],
    runnerUpBest: second[0],
    byColor: cardValue(first[0]) === cardValue(second[0]),
  };
}
