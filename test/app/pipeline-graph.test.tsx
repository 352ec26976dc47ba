// The pipeline pane over GraphQL, through the real app against the simulator: the tree polled with
// GitLab's ETag (304s while nothing changes, the job rows patched when a status changes, REST's job
// list read once), the revoked token still noticed by the REST read a minute, the needs graph (`v`
// twice: columns by depth, lines, the failed path, Enter opens the job), and the fall back to REST
// on a GitLab without GraphQL, said once in `:requests`. Polling runs on real timers scaled down;
// the simulator's clock is frozen and moves only with advance().
import { afterEach, expect, it } from 'vitest';
import type { Job } from '../../src/api/index.js';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import type { SimPipeline } from '../../src/sim/model.js';
import { listKeys } from '../../src/domain/list-keys.js';
import { listOf } from '../../src/store/store.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';
import { simProject } from '../helpers/sim.js';

let app: AppRig | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const TIMING = { activeMs: 60, idleMs: 120, maxBackoffMs: 1_000 };

function newest(rig: AppRig, path: string, where: (p: SimPipeline) => boolean): SimPipeline {
  const world = rig.sim.world;
  const ids = world.projectPipelines.get(simProject(rig.sim, path).id)!;
  for (let i = ids.length - 1; i >= 0; i--) {
    const p = world.pipelines.get(ids[i]!)!;
    if (where(p)) return p;
  }
  throw new Error(`no such pipeline of ${path}`);
}

function open(rig: AppRig, path: string, p: SimPipeline): void {
  rig.open(
    { kind: 'project', projectId: p.projectId, path, tab: 'pipelines' },
    { kind: 'pipeline', projectId: p.projectId, path, pipelineId: p.id, view: 'list' },
  );
}

const graphAnswers = (rig: AppRig) => rig.sim.requests.filter((r) => r.path === '/api/graphql');
const jobLists = (rig: AppRig, id: number) => rig.sim.requests.filter((r) => r.path.split('?')[0]!.endsWith(`/pipelines/${id}/jobs`));

it('polls a running pipeline as one GraphQL tree, answered 304 while nothing changes; a new status shows without a REST job list', async () => {
  app = await startApp({ timing: TIMING });
  const rig = app;
  const world = rig.sim.world;
  const p = newest(rig, 'acme/api', (x) => x.status === 'running' && world.pipelineJobs(x).some((j) => j.status === 'running'));
  open(rig, 'acme/api', p);
  const key = listKeys.pipelineJobs(p.projectId, p.id);
  await rig.until(() => rig.store.getState().pipelineGraphs[p.id] !== undefined, 'the tree');
  await rig.until(() => listOf(rig.store.getState(), key).items.length > 0, 'the jobs');
  const lists = jobLists(rig, p.id).length;
  expect(lists).toBe(1);

  // Several polls with the world standing still: each a 304 from the cache, none a job list.
  const seen = graphAnswers(rig).length;
  await rig.until(() => graphAnswers(rig).length >= seen + 5, 'five more polls of the tree');
  const polls = graphAnswers(rig).slice(seen, seen + 5);
  expect(polls.every((r) => r.status === 304 && r.headers['x-gitlab-graphql-resource-etag'] === `pipelines/id/${p.id}`)).toBe(true);

  // Until a job's status changes: its row shows it, brought by the tree (a 200), not by a REST job list.
  const statuses = () =>
    world
      .pipelineJobs(p, true)
      .map((j) => `${j.id}:${j.status}`)
      .join();
  const before = statuses();
  for (let i = 0; i < 200 && statuses() === before; i++) rig.advance(5_000);
  const moved = world.pipelineJobs(p).find((j) => !before.includes(`${j.id}:${j.status}`))!;
  expect(moved).toBeDefined();
  await rig.until(() => rig.controller.rowsOf<Job>(key).find((j) => j.id === moved.id)?.status === moved.status, `${moved.name} to show ${moved.status}`);
  expect(graphAnswers(rig).some((r, i) => i >= seen && r.status === 200)).toBe(true);
  expect(jobLists(rig, p.id).length).toBe(lists);
}, 20_000);

