import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Only the smoke test of the running app (test/smoke/run.ts starts it); `npm test` never sees it.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/smoke/**/*.smoke.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One app at a time: the tests in a file share it and run in order.
    fileParallelism: false,
    reporters: ['default'],
  },
});
