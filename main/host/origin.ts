import type { IncomingMessage } from 'node:http';

/**
 * May a WebSocket upgrade with this Origin proceed? Browsers always send Origin, so this is what stops a web
 * page on another site from driving a visitor's browser into a table. Allowed: no Origin (the desktop app's
 * and other non-browser clients), the app's own file:// and app:// pages, the host's own pages (same host
 * and port as the request), and any origin the host was configured with (a dev server).
 */
export function originAllowed(req: IncomingMessage, extra: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (origin === 'file://' || origin.startsWith('app://')) return true;
  if (extra.includes(origin)) return true;
  const host = req.headers.host;
  if (!host) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === host.toLowerCase();
  } catch {
    return false;
  }
}
