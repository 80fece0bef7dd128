import { applyMove, drawsUnknownCard, legalMoves } from '../../../shared/engine';
import type { GameState, LogEntry, Move } from '../../../shared/engine';
import type { TestClient } from './client';
import { turnMessage, viewAt } from './play';
import { pick } from '../../helpers/random';

/** A turn the host takes in one message: its steps, and what each left (the state, the log entries it added). */
export interface WholeTurn {
  steps: Move[];
  after: GameState[];
  added: LogEntry[][];
  /** The last step ended the turn (the turn is complete). */
  ends: boolean;
}

/** The step's turn is over: the seat to act changed, a next turn began, or the round ended. */
export const endsTurn = (after: GameState, seat: number, added: readonly LogEntry[]): boolean =>
  after.phase !== 'turn' || after.current !== seat || added.some((e) => e.kind === 'turn');

/**
 * Every sequence of legal steps (no pass) from `state` that may go as one `turn` message, found on the
 * host's truth: nothing after a step that ends the turn or draws an unknown card. Up to `maxSteps` long.
 */
export function wholeTurns(state: GameState, maxSteps = 4): WholeTurn[] {
  const seat = state.current;
  if (state.phase !== 'turn' || seat === null) return [];
  const found: WholeTurn[] = [];
  const walk = (t: WholeTurn) => {
    if (t.steps.length > 0) found.push(t);
    const s = t.after.at(-1) ?? state;
    const added = t.added.at(-1) ?? [];
    if (t.steps.length >= maxSteps) return;
    if (t.ends || (t.steps.length > 0 && added.some(drawsUnknownCard))) return;
    for (const m of legalMoves(s)) {
      if (m.type === 'pass') continue;
      const next = applyMove(s, m);
      const nextAdded = next.log.slice(s.log.length);
      walk({
        steps: [...t.steps, m],
        after: [...t.after, next],
        added: [...t.added, nextAdded],
        ends: endsTurn(next, seat, nextAdded),
      });
    }
  };
  walk({ steps: [], after: [], added: [], ends: false });
  return found;
}

/** The card value a play or discard step names (0 for other steps). */
export const valueOf = (m: Move): number => ('card' in m ? Number(m.card[1]) : 0);

/** The step types of a turn, joined: 'play,seven,end'. */
export const shapeOf = (steps: readonly Move[]): string => steps.map((m) => m.type).join(',');

/**
 * A random turn as a player might confirm it, from `state` (the seat to act's): random legal steps (no
 * pass) until one ends the turn or draws an unknown card, or none is left; a pass when nothing else is
 * legal. Cheap: one walk, not every turn there is.
 */
export function randomWholeTurn(state: GameState, random: () => number): Move[] {
  const seat = state.current!;
  const steps: Move[] = [];
  let s = state;
  for (;;) {
    const legal = legalMoves(s).filter((m) => m.type !== 'pass');
    if (legal.length === 0) return steps.length > 0 ? steps : [{ type: 'pass' }];
    const m = pick(random, legal);
    const next = applyMove(s, m);
    const added = next.log.slice(s.log.length);
    steps.push(m);
    if (endsTurn(next, seat, added) || added.some(drawsUnknownCard)) return steps;
    s = next;
  }
}

/**
 * Plays a game to its end with whole turns, each one message: at each turn of a client's seat a
 * `randomWholeTurn` on the host's truth (`truth(moveCount)`); between rounds the lowest seat deals. Waits after each until every client has seen it. Bots play their own.
 * Returns how many turns the clients sent, and how many of them had more than one step.
 */
export async function playWholeTurns(
  clients: TestClient[],
  truth: (moveCount: number) => GameState | undefined,
  random: () => number,
): Promise<{ turns: number; multiStep: number }> {
  let turns = 0;
  let multiStep = 0;
  for (;;) {
    const m = Math.max(...clients.map((c) => c.view!.moveCount));
    await Promise.all(clients.map((c) => viewAt(c, m)));
    const s = truth(m)!;
    if (s.phase === 'gameOver') return { turns, multiStep };
    const seated = clients.filter((c) => c.seat !== null);
    const actor = seated.find((c) => c.seat === s.current && c.view!.moveCount === m);
    // Between rounds every seated person says ready; the last yes deals the next round.
    if (s.phase === 'roundOver') for (const c of seated) c.send({ type: 'ready' });
    else if (actor) {
      const steps: Move[] = randomWholeTurn(s, random);
      actor.send(turnMessage(steps, m));
      turns += 1;
      if (steps.length > 1) multiStep += 1;
    }
    // Without an actor a bot is to move.
    await Promise.all(clients.map((c) => viewAt(c, m + 1)));
  }
}
