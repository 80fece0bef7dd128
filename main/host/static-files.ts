import { createReadStream, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { acceptedEncodings, ENCODINGS } from './accept-encoding';
import { contentType } from './content-type';

/** Vite names each built asset after its content (`assets/index-AWHDQS7c.js`): such a name never changes meaning. */
const HASHED_ASSET = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/**
 * Serves the built renderer from `root` so a browser on the LAN can join. Paths cannot leave `root`; an
 * unknown path without an extension gets index.html (the app routes on the client).
 * A file the build precompressed (`FILE.br`, `FILE.gz`, see renderer/precompress.ts) is sent encoded to
 * a browser that accepts it; those copies are never served under their own names.
 * Returns false when nothing was served (the caller answers 404).
 */
export function serveStatic(root: string, req: IncomingMessage, res: ServerResponse): boolean {
  const base = resolve(root);
  let path: string;
  try {
    path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  } catch {
    return false;
  }
  if (path.includes('\0')) return false;
  if (ENCODINGS.some((e) => path.toLowerCase().endsWith(e.suffix))) return false;
  let file = resolve(base, `.${normalize(`/${path}`)}`);
  if (file !== base && !file.startsWith(base + sep)) return false;
  let stat = statOrNull(file);
  if (stat?.isDirectory()) {
    file = join(file, 'index.html');
    stat = statOrNull(file);
  }
  if (!stat && extname(path) === '') {
    file = join(base, 'index.html');
    stat = statOrNull(file);
  }
  if (!stat?.isFile()) return false;

  const variants = ENCODINGS.filter((e) => statOrNull(file + e.suffix)?.isFile());
  const chosen = acceptedEncodings(req.headers['accept-encoding']).find((e) => variants.includes(e));
  const sent = chosen ? file + chosen.suffix : file;
  const sentStat = chosen ? statOrNull(sent) : stat;
  if (!sentStat) return false;
  const etag = `"${sentStat.size.toString(36)}-${Math.floor(sentStat.mtimeMs).toString(36)}${chosen ? `-${chosen.name}` : ''}"`;
  const headers: Record<string, string | number> = {
    // A hashed asset is the same bytes for as long as its name exists; the page itself (and anything
    // unhashed) is revalidated on each load, cheaply, so an updated host is picked up at once.
    'Cache-Control': HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
    ETag: etag,
  };
  // Caches must keep the encodings apart once there is more than one way to send this file.
  if (variants.length > 0) headers.Vary = 'Accept-Encoding';
  if (notModified(req, etag)) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  res.writeHead(200, {
    ...headers,
    'Content-Type': contentType(file),
    ...(chosen ? { 'Content-Encoding': chosen.name } : {}),
    'Content-Length': sentStat.size,
    'X-Content-Type-Options': 'nosniff',
  });
  if (req.method === 'HEAD') {
    res.end();
  } else {
    // A read failing after the headers went out (a disk error, a file replaced by a rebuild) ends this
    // response only; unhandled, the stream's error would end the host.
    const stream = createReadStream(sent);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }
  return true;
}

function notModified(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

function statOrNull(file: string): Stats | null {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}
