/** The wire protocol between a Red7 LAN host and its clients. See docs/protocol.md. */
export { PROTOCOL_VERSION } from './version';
export * from './limits';
export type {
  TableSummary,
  TableOptions,
  TableInfo,
  SeatInfo,
  MatchEntry,
  BotPace,
  PaceMs,
  TableState,
} from './tables';
export { BOT_PACE_NAMES, BOT_PACES, DEFAULT_BOT_PACE, TABLE_STATES } from './tables';
export {
  TURN_CLOCK_SECONDS,
  DEFAULT_TURN_CLOCK,
  CLOCK_EXPIRY_NAMES,
  DEFAULT_CLOCK_EXPIRY,
  type TurnClockSeconds,
  type ClockExpiry,
  type TurnClockInfo,
} from './turn-clock';
export {
  BOT_LEVEL_NAMES,
  DEFAULT_BOT_LEVEL,
  BOT_THINK_NAMES,
  DEFAULT_BOT_THINK,
  type BotLevel,
  type BotThink,
} from '../bots/levels';
export type {
  BotSeatChoice,
  ClientMessage,
  ClientMessageType,
  EveningMessage,
  EveningMessageType,
} from './client-messages';
export { ClientMessageSchema, TableOptionsSchema, botSeatOf, isEveningMessage } from './client-messages';
export { GameOptionsSchema, MoveSchema } from './game-schemas';
export { sameJson } from '../same-json';
export { BOT_NAME_LANGUAGES, type BotNameLanguage } from '../bots/names';
export type { ServerMessage, ServerMessageType, ErrorCode } from './server-messages';
export { CLOSE_CODES } from './server-messages';
export {
  REACTIONS,
  REACTION_EMOJI,
  REACTION_RATE,
  REACTION_SHOWN_MS,
  takeReactionSlot,
  type Reaction,
} from './reactions';
export {
  VIEW_FIELDS,
  ViewDeltaSchema,
  ViewDeltaMessageSchema,
  applyDelta,
  diffView,
  viewFrame,
  type DeltaResult,
  type FullReason,
  type ViewDelta,
  type ViewFields,
  type ViewFrame,
} from './view-delta';
export { SeatViewSchema, LogEntrySchema } from './view-schema';
export { parseClientMessage, parseServerMessage, type ParseResult } from './parse';
export { tidyQuoted } from './tidy';
export * from './table-control';
export {
  EveningSettingsSchema,
  type EveningInfo,
  type EveningPersonInfo,
  type EveningTableInfo,
  type YourEveningTable,
} from './evening';
export {
  HAND_OVER_ASK_TIMEOUT_MS,
  HAND_OVER_BUNDLE_BYTES_MAX,
  HAND_OVER_PROGRESS_MS,
  HAND_OVER_CODE,
  HAND_OVER_ID,
  HandOverAskSchema,
  HandOverIdSchema,
  HandOverWithdrawSchema,
  HandOverPrepareAnswerSchema,
  HandOverPrepareSchema,
  HandOverStartSchema,
  HandOverTableSchema,
  type HandOverAsk,
  type HandOverPrepare,
  type HandOverReport,
  type HandOverPrepareAnswer,
  type HandOverState,
  type HandOverTable,
  type MovedTo,
} from './hand-over';
export {
  HAND_OVER_FAILURE_CODES,
  TABLE_REFUSED_CODES,
  HandOverError,
  failureAnswer,
  failureOf,
  failureOfAnswer,
  type HandOverFailure,
  type HandOverFailureAnswer,
  type HandOverFailureCode,
  type RefusedTable,
  type TableRefusedCode,
} from './hand-over-failure';
