import type { ErrorCode } from '../../shared/protocol';

/** A refusal with a protocol error code: sent to the one connection that asked, nothing else changes. */
export class TableError extends Error {
  constructor(
    readonly code: ErrorCode,
    reason: string,
    /** Sent with the refusal (a wrong-code limit says when to try again). */
    readonly extra: { retryAfterSeconds?: number } = {},
  ) {
    super(reason);
    this.name = 'TableError';
  }
}
