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
