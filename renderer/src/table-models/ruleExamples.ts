import type { CardId, Rule } from '../../../shared/engine/types';

/** One example palette per rule for the rules reference; its counting cards are computed by the engine. */
export const RULE_EXAMPLES: Readonly<Record<Rule, CardId[]>> = {
  R: ['B3', 'R5', 'G6'],
  O: ['Y2', 'B4', 'G4', 'R6'],
  Y: ['G2', 'G5', 'R7', 'O3'],
  G: ['R2', 'B4', 'V5', 'O7', 'Y6'],
  B: ['R3', 'R6', 'Y2', 'B1', 'V4'],
  I: ['O2', 'Y3', 'G4', 'B4', 'R7'],
  V: ['R1', 'Y3', 'G5', 'I2', 'B7'],
};

export const RULE_ORDER: readonly Rule[] = ['R', 'O', 'Y', 'G', 'B', 'I', 'V'];
