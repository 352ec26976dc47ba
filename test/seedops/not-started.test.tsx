// A job in one of GitLab's statuses before `running` has no log yet: its pane says what the job
// waits for instead of "Loading the log…" (or "The log is empty.") — for every such status.
import { afterEach, expect, it } from 'vitest';
import { startApp, type AppRig } from '../helpers/app.js';
import { simProject } from '../helpers/sim.js';

let app: AppRig | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const CASES: [string, RegExp][] = [
  ['preparing', /Preparing: GitLab is getting what the job needs ready/],
  ['waiting_for_resource', /Waiting for its resource group: another job holds the resource/],
  ['scheduled', /Scheduled: a delayed job, it is queued when its delay has passed/],
  ['waiting_for_callback', /Waiting for a callback: the job runs outside a runner/],
];

it.each(CASES)('a %s job says what it waits for', async (status, says) => {
  app = await startApp({ columns: 200 });
  const rig = app;
  const project = simProject(rig.sim, 'acme/api');
  const job = [...rig.sim.world.jobs.values()].find((j) => j.projectId === project.id && !j.trigger && !j.retried && j.status === 'created')!;
  // As GitLab would answer it: the simulator's job in that status, with no log.
  (job as { status: string }).status = status;
  rig.open({ kind: 'job', projectId: project.id, path: 'acme/api', jobId: job.id });
  await rig.until(() => rig.store.getState().jobs[job.id]?.status === status, 'the job read');
  const frame = await rig.waitFor(says);
  expect(frame).not.toContain('Loading the log');
  expect(frame).not.toContain('The log is empty');
});
