import { WebSocket } from 'ws';
import type { ErrorCode, ServerMessage, ClientMessageType } from '../../shared/protocol';
import type { HostLimits } from './limits';
import { TokenBucket } from './rate-limit';

let lastId = 0;

/** One client connection: what it is attached to, its send path and its rate budget. */
export class Session {
  readonly id = ++lastId;
  greeted = false;
  /** Answered the last heartbeat ping (or sent something since). */
  alive = true;
  /** The table this connection is attached to, as a seat or (seat null) as a spectator. */
  tableId: string | null = null;
  seat: number | null = null;
  /** Receives `tables` whenever the list changes (after listTables, until it attaches to a table). */
  watching = false;
  /** Messages dropped for rate since the connection opened. */
  strikes = 0;
  readonly bucket: TokenBucket;

  constructor(
    private readonly ws: WebSocket,
    private readonly limits: HostLimits,
  ) {
    this.bucket = new TokenBucket(limits.ratePerSecond, limits.rateBurst);
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  send(msg: ServerMessage): void {
    this.sendText(JSON.stringify(msg));
  }

  /** Sends pre-serialised JSON (one string shared by many spectators). */
  sendText(text: string): void {
    if (!this.open) return;
    // A client that does not read cannot make the host buffer without end: it is dropped and may resume.
    if (this.ws.bufferedAmount > this.limits.maxBufferedBytes) {
      this.ws.terminate();
      return;
    }
    this.ws.send(text);
  }

  error(
    code: ErrorCode,
    reason: string,
    extra: { to?: ClientMessageType; moveCount?: number; protocol?: number } = {},
  ): void {
    this.send({ type: 'error', code, reason, ...extra });
  }

  close(code: number, reason: string): void {
    this.ws.close(code, reason);
  }

  terminate(): void {
    this.ws.terminate();
  }

  ping(): void {
    if (this.open) this.ws.ping();
  }
}
