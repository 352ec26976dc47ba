// `:jobs` across projects: "which deploy is waiting?" is `:jobs manual` and one Enter,
// from a fresh start on the pulse; the Jobs tab's keys work on its rows, with the same confirms.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { topPane } from '../../src/store/store.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

let app: AppRig;
beforeEach(async () => {
  app = await startApp({ first: { kind: 'pulse' } });
  await app.waitFor('acme/api');
});
afterEach(() => app.close());

/** The world's jobs of a status, in the projects alice sees: what the rows must be. */
function worldJobs(status: string) {
  const { world } = app.sim;
  const out: { id: number; name: string; path: string }[] = [];
  for (const project of world.projects.values()) {
    if (project.visibility === 'private' && !project.members?.has(world.usersByName.get('alice')!.id)) continue;
    for (const pid of world.projectPipelines.get(project.id) ?? []) {
      for (const job of world.pipelineJobs(world.pipelines.get(pid)!))
        if (job.status === status) out.push({ id: job.id, name: job.name, path: `${project.namespace}/${project.path}` });
    }
  }
  return out;
}

it(':jobs manual lists the waiting jobs of every project, with the project; Enter opens the log', async () => {
  await app.palette('jobs manual');
  await app.waitFor(/Jobs · manual · \d+ projects/);
  await app.until(() => app.store.getState().lists['allJobs']?.loadedAt != null, 'the read');
  const frame = await app.waitFor(/⚙ manual/);
  expect(topPane(app.store.getState())).toEqual({ kind: 'allJobs' });
  const rows = app.store.getState().lists['allJobs']!.items as { job: { id: number; status: string; created_at: string }; path: string }[];
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => r.job.status === 'manual')).toBe(true);
  // Newest first, across projects.
  const times = rows.map((r) => Date.parse(r.job.created_at));
  expect(times).toEqual([...times].sort((a, b) => b - a));
  // More than one project's jobs, each row naming its project.
  expect(new Set(rows.map((r) => r.path)).size).toBeGreaterThan(1);
  const first = rows[0]!;
  expect(frame).toContain(first.path.slice(0, 12));
  // Every manual job the world holds in the newest page of each project is there.
  const ids = new Set(rows.map((r) => r.job.id));
  expect(worldJobs('manual').filter((j) => ids.has(j.id)).length).toBe(rows.length);
  await app.press(KEY.enter);
  await app.until(() => topPane(app.store.getState()).kind === 'job', 'the job pane');
  expect(topPane(app.store.getState())).toMatchObject({ kind: 'job', jobId: first.job.id, path: first.path });
});

it('filters by name, ref and stage, and / filters the rows; a bad word keeps the palette text', async () => {
  await app.palette('jobs manual stage=deploy name=PROD');
  await app.waitFor(/Jobs · manual name=PROD stage=deploy/);
  await app.until(() => app.store.getState().lists['allJobs']?.loadedAt != null, 'the read');
  const rows = app.store.getState().lists['allJobs']!.items as { job: { name: string; stage: string } }[];
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => r.job.stage === 'deploy' && /prod/i.test(r.job.name))).toBe(true);
  await app.palette('jobs manual colour=red');
  await app.waitFor(/filters on name=, ref=, stage=/);
  await app.press('/');
  await app.type('acme/web');
  await app.press(KEY.enter);
  await app.until(() => app.store.getState().lists['allJobs']?.filter === 'acme/web', 'the / filter');
});

it('p on a manual row opens its variables form as the Jobs tab does, and Enter asks before a deploy', async () => {
  await app.palette('jobs manual name=production');
  await app.waitFor(/Jobs · manual name=production/);
  await app.until(() => (app.store.getState().lists['allJobs']?.items.length ?? 0) > 0, 'rows');
  await app.press('p');
  await app.until(() => topPane(app.store.getState()).kind === 'runForm', 'the play form');
  await app.press(KEY.enter);
  await app.waitFor(/\[y\/N\]/);
});

