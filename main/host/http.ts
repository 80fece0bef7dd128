import type { IncomingMessage, ServerResponse } from 'node:http';
import { PROTOCOL_VERSION } from '../../shared/protocol';
import type { TableSummary } from '../../shared/protocol';
import type { ReachReport } from '../../shared/reach';
import { serveStatic } from './static-files';

/** GET /api/info's body without `protocol` (see docs/protocol.md). */
export interface HttpInfo {
  name: string;
  version: string;
  /** The port this host listens on. */
  port: number;
  /** Where the LAN can reach it, best first (main/host/lan-addresses.ts); read at each request. */
  addresses: string[];
  /** Bound to loopback (`--bind 127.0.0.1`): that address, the reason nobody else can reach it; else null. */
  loopbackOnly: string | null;
}

export interface HttpDeps {
  info: () => HttpInfo;
  /** The protocol this host speaks (default PROTOCOL_VERSION). */
  protocol?: number;
  tables: () => TableSummary[];
  /** GET /api/reach: can the LAN reach this host (shared/reach.ts). */
  reach: () => ReachReport;
  /** /api/history and /api/history/<id> (main/host/history/http-history.ts). */
  history?: (req: IncomingMessage, res: ServerResponse) => void;
  staticDir?: string;
  /** /api/hand-over… (main/host/hand-over/http.ts): true when it answered. */
  handOver?: (req: IncomingMessage, res: ServerResponse, path: string) => boolean;
}

/** The host's plain HTTP side: the lobby API and, when built, the renderer. */
export function httpHandler(deps: HttpDeps) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const path = (req.url ?? '/').split('?')[0];
    if (deps.handOver?.(req, res, path)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(res, 405, { error: 'only GET and HEAD' }, { Allow: 'GET, HEAD' });
    }
    if (path === '/api/tables') return send(res, 200, deps.tables());
    if (path === '/api/reach') return send(res, 200, deps.reach());
    if (path === '/api/info')
      return send(res, 200, { ...deps.info(), protocol: deps.protocol ?? PROTOCOL_VERSION });
    if (deps.history && (path === '/api/history' || path.startsWith('/api/history/')))
      return deps.history(req, res);
    if (path.startsWith('/api/')) return send(res, 404, { error: 'no such API' });
    if (deps.staticDir && serveStatic(deps.staticDir, req, res)) return;
    send(res, 404, { error: 'not found' });
  };
}

/** A JSON answer, never cached, readable by the app's own pages. */
export function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    // Lobby data is public on the LAN (mDNS announces it too); the app's file:// pages may read it.
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(text);
}
