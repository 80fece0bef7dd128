import * as v from 'valibot';
import { ALL_CARDS } from '../engine/cards';
import type { Move, NormalizedOptions } from '../engine/types';
import type { Same } from '../same-type';
import { TARGET_SCORE_MAX, TARGET_SCORE_MIN } from './limits';

/*
 * The game's own shapes, written once for every reader: the wire (client messages, views), the host's store
 * and game records. A reader that must refuse what it does not know (a record file) adds that itself.
 */

const card = v.picklist(ALL_CARDS, 'must be a card id such as "R7"');
const seat = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(3));

/** A move, as the wire carries it: unknown fields are ignored (docs/protocol.md). */
export const MoveSchema = v.variant('type', [
  v.object({ type: v.literal('play'), card }),
  v.object({ type: v.literal('discard'), card }),
  v.object({ type: v.literal('draw') }),
  v.object({ type: v.literal('noDraw') }),
  v.object({ type: v.literal('seven'), card, to: v.picklist(['canvas', 'deck']) }),
  v.object({ type: v.literal('one'), seat, card }),
  v.object({ type: v.literal('end') }),
  v.object({ type: v.literal('pass') }),
  v.object({ type: v.literal('nextRound') }),
]);

/** A game's options with every default filled in (the engine's `NormalizedOptions`); nothing else in them. */
export const GameOptionsSchema = v.strictObject({
  players: v.picklist([2, 3, 4], 'must be 2, 3 or 4'),
  mode: v.picklist(['basic', 'advanced']),
  actionRule: v.boolean(),
  rulesVersion: v.picklist(['1.1', '1.2']),
  targetScore: v.pipe(v.number(), v.integer(), v.minValue(TARGET_SCORE_MIN), v.maxValue(TARGET_SCORE_MAX)),
  autoDraw: v.boolean(),
});

// Compile-time guard: the schemas and the engine's types describe the same values.
const _movesAgree: Same<v.InferOutput<typeof MoveSchema>, Move> = true;
const _optionsAgree: Same<v.InferOutput<typeof GameOptionsSchema>, NormalizedOptions> = true;
void _movesAgree;
void _optionsAgree;
