import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { englishWords } from '../renderer/english-words';
import { SlowestFirst } from './slowest-first';

/**
 * Seeded runs of many random games (properties in every variant, bot strength): seconds each, so they
 * run with `npm test` and `npm run test:properties`, not in the unit loop. A new such file is named
 * `*.property.test.ts`.
 */
const PROPERTY_RUNS = [
  'test/**/*.property.test.ts',
  'test/unit/engine/properties.test.ts',
  'test/unit/engine/explain-hindsight-replay.test.ts',
  'test/unit/score-agrees.test.ts',
  'test/unit/bots/bot.test.ts',
  'test/unit/bots/levels.test.ts',
  'test/unit/bots/hidden.test.ts',
  'test/unit/engine/explain-view-only.test.ts',
  'test/unit/engine/turns.test.ts',
];

/**
 * Renderer tests that talk to a real host or socket: they run with integration, so the unit loop opens no
 * port. A new such file is named `*.host.test.ts`.
 */
const AGAINST_A_HOST = ['test/renderer/**/*.host.test.ts'];

/*
 * The unit loop's files of test/unit (pure modules: engine, bots, protocol, record, host parts) share one
 * module graph per worker (`isolate: false`): importing the engine once per worker instead of once per
 * file, with its code warm, halves their time. A file that replaces a module (`vi.mock`) needs a graph of
 * its own, so it runs with the renderer's files, each of which is isolated (their stores, i18n and DOM are
 * module state).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
/** The test files under `dir` that replace a module (`vi.mock`). */
const mockingIn = (dir: string): string[] =>
  readdirSync(`${root}/${dir}`, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `${dir}/${file}`)
    .filter((file) => readFileSync(`${root}/${file}`, 'utf8').includes('vi.mock('));
const MOCKING = mockingIn('test/unit');

/*
 * Integration's and e2e's files share one module graph per worker too: a fresh worker a file imported the host,
 * Playwright and their dependencies again, about a second of CPU each (docs/measurements.md). Each file
 * starts its own hosts and browser contexts and closes them, so none sees another's. Integration's files
 * that replace a module run apart, each in a graph of its own (`integration-mocks`); e2e has none (a file
 * gives its host fixed deals through the `seeds` option instead).
 */
const INTEGRATION = [
  'test/integration/**/*.test.ts',
  'test/electron/**/*.test.ts',
  'test/ci/**/*.test.ts',
  ...AGAINST_A_HOST,
];
const INTEGRATION_MOCKING = ['test/integration', 'test/electron', 'test/ci'].flatMap(mockingIn);

/*
 * `npm test` runs the projects in three groups, one after another, each with as many files at once as
 * suits it (a project run alone keeps its group's number). The CPU-bound ones, one file per core; those
 * that mostly wait on sockets, timers and child processes, one more than the cores (their waits overlap;
 * more at once starve the files that time their host or bots); Chromium's, one file per core too: a file
 * alone keeps more than one core busy, Chromium's processes most of it (layout: 110 s of Chromium's CPU in
 * 105 s), so a second file fills the rest (docs/measurements.md: `npm test` 879 s → 800 s, quiet 2 cores).
 */
const CORES = availableParallelism();
const CPU_BOUND = { sequence: { groupOrder: 0 }, maxWorkers: CORES };
const WAITING = { sequence: { groupOrder: 1 }, maxWorkers: CORES + 1 };
const IN_CHROMIUM = { sequence: { groupOrder: 2 }, maxWorkers: CORES };

/*
 * Every test that can run here, in seven projects (`npm test` runs all; `npm run test:<name>` one):
 * - unit and unit-shared (`npm run test:unit` runs both): the engine, bots, host parts and renderer, no
 *   sockets or browsers (the loop to run after each change; its times: docs/measurements.md);
 * - properties: the long random-game runs above;
 * - integration and integration-mocks (`npm run test:integration` runs both): real hosts on real ports
 *   (renderer stores against one too), built bundles, the Electron entry under a mock, CI files;
 * - lan: hosts and lobbies in private network namespaces (mDNS never leaves them);
 * - e2e: real Chromium against a real host; the renderer is built once per run (global setup).
 * Renderer tests opt into happy-dom per file.
 */
export default defineConfig({
  root,
  // English by screen, as the renderer's build has it (here plain JSON: tests compile messages at run time).
  plugins: [vue(), englishWords()],
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A poll passes as soon as its condition holds; Vitest's default of 1 s to get there was too short on a
    // slow day for this machine (two e2e polls failed a clean-clone CI run, each passing on its own).
    expect: { poll: { timeout: 10_000 } },
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/renderer/**/*.test.ts', ...MOCKING],
          exclude: [...PROPERTY_RUNS, ...AGAINST_A_HOST],
          // Each file in a VM context of a worker thread, not a fresh worker: the renderer's files set up
          // happy-dom, Vue and i18n again each, which a context does far cheaper (`npm run test:unit`
          // 22.4 → 17.9 s, docs/measurements.md). Its known costs: more memory (1.1 GB at peak, workers
          // recycled past vmMemoryLimit), and errors thrown by Node's own modules are not `instanceof`
          // this context's Error (no test here relies on that).
          pool: 'vmThreads',
          ...CPU_BOUND,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-shared',
          include: ['test/unit/**/*.test.ts'],
          exclude: [...PROPERTY_RUNS, ...MOCKING],
          pool: 'threads',
          isolate: false,
          ...CPU_BOUND,
        },
      },
      {
        extends: true,
        test: {
          name: 'properties',
          include: PROPERTY_RUNS,
          ...CPU_BOUND,
          // Seeded runs of pure modules (none mocks one): they share their worker's modules, as unit-shared's do.
          isolate: false,
          // A seeded run is seconds of CPU; two at once on a machine busy with other work stretch past 30 s.
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          ...WAITING,
          include: INTEGRATION,
          exclude: INTEGRATION_MOCKING,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'integration-mocks', ...WAITING, include: INTEGRATION_MOCKING } },
      { extends: true, test: { name: 'lan', include: ['test/lan/**/*.test.ts'], ...WAITING } },
      {
        extends: true,
        test: {
          name: 'e2e',
          ...IN_CHROMIUM,
          include: ['test/e2e/**/*.test.ts'],
          isolate: false,
          globalSetup: ['test/e2e/global-setup.ts'],
        },
      },
    ],
  },
});
