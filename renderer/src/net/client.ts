import { CLOSE_CODES, PROTOCOL_VERSION, parseServerMessage } from '../../../shared/protocol';
import type { ClientMessage, ServerMessage } from '../../../shared/protocol';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';

/**
 * idle: never connected; connecting: first attempt; open: welcomed by the host; reconnecting: the
 * link dropped and a retry is scheduled or running; lost: gave up (or the host speaks another
 * protocol); closed: we closed it.
 */
export type ConnectionState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'lost' | 'closed';

export interface ConnectionStatus {
  state: ConnectionState;
  /** Failed attempts in a row (0 while open). */
  attempt: number;
  /** When the next retry starts (epoch ms), while reconnecting. */
  retryAt: number | null;
  /** Why we gave up, for 'lost': 'protocol' (versions differ), 'unreachable', 'refused'. */
  reason: 'protocol' | 'unreachable' | 'refused' | null;
}

export interface ClientOptions {
  /** ws://host:port/ws */
  url: string;
  /** Sent in hello, for the host's logs. */
  clientName?: string;
  backoff?: Partial<BackoffOptions>;
  /** App-level ping period; a link silent for 3 periods is treated as dead (browsers hide ws pings). */
  heartbeatMs?: number;
  /** Injected for tests and for Node; defaults to the global WebSocket. */
  WebSocketImpl?: typeof WebSocket;
  random?: () => number;
}

type Listener<T> = (value: T) => void;

/**
 * One WebSocket to one host, kept alive: says hello, reconnects with back-off, and tells its
 * owner when the host has welcomed it (the owner then resumes its seat with its token).
 */
export class GameClient {
  private socket: WebSocket | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private lastHeard = 0;
  private pingId = 0;
  private stopped = false;
  private readonly backoff: BackoffOptions;
  private readonly heartbeatMs: number;
  private readonly messageListeners = new Set<Listener<ServerMessage>>();
  private readonly statusListeners = new Set<Listener<ConnectionStatus>>();
  private readonly welcomeListeners = new Set<Listener<Extract<ServerMessage, { type: 'welcome' }>>>();
  status: ConnectionStatus = { state: 'idle', attempt: 0, retryAt: null, reason: null };

  constructor(private readonly opts: ClientOptions) {
    this.backoff = { ...DEFAULT_BACKOFF, ...opts.backoff };
    this.heartbeatMs = opts.heartbeatMs ?? 10_000;
  }

  get url(): string {
    return this.opts.url;
  }

  onMessage(cb: Listener<ServerMessage>): () => void {
    this.messageListeners.add(cb);
    return () => this.messageListeners.delete(cb);
  }

  onStatus(cb: Listener<ConnectionStatus>): () => void {
    this.statusListeners.add(cb);
    return () => this.statusListeners.delete(cb);
  }

  /** Called after every (re)connection, once the host has answered hello. */
  onWelcome(cb: Listener<Extract<ServerMessage, { type: 'welcome' }>>): () => void {
    this.welcomeListeners.add(cb);
    return () => this.welcomeListeners.delete(cb);
  }

  connect(): void {
    this.stopped = false;
    if (this.socket) return;
    this.setStatus({
      state: this.status.attempt > 0 ? 'reconnecting' : 'connecting',
      retryAt: null,
      reason: null,
    });
    this.open();
  }

  /** Retry now (the "reconnect" button), from any state but open. */
  retryNow(): void {
    if (this.status.state === 'open') return;
    this.clearRetry();
    this.status.attempt = Math.max(1, this.status.attempt);
    this.stopped = false;
    this.dropSocket();
    this.setStatus({ state: 'reconnecting', retryAt: null, reason: null });
    this.open();
  }

  /** Sends when welcomed; false (nothing sent) otherwise, so callers can say "not connected". */
  send(msg: ClientMessage): boolean {
    if (this.status.state !== 'open' || !this.socket || this.socket.readyState !== 1) return false;
    this.socket.send(JSON.stringify(msg));
    return true;
  }

