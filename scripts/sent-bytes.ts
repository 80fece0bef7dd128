import { get } from 'node:http';

/** What a host sends for `url` to a browser that accepts `encoding`: the body's bytes as sent, and its encoding. */
export function sentBytes(url: string, encoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') })
          : reject(new Error(`${url}: ${res.statusCode}`)),
      );
    }).on('error', reject);
  });
}

/** The body of `url` as text, asked for without compression. */
export function decoded(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve(text));
    }).on('error', reject);
  });
}
