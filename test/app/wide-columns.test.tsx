// Wide terminals show more instead of stretching names: at 200 columns a job list adds when each
// job was queued and which runner took it, the pipelines list each commit's title, names and refs
// stop at their cap, the pulse's path too; at 80 columns every list shows what it showed before
// (the new columns give way first) and no commit is read.
import { afterEach, expect, it } from 'vitest';
import type { Job } from '../../src/api/index.js';
import { duration } from '../../src/ui/format.js';
import { startApp, type AppRig } from '../helpers/app.js';

const PROJECT = 'acme/web';
let app: AppRig;
afterEach(() => app.close());

/** The header line of the table on screen (the line that starts with "Status"). */
const headerLine = () =>
  app
    .frame()
    .split('\n')
    .find((l) => /^\s*Status\s/.test(l)) ?? '';
const headers = () => headerLine().trim().split(/\s+/);
/** Cells from the start of `name` to the start of the next header. */
const columnWidth = (name: string) => {
  const line = headerLine();
  const at = line.indexOf(name);
  const next = line.slice(at + name.length).search(/\S/);
  return name.length + next;
};

async function finishedJobWithRunner(): Promise<{ projectId: number; job: Job }> {
  const projectId = app.sim.world.projectsByPath.get(PROJECT)!.id;
  const gl = app.controller.ctx.gl;
  for (const pipeline of await gl.pipelines.list(projectId, { perPage: 20 }).all()) {
    const jobs = await gl.jobs.listForPipeline(projectId, pipeline.id, { perPage: 100 }).all();
    const job = jobs.find((j) => j.runner?.description && typeof j.queued_duration === 'number' && j.status === 'success');
    if (job) return { projectId, job };
  }
  throw new Error('no finished acme/web job with a runner');
}

const openPipeline = (projectId: number, pipelineId: number) => app.open({ kind: 'pipeline', projectId, path: PROJECT, pipelineId, view: 'list' });
const openJobsTab = (projectId: number) => app.open({ kind: 'project', projectId, path: PROJECT, tab: 'jobs' });

it("at 200 columns a pipeline's jobs show queued time and runner, the name capped", async () => {
  app = await startApp({ columns: 200, rows: 30 });
  await app.waitFor(PROJECT);
  const { projectId, job } = await finishedJobWithRunner();
  openPipeline(projectId, job.pipeline!.id);
  await app.waitFor(/\d+ jobs/);
  expect(headers()).toEqual(['Status', 'Job', 'Name', 'Stage', 'By', 'Duration', 'Created', 'Queued', 'Runner']);
  const row = app
    .frame()
    .split('\n')
    .find((l) => l.includes(`#${job.id} `))!;
  expect(row).toContain(job.runner!.description!);
  expect(row).toContain(duration(job.queued_duration));
  expect(columnWidth('Name')).toBeLessThanOrEqual(45);

  openJobsTab(projectId);
  await app.waitFor(/Queued Runner/);
  expect(headers()).toEqual(['Status', 'Job', 'Name', 'Stage', 'Pipeline', 'Ref', 'By', 'Duration', 'Created', 'Queued', 'Runner']);
  expect(columnWidth('Name')).toBeLessThanOrEqual(45);
  expect(columnWidth('Ref')).toBeLessThanOrEqual(33);
});

it('at 80 columns the lists show what they did: the new columns give way first', async () => {
  app = await startApp({ columns: 80, rows: 24 });
  await app.waitFor(PROJECT);
  const { projectId, job } = await finishedJobWithRunner();
  openPipeline(projectId, job.pipeline!.id);
  await app.waitFor(/\d+ jobs/);
  expect(headers()).toEqual(['Status', 'Job', 'Name', 'Stage', 'By', 'Duration']);
  openJobsTab(projectId);
  await app.waitFor(/\d+ jobs/);
  expect(headers()).toEqual(['Status', 'Job', 'Name', 'Stage', 'Pipeline', 'Ref', 'Duration']);
  app.open({ kind: 'project', projectId, path: PROJECT, tab: 'pipelines' });
  await app.waitFor(/\d+\+? pipelines/);
  expect(headers()).toEqual(['Status', 'Pipeline', 'Ref', 'Commit', 'Created', 'Duration']);
  // No Title column, so no commit is read.
  await app.until(() => Object.values(app.store.getState().pipelines).some((p) => (p as { hydratedAt?: string }).hydratedAt), 'rows read whole');
  expect(app.sim.requests.filter((r) => r.path.includes('/repository/commits/'))).toEqual([]);
});

it('at 200 columns the pipelines list caps its ref and the pulse its project path', async () => {
  app = await startApp({ columns: 200, rows: 30, first: { kind: 'pulse' } });
  const frame = await app.waitFor(/project\s+pipelines run/);
  const head = frame.split('\n').find((l) => l.startsWith('project'))!;
  expect(head.indexOf('pipelines')).toBeLessThanOrEqual(60 + 1 + 20);
  const projectId = app.sim.world.projectsByPath.get(PROJECT)!.id;
  app.push({ kind: 'project', projectId, path: PROJECT, tab: 'pipelines' });
  await app.waitFor(/\d+\+? pipelines/);
  expect(headers()).toEqual(['Status', 'Pipeline', 'Ref', 'Commit', 'Title', 'Source', 'By', 'Created', 'Duration', 'Trend']);
  expect(columnWidth('Ref')).toBeLessThanOrEqual(41);
  expect(columnWidth('Source')).toBeLessThanOrEqual(21);
  // The commit's title, as GitLab's commit answers it (GET …/repository/commits/:sha), on the first row.
  const first = (await app.controller.ctx.gl.pipelines.list(projectId, { perPage: 1 }).all())[0]!;
  const commit = await app.controller.ctx.gl.projects.commit(projectId, first.sha);
  await app.until(
    () =>
      (
        app
          .frame()
          .split('\n')
          .find((l) => l.includes(`#${first.id} `)) ?? ''
      ).includes(commit.title.slice(0, 30)),
    'the commit title',
  );
});
