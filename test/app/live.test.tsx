// Live updates at a small cost to GitLab, and still prompt: a finished pipeline is watched through
// the pipeline alone (its jobs are re-read only when it changed), and a running job's record is
// re-read when its log says so — the runner's last line, a cancel, the first lines of a job that was
// pending — rather than every few seconds. The job's regular re-read is set to ten minutes here, so
// whatever the test sees promptly came through the log. Polling runs on real timers scaled down
// (tens of milliseconds); the simulator's clock stays frozen and moves only with advance().
import { afterEach, expect, it } from 'vitest';
import { createGitLab } from '../../src/api/index.js';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import type { SimJob } from '../../src/sim/model.js';
import { traceBytes } from '../../src/sim/trace.js';
import { startApp, type AppRig } from '../helpers/app.js';
import { simProject } from '../helpers/sim.js';
import { listKeys } from '../../src/domain/list-keys.js';

let app: AppRig | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const LOG_TIMING = { intervalMs: 40, quietMaxMs: 160 };
const SLOW_JOB_POLL = { activeMs: 100, idleMs: 600_000, maxBackoffMs: 600_000 };

function projectOf(rig: AppRig, path: string) {
  return simProject(rig.sim, path);
}

const requests = (rig: AppRig, suffix: string | RegExp) =>
  rig.sim.requests.filter((r) => (typeof suffix === 'string' ? r.path.split('?')[0]!.endsWith(suffix) : suffix.test(r.path)));

function openJob(rig: AppRig, path: string, job: SimJob): void {
  rig.open({ kind: 'job', projectId: job.projectId, path, jobId: job.id });
}

/** The running job of a project with the most run time left. */
function longestRunning(rig: AppRig, path: string, where: (j: SimJob) => boolean = () => true): SimJob {
  const world = rig.sim.world;
  const now = rig.sim.clock.now();
  const jobs = world.projectJobs
    .get(projectOf(rig, path).id)!
    .map((id) => world.jobs.get(id)!)
    .filter((j) => j.status === 'running' && !j.retried && where(j));
  jobs.sort((a, b) => b.startedAt! + b.plan.runMs - now - (a.startedAt! + a.plan.runMs - now));
  if (!jobs[0]) throw new Error(`no running job in ${path}`);
  return jobs[0];
}

// The pipeline pane's REST path, as against a GitLab without GraphQL (test/app/pipeline-graph.test.tsx: the GraphQL one).
it('a finished pipeline: re-reads only the pipeline while nothing changes, and shows a retried job promptly', async () => {
  app = await startApp({ timing: { activeMs: 50, idleMs: 80, maxBackoffMs: 1_000 }, logTiming: LOG_TIMING, sim: { graphql: 'off' } });
  const rig = app;
  const project = projectOf(rig, 'acme/api');
  const world = rig.sim.world;
  const finished = new Set(['success', 'failed', 'canceled', 'skipped', 'manual']);
  const pipeline = [...world.projectPipelines.get(project.id)!]
    .reverse()
    .map((id) => world.pipelines.get(id)!)
    .find(
      (p) => p.status === 'failed' && world.pipelineJobs(p).every((j) => finished.has(j.status)) && world.pipelineJobs(p).some((j) => j.status === 'failed'),
    )!;
  expect(pipeline).toBeDefined();
  rig.open(
    { kind: 'project', projectId: project.id, path: 'acme/api', tab: 'pipelines' },
    { kind: 'pipeline', projectId: project.id, path: 'acme/api', pipelineId: pipeline.id, view: 'list' },
  );
  const key = `pipelineJobs:${project.id}:${pipeline.id}`;
  await rig.until(() => (rig.store.getState().lists[key]?.items.length ?? 0) > 0, 'the jobs to load');

  // Several idle polls: each reads the pipeline (304), none the jobs.
  const pipelineGets = () => requests(rig, `/pipelines/${pipeline.id}`);
  const jobsGets = () => requests(rig, `/pipelines/${pipeline.id}/jobs`);
  const jobsBefore = jobsGets().length;
  const seen = pipelineGets().length;
  await rig.until(() => pipelineGets().length >= seen + 4, 'four more polls of the pipeline');
  expect(jobsGets().length).toBe(jobsBefore);
  expect(
    pipelineGets()
      .slice(seen, seen + 4)
      .every((r) => r.status === 304),
  ).toBe(true);

  // Someone else retries the failed job: the pipeline runs again, and its new job shows.
  const bob = createGitLab({ baseUrl: rig.sim.url, token: DEMO_TOKENS.other, sleep: async () => {} });
  const failed = world.pipelineJobs(pipeline).find((j) => j.status === 'failed')!;
  const retried = await bob.jobs.retry(project.id, failed.id);
  await rig.until(
    () => rig.controller.rowsOf<{ id: number }>(listKeys.pipelineJobs(project.id, pipeline.id)).some((j) => j.id === retried.id),
    'the retried job in the list',
  );
  await rig.waitFor(`#${retried.id}`);
  expect(jobsGets().length).toBeGreaterThan(jobsBefore);
  // Running again: the pipeline and its jobs are read together at the active rate from now on.
  await rig.until(
    () => rig.store.getState().pipelines[pipeline.id]?.status === 'running' || rig.store.getState().pipelines[pipeline.id]?.status === 'pending',
    'the pipeline to show it runs again',
  );
});

