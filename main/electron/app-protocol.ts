/**
 * Serves the packaged renderer under app://red7/ with the security headers on every response.
 * The request handler is plain Node (fetch API types), so it is tested on real files.
 */
import type { Protocol } from 'electron';
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { APP_HOST, APP_SCHEME } from './app-url';
import { securityHeaders } from './csp';
import { contentType } from '../host/content-type';

/**
 * Must run before `app.ready`: a standard scheme gets an origin, storage, fetch and ES modules.
 * Deliberately not `secure`: a secure page may not open `ws://` to LAN hosts (mixed content), and
 * hosts on a LAN have no certificates. Nothing in the renderer needs a secure context.
 */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, supportFetchAPI: true, corsEnabled: true },
    },
  ]);
}

export function serveAppProtocol(protocol: Pick<Protocol, 'handle'>, rootDir: string): void {
  protocol.handle(APP_SCHEME, createAppRequestHandler(rootDir));
}

/**
 * Maps a request URL to a file inside rootDir, or null when it is not ours or would escape
 * the folder (`..`, encoded separators, another host).
 */
export function resolveAppFile(rootDir: string, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.hostname !== APP_HOST) return null;
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.includes('\\')) return null;
  if (path === '/' || path === '') path = '/index.html';
  const root = resolve(rootDir);
  const file = resolve(root, `.${path}`);
  return file.startsWith(root + sep) ? file : null;
}

export function createAppRequestHandler(rootDir: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const headers = new Headers(securityHeaders());
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('method not allowed', { status: 405, headers });
    }
    const file = resolveAppFile(rootDir, request.url);
    if (!file) return new Response('not found', { status: 404, headers });
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return new Response('not found', { status: 404, headers });
    }
    headers.set('Content-Type', contentType(file));
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
  };
}
