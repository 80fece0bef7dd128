import type { Writable } from 'node:stream';
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
  /** The socket holds what is sent until this turn of the event loop ends. */
  private holding = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly limits: HostLimits,
    now: number,
    /** The remote address (wrong seat codes are counted per machine too). */
    readonly address = '',
    /** The connection's TCP socket (under `ws`), to send a move's frames to it in one write. */
    private readonly socket: Pick<Writable, 'cork' | 'uncork'> | null = null,
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
    this.holdUntilTickEnds();
    this.ws.send(text);
  }

  /**
   * A change may tell a connection two frames or more (the table, its view): held together they leave in
   * one write at the end of this turn of the event loop (Node's cork), not one system call a frame, each of
   * which also wakes the reader (host.bench's `hostWriteCallsPerMove`).
   */
  private holdUntilTickEnds(): void {
    if (this.holding || !this.socket) return;
    this.holding = true;
    this.socket.cork();
    process.nextTick(() => {
      this.holding = false;
      this.socket?.uncork();
    });
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
