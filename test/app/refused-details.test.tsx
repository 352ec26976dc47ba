// A detail pane whose object GitLab sends with a wrong-typed field (refused by src/api/decoders.ts)
// never stays on "Loading …" for ever: each pane says why, in the words a list's status line uses
// (store/errors.ts describeError), and a later good answer replaces it.
import { afterEach, expect, it } from 'vitest';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import type { Pane } from '../../src/store/types.js';
import { startApp, type AppRig } from '../helpers/app.js';

let app: AppRig | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const REFUSED = /GitLab answered something unexpected \(GitLab sent an?\s+[\w ]+?\s+whose\s+id\s+is\s+not\s+a\s+number\)/;

/** GitLab answers `path` with `body` (its id a string: the decoders refuse it) until the faults are cleared. */
function refuse(rig: AppRig, path: string, body: Record<string, unknown>): void {
  rig.sim.faults.add({ kind: 'respond', method: 'GET', path, status: 200, body: { ...body, id: String(body.id) }, times: 1000 });
}

function open(rig: AppRig, pane: Pane): void {
  rig.store.setState((s) => ({ stack: [...s.stack.slice(0, 1), pane] }));
}

/** The pane shows the refusal (not "Loading"); once GitLab is fixed, R shows the object (`shown`). */
async function refusedThenFixed(rig: AppRig, what: string, shown: string | RegExp): Promise<void> {
  const frame = await rig.waitFor(`Could not load ${what}:`);
  expect(frame).not.toMatch(/Loading/);
  expect(frame).toMatch(REFUSED);
  expect(frame).toContain('R asks again · Esc goes back');
  rig.sim.faults.clear();
  await rig.press('R');
  await rig.waitFor(shown);
  expect(rig.frame()).not.toContain('Could not load');
}

function acmeApi(rig: AppRig) {
  return rig.sim.world.projectsByPath.get('acme/api')!;
}

it('an SSH key whose id comes as a string: the key pane says so; R shows the key once GitLab is fixed', async () => {
  app = await startApp({ token: DEMO_TOKENS.admin });
  await app.waitFor('secret/payroll');
  const key = app.sim.world.keys.get(1)!;
  refuse(app, '/keys/1', { id: 1, title: key.title, key: key.key });
  open(app, { kind: 'key', keyId: 1 });
  await refusedThenFixed(app, 'SSH key #1', 'Fingerprint');
  expect(app.frame()).toContain(`SSH key #1 ${key.title}`);
});

it('a schedule whose id comes as a string: the schedule pane says so; R shows it once GitLab is fixed', async () => {
  app = await startApp();
  await app.waitFor('acme/api');
  const project = acmeApi(app);
  const schedule = [...app.sim.world.schedules.values()].find((s) => s.projectId === project.id)!;
  refuse(app, `/projects/${project.id}/pipeline_schedules/${schedule.id}`, { id: schedule.id, description: schedule.description });
  open(app, { kind: 'schedule', projectId: project.id, path: 'acme/api', scheduleId: schedule.id } as Pane);
  await refusedThenFixed(app, `schedule #${schedule.id}`, 'Description');
  expect(app.frame()).toContain(schedule.description);
});

it('a deployment whose id comes as a string: the deployment pane says so; R shows it once GitLab is fixed', async () => {
  app = await startApp();
  await app.waitFor('acme/api');
  const project = acmeApi(app);
  const deployment = [...app.sim.world.deployments.values()].find((d) => d.projectId === project.id)!;
  refuse(app, `/projects/${project.id}/deployments/${deployment.id}`, { id: deployment.id, iid: deployment.iid });
  open(app, { kind: 'deployment', projectId: project.id, path: 'acme/api', deploymentId: deployment.id } as Pane);
  await refusedThenFixed(app, `deployment #${deployment.id}`, `#${deployment.iid} (id ${deployment.id})`);
});

it('a pipeline whose id comes as a string: its summary says so, not "loading…"; R shows it once GitLab is fixed', async () => {
  app = await startApp();
  await app.waitFor('acme/api');
  const project = acmeApi(app);
  const pipeline = (await app.controller.ctx.gl.pipelines.list(project.id, { perPage: 20 }).all()).find((p) => p.status === 'success')!;
  refuse(app, `/projects/${project.id}/pipelines/${pipeline.id}`, { id: pipeline.id, status: 'success' });
  open(app, { kind: 'pipeline', projectId: project.id, path: 'acme/api', pipelineId: pipeline.id, view: 'list' } as Pane);
  const frame = await app.waitFor(`#${pipeline.id} could not load it:`);
  expect(frame).not.toMatch(/loading…/);
  // One summary line, cut at the width: the refusal's start is what fits.
  expect(frame).toMatch(/could not load it: GitLab answered something unexpected \(GitLab sent a pipeline/);
  // Its variables and tests are read once the pipeline is in: `i` says so rather than "loading…".
  await app.press('i');
  await app.waitFor(/Variables\s+not read: the pipeline could not be loaded/);
  expect(app.frame()).not.toMatch(/loading…/);
  app.sim.faults.clear();
  await app.press('R');
  await app.waitFor(`on ${pipeline.ref}`);
  expect(app.frame()).not.toContain('could not load it');
  await app.until(() => !app!.frame().includes('not read:'), 'the variables read once the pipeline is in');
});

it('a failed re-read keeps the SSH key on screen: only a pane with nothing to show shows the error', async () => {
  app = await startApp({ token: DEMO_TOKENS.admin });
  await app.waitFor('secret/payroll');
  const key = app.sim.world.keys.get(1)!;
  open(app, { kind: 'key', keyId: 1 });
  await app.waitFor('Fingerprint');
  refuse(app, '/keys/1', { id: 1, title: key.title, key: key.key });
  const asked = app.sim.requests.length;
  await app.press('R');
  await app.until(() => app!.sim.requests.slice(asked).some((r) => r.path.split('?')[0] === '/keys/1'), 'the re-read of the key');
  await app.until(() => app!.store.getState().loadErrors['key:1'] !== undefined, 'the refusal recorded');
  expect(app.frame()).toContain(`SSH key #1 ${key.title}`);
  expect(app.frame()).not.toContain('Could not load');
});
