import { WebSocket } from 'ws';
import { PROTOCOL_VERSION, applyDelta } from '../../../shared/protocol';
import type { ClientMessage, ServerMessage } from '../../../shared/protocol';
import type { SeatView } from '../../../shared/engine';

type Pred = (m: ServerMessage) => boolean;

/** A protocol client for tests: records every frame it receives and waits for messages by predicate. */
export class TestClient {
  /** Every text frame received, raw, in order (the leak checks read these). */
  readonly frames: string[] = [];
  readonly inbox: ServerMessage[] = [];
  private cursor = 0;
  private waiters: { pred: Pred; resolve: (m: ServerMessage) => void }[] = [];
  /** The game as this client rebuilds it from `view` and `viewDelta` frames. */
  view: SeatView | null = null;
  /** Deltas that did not apply to the view held (after each, the client asked for the whole view). */
  gaps = 0;
  /** Test hook: a received delta for which this returns true is thrown away, as if it never came. */
  dropDelta: ((delta: Extract<ServerMessage, { type: 'viewDelta' }>) => boolean) | null = null;
  token: string | null = null;
  seat: number | null = null;
  tableId: string | null = null;
  closed: Promise<{ code: number; reason: string }>;
  onMessage: ((m: ServerMessage) => void) | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) throw new Error('the host sent a binary frame');
      const text = data.toString();
      this.frames.push(text);
      const msg = JSON.parse(text) as ServerMessage;
      if (msg.type === 'view') this.view = msg.view;
      if (msg.type === 'viewDelta') {
        if (this.dropDelta?.(msg)) return;
        this.onDelta(msg);
      }
      if (msg.type === 'joined') {
        this.token = msg.token;
        this.seat = msg.seat;
        this.tableId = msg.tableId;
      }
      this.inbox.push(msg);
      const i = this.waiters.findIndex((w) => w.pred(msg));
      if (i >= 0) {
        const [w] = this.waiters.splice(i, 1);
        this.cursor = this.inbox.length;
        w.resolve(msg);
      }
      this.onMessage?.(msg);
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  /** As the app does: a delta that does not apply leaves the view as it was and asks for the whole one. */
  private onDelta(msg: Extract<ServerMessage, { type: 'viewDelta' }>): void {
    const result = this.view ? applyDelta(this.view, msg) : null;
    if (result?.ok) {
      this.view = result.view;
      return;
    }
    this.gaps += 1;
    this.send({ type: 'sync' });
  }

  static connect(port: number, headers: Record<string, string> = {}, options: { autoPong?: boolean } = {}) {
    return new Promise<TestClient>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers, autoPong: options.autoPong ?? true });
      const client = new TestClient(ws);
      ws.once('open', () => resolve(client));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
  }

  /** Connects and says hello. */
  static async greeted(port: number): Promise<TestClient> {
    const c = await TestClient.connect(port);
    c.send({ type: 'hello', protocol: PROTOCOL_VERSION, client: 'test' });
    await c.next((m) => m.type === 'welcome');
    return c;
  }

  send(msg: ClientMessage | Record<string, unknown>): void {
    this.ws.send(JSON.stringify(msg));
  }

  sendRaw(data: string | Buffer, binary = false): void {
    this.ws.send(data, { binary });
  }

  /** The next message after the last one waited for that matches `pred`. */
  next<T extends ServerMessage['type']>(
    pred: T | Pred,
    timeoutMs = 5000,
  ): Promise<Extract<ServerMessage, { type: T }>> {
    const test: Pred = typeof pred === 'string' ? (m) => m.type === pred : pred;
    for (let i = this.cursor; i < this.inbox.length; i++) {
      if (test(this.inbox[i])) {
        this.cursor = i + 1;
        return Promise.resolve(this.inbox[i] as Extract<ServerMessage, { type: T }>);
      }
    }
    return new Promise((resolve, reject) => {
      const waiter = { pred: test, resolve: resolve as (m: ServerMessage) => void };
      this.waiters.push(waiter);
      setTimeout(() => {
        const i = this.waiters.indexOf(waiter);
        if (i < 0) return;
        this.waiters.splice(i, 1);
        const last = JSON.stringify(this.inbox.slice(-2)).slice(0, 300);
        reject(
          new Error(`timed out waiting for ${typeof pred === 'string' ? pred : 'a message'}; last: ${last}`),
        );
      }, timeoutMs);
    });
  }

  /** The next view frame (whole or delta) after which the rebuilt view satisfies `ok`. */
  nextView(ok: (view: SeatView) => boolean, timeoutMs = 5000): Promise<SeatView> {
    return this.next(
      (m) => (m.type === 'view' || m.type === 'viewDelta') && this.view !== null && ok(this.view),
      timeoutMs,
    ).then(() => this.view!);
  }

  /** Skips everything received so far. */
  drain(): void {
    this.cursor = this.inbox.length;
  }

  errors(): Extract<ServerMessage, { type: 'error' }>[] {
    return this.inbox.filter((m): m is Extract<ServerMessage, { type: 'error' }> => m.type === 'error');
  }

  close(): Promise<{ code: number; reason: string }> {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close();
    return this.closed;
  }
}
