/**
 * Every `npm run bench` workload, run once at its smallest size: a smoke run of seconds, so that a bench
 * that no longer fits the host (a new message, a new vote) fails here instead of rotting unseen until the
 * day someone needs its figures. The figures themselves mean nothing at these sizes and are not read.
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');
const benchDir = join(root, 'test/bench');

/** Each bench's smallest settings (its header says what they mean). */
const SMOKE: Record<string, string[]> = {
  agreement: ['positions=2', 'players=2'],
  bots: ['games=1', 'scale=0.05', 'workers=1', 'only=2p-advanced.hard-vs-normal'],
  choices: ['games=1'],
  engine: ['--reps', '1', 'playouts=2000', 'applyMoveGames=10'],
  evening: ['people=8', 'heats=1'],
  hindsight: ['rounds=1'],
  history: ['stored=20', 'requests=5', 'records=2'],
  solver: ['positions=1', 'cards=4'],
  'host-bots': ['tables=1', 'games=1', 'mode=basic'],
  host: ['rounds=1', 'games=1', 'moves=20', 'tables=1'],
  'host-work': ['moves=200', 'tables=2'],
};

const benches = readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''))
  .sort();

// One bench at a time: several at once (most are CPU-bound) slow the timing-sensitive files that run
// beside this one.
describe('benchmarks at their smallest size', () => {
  it('every bench has a smoke size', () => {
    expect(Object.keys(SMOKE).sort()).toEqual(benches);
  });

  for (const name of benches) {
    it(`${name} runs to its end and prints its figures`, async () => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', join(benchDir, `${name}.bench.ts`), ...(SMOKE[name] ?? [])],
        { cwd: root, timeout: 120_000, maxBuffer: 16 << 20 },
      );
      const figures = stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(figures.length).toBeGreaterThan(0);
    }, 150_000);
  }
});
