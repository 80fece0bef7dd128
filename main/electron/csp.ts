/**
 * The Content-Security-Policy of the desktop window. Only the app's own files may run or load;
 * the network is reached only by WebSocket (and plain HTTP for a host's /api) to LAN hosts,
 * whose addresses are not known in advance, hence the scheme sources `ws:` and `http:`.
 * No 'unsafe-eval': the renderer ships precompiled templates and messages.
 */
import type { Session } from 'electron';

const DIRECTIVES: Record<string, string> = {
  'default-src': "'none'",
  'script-src': "'self'",
  // Vue binds style attributes at run time; styles cannot run code.
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data:",
  'font-src': "'self'",
  'connect-src': "'self' ws: http:",
  'worker-src': "'self'",
  'manifest-src': "'self'",
  'object-src': "'none'",
  'frame-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'none'",
  'frame-ancestors': "'none'",
};

export const CONTENT_SECURITY_POLICY = Object.entries(DIRECTIVES)
  .map(([name, value]) => `${name} ${value}`)
  .join('; ');

/** Headers sent with every file of the app. */
export function securityHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

type HeadersMap = Record<string, string[] | string>;

/** Replaces any CSP a response brings (case-insensitively) with ours. */
export function withAppCsp(headers: HeadersMap | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === 'content-security-policy') continue;
    out[name] = Array.isArray(value) ? value : [value];
  }
  out['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
  return out;
}

/**
 * Also enforce the CSP as a response header on everything the session loads, so it holds even
 * for a response that did not come through our protocol handler.
 */
export function enforceCsp(session: Pick<Session, 'webRequest'>): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withAppCsp(details.responseHeaders) });
  });
}
