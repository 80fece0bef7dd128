import { drawsUnknownCard } from './entries';
import { judgeAndStep } from './game';
import { sentence } from './illegal';
import type { GameState, Move } from './types';

/*
 * A whole turn, the engine's one rule for it (docs/engine.md, "A turn"): the host applies a confirmed turn
 * with it, a screen stages one with it, the bots and a record's replay use its notion of where a turn ends.
 */

/** Why a turn was refused, for the one who sent it: the host turns each kind into its error code. */
export type TurnRefusalKind =
  /** No step at all. */
  | 'empty'
  /** A `nextRound` among the steps: the ready vote deals the next round, nobody's turn does. */
  | 'nextRound'
  /** Someone else is to act (or nobody). */
  | 'notYourTurn'
  /** A step the engine refuses where it stands. */
  | 'illegal'
  /** A step after the one that ended the turn. */
  | 'afterEnd'
  /** A step after a draw from the face-down deck: the player must see that card before choosing more. */
  | 'afterDraw';

export type AppliedTurn =
  | {
      ok: true;
      /** After the last step. Played (`'play'`): the next turn has begun, or the round has ended. */
      state: GameState;
      /** The last step ended the turn. */
      ended: boolean;
      /** The last step drew a card from the face-down deck (nothing may follow it in this message). */
      drawsUnknown: boolean;
    }
  | {
      ok: false;
      kind: TurnRefusalKind;
      /** The refused step (0-based), or -1 for the turn as a whole. */
      step: number;
      /** In English, naming the step when there are several: "step 2 of 3: ...; nothing was applied". */
      reason: string;
    };

/**
 * Whether the step that wrote log entries from `from` on ended `seat`'s turn in `after` (played, not
 * staged): the round is over, another seat is to act, or the next turn opened.
 */
export function turnEnded(after: GameState, seat: number, from: number): boolean {
  if (after.phase !== 'turn' || after.current !== seat) return true;
  for (let i = from; i < after.log.length; i++) if (after.log[i].kind === 'turn') return true;
  return false;
}

/**
 * Applies `seat`'s turn, every step or none. `'play'` (the host, a replay) passes play on after the step
 * that ends the turn; `'stage'` (a screen before the turn is confirmed) stops there, with the seat out if it
 * did not lead. Pure: `state` is never changed, and a refusal leaves nothing applied.
 */
export function applyTurn(
  state: GameState,
  seat: number,
  steps: readonly Move[],
  how: 'play' | 'stage' = 'play',
): AppliedTurn {
  const count = steps.length;
  const refuse = (kind: TurnRefusalKind, step: number, why: string): AppliedTurn => ({
    ok: false,
    kind,
    step,
    reason: step >= 0 && count > 1 ? `step ${step + 1} of ${count}: ${why}; nothing was applied` : why,
  });
  const nextRoundAt = steps.findIndex((m) => m.type === 'nextRound');
  if (nextRoundAt >= 0)
    return count === 1
      ? refuse('nextRound', -1, 'the next round is dealt once every player is ready: send "ready" instead')
      : refuse(
          'nextRound',
          nextRoundAt,
          'the next round is not part of a turn: it starts when everyone is ready',
        );
  if (count === 0) return refuse('empty', -1, 'a turn holds at least one step');
  if (state.current !== seat)
    return refuse(
      'notYourTurn',
      -1,
      state.current === null ? 'nobody is to move now' : `it is seat ${state.current}'s turn`,
    );
  let s = state;
  let ended = false;
  let drawsUnknown = false;
  for (const [i, move] of steps.entries()) {
    if (ended) return refuse('afterEnd', i, `your turn ended with step ${i}`);
    if (drawsUnknown)
      return refuse(
        'afterDraw',
        i,
        `step ${i} drew a card from the deck: send the steps after it once you have seen that card`,
      );
    const judged = judgeAndStep(s, move, how);
    if (!judged.ok) {
      const why = sentence(judged.reason);
      return refuse('illegal', i, count > 1 ? why.replace(/\.$/, '') : why);
    }
    const from = s.log.length;
    s = judged.state;
    ended = how === 'stage' ? judged.ended : turnEnded(s, seat, from);
    drawsUnknown = false;
    for (let e = from; e < s.log.length; e++) if (drawsUnknownCard(s.log[e])) drawsUnknown = true;
  }
  return { ok: true, state: s, ended, drawsUnknown };
}
