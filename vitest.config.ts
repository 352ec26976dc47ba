import { defineConfig } from 'vitest/config';

// Soak and load tests run for a minute each against a live simulator: they are kept out of the
// default run and run by `npm run test:soak` (PIPETOP_SOAK=1).
const SOAK = process.env.PIPETOP_SOAK === '1';

export default defineConfig({
  test: {
    include: SOAK
      ? ['test/**/*.soak.test.ts', 'test/**/*.soak.test.tsx']
      : ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: SOAK ? [] : ['**/*.soak.test.*', '**/node_modules/**'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Two cores on CI: more workers only fight for them.
    maxWorkers: 2,
    sequence: {
      // Tests within a file run in a shuffled order, so none can lean on another having run first
      // (each starts its own app or simulator when it changes one). Files keep their order. The
      // seed is fixed so every run, CI's included, uses the same order; try others with
      // `npx vitest run test/app --sequence.seed=N` (a failure under some N is a test that depends
      // on another).
      shuffle: { files: false, tests: true },
      seed: 20_261_120,
    },
  },
});