it("a running job: its log grows on screen without R, and the runner's last line brings its final status at once", async () => {
  app = await startApp({ timing: SLOW_JOB_POLL, logTiming: LOG_TIMING });
  const rig = app;
  const job = longestRunning(rig, 'acme/web');
  openJob(rig, 'acme/web', job);
  await rig.until(
    () => rig.store.getState().jobs[job.id]?.status === 'running' && rig.store.getState().logViews[job.id]?.loaded === true,
    'the job and its log',
  );
  const bytes = () => rig.store.getState().logViews[job.id]?.bytes ?? 0;
  const worldBytes = () => traceBytes(rig.sim.world, rig.sim.world.jobs.get(job.id)!).length;
  const before = bytes();
  // World time moves until the runner has written more; the tail (not a refresh) brings it.
  for (let i = 0; i < 30 && worldBytes() === before; i++) rig.advance(5_000);
  expect(worldBytes()).toBeGreaterThan(before);
  await rig.until(() => bytes() === worldBytes(), 'the tail to catch up', 3_000);
  // Reads asked for a range: only the new part came over the wire.
  const traces = requests(rig, `/jobs/${job.id}/trace`);
  expect(traces.slice(1).every((r) => typeof r.headers.range === 'string')).toBe(true);

  // To the end of the job: its status arrives with the log's last line, not with a ten-minute poll.
  rig.advance(job.startedAt! + job.plan.runMs - rig.sim.clock.now() + 1_000);
  await rig.until(() => !['running', 'pending'].includes(rig.store.getState().jobs[job.id]?.status ?? 'running'), 'the final status', 5_000);
  expect(rig.store.getState().jobs[job.id]!.status).toBe(rig.sim.world.jobs.get(job.id)!.status);
  await rig.waitFor(/Job succeeded|ERROR: Job failed/);
  // The tail made its final read (the whole log is in) and stopped polling.
  await rig.until(() => !rig.controller.ctx.logs!.tailing(job.id), 'the tail to finish');
  expect(bytes()).toBe(worldBytes());
});

it('a running job canceled by someone else shows canceled promptly', async () => {
  app = await startApp({ timing: SLOW_JOB_POLL, logTiming: LOG_TIMING });
  const rig = app;
  // Not a job with a huge log (its tail would still be reading when the cancel lands), and one past
  // its runner's preparation (a job canceled then has no script log to end).
  const job = longestRunning(rig, 'acme/web', (j) => j.logSize !== 'huge');
  const ran = rig.sim.clock.now() - job.startedAt!;
  if (ran < 30_000) rig.advance(30_000 - ran);
  expect(rig.sim.world.jobs.get(job.id)!.status).toBe('running');
  openJob(rig, 'acme/web', job);
  await rig.until(
    () => rig.store.getState().jobs[job.id]?.status === 'running' && rig.store.getState().logViews[job.id]?.loaded === true,
    'the job and its log',
  );
  const bob = createGitLab({ baseUrl: rig.sim.url, token: DEMO_TOKENS.other, sleep: async () => {} });
  await bob.jobs.cancel(job.projectId, job.id);
  await rig.until(() => rig.store.getState().jobs[job.id]?.status === 'canceled', 'the canceled status', 5_000);
  await rig.waitFor(/Job failed: canceled/);
});

