import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { CLOSE_CODES, parseClientMessage } from '../../shared/protocol';
import type { ClientMessage, ClientMessageType } from '../../shared/protocol';
import type { Cancel, Clock } from './clock';
import type { HostLimits } from './limits';
import { originAllowed } from './origin';
import { Session } from './session';

/** The host's own machine (its app, a local benchmark) is not capped per address: only LAN peers are. */
const OWN_MACHINE = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Where the endpoint hands each connection's parsed messages. */
export interface MessageHandler {
  handle(session: Session, msg: ClientMessage): void;
  disconnected(session: Session): void;
}

/**
 * The WebSocket endpoint /ws: which upgrades are accepted (path, origin, connection caps), each
 * connection's hello deadline, rate budget, parsing and heartbeat. Parsed messages go to `handler`.
 */
export class Connections {
  private readonly wss: WebSocketServer;
  private readonly sessions = new Set<Session>();
  /** Open WebSockets per remote address. */
  private readonly perAddress = new Map<string, number>();
  private readonly stopHeartbeat: Cancel;
  private closing = false;

  constructor(
    server: Server,
    private readonly limits: HostLimits,
    private readonly allowedOrigins: string[],
    private readonly handler: MessageHandler,
    private readonly report: (problem: string) => void,
    private readonly clock: Clock,
  ) {
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: limits.maxPayload,
      perMessageDeflate: false,
    });
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) =>
      this.upgrade(req, socket, head),
    );
    this.stopHeartbeat = clock.every(limits.heartbeatMs, () => this.beat());
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/ws') return refuse(socket, 404, 'Not Found');
    if (!originAllowed(req, this.allowedOrigins)) return refuse(socket, 403, 'Forbidden');
    if (this.closing || this.wss.clients.size >= this.limits.maxConnections)
      return refuse(socket, 503, 'Service Unavailable');
    const address = req.socket.remoteAddress ?? '';
    if (
      !OWN_MACHINE.has(address) &&
      (this.perAddress.get(address) ?? 0) >= this.limits.maxConnectionsPerAddress
    )
      return refuse(socket, 429, 'Too Many Requests');
    this.wss.handleUpgrade(req, socket, head, (ws) => this.connected(ws, address, socket));
  }

  private connected(ws: WebSocket, address: string, socket: Duplex): void {
    const { limits } = this;
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    const session = new Session(ws, limits, this.clock.now(), address, socket);
    this.sessions.add(session);
    const cancelHello = this.clock.after(limits.helloTimeoutMs, () => {
      if (!session.greeted) session.close(1008, 'no hello');
    });
    ws.on('pong', () => (session.alive = true));
    ws.on('error', () => {}); // ws closes the socket itself (e.g. an oversized frame: 1009)
    ws.on('close', () => {
      cancelHello();
      const n = (this.perAddress.get(address) ?? 1) - 1;
      if (n > 0) this.perAddress.set(address, n);
      else this.perAddress.delete(address);
      this.sessions.delete(session);
      this.handler.disconnected(session);
    });
    ws.on('message', (data, isBinary) => {
      session.alive = true;
      if (!session.bucket.take(this.clock.now())) {
        session.strikes += 1;
        if (session.strikes > limits.rateStrikes)
          return session.close(CLOSE_CODES.abusive, 'too many messages');
        if (session.strikes % 50 === 1) {
          session.error(
            'rateLimited',
            `more than ${limits.ratePerSecond} messages per second; message dropped`,
          );
        }
        return;
      }
      if (isBinary) return session.error('badMessage', 'binary frames are not part of the protocol');
      const parsed = parseClientMessage(data.toString());
      if (!parsed.ok) {
        const to = parsed.type as ClientMessageType | undefined;
        return session.error('badMessage', parsed.reason, to ? { to } : {});
      }
      try {
        this.handler.handle(session, parsed.msg); // answers its own unexpected errors, saying whether anything changed
      } catch (e) {
        this.report(`failed on ${parsed.msg.type}: ${(e as Error).stack ?? String(e)}`);
        session.error('internal', 'the host failed on this request (logged there)', { to: parsed.msg.type });
      }
    });
  }

  /** Drops sockets that did not answer the last ping, pings the rest. */
  private beat(): void {
    for (const s of this.sessions) {
      if (!s.alive) {
        s.terminate();
        continue;
      }
      s.alive = false;
      s.ping();
    }
  }

  /** Refuses new connections and closes the open ones (code 4002: the host is stopping). */
  closeAll(): void {
    this.closing = true;
    this.stopHeartbeat();
    for (const s of this.sessions) s.close(CLOSE_CODES.shutdown, 'host stopping');
  }

  /** Cuts the sockets that did not finish the close handshake in time. */
  terminateAll(): void {
    for (const ws of this.wss.clients) ws.terminate();
  }

  close(): void {
    this.wss.close();
  }
}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
