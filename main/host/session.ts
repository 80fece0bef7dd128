import { WebSocket } from 'ws';
import type { ErrorCode, ServerMessage, ClientMessageType } from '../../shared/protocol';
import type { HostLimits } from './limits';
import { TokenBucket } from './rate-limit';

let lastId = 0;

/** One client connection: its send path and its rate budget (which table it is at is the hub's to know). */
export class Session {
  readonly id = ++lastId;
  greeted = false;
  /** Answered the last heartbeat ping (or sent something since). */
  alive = true;
  /** Messages dropped for rate since the connection opened. */
  strikes = 0;
  readonly bucket: TokenBucket;

  constructor(
    private readonly ws: WebSocket,
    private readonly limits: HostLimits,
    now: number,
    /** The remote address (wrong seat codes are counted per machine too). */
    readonly address = '',
  ) {
    this.bucket = new TokenBucket(limits.ratePerSecond, limits.rateBurst, now);
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
    extra: { to?: ClientMessageType; moveCount?: number; protocol?: number; retryAfterSeconds?: number } = {},
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
