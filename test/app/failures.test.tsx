// `:failures` / `X`: why a pipeline failed — every failed job of the pipeline and of the pipelines
// below it, once each, with its log's failure line; Enter opens the log at that line; `r` asks to
// retry, counting them.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Job, PipelineBasic } from '../../src/api/index.js';
import { topPane } from '../../src/store/store.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

const PROJECT = 'acme/api';
let app: AppRig;
let projectId: number;

beforeEach(async () => {
  app = await startApp({ rows: 40, columns: 120 });
  await app.waitFor('acme/api');
  projectId = app.sim.world.projectsByPath.get(PROJECT)!.id;
});
afterEach(() => app.close());

/** A failed pipeline of acme/api with more than one failed job when there is one, and its failed jobs. */
async function failedPipeline(): Promise<{ pipeline: PipelineBasic; failed: Job[] }> {
  const gl = app.controller.ctx.gl;
  let best: { pipeline: PipelineBasic; failed: Job[] } | null = null;
  for (const pipeline of await gl.pipelines.list(projectId, { perPage: 50, status: 'failed' }).all()) {
    const failed = (await gl.jobs.listForPipeline(projectId, pipeline.id, { perPage: 100 }).all()).filter((j) => j.status === 'failed');
    if (failed.length > (best?.failed.length ?? 0)) best = { pipeline, failed };
    if (failed.length > 1) break;
  }
  if (!best) throw new Error('no failed acme/api pipeline with a failed job');
  return best;
}

async function logOf(jobId: number): Promise<string> {
  const res = await fetch(`${app.sim.url}/api/v4/projects/${projectId}/jobs/${jobId}/trace`, { headers: { 'private-token': 'demo-user-token' } });
  return res.text();
}

function openPipeline(pipelineId: number): void {
  app.open({ kind: 'pipeline', projectId, path: PROJECT, pipelineId, view: 'list' });
}

