// The job pane with a log disk budget, through the real app against the simulator: the pane says
// when the budget stops the reading, and a log nobody follows (scrolled up) is not read on.
import { afterEach, expect, it } from 'vitest';
import { startApp, type AppRig } from '../helpers/app.js';
import { simProject } from '../helpers/sim.js';
import type { SimJob } from '../../src/sim/model.js';

let app: AppRig | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

function openJob(rig: AppRig, path: string, pick: (j: SimJob) => boolean): number {
  const p = simProject(rig.sim, path);
  const ids = rig.sim.world.projectJobs.get(p.id)!;
  const job = ids
    .map((id) => rig.sim.world.jobs.get(id)!)
    .filter((j) => !j.retried && j.erasedAt === null && pick(j))
    .at(-1)!;
  rig.open({ kind: 'job', projectId: p.id, path, jobId: job.id });
  return job.id;
}

it('says in the job pane that the log disk budget stopped the reading', async () => {
  // A budget smaller than one job log of the simulated world (the CLI allows 1M at least).
  app = await startApp({ logDiskBytes: 8 * 1024 });
  const rig = app;
  await rig.waitFor('acme/api');
  const jobId = openJob(rig, 'acme/api', (j) => j.status === 'failed' && j.name === 'test:unit');
  const frame = await rig.waitFor(/log disk budget reached \(8K, --log-disk\): reading stopped at [\d.]+K/);
  expect(frame).not.toMatch(/ERROR: Job failed/);
  const view = rig.store.getState().logViews[jobId]!;
  expect(view.diskFull).toMatch(/^log disk budget reached/);
  expect(rig.controller.ctx.logs?.model(jobId)?.diskBytes).toBeLessThanOrEqual(8 * 1024);
});

it('reads a running log only while it is followed: scrolled up, nothing is read; G reads on', async () => {
  // Fast timers, so "nothing is read" is seen over many intervals of the tail and of the job's poll.
  app = await startApp({ logTiming: { intervalMs: 20, quietMaxMs: 20 }, timing: { activeMs: 50, idleMs: 50, maxBackoffMs: 1000 } });
  const rig = app;
  await rig.waitFor('acme/api');
  // A job still running after the minute the world moves on below (jobs started by `needs:` may end sooner).
  const ADVANCE_MS = 60_000;
  const outlasts = (j: SimJob) => j.startedAt !== null && j.startedAt + j.plan.runMs - rig.sim.clock.now() > 2 * ADVANCE_MS;
  const jobId = openJob(rig, 'acme/web', (j) => j.status === 'running' && outlasts(j));
  await rig.waitFor(/following/);
  const count = (suffix: string) => rig.sim.requests.filter((r) => r.path.endsWith(suffix)).length;
  const traces = () => count(`/jobs/${jobId}/trace`);
  await rig.until(() => traces() >= 3, 'the log read a few times');
  await rig.press('k');
  await rig.waitFor('paused (G/f follow)');
  await rig.until(() => rig.controller.ctx.logs?.tailing(jobId) === false, 'the tail paused');
  const paused = traces();
  const bytes = rig.store.getState().logViews[jobId]!.bytes;
  // The world moves on (the log grows) and the job is polled ten times: the log is not read.
  const jobReads = count(`/jobs/${jobId}`);
  rig.advance(ADVANCE_MS);
  await rig.until(() => count(`/jobs/${jobId}`) >= jobReads + 10, 'ten polls of the job');
  expect(traces()).toBe(paused);
  expect(rig.store.getState().logViews[jobId]!.bytes).toBe(bytes);
  await rig.press('G');
  await rig.waitFor('following');
  await rig.until(() => traces() > paused && rig.store.getState().logViews[jobId]!.bytes > bytes, 'the log read on once followed again');
});