  close(): void {
    this.stopped = true;
    this.clearRetry();
    this.dropSocket();
    this.setStatus({ state: 'closed', retryAt: null, reason: null });
  }

  private open(): void {
    const Impl = this.opts.WebSocketImpl ?? WebSocket;
    let ws: WebSocket;
    try {
      ws = new Impl(this.opts.url);
    } catch {
      this.scheduleRetry('unreachable');
      return;
    }
    this.socket = ws;
    ws.onopen = () => {
      this.lastHeard = Date.now();
      ws.send(
        JSON.stringify({
          type: 'hello',
          protocol: PROTOCOL_VERSION,
          client: this.opts.clientName,
        } satisfies ClientMessage),
      );
    };
    ws.onmessage = (event: MessageEvent) => {
      if (this.socket !== ws) return;
      this.lastHeard = Date.now();
      if (typeof event.data !== 'string') return;
      const parsed = parseServerMessage(event.data);
      if (!parsed.ok) {
        console.warn(`red7: ignoring a host message: ${parsed.reason}`);
        return;
      }
      this.handle(parsed.msg);
    };
    ws.onclose = (event: CloseEvent) => {
      if (this.socket !== ws) return;
      this.socket = null;
      this.stopHeartbeat();
      if (this.stopped) return;
      if (event.code === CLOSE_CODES.protocolMismatch) this.giveUp('protocol');
      else this.scheduleRetry('unreachable');
    };
    // An error is always followed by close; the retry is decided there.
    ws.onerror = () => undefined;
  }

  private handle(msg: ServerMessage): void {
    if (msg.type === 'welcome') {
      this.setStatus({ state: 'open', attempt: 0, retryAt: null, reason: null });
      this.startHeartbeat();
      for (const cb of this.welcomeListeners) cb(msg);
      return;
    }
    if (msg.type === 'error' && msg.code === 'protocolMismatch') {
      this.giveUp('protocol');
      for (const cb of this.messageListeners) cb(msg);
      return;
    }
    if (msg.type === 'pong') return;
    for (const cb of this.messageListeners) cb(msg);
  }

  private scheduleRetry(reason: ConnectionStatus['reason']): void {
    const attempt = this.status.attempt + 1;
    if (attempt > this.backoff.maxAttempts) {
      this.giveUp(reason);
      return;
    }
    const delay = backoffDelay(attempt, this.backoff, (this.opts.random ?? Math.random)());
    this.setStatus({ state: 'reconnecting', attempt, retryAt: Date.now() + delay, reason: null });
    this.clearRetry();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped) this.open();
    }, delay);
  }

  private giveUp(reason: ConnectionStatus['reason']): void {
    this.stopped = true;
    this.clearRetry();
    this.dropSocket();
    this.setStatus({ state: 'lost', retryAt: null, reason });
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heartbeatTimer = setInterval(() => {
      const ws = this.socket;
      if (!ws) return;
      if (Date.now() - this.lastHeard > this.heartbeatMs * 3) {
        // Silent for too long: the link is dead even if the browser has not noticed.
        this.dropSocket();
        this.scheduleRetry('unreachable');
        return;
      }
      if (ws.readyState === 1)
        ws.send(JSON.stringify({ type: 'ping', id: ++this.pingId } satisfies ClientMessage));
    }, this.heartbeatMs);
  }

  private stopHeartbeat(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
  }

  private dropSocket(): void {
    this.stopHeartbeat();
    const ws = this.socket;
    this.socket = null;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
      try {
        ws.close();
      } catch {
        // Closing a socket that never opened can throw in some engines; it is gone either way.
      }
    }
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private setStatus(patch: Partial<ConnectionStatus>): void {
    this.status = { ...this.status, ...patch };
    for (const cb of this.statusListeners) cb(this.status);
  }
}