it('R asks each project whether its pipelines changed, and reads the jobs only of those that did or still run', async () => {
  await app.palette('jobs failed');
  await app.until(() => app.store.getState().lists['allJobs']?.loadedAt != null, 'the first read');
  const projects = app.store.getState().allJobs.projects;
  expect(projects).toBeGreaterThan(2);
  const from = app.store.getState().requestLog.length;
  const reads = app.store.getState().allJobs.reads;
  await app.press('R');
  await app.until(() => app.store.getState().allJobs.reads > reads, 'the second read');
  const sent = app.store.getState().requestLog.slice(from);
  const checks = sent.filter((r) => /\/projects\/\d+\/pipelines\?/.test(r.path));
  const jobReads = sent.filter((r) => /\/projects\/\d+\/jobs\?/.test(r.path));
  expect(checks).toHaveLength(projects);
  expect(checks.every((r) => /updated_after=/.test(r.path) && /order_by=updated_at/.test(r.path))).toBe(true);
  // The world stands still: only projects with a pipeline still running or waiting are read again.
  const { world } = app.sim;
  const moving = [...world.projects.values()].filter((p) =>
    (world.projectPipelines.get(p.id) ?? []).some((id) =>
      ['running', 'pending', 'created', 'preparing', 'waiting_for_resource'].includes(world.pipelines.get(id)!.status),
    ),
  );
  expect(jobReads.length).toBeLessThan(projects);
  expect(jobReads.length).toBeLessThanOrEqual(moving.length);
  expect(jobReads.every((r) => /[?&]scope(%5B%5D|\[\])?=failed(&|$)/.test(r.path))).toBe(true);
});

it('c on a running row asks first, naming the job, as the Jobs tab does', async () => {
  await app.palette('jobs running');
  await app.until(() => (app.store.getState().lists['allJobs']?.items.length ?? 0) > 0, 'running jobs');
  const [row] = app.store.getState().lists['allJobs']!.items as { job: { id: number; name: string } }[];
  await app.press('c');
  await app.waitFor(`Cancel job #${row!.job.id} ${row!.job.name}? It stops now and is marked canceled.`);
  await app.press('n');
  await app.until(() => app.store.getState().confirm === null, 'the question closed');
});

it(':jobs then Tab offers its words: the statuses, all, name= ref= stage=; ma⇥ completes manual', async () => {
  await app.press(':');
  await app.waitFor(/^:/m);
  await app.type('jobs ');
  await app.press('\t');
  await app.until(() => app.store.getState().prompt?.completion !== undefined, 'the menu');
  const items = app.store.getState().prompt!.completion!.items;
  expect(items).toEqual(expect.arrayContaining(['manual', 'failed', 'running', 'all', 'name=', 'ref=', 'stage=']));
  expect(app.frame()).not.toContain('Nothing to complete here');
  await app.press(KEY.escape);
  await app.until(() => app.store.getState().prompt?.completion === undefined, 'the menu closed');
  await app.type('ma');
  await app.press('\t');
  await app.until(() => app.store.getState().prompt?.value === 'jobs manual ', 'manual completed');
});

it(':deployments from a :jobs row opens the deployments of that row’s project', async () => {
  await app.palette('jobs manual');
  await app.until(() => (app.store.getState().lists['allJobs']?.items.length ?? 0) > 0, 'the rows');
  const row = app.store.getState().lists['allJobs']!.items[0] as { projectId: number; path: string };
  await app.palette('deployments');
  await app.until(() => topPane(app.store.getState()).kind !== 'allJobs', 'left :jobs');
  expect(app.frame()).not.toContain('Open a project first');
  expect(topPane(app.store.getState())).toMatchObject({ projectId: row.projectId, path: row.path });
});

it(':jobs manual names each job’s pipeline: which pipeline a play runs in', async () => {
  await app.palette('jobs manual');
  await app.until(() => (app.store.getState().lists['allJobs']?.items.length ?? 0) > 0, 'the rows');
  const row = app.store.getState().lists['allJobs']!.items[0] as { job: { id: number; pipeline: { id: number } } };
  const frame = await app.waitFor(/Pipeline/);
  const line = frame.split('\n').find((l) => l.includes(`#${row.job.id}`))!;
  expect(line).toContain(`#${row.job.pipeline.id}`);
});
