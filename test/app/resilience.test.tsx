// A failing GitLab never crashes the app: errors show inline and in the header, and it recovers
// by itself. Server strings are shown harmless: nothing from GitLab can drive the terminal.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

let app: AppRig;
// Each test its own app and simulator: no fault or broken pane is left by another.
beforeEach(async () => {
  app = await startApp();
  await app.waitFor('acme/api');
});
afterEach(() => app.close());

it("shows a failed load inline with GitLab's message, says so in the header, and recovers on refresh", async () => {
  const project = [...app.sim.world.projects.values()].find((p) => p.path === 'web')!;
  app.sim.faults.add({
    kind: 'respond',
    method: 'GET',
    path: `/projects/${project.id}/pipelines`,
    status: 503,
    body: '<html><title>503 Service Unavailable</title></html>',
    contentType: 'text/html',
    times: 4,
  });
  app.push({ kind: 'project', projectId: project.id, path: 'acme/web', tab: 'pipelines' });
  await app.waitFor(/Could not load pipelines\./);
  expect(app.frame()).toMatch(/503 Service Unavailable/);
  expect(app.frame()).toMatch(/retrying in \d+s/);
  // Keys still work while GitLab is down.
  await app.press('?');
  await app.waitFor(/Here: |Move down/); // help opens on the pane's own keys, if it has any
  await app.press(KEY.escape);
  await app.press('R');
  await app.waitFor(/#\d+\s+main/);
  await app.waitFor('● live');
});

it('renders hostile server strings harmlessly (no escape sequence reaches the terminal)', async () => {
  const hostile = 'evil\u001b]52;c;cHduZWQ=\u0007\u001b[2J\u001bc\u001bP+q\u001b\\\u0007\u0000\u202etxt.exe';
  const project = [...app.sim.world.projects.values()].find((p) => p.path === 'runbooks')!;
  project.description = hostile;
  const user = app.sim.world.usersByName.get('erin')!;
  user.username = `erin${hostile}`;
  app.open();
  await app.press('R');
  await app.waitFor('evil');
  app.push({ kind: 'project', projectId: project.id, path: 'ops/runbooks', tab: 'pipelines' });
  await app.waitFor(/#\d+\s+master/);
  // The description (after the last tab, Environments) comes with the project's own GET.
  const frame = await app.waitFor(/Environments\s+evil/);
  expect(frame).toContain('evil');
  for (const bad of ['\u001b]', '\u001b[2J', '\u001bc', '\u001bP', '\u0007', '\u0000', '\u202e']) expect(frame).not.toContain(bad);
});

// A wrong shape never breaks the pane ("This view could not be shown"): the job's decoder
// (src/api/decoders.ts) refuses it with a message in the pane.
it('a response of the wrong shape: its pane says what GitLab sent; Esc still goes back', async () => {
  const project = [...app.sim.world.projects.values()].find((p) => p.path === 'api')!;
  const jobId = app.sim.world.projectJobs.get(project.id)!.at(-1)!;
  app.sim.faults.add({
    kind: 'respond',
    method: 'GET',
    path: `/projects/${project.id}/jobs/${jobId}`,
    status: 200,
    body: { id: jobId, status: 'success', name: 'weird' },
    times: 50,
  });
  app.open({ kind: 'job', projectId: project.id, path: 'acme/api', jobId });
  await app.waitFor(`Could not load job #${jobId}: GitLab answered something unexpected (GitLab sent a job with no stage)`);
  expect(app.frame()).not.toContain('could not be shown');
  expect(app.frame()).toContain('● live');
  await app.press(KEY.escape);
  await app.waitFor(/acme\/platform\/infra\/terraform|acme\/api/);
  expect(app.store.getState().stack).toHaveLength(1);
  app.sim.faults.clear();
});
