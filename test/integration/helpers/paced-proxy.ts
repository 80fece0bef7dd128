import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP relay in front of a host whose way in is slow, as a busy Wi-Fi is: what a client sends goes on at
 * `bytesPerSecond` (a slice every 100 ms), the answers come back at once. `stall()` stops the way in
 * altogether (a network gone quiet); `sent()` counts the bytes that went in.
 */
export async function pacedProxy(targetPort: number, bytesPerSecond: number) {
  let stalled = false;
  let sent = 0;
  const ends = new Set<() => void>();
  const slice = Math.max(1, Math.round(bytesPerSecond / 10));
  const server = createServer((client: Socket) => {
    const upstream = connect(targetPort, '127.0.0.1');
    upstream.pipe(client);
    const queue: Buffer[] = [];
    let queued = 0;
    client.on('data', (chunk: Buffer) => {
      queue.push(chunk);
      queued += chunk.length;
      if (queued > 64 * 1024) client.pause();
    });
    const tick = setInterval(() => {
      if (stalled) return;
      let budget = slice;
      while (budget > 0 && queue.length > 0) {
        const head = queue[0];
        const piece = head.subarray(0, budget);
        upstream.write(piece);
        sent += piece.length;
        queued -= piece.length;
        budget -= piece.length;
        if (piece.length === head.length) queue.shift();
        else queue[0] = head.subarray(piece.length);
      }
      if (queued <= 64 * 1024) client.resume();
    }, 100);
    const end = () => {
      clearInterval(tick);
      client.destroy();
      upstream.destroy();
      ends.delete(end);
    };
    ends.add(end);
    for (const s of [client, upstream]) {
      s.on('close', end);
      s.on('error', end);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    sent: () => sent,
    stall: () => void (stalled = true),
    close: () =>
      new Promise<void>((resolve) => {
        for (const end of [...ends]) end();
        server.close(() => resolve());
      }),
  };
}
