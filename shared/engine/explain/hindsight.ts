import { countingSet } from '../rules';
import type { CardId, Move, Rule, SeatView } from '../types';
import { keepingTurns } from './keeping';
import { replayLog, viewAtTurn } from './replay';
import type { OutFacts, OutMoment, RoundReplay } from './replay';
import { explainLead, seatStandings } from './standings';
import type { LeadExplanation, LeadFacts, SeatStanding } from './standings';

/** A seat's elimination in the current round, from public information only. */
export interface OutEvent extends OutFacts {
  /** Who led at that moment and why, the out seat still counted. */
  lead: LeadExplanation;
  /** The out seat's own standing at that moment under that rule. */
  standing: SeatStanding;
  /** The leader's standing then (null when nobody led), to compare with the out seat's when it was not the runner-up. */
  leaderStanding: SeatStanding | null;
}

export interface OutExplanation extends OutEvent {
  /**
   * The complete turns, seen from the seat's own view at the start of the turn it went out in, that would
   * have kept it in ([] = none could). Always [] for emptyHand: that seat had no turn.
   */
  keepers: Move[][];
}

export interface RoundSummaryRow {
  seat: number;
  /** The palette at the end of the round (or now), the winner's scored cards still in it. */
  palette: CardId[];
  /** Its counting cards under the final rule, strongest first. */
  counting: CardId[];
  out: OutEvent | null;
  winner: boolean;
  /** Points this seat scored this round (Advanced winner), else 0. */
  points: number;
}

export interface RoundSummary {
  round: number;
  /** The final rule (the rule now, while the round is still being played). */
  rule: Rule;
  /** False while the round is still being played. */
  over: boolean;
  rows: RoundSummaryRow[];
  /** Scores after the round (Advanced; all 0 in Basic). */
  scores: number[];
}

function outEvent({ position, ...facts }: OutMoment): OutEvent {
  // The lead as it stood just before the elimination: the out seat still counted.
  const then: LeadFacts = { palettes: position.palettes, out: position.out, rule: facts.rule };
  const lead = explainLead(then);
  const standings = seatStandings(then);
  return {
    ...facts,
    lead,
    standing: standings[facts.seat],
    leaderStanding: lead.kind === 'nobody' ? null : standings[lead.leader],
  };
}

const eventsOf = (replay: RoundReplay): OutEvent[] => replay.outs.map(outEvent);

/** Everyone's eliminations in the current round, in order, from public information only. */
export function outEvents(view: SeatView): OutEvent[] {
  const replay = replayLog(view);
  return replay ? eventsOf(replay) : [];
}

/**
 * Why `view.seat` is out of the current round, and what would have kept it in, judged from its own view at
 * the start of that turn (replayed from the log, so any later view of the round gives the same answer).
 * Null for a spectator, a seat still in, or one whose elimination the round's log does not record.
 */
export function explainOut(view: SeatView): OutExplanation | null {
  const seat = view.seat;
  if (seat === null || !view.out[seat]) return null;
  const replay = replayLog(view);
  const moment = replay?.outs.find((o) => o.seat === seat);
  const turn = moment && replay?.turns[moment.turnIndex];
  if (!replay || !moment || !turn) return null;
  const event = outEvent(moment);
  if (moment.reason === 'emptyHand') return { ...event, keepers: [] };
  const start = viewAtTurn(view, replay, turn);
  return { ...event, keepers: keepingTurns(start) };
}

/**
 * The current round at a glance: every palette as it ended (before the winner's cards were scored) with
 * its counting cards under the final rule, who went out when and why, and the winner. Null with no round.
 */
export function roundSummary(view: SeatView): RoundSummary | null {
  const replay = replayLog(view);
  if (!replay) return null;
  const rule = replay.won?.rule ?? view.rule;
  const events = eventsOf(replay);
  const rows = replay.final.palettes.map((palette, seat): RoundSummaryRow => {
    const winner = replay.won?.seat === seat;
    return {
      seat,
      palette,
      counting: countingSet(palette, rule),
      out: events.find((e) => e.seat === seat) ?? null,
      winner,
      points: winner ? replay.won!.points : 0,
    };
  });
  return { round: view.round, rule, over: replay.won !== null, rows, scores: [...view.scores] };
}
