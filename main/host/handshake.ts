import { CLOSE_CODES } from '../../shared/protocol';
import type { ClientMessage } from '../../shared/protocol';
import type { Session } from './session';

/**
 * The first exchange on each connection: `hello` is answered here (`welcome`, or a protocol mismatch and
 * the connection closed), and nothing else is taken before it.
 */
export class Handshake {
  constructor(
    private readonly hostInfo: { name: string; version: string },
    /** The protocol this host speaks: PROTOCOL_VERSION, except a test's host of another version. */
    private readonly protocol: number,
  ) {}

  /** Whether the message goes on to the tables; if not, it was answered here. */
  passes(session: Session, msg: ClientMessage): msg is Exclude<ClientMessage, { type: 'hello' }> {
    if (msg.type === 'hello') {
      this.hello(session, msg.protocol);
      return false;
    }
    if (session.greeted) return true;
    session.error('helloRequired', 'send hello first', { to: msg.type });
    return false;
  }

  private hello(session: Session, protocol: number): void {
    if (protocol !== this.protocol) {
      session.error(
        'protocolMismatch',
        `this host speaks protocol ${this.protocol}, the client ${protocol}: update the older app`,
        { to: 'hello', protocol: this.protocol },
      );
      session.close(CLOSE_CODES.protocolMismatch, 'protocol version mismatch');
      return;
    }
    session.greeted = true;
    session.send({ type: 'welcome', protocol: this.protocol, host: this.hostInfo });
  }
}
