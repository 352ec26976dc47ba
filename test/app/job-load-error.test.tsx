// A job pane whose job cannot be loaded — a job GitLab sends with wrong types (id as a string), or
// any load error — never stays on "Loading job #…": the pane says why and keeps working.
import { afterEach, expect, it } from 'vitest';
import type { Pane } from '../../src/store/types.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

let app: AppRig | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

function finishedJob(rig: AppRig) {
  const project = [...rig.sim.world.projects.values()].find((p) => p.path === 'api')!;
  const job = rig.sim.world.projectJobs
    .get(project.id)!
    .map((id) => rig.sim.world.jobs.get(id)!)
    .find((j) => j.status === 'success')!;
  return { project, job };
}

it('a job whose id comes as a string: the pane shows the error, keys work, R loads it once GitLab is fixed', async () => {
  app = await startApp();
  await app.waitFor('acme/api');
  const { project, job } = finishedJob(app);
  const path = `/projects/${project.id}/jobs/${job.id}`;
  app.sim.faults.add({
    kind: 'respond',
    method: 'GET',
    path,
    status: 200,
    body: { id: String(job.id), name: job.name, status: 'success', stage: 'test' },
    times: 50,
  });
  app.store.setState((s) => ({ stack: [...s.stack.slice(0, 1), { kind: 'job', projectId: project.id, path: 'acme/api', jobId: job.id } as Pane] }));
  await app.waitFor(`Could not load job #${job.id}`);
  expect(app.frame()).not.toContain('Loading job');
  expect(app.frame()).toMatch(/GitLab sent a job whose id is not\s+a\s+number/);
  expect(app.frame()).toContain('R asks again · Esc goes back');
  await app.press('?');
  // Help opens on the keys of the pane in front.
  await app.waitFor('Here: a job’s log');
  await app.press(KEY.escape);
  await app.waitFor(`Could not load job #${job.id}`);
  app.sim.faults.clear();
  await app.press('R');
  await app.waitFor(new RegExp(`#${job.id} ${job.name}`));
  expect(app.frame()).not.toContain('Could not load job');
});

it('a job GitLab no longer has (404): the pane says so and Esc goes back', async () => {
  app = await startApp();
  await app.waitFor('acme/api');
  const { project } = finishedJob(app);
  app.store.setState((s) => ({ stack: [...s.stack.slice(0, 1), { kind: 'job', projectId: project.id, path: 'acme/api', jobId: 99_999_999 } as Pane] }));
  await app.waitFor('Could not load job #99999999');
  expect(app.frame()).toMatch(/404/);
  await app.press(KEY.escape);
  await app.waitFor('acme/web');
});
