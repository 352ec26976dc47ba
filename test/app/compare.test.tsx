// `:compare` / `C`: a failed pipeline against the last successful one on its ref, on the demo world.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { PipelineBasic } from '../../src/api/index.js';
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

it('C names the last green pipeline on the ref and the jobs that flipped; Enter opens it', async () => {
  const gl = app.controller.ctx.gl;
  const all = await gl.pipelines.list(projectId, { perPage: 100, ref: 'main' }).all();
  // A failed main pipeline with a successful one before it (lists are newest first).
  let failed: PipelineBasic | undefined;
  let green: PipelineBasic | undefined;
  for (let i = 0; i < all.length && !green; i++) {
    if (all[i]!.status !== 'failed') continue;
    failed = all[i];
    green = all.slice(i + 1).find((p) => p.status === 'success');
  }
  if (!failed || !green) throw new Error('no failed main pipeline with a green one before it');
  const flipped = async () => {
    const now = await gl.jobs.listForPipeline(projectId, failed!.id, { perPage: 100 }).all();
    const then = new Map((await gl.jobs.listForPipeline(projectId, green!.id, { perPage: 100 }).all()).map((j) => [j.name, j.status]));
    return now.filter((j) => then.get(j.name) !== j.status).map((j) => j.name);
  };
  const names = await flipped();
  expect(names.length).toBeGreaterThan(0);
  app.open({ kind: 'pipeline', projectId, path: PROJECT, pipelineId: failed!.id, view: 'list' });
  await app.waitFor(`#${failed.id}`);
  await app.press('C');
  const frame = await app.waitFor(/against #\d+, the last success on main/);
  expect(frame).toContain(`#${failed.id} against #${green.id}, the last success on main: ${green.sha.slice(0, 8)}`);
  expect(frame).toMatch(/Jobs that changed \(\d+\)/);
  for (const name of names) expect(frame).toMatch(new RegExp(`  ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\[[^\\]]+\\]: \\w+ → `));
  await app.press(KEY.enter);
  await app.until(() => {
    const top = topPane(app.store.getState());
    return top.kind === 'pipeline' && top.pipelineId === green!.id;
  }, 'the green pipeline opened');
});

it(':compare on a pipeline with no green one before it says so', async () => {
  const gl = app.controller.ctx.gl;
  const all = await gl.pipelines.list(projectId, { perPage: 100 }).all();
  // The oldest pipeline of a ref has nothing before it.
  const oldest = [...all].reverse().find((p) => !all.some((q) => q.ref === p.ref && q.id < p.id && q.status === 'success'));
  if (!oldest) throw new Error('every pipeline has a green one before it');
  app.open({ kind: 'pipeline', projectId, path: PROJECT, pipelineId: oldest.id, view: 'list' });
  await app.waitFor(`#${oldest.id}`);
  await app.press(':');
  await app.waitFor(/^:/m);
  await app.type('compare');
  await app.press(KEY.enter);
  await app.waitFor(`before #${oldest.id}: nothing to compare with`);
});

function openPipelineOf(project: number, path: string, pipelineId: number): void {
  app.open({ kind: 'pipeline', projectId: project, path, pipelineId, view: 'list' });
}

it("a merge request's pipeline with no green one on its ref is held against the same commit's success on its source branch", async () => {
  const mobile = app.sim.world.projectsByPath.get('acme/mobile')!;
  const world = [...app.sim.world.pipelines.values()].filter((p) => p.projectId === mobile.id);
  const mrPipeline = world.filter((p) => /^refs\/merge-requests\/\d+\/head$/.test(p.ref)).sort((a, b) => b.id - a.id)[0]!;
  // Nothing passed on the merge request's ref; the commit passed on a branch.
  for (const p of world) if (p.ref === mrPipeline.ref && p.status === 'success') p.status = 'failed';
  mrPipeline.status = 'failed';
  const branch = world.find((p) => !p.ref.startsWith('refs/') && p.id !== mrPipeline.id && p.jobIds.length > 0)!;
  branch.sha = mrPipeline.sha;
  branch.status = 'success';
  openPipelineOf(mobile.id, 'acme/mobile', mrPipeline.id);
  await app.waitFor(`#${mrPipeline.id}`);
  await app.press('C');
  const frame = await app.waitFor(/against #\d+/);
  expect(frame).toContain(`#${mrPipeline.id} against #${branch.id}, the same commit's success on ${branch.ref}: ${mrPipeline.sha.slice(0, 8)}`);
  expect(frame).not.toContain('nothing to compare with');
});

it('a green pipeline that lists no job: says there is nothing to compare, not every job as "not there"', async () => {
  const gl = app.controller.ctx.gl;
  const all = await gl.pipelines.list(projectId, { perPage: 100, ref: 'main' }).all();
  const i = all.findIndex((p, n) => p.status === 'failed' && all.slice(n + 1).some((q) => q.status === 'success'));
  const failed = all[i]!;
  const green = all.slice(i + 1).find((p) => p.status === 'success')!;
  // GitLab lists no job for it (its jobs deleted, say): an empty page.
  app.sim.faults.add({
    kind: 'respond',
    method: 'GET',
    path: new RegExp(`^/projects/${projectId}/pipelines/${green.id}/jobs`),
    status: 200,
    body: [],
    times: 20,
  });
  openPipelineOf(projectId, PROJECT, failed.id);
  await app.waitFor(`#${failed.id}`);
  await app.press('C');
  const frame = await app.waitFor(`#${green.id}, the last success on main, lists no job: nothing to compare with.`);
  expect(frame).not.toContain('not there');
});

it('a failure inside a child pipeline shows as the child job that changed, via its trigger job', async () => {
  const deployer = app.sim.world.projectsByPath.get('acme/platform/deployer')!;
  const gl = app.controller.ctx.gl;
  const all = await gl.pipelines.list(deployer.id, { perPage: 100, ref: 'main' }).all();
  // A pipeline that failed only through a trigger job, with a green one before it.
  let found: { failed: PipelineBasic; bridge: string; child: string } | null = null;
  for (let i = 0; i < all.length && !found; i++) {
    const p = all[i]!;
    if (p.status !== 'failed' || !all.slice(i + 1).some((q) => q.status === 'success')) continue;
    const own = (await gl.jobs.listForPipeline(deployer.id, p.id, { perPage: 100 }).all()).filter((j) => j.status === 'failed');
    const bridge = (await gl.pipelines.bridges(deployer.id, p.id, { perPage: 100 }).all()).find((b) => b.status === 'failed' && b.downstream_pipeline);
    if (own.length || !bridge) continue;
    const d = bridge.downstream_pipeline!;
    const child = (await gl.jobs.listForPipeline((d as { project_id?: number }).project_id ?? deployer.id, d.id, { perPage: 100 }).all()).find(
      (j) => j.status === 'failed',
    );
    if (child) found = { failed: p, bridge: bridge.name, child: child.name };
  }
  if (!found) throw new Error('the demo world has no deployer pipeline that failed through a child, with a green one before it');
  openPipelineOf(deployer.id, 'acme/platform/deployer', found.failed.id);
  await app.waitFor(`#${found.failed.id}`);
  await app.press('C');
  const frame = await app.waitFor(/Jobs that changed \(\d+\)/);
  expect(frame).not.toContain('No job changed status');
  expect(frame).toContain(`  ${found.bridge} › ${found.child} [`);
  expect(frame).toMatch(new RegExp(`  ${found.bridge.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\[[^\\]]+\\]: success → failed`));
});
