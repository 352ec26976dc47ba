// Palette jumps replace the trail instead of stacking it: wherever you are, `:project`, `:pipeline`,
// `:job` and `:events` leave `projects › <project> › <place>` (or `projects › <place>`), the
// breadcrumb says so, and Esc goes up from there — not back through every jump.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { topPane } from '../../src/store/store.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';
import { simProject } from '../helpers/sim.js';

let app: AppRig;
beforeEach(async () => {
  app = await startApp();
  await app.waitFor('acme/api');
});
afterEach(() => app.close());

async function openSelected(kind: string): Promise<void> {
  await app.press(KEY.enter);
  await app.until(() => topPane(app.store.getState()).kind === kind, `${kind} to open`);
}

const kinds = () => app.store.getState().stack.map((p) => p.kind);
const header = () => app.frame().split('\n')[0]!;

it('jumps from deep in one project to another project, a pipeline, a job and my activity, one trail each', async () => {
  // Deep in acme/api: its newest pipeline, then a job.
  await app.palette('project acme/api', { closes: true });
  await app.waitFor(/#\d+\s+main/);
  await openSelected('pipeline');
  await app.waitFor(/[1-9]\d* jobs · /);
  await openSelected('job');
  expect(kinds()).toEqual(['projects', 'project', 'pipeline', 'job']);

  await app.palette('project acme/web', { closes: true });
  await app.until(() => topPane(app.store.getState()).kind === 'project', 'acme/web');
  expect(kinds()).toEqual(['projects', 'project']);
  await app.waitFor(/› projects › acme\/web\s+DEMO/);

  const webProject = simProject(app.sim, 'acme/web');
  const web = [...app.sim.world.pipelines.values()].find((p) => p.projectId === webProject.id)!;
  await app.palette(`pipeline ${web.id}`, { closes: true });
  await app.until(() => topPane(app.store.getState()).kind === 'pipeline', 'the pipeline');
  expect(kinds()).toEqual(['projects', 'project', 'pipeline']);
  await app.waitFor(new RegExp(`› projects › acme/web › #${web.id}\\s+DEMO`));

  const job = [...app.sim.world.jobs.values()].find((j) => j.pipelineId === web.id)!;
  await app.palette(`job ${job.id}`, { closes: true });
  await app.until(() => topPane(app.store.getState()).kind === 'job', 'the job');
  // The job replaces the pipeline: the trail is the project and the place.
  expect(kinds()).toEqual(['projects', 'project', 'job']);
  expect(header()).toMatch(new RegExp(`› projects › acme/web › ${job.name}\\s+DEMO`));

  await app.palette('events', { closes: true });
  await app.until(() => topPane(app.store.getState()).kind === 'events', 'my activity');
  expect(kinds()).toEqual(['projects', 'events']);
  await app.waitFor(/› projects › my activity\s+DEMO/);

  // Esc goes up the trail, not back through the jumps.
  await app.press(KEY.escape);
  await app.until(() => kinds().length === 1, 'the project list');
});

it('a tab command from a pipeline keeps that project, on that tab', async () => {
  await app.palette('project acme/api', { closes: true });
  await app.waitFor(/#\d+\s+main/);
  await openSelected('pipeline');
  await app.palette('schedules', { closes: true });
  await app.waitFor(/schedules · scope/);
  expect(app.store.getState().stack).toMatchObject([{ kind: 'projects' }, { kind: 'project', path: 'acme/api', tab: 'schedules' }]);
});
