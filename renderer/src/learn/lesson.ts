import type { CardId, GameOptions, Move, RoundSetup, Rule } from '../../../shared/engine/types';
import type { ChapterId } from './chapter-ids';

/** A value in a coaching line: words as they are, or a card or a rule named in the player's language. */
export type SayParam = string | number | { card: CardId } | { rule: Rule };

/**
 * One paragraph of a step. Rules and previews are the table's own texts (`rule.*`, `rules.*`, `preview.*`):
 * - `key`: a text by its key (the coaching lines are under `learn.*`);
 * - `previewPlay` / `previewDiscard`: what the table's turn panel says of that step from where the player is;
 * - `leader`: who leads and why, as the canvas says it.
 */
export type Say =
  | { key: string; params?: Record<string, SayParam> }
  | { previewPlay: CardId }
  | { previewDiscard: CardId }
  | { leader: true };

/** What a step points at on the table. */
export type Target =
  | { hand: CardId }
  | { palette: number; card?: CardId }
  | {
      button:
        | 'play'
        | 'discard'
        | 'confirm-turn'
        | 'undo'
        | 'pass'
        | 'draw'
        | 'no-draw'
        | 'seven-canvas'
        | 'seven-deck';
    }
  /** `mine`: the player's side (palette and hand); `rule`: the canvas's top card and the rule it sets. */
  | { part: 'ranking' | 'rule' | 'leader' | 'canvas' | 'deck' | 'scores' | 'status' | 'hand' | 'mine' };

interface StepBase {
  /** Unique within its scene (tests and the page's data attributes name it). */
  id: string;
  say: Say[];
}

/** Read, look, press Next. */
export interface ReadStep extends StepBase {
  wait: 'next';
  point?: Target;
}

/** A wrong step the player may stage, and what the coach says of it (then: try again). */
export interface WrongMove {
  move: Move;
  say: Say[];
}

/**
 * The player's own move: the turn they stage and confirm on the table. The guide points at what to press
 * next (the card, then its button, then Confirm). A staged step that fits none of `turns` is explained
 * (`wrong`, else the table's preview of it) and taken back.
 */
export interface MoveStep extends StepBase {
  wait: 'turn';
  /** The turns taught here, each as its steps without the final `end`. */
  turns: Move[][];
  /**
   * exact: the confirmed turn is one of `turns`; leading: it starts with a turn's first step and may go on
   * with any legal step (a 5's extra card, the 7's choice; the rest of the turn is what the guide points
   * at) as long as the turn ends with the player leading.
   */
  finish: 'exact' | 'leading';
  wrong?: WrongMove[];
}

/** The bots take their turns (in the page) until it is the player's turn again or the round is over. */
export interface BotsStep extends StepBase {
  wait: 'bots';
}

export type Step = ReadStep | MoveStep | BotsStep;

/** One planted position and what is taught at it. The player is always seat 0. */
export interface Scene {
  options: GameOptions;
  setup: RoundSetup;
  /** The bots' names' keys, seat 1 on (the player's seat is "You"). */
  steps: Step[];
}

export interface Chapter {
  id: ChapterId;
  /** `learn.chapter.<id>.title` and `.summary` name it in the list. */
  scenes: Scene[];
  /** The Action rule is optional at a table: so is its chapter. */
  optional?: boolean;
}
