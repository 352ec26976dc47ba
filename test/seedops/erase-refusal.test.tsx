// GitLab's refusals of an erase, each said as what it means (GitLab's erase endpoint, docs/gitlab-api.md "Erase refusals"):
// a read_api token (403 insufficient_scope), a job not finished (403 "Job is not erasable!"), no
// permission (a bare 403), no such job (404) — and "nothing to erase" only when that is the case.
import { afterEach, expect, it } from 'vitest';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import { startApp, type AppRig } from '../helpers/app.js';
import { simProject } from '../helpers/sim.js';

let app: AppRig | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function eraseFromPane(
  rig: AppRig,
  pick: (j: { status: string; erasedAt: number | null; startedAt: number | null; trigger?: unknown; retried: boolean }) => boolean,
) {
  const project = simProject(rig.sim, 'acme/api');
  const job = [...rig.sim.world.jobs.values()].find((j) => j.projectId === project.id && !j.trigger && !j.retried && pick(j))!;
  expect(job).toBeDefined();
  rig.open({ kind: 'job', projectId: project.id, path: 'acme/api', jobId: job.id });
  await rig.waitFor(new RegExp(`#${job.id} `));
  await rig.press('E');
  await rig.waitFor(`Erase job #${job.id}`);
  await rig.press('y');
  return job;
}

it('a read_api token: says the token lacks the api scope', async () => {
  app = await startApp({ token: DEMO_TOKENS.readOnly });
  const job = await eraseFromPane(app, (j) => j.status === 'failed' && j.erasedAt === null && j.startedAt !== null);
  await app.waitFor(`Job #${job.id} ${job.name} cannot be erased with this token: it lacks the \`api\` scope`);
  expect(app.frame()).not.toContain('nothing to erase');
  expect(app.sim.world.jobs.get(job.id)!.erasedAt).toBeNull();
});

it('a running job: GitLab erases only finished jobs', async () => {
  app = await startApp();
  const job = await eraseFromPane(app, (j) => j.status === 'running');
  await app.waitFor(`Job #${job.id} ${job.name} is not erasable yet: GitLab erases only finished jobs (it is running)`);
  expect(app.frame()).not.toContain('nothing to erase');
});

it('a bare 403 says GitLab refused; a 404 says the job is gone', async () => {
  app = await startApp();
  const rig = app;
  rig.sim.faults.add({ kind: 'respond', method: 'POST', path: /\/erase$/, status: 403, body: { message: '403 Forbidden' } });
  const job = await eraseFromPane(rig, (j) => j.status === 'success' && j.erasedAt === null && j.startedAt !== null);
  await rig.waitFor(`Job #${job.id} ${job.name} may not be erased by you: GitLab refused (403 Forbidden)`);
  rig.sim.faults.add({ kind: 'respond', method: 'POST', path: /\/erase$/, status: 404, body: { message: '404 Not found' } });
  await rig.press('E');
  await rig.waitFor(`Erase job #${job.id}`);
  await rig.press('y');
  await rig.waitFor(`Job #${job.id} ${job.name} was not found: it may have been deleted`);
});
