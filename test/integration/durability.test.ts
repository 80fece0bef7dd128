import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TableOptions } from '../../shared/protocol';
import { spawnHost, type ChildHost } from './helpers/child-host';
import { TestClient } from './helpers/client';

const options: TableOptions = { players: 4, mode: 'basic', actionRule: false };
const dataDir = mkdtempSync(join(tmpdir(), 'red7-durable-'));
const children: ChildHost[] = [];
afterAll(() => {
  for (const c of children) if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Sends `msg` and kills the host the very moment `joined` arrives; resolves with the token it gave. */
async function killOnJoined(
  host: ChildHost,
  msg: Record<string, unknown>,
): Promise<{ token: string; tableId: string }> {
  const c = await TestClient.greeted(host.port);
  const joined = new Promise<{ token: string; tableId: string }>((resolve) => {
    c.onMessage = (m) => {
      if (m.type !== 'joined') return;
      host.proc.kill('SIGKILL'); // no await, no other work first: the host gets no time to catch up
      resolve({ token: m.token, tableId: m.tableId });
    };
  });
  c.send(msg);
  const got = await joined;
  await host.exited;
  await c.closed;
  return got;
}

async function restart(port: number): Promise<ChildHost> {
  const host = await spawnHost(dataDir, port);
  children.push(host);
  return host;
}

async function resumes(port: number, token: string): Promise<void> {
  const c = await TestClient.greeted(port);
  c.send({ type: 'resume', token });
  const answer = await c.next((m) => m.type === 'joined' || m.type === 'error');
  expect(answer).toMatchObject({ type: 'joined' });
  await c.close();
}

describe('a seat the host announced', () => {
  it(
    'survives a SIGKILL the instant `joined` is sent (createTable and join)',
    { timeout: 90_000 },
    async () => {
      let host = await restart(0);
      const port = host.port;
      for (let round = 0; round < 3; round++) {
        const created = await killOnJoined(host, {
          type: 'createTable',
          name: `Round ${round}`,
          player: 'Creator',
          options,
        });
        host = await restart(port);
        await resumes(port, created.token);

        const joined = await killOnJoined(host, { type: 'join', tableId: created.tableId, name: 'Guest' });
        host = await restart(port);
        await resumes(port, joined.token);
      }
      host.proc.kill('SIGTERM');
      expect((await host.exited).code).toBe(0);
    },
  );
});