it('notices a revoked token by its REST read a minute, though GraphQL keeps answering 304 before authentication', async () => {
  app = await startApp({ timing: TIMING });
  const rig = app;
  const world = rig.sim.world;
  const p = newest(rig, 'acme/api', (x) => x.status === 'running');
  open(rig, 'acme/api', p);
  await rig.until(() => rig.store.getState().pipelineGraphs[p.id] !== undefined, 'the tree');
  world.tokens.get(DEMO_TOKENS.user)!.expired = true;
  const seen = graphAnswers(rig).length;
  await rig.until(() => graphAnswers(rig).length >= seen + 2, 'more polls of the tree');
  expect(
    graphAnswers(rig)
      .slice(seen)
      .every((r) => r.status === 304),
  ).toBe(true);
  rig.advance(61_000);
  await rig.until(() => rig.sim.requests.some((r) => r.path.split('?')[0]!.endsWith(`/pipelines/${p.id}`) && r.status === 401), 'the REST read refused');
  // The pane says why, as REST's own failure reads (store/errors.ts describeError).
  await rig.until(() => (rig.store.getState().loadErrors[`pipeline:${p.id}`] ?? null) !== null, 'the refusal kept');
  const said = rig.store.getState().loadErrors[`pipeline:${p.id}`]!;
  expect(said).toMatch(/token/i);
  await rig.waitFor(said.slice(0, 20));
}, 20_000);

it('v v: the needs graph — columns by what jobs need, lines to them, the failed path, Enter opens the job', async () => {
  app = await startApp({ timing: { ...TIMING, idleMs: 600_000 } });
  const rig = app;
  const world = rig.sim.world;
  // A finished acme/api pipeline on main with a failed test job: what needed it was skipped.
  const p = newest(
    rig,
    'acme/api',
    (x) => x.ref === 'main' && x.status === 'failed' && world.pipelineJobs(x).some((j) => j.name === 'test:integration' && j.status === 'failed'),
  );
  open(rig, 'acme/api', p);
  await rig.until(() => rig.store.getState().pipelineGraphs[p.id] !== undefined, 'the tree');
  await rig.waitFor(/jobs · v stage graph/);
  await rig.press('v');
  await rig.waitFor('stage graph · v needs');
  await rig.press('v');
  const frame = await rig.waitFor('needs graph · v timeline');
  // build and lint (needs: []) in the first column; a line from build toward test:integration.
  const header = frame.split('\n').find((l) => /^build/.test(l.trim()) || l.includes('build · test'))!;
  expect(header).toBeDefined();
  expect(frame).toMatch(/build.*─/);
  expect(frame).toMatch(/[┐┘┬┴├┤┼┌└]/);
  expect(frame).toContain('lint');
  // The cursor onto test:integration: the last line names what it needs.
  const key = listKeys.pipelineJobs(p.projectId, p.id);
  const rows = () => rig.controller.rowsOf<Job>(key);
  const at = rows().findIndex((j) => j.name === 'test:integration');
  const from = listOf(rig.store.getState(), key).selected;
  await rig.press(...Array(Math.abs(at - from)).fill(at > from ? 'j' : 'k'));
  await rig.waitFor('test:integration needs build, docker:build');
  // Enter opens it.
  await rig.press(KEY.enter);
  await rig.until(() => {
    const top = rig.store.getState().stack.at(-1)!;
    return top.kind === 'job' && top.jobId === rows()[at]!.id;
  }, 'the job pane');
}, 20_000);

it('falls back to REST on a GitLab without GraphQL, says so once in :requests, and still shows the pipeline', async () => {
  app = await startApp({ timing: TIMING, sim: { graphql: 'off' } });
  const rig = app;
  const world = rig.sim.world;
  const p = newest(rig, 'acme/api', (x) => x.status === 'running');
  open(rig, 'acme/api', p);
  const key = listKeys.pipelineJobs(p.projectId, p.id);
  await rig.until(() => listOf(rig.store.getState(), key).items.length > 0, 'the jobs');
  const lists = jobLists(rig, p.id).length;
  await rig.until(() => jobLists(rig, p.id).length >= lists + 3, 'the REST polls');
  const notes = () => rig.store.getState().requestLog.filter((r) => /pipelines are read over REST/.test(r.error ?? ''));
  expect(notes().length).toBe(1);
  expect(notes()[0]!.error).toBe('GitLab answered 404 to POST /api/graphql; pipelines are read over REST from now on');
  expect(graphAnswers(rig).length).toBe(1);
  expect(rig.store.getState().pipelineGraphs[p.id]).toBeUndefined();
  expect(world.pipelines.get(p.id)).toBeDefined();
  await rig.press('v', 'v');
  await rig.waitFor('needs come from GitLab GraphQL');
}, 20_000);
