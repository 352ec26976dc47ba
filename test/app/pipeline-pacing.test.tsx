// A running pipeline of thousands of jobs is re-read whole on every poll, so its polls come less
// often in proportion to its pages (runningPipelineDelay): GitLab's request budget for a user
// (about 2,000 a minute on gitlab.com) is not spent on one pane. The lower bound asserted below
// cannot be met early by a slow machine: the next poll is scheduled only after a refresh ends.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { PAGES_PER_ACTIVE_POLL } from '../../src/features/pipelines/index.js';
import { startApp, type AppRig } from '../helpers/app.js';
import { openMonolithPipeline } from '../helpers/monolith.js';

const JOBS = 5_250;
const ACTIVE_MS = 60;
let rig: AppRig;
let pipelineId: number;

beforeEach(async () => {
  rig = await startApp({ timing: { activeMs: ACTIVE_MS, idleMs: 60_000, maxBackoffMs: 1_000 }, sim: { scale: { pipelineJobs: JOBS }, graphql: 'off' } });
  ({ pipelineId } = await openMonolithPipeline(rig));
  expect(rig.sim.world.pipelines.get(pipelineId)!.status).toBe('running');
}, 30_000);
afterEach(async () => {
  await rig?.close();
});

it(`polls a running ${JOBS}-job pipeline every ${PAGES_PER_ACTIVE_POLL} pages' worth of the active interval`, async () => {
  const reads = () => rig.sim.requests.filter((r) => r.path.includes(`/pipelines/${pipelineId}/jobs`));
  const seen = reads().length;
  const polls = () => {
    // One poll: page 1, then the rest; it starts at a page-1 request.
    const out: { first: number; last: number }[] = [];
    for (const r of reads().slice(seen)) {
      if (/[?&]page=1(&|$)/.test(r.path)) out.push({ first: r.at, last: r.at });
      else if (out.length) out[out.length - 1]!.last = r.at;
    }
    return out;
  };
  await rig.until(() => polls().length >= 4, 'four more polls of the jobs', 30_000);
  const done = polls().slice(0, 4);
  const expected = (ACTIVE_MS * Math.ceil(JOBS / 100)) / PAGES_PER_ACTIVE_POLL;
  // From the last page asked in one poll to page 1 of the next: at least the paced interval.
  for (let i = 1; i < done.length; i++) expect(done[i]!.first - done[i - 1]!.last).toBeGreaterThanOrEqual(expected - 5);
});
