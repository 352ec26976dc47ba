import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Every run of the bundle a test starts keeps V8's code cache under XDG_CACHE_HOME
// (src/boot/code-cache.ts): a directory of this run's own, never the user's ~/.cache; removed at the
// end by test/helpers/cache-home.ts.
if (!process.env.PIPETOP_TEST_CACHE_HOME) {
  process.env.PIPETOP_TEST_CACHE_HOME = mkdtempSync(join(tmpdir(), 'pipetop-test-cache-'));
  process.env.XDG_CACHE_HOME = process.env.PIPETOP_TEST_CACHE_HOME;
}

// Soak and load tests run for a minute each against a live simulator: they are kept out of the
// default run and run by `npm run test:soak` (PIPETOP_SOAK=1).
const SOAK = process.env.PIPETOP_SOAK === '1';

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Two cores on CI: more workers only fight for them.
    maxWorkers: 2,
    globalSetup: ['test/helpers/cache-home.ts'],
    sequence: {
      // Tests within a file run in a shuffled order, so none can lean on another having run first
      // (each starts its own app or simulator when it changes one). Files keep their order. The
      // seed is fixed so every run, CI's included, uses the same order; try others with
      // `npx vitest run test/app --sequence.seed=N` (a failure under some N is a test that depends
      // on another).
      shuffle: { files: false, tests: true },
      seed: 20_261_120,
    },
    projects: SOAK
      ? [{ extends: true, test: { name: 'soak', include: ['test/**/*.soak.test.ts', 'test/**/*.soak.test.tsx'] } }]
      : [
          {
            // The unit tests beside the source share one module graph per worker: importing the app
            // afresh for each of ~80 small files cost three times what their tests do (src/ alone:
            // 57 s of CPU isolated, 21 s not). They keep no state between files: nothing stubs a
            // global or mocks a module there, and a fake clock is put back after each test.
            extends: true,
            test: { name: 'unit', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'], isolate: false },
          },
          {
            // The app, the simulator and the bundle, each file in a module graph of its own.
            extends: true,
            test: { name: 'app', include: ['test/**/*.test.ts', 'test/**/*.test.tsx'], exclude: ['**/*.soak.test.*', '**/node_modules/**'] },
          },
        ],
  },
});