it('X on a failed pipeline lists each failed job once, with a failure line from its own log', async () => {
  const { pipeline, failed } = await failedPipeline();
  openPipeline(pipeline.id);
  await app.waitFor(`#${pipeline.id}`);
  await app.press('X');
  const frame = await app.waitFor(/\d+ logs? read/);
  expect(topPane(app.store.getState())).toMatchObject({ kind: 'failures', pipelineId: pipeline.id });
  expect(frame).toContain(`Why #${pipeline.id} failed · ${failed.length} failed job${failed.length === 1 ? '' : 's'}`);
  // The trail names the pipeline once: the digest's crumb is just `failures`.
  expect(frame).toContain(`#${pipeline.id} › failures`);
  expect(frame).not.toContain(`#${pipeline.id} › #${pipeline.id}`);
  for (const job of failed) expect(frame.split(`#${job.id} `).length - 1, `job #${job.id} once`).toBe(1);
  const digest = app.store.getState().failures[`${projectId}:${pipeline.id}`]!;
  for (const item of digest.items) {
    expect(item.block, `a failure line for ${item.name}`).not.toBeNull();
    const log = await logOf(item.jobId);
    // The line is one of the log's own lines (colours aside), and not the runner's bare verdict.
    expect(log.replace(/\x1b\[[0-9;]*m/g, '')).toContain(item.block!.line);
    expect(item.block!.line).not.toMatch(/^ERROR: Job failed/);
    expect(frame).toContain(`▸ ${item.block!.line.slice(0, 40)}`);
  }
});

it('Enter opens the job’s log searched for its failure line', async () => {
  const { pipeline } = await failedPipeline();
  openPipeline(pipeline.id);
  await app.waitFor(`#${pipeline.id}`);
  await app.press(':');
  await app.waitFor(/^:/m);
  await app.type('failures');
  await app.press(KEY.enter);
  await app.waitFor(/\d+ logs? read/);
  const item = app.store.getState().failures[`${projectId}:${pipeline.id}`]!.items[0]!;
  await app.press(KEY.enter);
  await app.until(() => (app.store.getState().logViews[item.jobId]?.search?.matches.length ?? 0) > 0, 'the failure line found in the log');
  expect(topPane(app.store.getState())).toMatchObject({ kind: 'job', jobId: item.jobId });
  expect(app.store.getState().logViews[item.jobId]!.search!.query).toBe(item.block!.line);
});

it('r asks to retry, counting the failed jobs; n leaves the pipeline alone', async () => {
  const { pipeline, failed } = await failedPipeline();
  openPipeline(pipeline.id);
  await app.waitFor(`#${pipeline.id}`);
  await app.press('X');
  await app.waitFor(/\d+ logs? read/);
  await app.press('r');
  await app.waitFor(`Retry pipeline #${pipeline.id}: ${failed.length} failed job${failed.length === 1 ? '' : 's'}?`);
  const posts = () => app.sim.requests.filter((r) => r.method === 'POST').length;
  const before = posts();
  await app.press('n');
  await app.until(() => app.store.getState().confirm === null, 'the confirm closed');
  expect(posts()).toBe(before);
});

it('a pipeline that failed through a trigger job names the downstream failed jobs, via the bridge', async () => {
  const deployer = app.sim.world.projectsByPath.get('acme/platform/deployer')!;
  const gl = app.controller.ctx.gl;
  let found: { pipeline: PipelineBasic; bridge: string } | null = null;
  for (const p of await gl.pipelines.list(deployer.id, { perPage: 100, status: 'failed' }).all()) {
    const own = (await gl.jobs.listForPipeline(deployer.id, p.id, { perPage: 100 }).all()).filter((j) => j.status === 'failed');
    const bridge = (await gl.pipelines.bridges(deployer.id, p.id, { perPage: 100 }).all()).find((b) => b.status === 'failed' && b.downstream_pipeline);
    if (own.length === 0 && bridge) {
      found = { pipeline: p, bridge: bridge.name };
      break;
    }
  }
  if (!found) throw new Error('the demo world has no deployer pipeline that failed only through a trigger job');
  app.open({ kind: 'pipeline', projectId: deployer.id, path: 'acme/platform/deployer', pipelineId: found!.pipeline.id, view: 'list' });
  await app.waitFor(`#${found.pipeline.id}`);
  await app.press('X');
  const frame = await app.waitFor(/\d+ logs? read/);
  const items = app.store.getState().failures[`${deployer.id}:${found.pipeline.id}`]!.items;
  expect(items.length).toBeGreaterThan(0);
  expect(items.every((i) => i.via[0] === found!.bridge && i.pipelineId !== found!.pipeline.id)).toBe(true);
  expect(frame).toContain(`via ${found.bridge}`);
});

it('r on an older pipeline warns as ^r does: what runs again, and the newer pipeline on its ref', async () => {
  const gl = app.controller.ctx.gl;
  // A failed pipeline, with a failed job, that a newer pipeline on its ref follows.
  let found: { pipeline: PipelineBasic; newest: PipelineBasic } | null = null;
  for (const pipeline of await gl.pipelines.list(projectId, { perPage: 50, status: 'failed' }).all()) {
    const [newest] = await gl.pipelines.list(projectId, { ref: pipeline.ref, perPage: 1 }).all();
    if (newest!.id === pipeline.id) continue;
    const failed = (await gl.jobs.listForPipeline(projectId, pipeline.id, { perPage: 100 }).all()).filter((j) => j.status === 'failed');
    if (failed.length > 0) {
      found = { pipeline, newest: newest! };
      break;
    }
  }
  if (!found) throw new Error('no older failed acme/api pipeline with a failed job');
  const { pipeline, newest } = found;
  expect(newest.id).toBeGreaterThan(pipeline.id);
  const checked = () => app.store.getState().confirm !== null && !app.store.getState().confirm!.checking;
  // ^r on the pipeline: the question the pipelines feature asks.
  openPipeline(pipeline.id);
  await app.waitFor(`#${pipeline.id}`);
  await app.press('\x12');
  await app.until(checked, 'the checked ^r question');
  const byRetry = app.store.getState().confirm!;
  await app.press('n');
  await app.until(() => app.store.getState().confirm === null, 'the confirm closed');
  // X then r: the same warning and the same about line.
  await app.press('X');
  await app.waitFor(/\d+ logs? read/);
  await app.press('r');
  await app.until(checked, 'the checked question');
  const byDigest = app.store.getState().confirm!;
  expect(byDigest.warning).toBe(`⚠ #${newest!.id} on ${pipeline.ref} is newer (${newest!.status}): this re-runs an older commit`);
  expect(byDigest.warning).toBe(byRetry.warning);
  expect(byDigest.about).toMatch(new RegExp(`^pipeline #${pipeline.id} · ${pipeline.ref} · [0-9a-f]{8} “.+” · created \\S+ ago$`));
  expect(byDigest.about).toBe(byRetry.about);
  await app.waitFor('this re-runs an older commit');
});
