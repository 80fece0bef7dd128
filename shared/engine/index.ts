/** The Red7 rules engine: pure functions over plain-JSON states. See docs/engine.md. */
export type * from './types';
export {
  ALL_CARDS,
  COLORS,
  cardColor,
  cardValue,
  cardRank,
  cardFromRank,
  compareCards,
  sortCards,
  isCardId,
} from './cards';
export { countingSet } from './rules';
export { standing, leader, paletteScore } from './score';
export {
  IllegalMoveError,
  newGame,
  setupState,
  legalMoves,
  applyMove,
  whyIllegal,
  isLeading,
  ruleOf,
  playersLeft,
} from './game';
export { defaultTargetScore, normalizeOptions } from './options';
export { viewFor } from './view';
export { drawsUnknownCard } from './entries';
export { stageTurn } from './stage';
export { applyTurn, turnEnded, type AppliedTurn, type TurnRefusalKind } from './turn';
export type { StagedTurn } from './stage';
export { upgradeLog, logsNoTurns } from './upgrade';
export { completeTurns, playout, leadingTurnCount } from './playout';
export { nextRandom, shuffle } from './rng';
export { stateFromView, stateWithHidden, unseenCards } from './explain/view-state';
export { isOwnTurn, keepingTurns } from './explain/keeping';
export { RANKING, seatStandings, explainLead } from './explain/standings';
export type { SeatStanding, LeadExplanation, LeadFacts } from './explain/standings';
export { illegalReason } from './game';
export type { IllegalReason } from './illegal';
export { whyNot } from './explain/why-not';
export { previousRoundView, replayRound } from './explain/replay';
export { turnsInRound, movesOfTurn, isExtraPlay } from './explain/log-turns';
export type { LoggedTurn } from './explain/log-turns';
export type { RoundStep } from './explain/replay';
export { sameMove } from './moves';
export { advancedDrawOffered, dealGiven } from './game';
export type { DealtCards } from './game';
export {
  adviseTurn,
  previewPlay,
  previewDiscard,
  previewEnd,
  oneChoices,
  sevenChoices,
  drawOffer,
} from './explain/advice';
export type {
  Outcome,
  CardAdvice,
  TurnAdvice,
  PlayPreview,
  DiscardPreview,
  OneChoice,
  SevenChoice,
} from './explain/advice';
export { outEvents, explainOut, roundSummary } from './explain/hindsight';
export type { OutEvent, OutExplanation, RoundSummary, RoundSummaryRow } from './explain/hindsight';
