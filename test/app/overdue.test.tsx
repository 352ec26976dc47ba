// Overdue work is marked: a job GitLab still calls "running" after 17909 hours carries ⧖ in the
// pipeline's job rows, in `:jobs running` and in the pulse's running count (with the summary's
// "overdue"), and its details say why — longer than any GitLab job may run (src/time/overdue.ts).
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Job, Project } from '../../src/api/index.js';
import { pulseRows } from '../../src/features/pulse/index.js';
import type { SimJob } from '../../src/sim/model.js';
import { listKeys } from '../../src/domain/list-keys.js';
import { listOf, topPane } from '../../src/store/store.js';
import { rememberProject } from '../../src/domain/projects.js';
import { startApp, type AppRig } from '../helpers/app.js';

const HOURS = 17909;
let app: AppRig;
let stuck: SimJob;
let projectId: number;
let path: string;
let branch: string;

beforeEach(async () => {
  app = await startApp({ rows: 40, columns: 160 });
  await app.waitFor('acme/api');
  const world = app.sim.world;
  // A running job of a project's default branch (acme/api's if it has one: which jobs run at the
  // start is the demo world's; one of alice's, on her pulse), started 17909 hours ago; its pipeline created then.
  const alice = world.usersByName.get('alice')!;
  const projects = [...world.projects.values()]
    .filter((p) => p.members.has(alice.id))
    .sort((a, b) => Number(b.path === 'api') - Number(a.path === 'api') || a.id - b.id);
  for (const project of projects) {
    const running = [...world.jobs.values()]
      .filter((j) => j.projectId === project.id && j.status === 'running' && world.pipelines.get(j.pipelineId)!.ref === project.defaultBranch)
      .sort((a, b) => b.id - a.id);
    if (running.length === 0) continue;
    stuck = running[0]!;
    projectId = project.id;
    path = `${project.namespace}/${project.path}`;
    branch = project.defaultBranch;
    break;
  }
  expect(stuck).toBeDefined();
  const then = app.sim.clock.now() - HOURS * 3600_000;
  stuck.startedAt = then;
  world.pipelines.get(stuck.pipelineId)!.createdAt = then;
});
afterEach(() => app.close());

const rowOf = (id: number) =>
  app
    .frame()
    .split('\n')
    .find((l) => l.includes(`#${id}`)) ?? '';

it("marks the job in its pipeline's rows and says why in its details", async () => {
  app.open({ kind: 'pipeline', projectId, path, pipelineId: stuck.pipelineId, view: 'list' });
  await app.until(() => rowOf(stuck.id).includes(`⧖ ${HOURS}h`), 'the marked row');
  // Another running job of the same pipeline, started minutes ago, is not marked.
  const jobs = listOf<Job>(app.store.getState(), listKeys.pipelineJobs(projectId, stuck.pipelineId)).items;
  expect(jobs.some((j) => j.id === stuck.id)).toBe(true);
  for (const other of jobs.filter((j) => j.id !== stuck.id && j.status === 'running')) expect(rowOf(other.id)).not.toContain('⧖');
  // Its details: the word, and why.
  app.push({ kind: 'job', projectId, path, jobId: stuck.id });
  await app.until(() => topPane(app.store.getState()).kind === 'job', 'the job');
  await app.waitFor(`⧖ overdue: running ${HOURS}h 00m: longer than any GitLab job may run`);
});

it('marks it in :jobs running', async () => {
  await app.type(`:jobs running name=${stuck.name} ref=${branch}\r`);
  await app.until(() => rowOf(stuck.id) !== '', 'its row');
  await app.until(() => rowOf(stuck.id).includes(`⧖ ${HOURS}h`), 'the marked row');
});

it("marks the pulse's running count, and the summary counts it overdue", async () => {
  await app.type(':pulse\r');
  await app.until(() => pulseRows(app.store.getState()).find((r) => r.path === path)?.loaded === true, `the ${path} row`);
  await app.waitFor(/\d+ running \(1 overdue ⧖\)/);
  const line = app
    .frame()
    .split('\n')
    .find((l) => l.startsWith(`${path} `))!;
  expect(line).toMatch(/●\d+⧖/);
});

it("marks a job past its project's build_timeout, which GitLab sends to Maintainers", async () => {
  // A job running for 15 minutes: overdue only where the project's timeout is 10 minutes.
  const minutes = [...app.sim.world.jobs.values()].find(
    (j) => j.projectId === projectId && j.status === 'running' && j.pipelineId === stuck.pipelineId && j.id !== stuck.id,
  );
  const job = minutes ?? stuck;
  job.startedAt = app.sim.clock.now() - 15 * 60_000;
  app.open({ kind: 'pipeline', projectId, path, pipelineId: job.pipelineId, view: 'list' });
  await app.until(() => rowOf(job.id).includes('15m 00s'), 'its row');
  expect(rowOf(job.id)).not.toContain('⧖');
  // GET /projects/:id as a Maintainer reads it: 600 s.
  rememberProject(app.store, { id: projectId, build_timeout: 600 } as Project);
  await app.until(() => rowOf(job.id).includes('⧖ 15m 00s'), 'the marked row');
  app.push({ kind: 'job', projectId, path, jobId: job.id });
  await app.waitFor("⧖ overdue: running 15m 00s, past the project's 10m 00s timeout");
});
