import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { DEFAULT_LIMITS } from '../../../main/host/limits';
import { Session } from '../../../main/host/session';

/** A connection's TCP socket as Node's streams drive it: each call that reaches the "kernel" is recorded. */
function socketRecordingWrites() {
  const calls: string[][] = [];
  const socket = new Writable({
    write(chunk: Buffer, _encoding, done) {
      calls.push([chunk.toString()]);
      done();
    },
    writev(chunks, done) {
      calls.push(chunks.map((c) => String(c.chunk)));
      done();
    },
  });
  // `ws` writes each frame to its socket (a header and the text, corked together); here just the text.
  const ws = { readyState: WebSocket.OPEN, bufferedAmount: 0, send: (t: string) => socket.write(t) };
  const session = new Session(ws as never, DEFAULT_LIMITS, 0, '127.0.0.1', socket);
  return { session, calls };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('Session: what one turn of the event loop sends a connection', () => {
  it('leaves in one write: a move’s table and view frames reach the socket together', async () => {
    const { session, calls } = socketRecordingWrites();
    session.sendText('{"type":"table"}');
    session.sendText('{"type":"viewDelta"}');
    expect(calls).toEqual([]); // held until the turn ends, so that both go at once
    await tick();
    expect(calls).toEqual([['{"type":"table"}', '{"type":"viewDelta"}']]);
  });

  it('is never held past its turn: the next turn’s frame goes in a write of its own, in order', async () => {
    const { session, calls } = socketRecordingWrites();
    session.sendText('a');
    await tick();
    session.sendText('b');
    session.sendText('c');
    await tick();
    session.sendText('d');
    await tick();
    expect(calls).toEqual([['a'], ['b', 'c'], ['d']]);
  });
});
