import { expect, it } from 'vitest';
import { runningPipelineDelay } from './poll.js';

it('a running pipeline of up to 1,000 jobs is polled at the active rate; a bigger one less often, by its pages', () => {
  expect(runningPipelineDelay(3_000, 9)).toBe(3_000);
  expect(runningPipelineDelay(3_000, 322)).toBe(3_000);
  expect(runningPipelineDelay(3_000, 1_000)).toBe(3_000);
  expect(runningPipelineDelay(3_000, 1_001)).toBe(3_300);
  // 5,000 jobs: 50 pages every 15 s, 200 requests a minute.
  expect(runningPipelineDelay(3_000, 5_000)).toBe(15_000);
  expect((50 * 60_000) / runningPipelineDelay(3_000, 5_000)).toBe(200);
});
