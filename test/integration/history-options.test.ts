import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { syncAds } from '../../main/discovery';
import { createHostController, parseHostStartOptions } from '../../main/electron/host-controller';
import { startHost } from '../../main/host';
import { listHistory, seedHistory } from './helpers/history';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const folders: string[] = [];
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));
const folder = () => {
  const f = mkdtempSync(join(tmpdir(), 'red7-history-options-'));
  folders.push(f);
  return f;
};

describe('the history bound as a host option', () => {
  it('the command refuses a bad --history-games or --history-mb, and keeps the last N it is given', async () => {
    for (const [flag, value] of [
      ['--history-games', '0'],
      ['--history-games', '2.5'],
      ['--history-games', 'lots'],
      ['--history-mb', '-1'],
    ]) {
      const r = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'main/cli.ts', '--no-discovery', `${flag}=${value}`],
        {
          cwd: ROOT,
          encoding: 'utf8',
        },
      );
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(`${flag} must be a whole number from 1 to 100000, not "${value}"`);
    }
    const dataDir = folder();
    const seeded = seedHistory(dataDir, 3);
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', 'main/cli.ts', '--no-discovery', '--bind', '127.0.0.1', '--port', '0',
        '--data-dir', dataDir, '--history-games', '2'], // prettier-ignore
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      let out = '';
      const port = await new Promise<number>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(out)), 20_000);
        proc.stdout.on('data', (d) => {
          out += d;
          const m = /listening on port (\d+)/.exec(out);
          if (m) {
            clearTimeout(t);
            resolve(Number(m[1]));
          }
        });
      });
      expect((await listHistory(port)).games.map((g) => g.id)).toEqual([seeded[2].id, seeded[1].id]);
    } finally {
      proc.kill('SIGTERM');
    }
  });

  it("the desktop app's host options take historyGames, checked", async () => {
    expect(() => parseHostStartOptions({ historyGames: 0 })).toThrow(
      'host.start: historyGames must be between 1 and 100000',
    );
    expect(() => parseHostStartOptions({ historyGames: '5' })).toThrow(/historyGames must be a number/);
    const dataDir = folder();
    const seeded = seedHistory(dataDir, 3);
    const controller = createHostController({
      startHost: (o) => startHost({ ...o, bind: '127.0.0.1', bots: 'inline', onProblem: () => {} }),
      createPublisher: () => {
        throw new Error('not advertised');
      },
      syncAds,
      dataDir,
      defaults: () => ({ name: 'History', port: 0 }),
    });
    try {
      const { port } = await controller.start({ advertise: false, historyGames: 1 });
      expect((await listHistory(port)).games.map((g) => g.id)).toEqual([seeded[2].id]);
    } finally {
      await controller.stop({ timeoutMs: 500 });
    }
  });
});
