import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
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