it('a pending job: when it starts, its log and its running status show without waiting for a poll', async () => {
  app = await startApp({ timing: SLOW_JOB_POLL, logTiming: LOG_TIMING });
  const rig = app;
  const world = rig.sim.world;
  const now = rig.sim.clock.now();
  // A job queued for a runner that gets one within the next minute: still in its queue time (one
  // past it waits for a runner that may never come, as acme/ml's jobs for a GPU or TPU runner do).
  const startsIn = (j: { queuedAt: number | null; plan: { queueMs: number } }) => j.queuedAt! + j.plan.queueMs - now;
  const job = [...world.jobs.values()].find(
    (j) => j.status === 'pending' && !j.retried && j.queuedAt !== null && startsIn(j) > 0 && startsIn(j) < 60_000 && j.plan.runMs > 30_000,
  );
  expect(job).toBeDefined();
  const project = world.projects.get(job!.projectId)!;
  openJob(rig, `${project.namespace}/${project.path}`, job!);
  await rig.until(() => rig.store.getState().jobs[job!.id]?.status === 'pending', 'the pending job');
  await rig.waitFor(/Waiting for a runner/);
  rig.advance(job!.queuedAt! + job!.plan.queueMs - now + 10_000);
  expect(world.jobs.get(job!.id)!.status).toBe('running');
  await rig.until(() => rig.store.getState().jobs[job!.id]?.status === 'running', 'the running status', 5_000);
  await rig.until(() => (rig.store.getState().logViews[job!.id]?.lines ?? 0) > 0, 'the first lines', 5_000);
});

// The REST path again (no GraphQL).
it("a running pipeline: its jobs are read every poll, the pipeline only when a job's status changed — and its end shows at once", async () => {
  app = await startApp({ timing: SLOW_JOB_POLL, logTiming: LOG_TIMING, sim: { graphql: 'off' } });
  const rig = app;
  const project = projectOf(rig, 'acme/api');
  const world = rig.sim.world;
  const pipeline = [...world.projectPipelines.get(project.id)!]
    .reverse()
    .map((id) => world.pipelines.get(id)!)
    .find((p) => p.status === 'running')!;
  expect(pipeline).toBeDefined();
  rig.open(
    { kind: 'project', projectId: project.id, path: 'acme/api', tab: 'pipelines' },
    { kind: 'pipeline', projectId: project.id, path: 'acme/api', pipelineId: pipeline.id, view: 'list' },
  );
  const key = `pipelineJobs:${project.id}:${pipeline.id}`;
  await rig.until(
    () => (rig.store.getState().lists[key]?.items.length ?? 0) > 0 && rig.store.getState().pipelines[pipeline.id]?.status === 'running',
    'the pipeline and its jobs',
  );
  const pipelineGets = () => requests(rig, `/pipelines/${pipeline.id}`).length;
  const jobsGets = () => requests(rig, `/pipelines/${pipeline.id}/jobs`).length;
  const gets = pipelineGets();
  const jobs = jobsGets();
  // Frozen world: the jobs are polled, the pipeline is not (no job changed).
  await rig.until(() => jobsGets() >= jobs + 4, 'four polls of the jobs');
  expect(pipelineGets()).toBe(gets);

  // The world runs to the pipeline's end: the jobs show it, and the pipeline's own status follows.
  for (let i = 0; i < 120 && ['running', 'pending', 'created'].includes(world.pipelines.get(pipeline.id)!.status); i++) rig.advance(30_000);
  const final = world.pipelines.get(pipeline.id)!.status;
  expect(['running', 'pending', 'created']).not.toContain(final);
  await rig.until(() => rig.store.getState().pipelines[pipeline.id]?.status === final, `the pipeline's ${final} status`, 5_000);
  expect(pipelineGets()).toBeGreaterThan(gets);
});

it("while its log is tailed, a running job's own record is re-read at the tailed rate, not the idle one", async () => {
  // idleMs would re-read the job every 80 ms; tailedJobMs says ten minutes. The simulator's clock is
  // frozen, so the log is quiet: only the one check after three quiet reads may add a read.
  app = await startApp({ timing: { activeMs: 50, idleMs: 80, maxBackoffMs: 1_000, tailedJobMs: 600_000 }, logTiming: LOG_TIMING });
  const rig = app;
  const job = longestRunning(rig, 'acme/web');
  openJob(rig, 'acme/web', job);
  await rig.until(() => rig.store.getState().logViews[job.id]?.loaded === true, 'the log');
  const traces = requests(rig, `/jobs/${job.id}/trace`).length;
  await rig.until(() => requests(rig, `/jobs/${job.id}/trace`).length >= traces + 8, 'eight more reads of the log');
  expect(rig.controller.ctx.logs!.tailing(job.id)).toBe(true);
  expect(requests(rig, `/jobs/${job.id}`).length).toBeLessThanOrEqual(3);
});
