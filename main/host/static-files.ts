import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { contentType } from './content-type';

/**
 * Serves the built renderer from `root` so a browser on the LAN can join. Paths cannot leave `root`; an
 * unknown path without an extension gets index.html (the app routes on the client).
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
  res.writeHead(200, {
    'Content-Type': contentType(file),
    'Content-Length': stat.size,
    'X-Content-Type-Options': 'nosniff',
    // Hashed assets may be cached; the page itself is re-read so an updated host is picked up.
    'Cache-Control': file.endsWith('.html') ? 'no-cache' : 'public, max-age=3600',
  });
  if (req.method === 'HEAD') {
    res.end();
  } else {
    // A read failing after the headers went out (a disk error, a file replaced by a rebuild) ends this
    // response only; unhandled, the stream's error would end the host.
    const stream = createReadStream(file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }
  return true;
}

function statOrNull(file: string) {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}
