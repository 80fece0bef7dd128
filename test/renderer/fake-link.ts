import type { ClientMessage, ServerMessage } from '../../shared/protocol';

/** A link that records what is sent and lets the test play the host. */
export class FakeLink {
  sent: ClientMessage[] = [];
  closed = false;
  private welcome: (() => void)[] = [];
  private messages: ((m: ServerMessage) => void)[] = [];
  onWelcome(cb: () => void) {
    this.welcome.push(cb);
    return () => {};
  }
  onMessage(cb: (m: ServerMessage) => void) {
    this.messages.push(cb);
    return () => {};
  }
  onStatus() {
    return () => {};
  }
  connect() {}
  close() {
    this.closed = true;
  }
  retryNow() {}
  send(m: ClientMessage) {
    if (this.closed) return false;
    this.sent.push(m);
    return true;
  }
  /** The host welcomes this link (a first connection or a reconnection). */
  welcomed() {
    for (const cb of this.welcome) cb();
  }
  hear(m: ServerMessage) {
    for (const cb of this.messages) cb(m);
  }
}
